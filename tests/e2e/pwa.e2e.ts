import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPage, heading, registerConfirmedUser, signIn } from "./auth-helpers";
import { baseUrl, launchBrowser, newPage, uniqueEmail } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

interface WebManifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  display?: string;
  theme_color?: string;
  icons?: { src: string; sizes: string; type?: string; purpose?: string }[];
}

describe("installable, offline-capable app", () => {
  it("opens / and a visited route offline once the service worker controls the page", async () => {
    const { context, page } = await freshPage(browser);
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    // The worker installs (precaching the app), activates, and controls the page after a reload.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.goto("/auth/google/login");
    await heading(page, "Log in").waitFor();

    await context.setOffline(true);
    try {
      await page.goto("/");
      const landing = page.getByRole("heading", { level: 1 }).first();
      await landing.waitFor();
      expect((await landing.textContent())?.trim()).not.toBe("");
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);

      await page.goto("/auth/google/login");
      await heading(page, "Log in").waitFor();
      await page.getByRole("button", { name: "Log in", exact: true }).waitFor();

      await page.reload();
      await heading(page, "Log in").waitFor();
    } finally {
      await context.setOffline(false);
    }
    await context.close();
  });

  it("links a complete web app manifest", async () => {
    const { context, page } = await freshPage(browser);
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBeTruthy();
    const res = await fetch(new URL(href as string, baseUrl()));
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as WebManifest;
    expect(manifest.name).toBe("Blocklot");
    expect(manifest.short_name).toBeTruthy();
    expect(manifest.display).toBe("standalone");
    expect(manifest.start_url).toBe("/");
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const icons = manifest.icons ?? [];
    const any = (size: string) => icons.find((i) => i.sizes === size && (i.purpose ?? "any").includes("any"));
    expect(any("192x192")).toBeTruthy();
    expect(any("512x512")).toBeTruthy();
    expect(icons.some((i) => i.purpose?.includes("maskable"))).toBe(true);
    // Every icon is served as a PNG.
    for (const icon of icons) {
      const r = await fetch(new URL(icon.src, baseUrl()));
      expect(r.status, icon.src).toBe(200);
      expect(r.headers.get("content-type")).toContain("image/png");
    }
    const themeMeta = await page.locator('meta[name="theme-color"]').getAttribute("content");
    expect(themeMeta).toMatch(/^#[0-9a-f]{6}$/i);
    await context.close();
  });
});

/** Waits until the service worker is active and controls the page (one reload after the first visit). */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

describe("fonts and the service worker's precache", () => {
  it("serves Inter and Plus Jakarta Sans from the app and precaches them; the landing page asks no CDN for anything", async () => {
    const { context, page } = await freshPage(browser);
    const requested: string[] = [];
    const fonts: string[] = [];
    context.on("request", (r) => {
      requested.push(r.url());
      if (r.resourceType() === "font") fonts.push(r.url());
    });
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    await page.waitForLoadState("networkidle");

    const origin = new URL(baseUrl()).origin;
    const elsewhere = requested.filter(
      (u) => !u.startsWith("data:") && !u.startsWith("blob:") && new URL(u).origin !== origin,
    );
    expect(elsewhere).toEqual([]);
    // The headline and body text use the self-hosted faces.
    expect(fonts.some((u) => /\/inter-latin-\d+-normal-[^/]+\.woff2$/.test(u))).toBe(true);
    expect(fonts.some((u) => /\/plus-jakarta-sans-latin-\d+-normal-[^/]+\.woff2$/.test(u))).toBe(true);

    // Once installed, the worker's precache holds every weight of both families.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const precached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        if (!name.includes("precache")) continue;
        const cache = await caches.open(name);
        for (const req of await cache.keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    const woff2 = precached
      .filter((u) => u.endsWith(".woff2"))
      .map((u) => u.replace(/^.*\/|-[^-]+\.woff2$/g, ""));
    expect(woff2.sort()).toEqual(
      expect.arrayContaining([
        "inter-latin-400-normal",
        "inter-latin-500-normal",
        "inter-latin-600-normal",
        "inter-latin-700-normal",
        "plus-jakarta-sans-latin-600-normal",
        "plus-jakarta-sans-latin-700-normal",
      ]),
    );
    await context.close();
  });
});

describe("persistent storage", () => {
  it("asks navigator.storage.persist() once after sign-in, not before and not again on reload", async () => {
    const email = uniqueEmail("persist");
    await registerConfirmedUser(email, "persist-password-123", "Pia Persist");
    const { context, page } = await freshPage(browser);
    // Count the calls across page loads (the browser's own answer would depend on engagement).
    await context.addInitScript(() => {
      const storage = navigator.storage;
      Object.defineProperty(storage, "persisted", { value: async () => false, configurable: true });
      Object.defineProperty(storage, "persist", {
        configurable: true,
        value: async () => {
          localStorage.setItem(
            "e2e.persistCalls",
            String(Number(localStorage.getItem("e2e.persistCalls") ?? 0) + 1),
          );
          return true;
        },
      });
    });
    const calls = () => page.evaluate(() => Number(localStorage.getItem("e2e.persistCalls") ?? 0));

    await page.goto("/auth/google/login");
    await heading(page, "Log in").waitFor();
    expect(await calls()).toBe(0);
    await signIn(page, email, "persist-password-123");
    await expect.poll(calls).toBe(1);
    await page.reload();
    await heading(page, "Upload File").waitFor();
    await page.goto("/dashboard/account");
    await heading(page, "Account").waitFor();
    expect(await calls()).toBe(1);
    await context.close();
  });
});

describe("install and update prompts", () => {
  it("shows Install app when the browser offers installation, and opens the browser's prompt", async () => {
    const email = uniqueEmail("install");
    await registerConfirmedUser(email, "install-password-123", "Ines Install");
    const { context, page } = await freshPage(browser);
    await signIn(page, email, "install-password-123");
    await heading(page, "Upload File").waitFor();

    // What Chromium fires when the app is installable; prompt() and userChoice stubbed.
    await page.evaluate(() => {
      const event = new Event("beforeinstallprompt", { cancelable: true }) as Event & {
        prompt(): Promise<void>;
        userChoice: Promise<{ outcome: string }>;
      };
      event.prompt = async () => {
        localStorage.setItem("e2e.prompted", "yes");
      };
      event.userChoice = Promise.resolve({ outcome: "accepted" });
      window.dispatchEvent(event);
    });
    const install = page.getByRole("button", { name: "Install app" });
    await install.click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("e2e.prompted"))).toBe("yes");
    // Accepted: the button goes away.
    await expect.poll(() => install.count()).toBe(0);
    await context.close();
  });

  it('shows "New version available" when a new service worker is waiting; Reload activates it', async () => {
    const swFile = resolve(import.meta.dirname, "../../dist/app/sw.js");
    const original = readFileSync(swFile, "utf8");
    // The server prefers the precompressed copies: set them aside while the script changes.
    const compressed = [`${swFile}.br`, `${swFile}.gz`].filter((f) => existsSync(f));
    const { context, page } = await freshPage(browser);
    try {
      await page.goto("/");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await controlled(page);
      expect(await page.getByText("New version available").count()).toBe(0);

      // A deploy: the worker script changes on the server; the app's update check finds it.
      for (const f of compressed) renameSync(f, `${f}.e2e-aside`);
      writeFileSync(swFile, `${original}\n// next deploy ${Date.now()}\n`);
      await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        await reg?.update();
      });
      await page.getByText("New version available").waitFor({ timeout: 30_000 });
      expect(
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null),
      ).toBe(true);

      await page.evaluate(() => {
        (window as Window & { beforeUpdate?: boolean }).beforeUpdate = true;
      });
      await page.getByRole("button", { name: "Reload" }).click();
      // The waiting worker takes over and the page loads again under it.
      await expect
        .poll(() =>
          page.evaluate(() => (window as Window & { beforeUpdate?: boolean }).beforeUpdate ?? "reloaded"),
        )
        .toBe("reloaded");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await expect
        .poll(() =>
          page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting === null),
        )
        .toBe(true);
      expect(await page.getByText("New version available").count()).toBe(0);
    } finally {
      writeFileSync(swFile, original);
      for (const f of compressed) if (existsSync(`${f}.e2e-aside`)) renameSync(`${f}.e2e-aside`, f);
      await context.close();
    }
  });
});

