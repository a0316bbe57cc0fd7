/**
 * Scanner benchmark (issue 7: "time from a decoded code to the item shown: at most 300 ms").
 * The BUILT product on its own server (seeded demo accounts), headless Debian Chromium whose
 * fake camera plays a generated video of several CODE128 codes in turn (tests/e2e/fake-camera.ts).
 * The seller's items with those barcodes are in the local database; the scanner page, in
 * "Count +1" mode, records performance marks per scan: `scan:N:decoded` (html5-qrcode's
 * callback), `scan:N:found` (Dexie lookup and +1 written), `scan:N:shown` (the frame after
 * React committed the result card) and the measure `scan:decode-to-shown`. Then, in "Open the
 * item" mode, from the decode to the item's page showing the item (polled every frame).
 *
 * Run: npx tsx tests/bench/scan.ts  (or npm run bench -- scan). Results: docs/benchmarks.md.
 */
import { join } from "node:path";
import { chromium } from "playwright-core";
import { v7 as uuidv7 } from "uuid";
import { fakeCameraArgs, type Segment, writeY4m } from "../e2e/fake-camera";
import { type Figure, runWhenMain, startSeededServer } from "./util";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const CODES = 12;
const OPEN_SAMPLES = 3;
const BENCH = "scan (headless Chromium, fake camera, 390×844)";

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
};
const round = (n: number) => Math.round(n * 10) / 10;

