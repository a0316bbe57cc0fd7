/**
 * /dashboard/scan-inventory on a 390 × 844 touch phone (issue 7): Chromium's fake camera plays a
 * generated .y4m video of a CODE128 barcode; the scanner decodes it and opens the item seeded
 * with that barcode. Also: the camera refused → explanation and manual entry; manual entry of
 * an unknown code creates the item (synced to the server); count mode adds 1 and Undo takes
 * it back (locally and on the server); switching to manual entry or hiding the tab turns the
 * camera off; a gallery photo of a code opens its item, a photo without one says so; a count
 * made offline reaches the server on reconnecting.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import bwipjs from "bwip-js/node";
import type { Browser, Page } from "playwright-core";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { baseUrl, launchBrowser, newPage } from "./browser";
import { fakeCameraArgs, writeY4m } from "./fake-camera";

const PHONE = { width: 390, height: 844, touch: true } as const;
const run = Date.now().toString(36).toUpperCase();
/** The code the fake camera shows. */
const FILMED = `BL-${run}`;

let dir: string;
let filming: Browser; // fake camera playing FILMED
let plain: Browser; // fake camera with Chromium's own test pattern (no code)
let refusing: Browser; // fake camera, but the permission is not granted

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "blocklot-scan-e2e-"));
  const y4m = join(dir, "barcode.y4m");
  // 2 s of the code, 1 s of white: the same code re-appears as a real scan would
  await writeY4m(y4m, [
    { code: FILMED, frames: 20 },
    { code: null, frames: 10 },
  ]);
  filming = await launchBrowser(fakeCameraArgs(y4m));
  plain = await launchBrowser(["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"]);
  refusing = await launchBrowser(["--use-fake-device-for-media-stream"]);
});

afterAll(async () => {
  await Promise.all([filming?.close(), plain?.close(), refusing?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const token = (page: Page) => page.evaluate(() => localStorage.getItem("accessToken")) as Promise<string>;

async function api(page: Page, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await token(page)}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Creates an item on the server as the signed-in user (the app pulls it into Dexie). */
async function seedItem(
  page: Page,
  fields: { barcode: string | null; sku: string; title: string; quantity: number },
) {
  const id = uuidv7();
  const res = await api(page, "PUT", `/api/inventory/items/${id}`, {
    batchId: null,
    productId: null,
    description: "Seeded by the scanner e2e test",
    condition: 5,
    price: null,
    category: "inventory",
    dimensions: { length: null, width: null, height: null, unit: "INCH" },
    weight: { value: null, unit: "POUND" },
    location: "A-1",
    status: "new",
    publicationStatus: 0,
    photos: [],
    notes: null,
    ...fields,
  });
  expect(res.status).toBe(201);
  return id;
}

/** Waits until the app's local database holds the item (the first pull has brought it). */
async function waitForLocalItem(page: Page, id: string) {
  await expect
    .poll(
      () =>
        page.evaluate(
          (itemId) =>
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open("blocklot");
              open.onerror = () => resolve(false);
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains("items")) {
                  db.close();
                  return resolve(false);
                }
                const get = db.transaction("items").objectStore("items").get(itemId);
                get.onsuccess = () => {
                  db.close();
                  resolve(!!get.result);
                };
                get.onerror = () => resolve(false);
              };
            }),
          id,
        ),
      { timeout: 15_000, interval: 250 },
    )
    .toBe(true);
}

/** The outbox entries (method, state, attempts, error), for a failure message. */
const outbox = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open("blocklot");
        open.onerror = () => resolve("(cannot open)");
        open.onsuccess = () => {
          const req = open.result.transaction("outbox").objectStore("outbox").getAll();
          req.onsuccess = () =>
            resolve(
              JSON.stringify(req.result.map((e) => [e.method, e.state, e.attempts, e.error, e.lastStatus])),
            );
        };
      }),
  );

async function serverItem(page: Page, id: string) {
  const res = await api(page, "GET", `/api/inventory/items/${id}`);
  return res.status === 200 ? res.body : null;
}

async function sellerOn(browser: Browser) {
  const { marketplace } = inject("demoAccounts");
  const made = await newPage(browser, PHONE);
  await made.context.addInitScript(() => {
    localStorage.setItem("acceptedCookies", "true");
    // keep every camera stream the page opens, to check that it is stopped again
    const w = window as unknown as { __streams: MediaStream[] };
    w.__streams = [];
    const md = navigator.mediaDevices;
    if (md?.getUserMedia) {
      const original = md.getUserMedia.bind(md);
      md.getUserMedia = async (c) => {
        const stream = await original(c);
        w.__streams.push(stream);
        return stream;
      };
    }
  });
  await signIn(made.page, marketplace.email, marketplace.password);
  return made;
}

