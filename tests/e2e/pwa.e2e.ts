import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPage, heading } from "./auth-helpers";
import { baseUrl, launchBrowser } from "./browser";

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