export async function scanBench(): Promise<Figure[]> {
  const run = Date.now().toString(36).toUpperCase();
  // short codes: wide bars in the 640-pixel frame
  const codes = Array.from({ length: CODES }, (_, i) => `BN${run.slice(-4)}${String(i).padStart(2, "0")}`);
  const server = await startSeededServer("scan");
  const y4m = join(server.work, "codes.y4m");
  // each code 1 s in view, then 0.5 s of white
  const segments: Segment[] = codes.flatMap((code) => [
    { code, frames: 10 },
    { code: null, frames: 5 },
  ]);
  await writeY4m(y4m, segments);

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", ...fakeCameraArgs(y4m)],
  });
  try {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await context.addInitScript(() => localStorage.setItem("acceptedCookies", "true"));
    const page = await context.newPage();
    await page.goto("/auth/google/login");
    await page.getByLabel(/^Email address/).fill(server.seller.email);
    await page.getByLabel(/^Password/).fill(server.seller.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/dashboard"));
    const token = (await page.evaluate(() => localStorage.getItem("accessToken"))) as string;

    const titles = new Map<string, string>();
    const ids: string[] = [];
    for (const code of codes) {
      const id = uuidv7();
      const title = `Bench item ${code}`;
      const res = await fetch(`${server.url}/api/inventory/items/${id}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          batchId: null,
          productId: null,
          sku: `SKU-${code}`,
          barcode: code,
          title,
          description: "Benchmark item",
          quantity: 0,
          condition: 5,
          price: 1999,
          category: "inventory",
          dimensions: { length: null, width: null, height: null, unit: "INCH" },
          weight: { value: null, unit: "POUND" },
          location: "B-2",
          status: "new",
          publicationStatus: 0,
          photos: [],
          notes: null,
        }),
      });
      if (res.status !== 201) throw new Error(`seeding answered ${res.status}: ${await res.text()}`);
      titles.set(id, title);
      ids.push(id);
    }
    // the first pull brings the items into Dexie (reload once so the sync starts on this page)
    await page.reload();
    const deadline = Date.now() + 30_000;
    for (;;) {
      const count = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open("blocklot");
            open.onerror = () => resolve(0);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains("items")) return resolve(0);
              const req = db.transaction("items").objectStore("items").count();
              req.onsuccess = () => resolve(req.result);
              req.onerror = () => resolve(0);
            };
          }),
      );
      if (count >= CODES) break;
      if (Date.now() > deadline) throw new Error(`only ${count} items reached the local database`);
      await new Promise((r) => setTimeout(r, 250));
    }

    // --- count mode: decode → result card painted, for every code the camera shows
    await page.evaluate(() => localStorage.setItem("blocklot:scan:mode", "count"));
    await page.goto("/dashboard/scan-inventory");
    try {
      await page.waitForFunction(
        (n) => performance.getEntriesByName("scan:decode-to-shown").length >= n,
        CODES,
        { timeout: 90_000, polling: 500 },
      );
    } catch (err) {
      const seen = await page.evaluate(() => ({
        marks: performance.getEntriesByType("mark").map((m) => m.name),
        video: !!document.querySelector("video")?.srcObject,
        text: document.body.textContent?.slice(0, 400),
      }));
      throw new Error(`fewer than ${CODES} scans measured: ${JSON.stringify(seen)}`, { cause: err });
    }
    const marks = await page.evaluate(() => {
      const toShown = performance.getEntriesByName("scan:decode-to-shown").map((m) => m.duration);
      const toFound = performance
        .getEntriesByType("mark")
        .filter((m) => m.name.endsWith(":found"))
        .map((m) => {
          const decoded = performance.getEntriesByName(m.name.replace(/:found$/, ":decoded"))[0];
          return decoded ? m.startTime - decoded.startTime : Number.NaN;
        });
      return { toShown, toFound };
    });
    const shown = marks.toShown;
    const found = marks.toFound.filter(Number.isFinite);

    // --- open mode: decode → the item's page shows the item
    await page.getByText("Open the item", { exact: true }).click();
    // OPEN_SAMPLES times: the next decode opens the item's page; then back to the scanner
    const opens: number[] = [];
    for (let i = 0; i < OPEN_SAMPLES; i++) {
      if (i > 0) {
        await page.goBack();
        await page.waitForURL((u) => u.pathname === "/dashboard/scan-inventory");
      }
      const since = await page.evaluate(() => performance.now());
      // polled every animation frame; no named inner functions (the bundler would wrap them)
      const open = await page
        .waitForFunction(
          ({ known, after }) => {
            const decoded = performance
              .getEntriesByType("mark")
              .filter((m) => m.name.endsWith(":decoded") && m.startTime > after)
              .pop();
            const match = /^\/dashboard\/([0-9a-f-]{36})\/update-inventory$/.exec(location.pathname);
            const title = match ? known[match[1] as string] : undefined;
            // the scanner page must be gone (its result card and list also show the title)
            if (
              !decoded ||
              !title ||
              document.querySelector('[data-testid="scan-result"], ol[aria-label="Scans"]')
            )
              return false;
            const fields = [
              ...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea"),
            ];
            if (fields.some((f) => f.value === title) || (document.body.textContent ?? "").includes(title))
              return { ms: performance.now() - decoded.startTime, path: location.pathname };
            return false;
          },
          { known: Object.fromEntries(titles), after: since },
          { polling: "raf", timeout: 30_000 },
        )
        .then((h) => h.jsonValue() as Promise<{ ms: number; path: string }>)
        .catch(() => null);
      if (open) opens.push(open.ms);
    }

    const figures: Figure[] = [
      { bench: BENCH, metric: "scans measured", value: shown.length, unit: "scans" },
      {
        bench: BENCH,
        metric: "decode → item found + written, median",
        value: round(quantile(found, 0.5)),
        unit: "ms",
      },
      {
        bench: BENCH,
        metric: "decode → item shown, median",
        value: round(quantile(shown, 0.5)),
        unit: "ms",
        target: { op: "<", value: 300 },
      },
      {
        bench: BENCH,
        metric: "decode → item shown, p95",
        value: round(quantile(shown, 0.95)),
        unit: "ms",
        target: { op: "<", value: 300 },
      },
      { bench: BENCH, metric: "decode → item shown, max", value: round(Math.max(...shown)), unit: "ms" },
    ];
    if (opens.length) {
      figures.push({
        bench: BENCH,
        metric: `decode → item page shows it, median of ${opens.length}`,
        value: round(quantile(opens, 0.5)),
        unit: "ms",
        target: { op: "<", value: 300 },
      });
    } else {
      const where = await page.evaluate(() => ({
        path: location.pathname,
        text: (document.querySelector("main") ?? document.body).textContent?.slice(0, 300),
      }));
      console.log(
        `  (open mode: the item page did not show the scanned item within 30 s; no figure. At ${where.path}: ${where.text})`,
      );
    }
    await context.close();
    return figures;
  } finally {
    await browser.close();
    await server.stop();
  }
}

runWhenMain(import.meta.filename, scanBench);
