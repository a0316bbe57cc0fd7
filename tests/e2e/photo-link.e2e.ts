/**
 * Photos by link (issue 7): a seller opens an item's photos on the desktop and gets its QR link;
 * a 390 × 844 touch phone without sign-in opens the link, takes a photo with Chromium's fake
 * camera (its moving test pattern) and uploads it → the photo is on the item (server) and shows
 * in the desktop panel through the live channel. Offline: the photo waits on the phone and
 * arrives exactly once after reconnecting. Expired, forged and turned-off links show the 409 page.
 * On a first visit (no cookie choice, service worker just installed) neither the cookie banner
 * nor the "Ready to work offline" card covers the shutter, Choose or Upload, at 390 and 1280 px.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { baseUrl, launchBrowser, newPage } from "./browser";

const PHONE = { width: 390, height: 844, touch: true } as const;
const run = Date.now().toString(36).toUpperCase();

let browser: Browser;
let desk: { context: BrowserContext; page: Page };
let token: string;

beforeAll(async () => {
  browser = await launchBrowser(["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"]);
  const { employee } = inject("demoAccounts");
  desk = await newPage(browser);
  await desk.context.addInitScript(() => localStorage.setItem("acceptedCookies", "true"));
  await signIn(desk.page, employee.email, employee.password);
  token = (await desk.page.evaluate(() => localStorage.getItem("accessToken"))) as string;
});

afterAll(async () => {
  await desk?.context.close();
  await browser?.close();
});

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

let n = 0;
async function createItem(title: string): Promise<string> {
  const id = uuidv7();
  const res = await api("PUT", `/api/inventory/items/${id}`, {
    sku: `PHOTO-${run}-${++n}`,
    title,
    description: "Photographed by the photo-link e2e test",
    quantity: 1,
  });
  expect(res.status).toBe(201);
  return id;
}

const serverPhotos = async (id: string) =>
  (await api("GET", `/api/inventory/items/${id}`)).body.photos as string[];

/** A phone: its own context, no sign-in, cookies accepted. */
async function phone() {
  const made = await newPage(browser, PHONE);
  await made.context.addInitScript(() => localStorage.setItem("acceptedCookies", "true"));
  made.page.on("pageerror", (e) => console.log("phone page exception:", e.message));
  return made;
}

/** Takes one photo with the fake camera and waits until it is kept for review. */
async function takePhoto(page: Page, nth: number) {
  const shutter = page.getByRole("button", { name: `Take photo ${nth}` });
  await expect.poll(() => shutter.isEnabled(), { timeout: 20_000 }).toBe(true);
  await shutter.click();
  await expect
    .poll(() => page.getByRole("img", { name: `Photo ${nth}`, exact: true }).count(), { timeout: 20_000 })
    .toBe(1);
}

const status = (page: Page, text: string) => page.getByText(text, { exact: true });