/** Camera tracks the page holds open right now. */
const liveCameraTracks = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __streams: MediaStream[] }).__streams
        .flatMap((s) => s.getVideoTracks())
        .filter((t) => t.readyState === "live").length,
  );

const scanList = (page: Page) => page.getByRole("list", { name: "Scans" });

describe("scan inventory", () => {
  it("reads the barcode the camera films and opens the item that has it", async () => {
    const { context, page } = await sellerOn(filming);
    try {
      const title = `Filmed widget ${run}`;
      const id = await seedItem(page, { barcode: FILMED, sku: `SKU-${run}`, title, quantity: 2 });
      await waitForLocalItem(page, id);

      await page.goto("/dashboard/scan-inventory");
      await expect
        .poll(() => page.getByRole("heading", { name: "Scan inventory", level: 1 }).count())
        .toBe(1);
      // the camera runs in the viewfinder
      await expect
        .poll(() => page.evaluate(() => !!document.querySelector("video")?.srcObject), { timeout: 15_000 })
        .toBe(true);
      // "Open the item" is the default mode: the decoded code opens the item's page
      await page.waitForURL((u) => u.pathname === `/dashboard/${id}/update-inventory`, { timeout: 30_000 });
      // leaving the scanner turned the camera off
      await expect.poll(() => liveCameraTracks(page), { timeout: 15_000 }).toBe(0);

      await page.goBack();
      await page.waitForURL((u) => u.pathname === "/dashboard/scan-inventory");
      const first = scanList(page).getByRole("listitem").first();
      await expect.poll(() => first.textContent(), { timeout: 10_000 }).toContain(title);
      expect(await first.textContent()).toContain(FILMED);
      expect(await first.textContent()).toContain("Opened");
      // nothing was changed by opening
      expect((await serverItem(page, id))?.quantity).toBe(2);
    } finally {
      await context.close();
    }
  });

  it("explains a refused camera and offers manual entry", async () => {
    const { context, page } = await sellerOn(refusing);
    try {
      await page.goto("/dashboard/scan-inventory");
      await expect
        .poll(() => page.getByText("Camera access was refused", { exact: false }).count(), {
          timeout: 15_000,
        })
        .toBe(1);
      await expect.poll(() => page.getByLabel("Barcode or SKU").count(), { timeout: 15_000 }).toBe(1);
      expect(await liveCameraTracks(page)).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("typing an unknown code creates an item with it, which reaches the server", async () => {
    const { context, page } = await sellerOn(plain);
    try {
      await page.goto("/dashboard/scan-inventory");
      // the camera starts (Chromium's test pattern, no code in it)…
      await expect
        .poll(() => page.evaluate(() => !!document.querySelector("video")?.srcObject), { timeout: 15_000 })
        .toBe(true);
      // …and stops when entering codes by hand
      expect(await liveCameraTracks(page)).toBe(1);
      // the tab goes to the background: camera off; back: on again
      const setHidden = (hidden: boolean) =>
        page.evaluate((h) => {
          Object.defineProperty(document, "hidden", { configurable: true, get: () => h });
          document.dispatchEvent(new Event("visibilitychange"));
        }, hidden);
      await setHidden(true);
      await expect.poll(() => liveCameraTracks(page), { timeout: 15_000 }).toBe(0);
      await setHidden(false);
      await expect.poll(() => liveCameraTracks(page), { timeout: 15_000 }).toBe(1);
      await page.getByText("Type a code", { exact: true }).click();
      await expect.poll(() => liveCameraTracks(page), { timeout: 15_000 }).toBe(0);

      const code = `NEW-${run}`;
      const input = page.getByLabel("Barcode or SKU");
      await input.fill(code);
      await input.press("Enter");
      await page.waitForURL((u) => /^\/dashboard\/[0-9a-f-]{36}\/update-inventory$/.test(u.pathname), {
        timeout: 15_000,
      });
      const id = new URL(page.url()).pathname.split("/")[2] as string;
      await expect
        .poll(() => serverItem(page, id), { timeout: 15_000 })
        .toMatchObject({
          barcode: code,
          sku: code,
          title: `Scanned ${code}`,
          quantity: 1,
        });
    } finally {
      await context.close();
    }
  });

  it("count mode adds 1 to a found item and Undo takes it back", async () => {
    const { context, page } = await sellerOn(plain);
    try {
      const code = `CNT-${run}`;
      const title = `Counted widget ${run}`;
      const id = await seedItem(page, { barcode: null, sku: code, title, quantity: 3 });
      await waitForLocalItem(page, id);
      await page.goto("/dashboard/scan-inventory");
      await page.getByText("Count +1", { exact: true }).click();
      await page.getByText("Type a code", { exact: true }).click();
      const input = page.getByLabel("Barcode or SKU");
      await input.fill(code);
      await input.press("Enter");

      const status = page.getByTestId("scan-announcement");
      await expect.poll(() => status.textContent(), { timeout: 10_000 }).toContain("Quantity now 4");
      const result = page.getByTestId("scan-result");
      expect(await result.textContent()).toContain("Quantity 4");
      expect(await scanList(page).getByRole("listitem").first().textContent()).toContain("Counted +1");
      expect(page.url()).toContain("/dashboard/scan-inventory");
      await expect.poll(async () => (await serverItem(page, id))?.quantity, { timeout: 15_000 }).toBe(4);

      await page.getByRole("button", { name: `Undo: take 1 back from ${title}` }).click();
      await expect.poll(() => result.textContent(), { timeout: 10_000 }).toContain("Quantity 3");
      await expect.poll(() => status.textContent()).toContain(`Undone: took 1 back from ${title}`);
      expect(await scanList(page).getByRole("listitem").first().textContent()).toContain("Undone");
      await expect.poll(async () => (await serverItem(page, id))?.quantity, { timeout: 15_000 }).toBe(3);
      // nothing more to undo
      expect(await page.getByRole("button", { name: "Undo", exact: true }).isDisabled()).toBe(true);
      // the phone layout with a result and a session list has no serious accessibility problem
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("reads a code from a gallery photo and opens its item", async () => {
    const { context, page } = await sellerOn(plain);
    try {
      const code = `PIC-${run}`;
      const id = await seedItem(page, {
        barcode: code,
        sku: `SKU-PIC-${run}`,
        title: `Photo widget ${run}`,
        quantity: 1,
      });
      await waitForLocalItem(page, id);
      await page.goto("/dashboard/scan-inventory");
      const png = await bwipjs.toBuffer({
        bcid: "code128",
        text: code,
        scale: 3,
        height: 15,
        paddingwidth: 20,
        paddingheight: 20,
        backgroundcolor: "FFFFFF",
      });
      await expect.poll(() => page.locator('input[type="file"]').count(), { timeout: 15_000 }).toBe(1);
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: "shelf.png", mimeType: "image/png", buffer: png });
      await page.waitForURL((u) => u.pathname === `/dashboard/${id}/update-inventory`, { timeout: 15_000 });
    } finally {
      await context.close();
    }
  });

  it("says so when a photo has no code", async () => {
    const { context, page } = await sellerOn(plain);
    try {
      await page.goto("/dashboard/scan-inventory");
      // a photo of a bare shelf: grey with a few boxes, no code
      const canvas = createCanvas(400, 300);
      const g = canvas.getContext("2d");
      g.fillStyle = "#bbbbbb";
      g.fillRect(0, 0, 400, 300);
      g.fillStyle = "#8a6a40";
      g.fillRect(40, 60, 120, 160);
      g.fillRect(220, 90, 130, 130);
      const blank = canvas.toBuffer("image/png");
      await expect.poll(() => page.locator('input[type="file"]').count(), { timeout: 15_000 }).toBe(1);
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: "blank.png", mimeType: "image/png", buffer: blank });
      await expect
        .poll(() => page.getByTestId("scan-announcement").textContent(), { timeout: 15_000 })
        .toContain("No barcode or QR code was found in that photo");
      expect(page.url()).toContain("/dashboard/scan-inventory");
    } finally {
      await context.close();
    }
  });

  it("counts offline and the count reaches the server on reconnecting", async () => {
    const { context, page } = await sellerOn(plain);
    try {
      const code = `OFF-${run}`;
      const title = `Offline widget ${run}`;
      const id = await seedItem(page, { barcode: code, sku: `SKU-OFF-${run}`, title, quantity: 7 });
      await waitForLocalItem(page, id);
      await page.evaluate(() => localStorage.setItem("blocklot:scan:mode", "count"));
      await page.goto("/dashboard/scan-inventory");
      await page.getByText("Type a code", { exact: true }).click();
      await context.setOffline(true);
      const input = page.getByLabel("Barcode or SKU");
      await input.fill(code);
      await input.press("Enter");
      await expect
        .poll(() => page.getByTestId("scan-announcement").textContent(), { timeout: 10_000 })
        .toContain(`Added 1 to ${title}. Quantity now 8.`);
      expect((await serverItem(page, id))?.quantity).toBe(7);
      await context.setOffline(false);
      try {
        await expect.poll(async () => (await serverItem(page, id))?.quantity, { timeout: 20_000 }).toBe(8);
      } catch (err) {
        throw new Error(`the count did not reach the server; outbox: ${await outbox(page)}`, { cause: err });
      }
    } finally {
      await context.close();
    }
  });
});