describe("bottom notices on a first visit", () => {
  type Box = { x: number; y: number; width: number; height: number };
  const overlap = (a: Box, b: Box) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    it(`stacks "Ready to work offline" above the cookie banner at ${viewport.width} px, both usable`, async () => {
      // A first visit: no cookie choice yet, no service worker.
      const { context, page } = await newPage(browser, viewport);
      await page.goto("/");
      const banner = page.getByTestId("cookie-banner");
      const card = page.getByRole("status").filter({ hasText: "Ready to work offline" });
      await banner.waitFor();
      // "/" is prerendered: the app (and its notices) runs once the visitor reaches for it.
      await page.getByRole("button", { name: "Settings", exact: true }).hover();
      await card.waitFor({ timeout: 30_000 });
      const bannerBox = (await banner.boundingBox()) as Box;
      const cardBox = (await card.boundingBox()) as Box;
      expect(bannerBox).not.toBeNull();
      expect(cardBox).not.toBeNull();
      expect(overlap(bannerBox, cardBox)).toBe(false);
      // Both on screen, the card above the banner.
      expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(bannerBox.y);
      expect(cardBox.y).toBeGreaterThanOrEqual(0);
      expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(viewport.height);
      expect(Math.max(cardBox.x + cardBox.width, bannerBox.x + bannerBox.width)).toBeLessThanOrEqual(
        viewport.width,
      );
      // The floating Settings button (shown to visitors) covers neither.
      const settingsBox = (await page
        .getByRole("button", { name: "Settings", exact: true })
        .boundingBox()) as Box;
      expect(settingsBox).not.toBeNull();
      expect(overlap(settingsBox, bannerBox)).toBe(false);
      expect(overlap(settingsBox, cardBox)).toBe(false);
      // Nothing covers their buttons (Playwright's trial click checks what receives the click).
      await banner.getByRole("button", { name: "Accept" }).click({ trial: true, timeout: 5000 });
      await card.getByRole("button", { name: "Close" }).click({ trial: true, timeout: 5000 });

      // Accepting cookies leaves the card where the banner was; closing it empties the stack.
      await banner.getByRole("button", { name: "Accept" }).click();
      await banner.waitFor({ state: "detached" });
      await expect
        .poll(async () => {
          const box = await card.boundingBox();
          return box ? Math.round(viewport.height - (box.y + box.height)) : null;
        })
        .toBe(16);
      await card.getByRole("button", { name: "Close" }).click();
      await card.waitFor({ state: "detached" });
      await context.close();
    });
  }
});