describe("photos by link", () => {
  it("a phone without sign-in takes a photo with the link; it lands on the item and in the desktop panel", async () => {
    const title = `Brass lamp ${run}`;
    const id = await createItem(title);
    await desk.page.goto(`/dashboard/item-photos/${id}`);
    const linkBox = desk.page.getByTestId("photo-link-url");
    await expect.poll(() => linkBox.count(), { timeout: 20_000 }).toBe(1);
    await expect
      .poll(() => desk.page.getByRole("img", { name: "QR code of the photo link" }).count())
      .toBe(1);
    await expect.poll(() => desk.page.getByText(/^Valid until /).count()).toBe(1);
    await expect
      .poll(() => desk.page.getByText("No photos yet.", { exact: false }).count())
      .toBeGreaterThan(0);
    const url = new URL(await linkBox.inputValue());
    expect(url.pathname).toMatch(/^\/take-inventory-photo\/[A-Za-z0-9_-]{44}$/);

    const { context, page } = await phone();
    try {
      await page.goto(url.pathname);
      await expect.poll(() => page.getByText(title, { exact: true }).count(), { timeout: 15_000 }).toBe(1);
      // The Settings button shows on this page (spec section 2).
      await expect
        .poll(() => page.getByRole("button", { name: "Settings", exact: true }).count(), { timeout: 10_000 })
        .toBe(1);
      // The camera view runs.
      await expect
        .poll(() => page.evaluate(() => !!document.querySelector("video")?.srcObject), { timeout: 15_000 })
        .toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      await takePhoto(page, 1);
      // Review: delete it (undo brings it back), retake it, then upload.
      await page.getByRole("button", { name: "Delete photo 1" }).click();
      await expect.poll(() => page.getByRole("img", { name: "Photo 1", exact: true }).count()).toBe(0);
      await page.getByRole("button", { name: "Undo" }).click();
      await expect.poll(() => page.getByRole("img", { name: "Photo 1", exact: true }).count()).toBe(1);
      await page.getByRole("button", { name: "Retake photo 1" }).click();
      await expect.poll(() => page.getByText("Retaking photo 1").count()).toBe(1);
      await page.getByRole("button", { name: "Take photo 1 again" }).click();
      await expect.poll(() => page.getByText("Retaking photo 1").count()).toBe(0);

      await page.getByRole("button", { name: "Upload 1 photo" }).click();
      await expect.poll(() => status(page, "Uploaded").count(), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => serverPhotos(id)).toHaveLength(1);
      // The phone lists it on the item.
      await expect
        .poll(() => page.getByRole("img", { name: "Photo 1 (main)" }).count(), { timeout: 10_000 })
        .toBe(1);

      // The desktop panel shows it (sync pull on the sync-changed event), with its image.
      await expect.poll(() => desk.page.getByTestId("item-photo").count(), { timeout: 20_000 }).toBe(1);
      await expect
        .poll(
          () =>
            desk.page
              .getByRole("img", { name: "Photo 1 (main)" })
              .evaluate((img) => (img as HTMLImageElement).naturalWidth),
          { timeout: 10_000 },
        )
        .toBeGreaterThan(0);
      expect(await seriousViolations(desk.page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      const stored = await fetch(`${baseUrl()}${(await serverPhotos(id))[0]}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(stored.headers.get("content-type")).toBe("image/webp");
    } finally {
      await context.close();
    }
  });

  it("taken offline, the photo waits on the phone and arrives once after reconnecting", async () => {
    const id = await createItem(`Offline vase ${run}`);
    const link = (await api("POST", `/api/inventory/items/${id}/photo-link`, {})).body;
    const { context, page } = await phone();
    try {
      await page.goto(new URL(link.url).pathname);
      await expect.poll(() => page.getByText(`Offline vase ${run}`).count(), { timeout: 15_000 }).toBe(1);
      await context.setOffline(true);
      await takePhoto(page, 1);
      await page.getByRole("button", { name: "Upload 1 photo" }).click();
      await expect.poll(() => page.getByText("You are offline").count(), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => status(page, "Waiting for a connection").count(), { timeout: 10_000 }).toBe(1);
      await new Promise((r) => setTimeout(r, 1000));
      expect(await serverPhotos(id)).toHaveLength(0);

      await context.setOffline(false);
      await expect.poll(() => status(page, "Uploaded").count(), { timeout: 30_000 }).toBe(1);
      await expect.poll(() => serverPhotos(id)).toHaveLength(1);
      // Page, service worker and retries all send with the same key: still one photo a while later.
      await new Promise((r) => setTimeout(r, 3000));
      expect(await serverPhotos(id)).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it("a part of the app's shell whose code does not arrive (the connection dropped mid-load) leaves the page working", async () => {
    const title = `Dropped chunk ${run}`;
    const id = await createItem(title);
    const link = (await api("POST", `/api/inventory/items/${id}/photo-link`, {})).body;
    // No service worker: the context's routes see every request the page makes.
    const { context, page } = await newPage(browser, { ...PHONE, serviceWorkers: "block" });
    const dropped = /\/assets\/(toast-container|DeferredShell|SettingsButton)-[\w-]+\.js$/;
    const refused = new Set<string>();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await context.route(dropped, (route) => {
      refused.add(dropped.exec(route.request().url())?.[1] ?? "");
      return route.abort("internetdisconnected");
    });
    try {
      await context.addInitScript(() => localStorage.setItem("acceptedCookies", "true"));
      await page.goto(new URL(link.url).pathname);
      await expect.poll(() => page.getByText(title, { exact: true }).count(), { timeout: 15_000 }).toBe(1);
      // The toasts, the PWA's notices and the Settings button were each asked for and refused.
      await expect
        .poll(() => [...refused].sort(), { timeout: 20_000 })
        .toEqual(["DeferredShell", "SettingsButton", "toast-container"]);
      // The page is still there and works: a photo is taken and kept.
      await takePhoto(page, 1);
      expect(await page.getByRole("button", { name: "Settings", exact: true }).count()).toBe(0);
      // The connection is back: the missing parts arrive, and the photo is still there.
      await context.unroute(dropped);
      await page.evaluate(() => window.dispatchEvent(new Event("online")));
      await expect
        .poll(() => page.getByRole("button", { name: "Settings", exact: true }).count(), { timeout: 15_000 })
        .toBe(1);
      expect(await page.getByRole("img", { name: "Photo 1", exact: true }).count()).toBe(1);
      // Nothing failed loudly: the refused chunks were waited out, and the service worker the
      // browser refused to register is only a warning (pwa-store.ts).
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("with the phone page closed, the service worker sends the waiting photo", async () => {
    const id = await createItem(`Closed page ${run}`);
    const link = (await api("POST", `/api/inventory/items/${id}/photo-link`, {})).body;
    const { context, page } = await phone();
    try {
      await page.goto(new URL(link.url).pathname);
      await expect.poll(() => page.getByText(`Closed page ${run}`).count(), { timeout: 15_000 }).toBe(1);
      // The service worker controls the page (installed, activated, clients claimed).
      await expect
        .poll(() => page.evaluate(() => !!navigator.serviceWorker?.controller), { timeout: 20_000 })
        .toBe(true);
      await context.setOffline(true);
      await takePhoto(page, 1);
      await page.getByRole("button", { name: "Upload 1 photo" }).click();
      await expect.poll(() => status(page, "Waiting for a connection").count(), { timeout: 10_000 }).toBe(1);
      await page.close();
      await new Promise((r) => setTimeout(r, 1000));
      expect(await serverPhotos(id)).toHaveLength(0);

      await context.setOffline(false);
      // Another page of the site (not the photo page) asks the worker to send what waits.
      const other = await context.newPage();
      await other.goto("/");
      await other.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        reg.active?.postMessage({ type: "SYNC_PHOTO_UPLOADS" });
      });
      await expect.poll(() => serverPhotos(id), { timeout: 20_000 }).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it("forged, expired and turned-off links show the 409 page", async () => {
    const id = await createItem(`Closed links ${run}`);
    const { context, page } = await phone();
    try {
      // Forged: one character changed.
      const good = (await api("POST", `/api/inventory/items/${id}/photo-link`, {})).body.hash as string;
      const forged = good.slice(0, 10) + (good[10] === "A" ? "B" : "A") + good.slice(11);
      await page.goto(`/take-inventory-photo/${forged}`);
      await expect
        .poll(() => page.getByRole("heading", { name: /409/ }).count(), { timeout: 15_000 })
        .toBe(1);
      await expect.poll(() => page.getByText(/This photo link is not valid/).count()).toBe(1);

      // Expired: a link made to last 2 seconds.
      const short = (await api("POST", `/api/inventory/items/${id}/photo-link`, { expiresInSeconds: 2 }))
        .body;
      await new Promise((r) => setTimeout(r, 2500));
      await page.goto(new URL(short.url).pathname);
      await expect
        .poll(() => page.getByText(/This photo link expired on/).count(), { timeout: 15_000 })
        .toBe(1);
      expect(await page.title()).toMatch(/^409: Invalid or expired link/);

      // Turned off on the desktop while the phone has the page open.
      await page.goto(`/take-inventory-photo/${good}`);
      await expect.poll(() => page.getByText(`Closed links ${run}`).count(), { timeout: 15_000 }).toBe(1);
      await desk.page.goto(`/dashboard/item-photos/${id}`);
      await expect
        .poll(() => desk.page.getByRole("button", { name: "Turn off link" }).count(), { timeout: 20_000 })
        .toBe(1);
      await desk.page.getByRole("button", { name: "Turn off link" }).click();
      await desk.page.getByRole("button", { name: "Turn off", exact: true }).click();
      await expect
        .poll(() => desk.page.getByText(/The photo link is turned off/).count(), { timeout: 10_000 })
        .toBe(1);
      await page.reload();
      await expect
        .poll(() => page.getByText(/This photo link was turned off/).count(), { timeout: 15_000 })
        .toBe(1);
    } finally {
      await context.close();
    }
  });

  it("the desktop panel reorders, picks the main photo and deletes with confirmation", async () => {
    const id = await createItem(`Three photos ${run}`);
    const hash = (await api("POST", `/api/inventory/items/${id}/photo-link`, {})).body.hash as string;
    const { context, page } = await phone();
    try {
      await page.goto(`/take-inventory-photo/${hash}`);
      for (const nth of [1, 2, 3]) await takePhoto(page, nth);
      await page.getByRole("button", { name: "Upload 3 photos" }).click();
      await expect.poll(() => status(page, "Uploaded").count(), { timeout: 30_000 }).toBe(3);
    } finally {
      await context.close();
    }
    const original = await serverPhotos(id);
    expect(original).toHaveLength(3);

    await desk.page.goto(`/dashboard/item-photos/${id}`);
    await expect.poll(() => desk.page.getByTestId("item-photo").count(), { timeout: 20_000 }).toBe(3);
    // Keyboard: focus "Make photo 3 the main photo" and press Enter.
    await desk.page.getByRole("button", { name: "Make photo 3 the main photo" }).focus();
    await desk.page.keyboard.press("Enter");
    await expect
      .poll(() => serverPhotos(id), { timeout: 15_000 })
      .toEqual([original[2], original[0], original[1]]);
    await desk.page.getByRole("button", { name: "Move photo 2 later" }).click();
    await expect
      .poll(() => serverPhotos(id), { timeout: 15_000 })
      .toEqual([original[2], original[1], original[0]]);
    await desk.page.getByRole("button", { name: "Delete photo 1" }).click();
    await expect.poll(() => desk.page.getByRole("dialog", { name: "Delete this photo?" }).count()).toBe(1);
    await desk.page.getByRole("button", { name: "Cancel" }).click();
    expect(await serverPhotos(id)).toHaveLength(3);
    await desk.page.getByRole("button", { name: "Delete photo 1" }).click();
    await desk.page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
    await expect.poll(() => serverPhotos(id), { timeout: 15_000 }).toEqual([original[1], original[0]]);
    await expect.poll(() => desk.page.getByTestId("item-photo").count()).toBe(2);
  });
});

describe("a first visit to the photo page (no cookie choice, no service worker yet)", () => {
  type Box = { x: number; y: number; width: number; height: number };

  /** On screen, and a tap at its centre reaches the button itself, not a notice lying over it. */
  async function expectFree(page: Page, name: string, viewport: { width: number; height: number }) {
    const button = page.getByRole("button", { name, exact: true });
    await expect.poll(() => button.isVisible(), { timeout: 10_000 }).toBe(true);
    const box = (await button.boundingBox()) as Box;
    expect(box, name).not.toBeNull();
    // Within the first screen: no scrolling needed to reach it.
    expect(box.y, name).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, name).toBeLessThanOrEqual(viewport.height);
    expect(box.x + box.width, name).toBeLessThanOrEqual(viewport.width);
    const hit = await button.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      if (!at) return "nothing";
      if (el.contains(at)) return "the button";
      const notice = at.closest("[role=region], [role=status]");
      return notice?.textContent?.slice(0, 60) ?? at.outerHTML.slice(0, 120);
    });
    expect(hit, `what a tap on "${name}" reaches`).toBe("the button");
    // Playwright's actionability check: visible, enabled, stable, and receives the pointer event.
    await button.click({ trial: true, timeout: 5000 });
  }

  for (const viewport of [
    { width: 390, height: 844, touch: true },
    { width: 1280, height: 800, touch: false },
  ]) {
    it(`at ${viewport.width} px the cookie banner and the PWA's card leave the shutter, Choose and Upload free`, async () => {
      const title = `First visit ${viewport.width} ${run}`;
      const id = await createItem(title);
      const hash = (await api("POST", `/api/inventory/items/${id}/photo-link`, {})).body.hash as string;
      // A fresh context: no acceptedCookies, no service worker registered yet.
      const { context, page } = await newPage(browser, viewport);
      try {
        await page.goto(`/take-inventory-photo/${hash}`);
        await expect.poll(() => page.getByText(title, { exact: true }).count(), { timeout: 15_000 }).toBe(1);
        const banner = page.getByTestId("cookie-banner");
        await expect.poll(() => banner.isVisible(), { timeout: 10_000 }).toBe(true);
        // The service worker installs on this first visit: the moment "Ready to work offline" comes up.
        // (It precaches the whole app first: up to a minute on a loaded 2-core runner.)
        await expect
          .poll(() => page.evaluate(() => !!navigator.serviceWorker?.controller), { timeout: 60_000 })
          .toBe(true);
        await new Promise((r) => setTimeout(r, 1500));
        const card = page.getByRole("status").filter({ hasText: "Ready to work offline" });
        // It waits while the page's action bar is on screen.
        expect(await card.count()).toBe(0);

        const shutter = page.getByRole("button", { name: "Take photo 1" });
        await expect.poll(() => shutter.isEnabled(), { timeout: 20_000 }).toBe(true);
        await expectFree(page, "Take photo 1", viewport);
        await expectFree(page, "Choose", viewport);

        // With a photo taken, the Upload button joins the bar: free as well.
        await shutter.click();
        await expect
          .poll(() => page.getByRole("img", { name: "Photo 1", exact: true }).count(), { timeout: 10_000 })
          .toBe(1);
        await expectFree(page, "Upload 1 photo", viewport);
        await expectFree(page, "Take photo 2", viewport);
        await expectFree(page, "Choose", viewport);

        // The banner stays usable: nothing covers its Accept button or its link.
        await banner.getByRole("button", { name: "Accept" }).click({ trial: true, timeout: 5000 });
        expect(await seriousViolations(page)).toEqual([]);
        // Leaving the page (the banner's Privacy Policy link) brings the waiting card, above the banner.
        await banner.getByRole("link", { name: "Privacy Policy" }).click();
        await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe("/policy");
        await card.waitFor({ timeout: 10_000 });
        const cardBox = (await card.boundingBox()) as Box;
        const bannerBox = (await banner.boundingBox()) as Box;
        expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(bannerBox.y);
        await card.getByRole("button", { name: "Close" }).click();
        await card.waitFor({ state: "detached" });
        await banner.getByRole("button", { name: "Accept" }).click();
        await banner.waitFor({ state: "detached" });
      } finally {
        await context.close();
      }
    }, 120_000);
  }
});
