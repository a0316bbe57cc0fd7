/**
 * Print Labels (issues 7 and 25): items made through the API are chosen on the label page,
 * printed to PDF in each label size (print media, the page's own @page size) for a 203 and a
 * 300 dpi printer, rasterised as that printer's thermal head would (one pixel per dot, each
 * burnt or not) and read with zbar: every label scans back to its item's SKU, or the page said
 * before printing that its code cannot be scanned there, with the fix. With QR codes or Data
 * Matrix for long codes every label scans (Data Matrix read back with ZXing: zbar has no
 * reader for it). The Avery sheet starts at the chosen position.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Item } from "../../src/domain/inventory/item";
import { freshPage, heading, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { launchBrowser } from "./browser";
import { createItem, newSeller, type Seller } from "./inventory-fixtures";
import { decodeCode128, decodeDataMatrix, inkIn, renderPdf, thermalDots, zbarRead } from "./pdf-barcodes";

let browser: Browser;
let seller: Seller;
let items: Item[];
const run = `L${Date.now().toString(36).toUpperCase()}`;

beforeAll(async () => {
  browser = await launchBrowser();
  seller = await newSeller("labels");
  // SKUs of the kinds sellers use: letters and dashes, long digit runs (code set C), lower case and signs.
  const specs = [
    { sku: `${run}-0001`, title: "Brass desk lamp with green glass shade, 1950s, working", price: 4500 },
    { sku: `${run}0123456789`, title: "Sony Walkman WM-10", price: 8999, condition: 5 as const },
    { sku: `${run}-bin/7.x`, title: "Box of assorted LEGO bricks", price: null, location: "A-03" },
    { sku: `${run}-0004`, title: "Levi's 501 jeans W32 L34", price: 2500, location: "Rack 2" },
    { sku: `${run}-0005`, title: "Cast iron skillet", price: 1999 },
    // 20 characters of code set B: 1.4–1.8 dots per bar at 203 dpi on every stock
    { sku: `${run}-SHELF/B-7x`, title: "Long SKU", price: 100 },
  ];
  items = [];
  for (const s of specs) items.push(await createItem(seller, s));
});
afterAll(async () => browser?.close());

/** Signs in and chooses this run's items on the label page through the search. */
async function openWithItems(
  opts: Parameters<typeof freshPage>[1] = {},
  prepare?: (page: Page) => Promise<unknown>,
): Promise<Page> {
  const { page } = await freshPage(browser, opts);
  await prepare?.(page);
  await signIn(page, seller.email, seller.password);
  await page.goto("/dashboard/print-inventory-label");
  await heading(page, "Print Labels").waitFor();
  await page.getByRole("searchbox", { name: "Search items" }).fill(run);
  // the sync pull brings the items onto the device; the search then finds all six
  await expect.poll(() => page.getByText("6 matching items").isVisible(), { timeout: 15_000 }).toBe(true);
  await page.getByRole("button", { name: "Select all matches" }).click();
  await expect
    .poll(() => page.getByTestId("chosen-items").getByText(run, { exact: false }).count(), {
      timeout: 10_000,
    })
    .toBe(6);
  return page;
}

/** Chooses the printer's resolution on the page. */
async function chooseDpi(page: Page, dpi: number) {
  await page.getByText(`${dpi} dpi`, { exact: true }).click();
  await expect.poll(() => page.getByRole("radio", { name: `${dpi} dpi` }).isChecked()).toBe(true);
}

/** Printing, rasterising and zbar on a shared 2-core machine: more than the default minute. */
const SLOW = 240_000;

/** The codes the page warns about (or prints as QR codes) before printing. */
const listedCodes = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).count())
    ? ((await page
        .getByTestId(testId)
        .locator("li[data-code]")
        .evaluateAll((els) => els.map((el) => el.getAttribute("data-code") ?? ""))) as string[])
    : [];

/** The codes the page warns about before printing. */
const warnedCodes = async (page: Page) =>
  (await page
    .getByTestId("label-warnings")
    .locator("li[data-code]")
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-code") ?? ""))) as string[];

/** Where each label sits on its page, in inches (the page's own layout). */
const SHEET_CELL = (n: number) => {
  const c = (n - 1) % 3;
  const r = Math.floor((n - 1) / 3);
  return { x: 0.1875 + c * 2.75, y: 0.5 + r, w: 2.625, h: 1 };
};

async function printPdf(page: Page, width: number, height: number) {
  await page.emulateMedia({ media: "print" });
  try {
    const pdf = await page.pdf({
      preferCSSPageSize: true,
      width: `${width}in`,
      height: `${height}in`,
      margin: { top: "0", right: "0", bottom: "0", left: "0" },
      printBackground: true,
    });
    if (process.env.LABELS_PDF_DIR)
      (await import("node:fs")).writeFileSync(`${process.env.LABELS_PDF_DIR}/labels-${Date.now()}.pdf`, pdf);
    return pdf;
  } finally {
    await page.emulateMedia({ media: "screen" });
  }
}

/** Chooses what happens to codes too long for a barcode ("Warn", "QR code", "Data Matrix"). */
async function chooseLongCodes(page: Page, choice: string) {
  await page.getByText(choice, { exact: true }).click();
  await expect.poll(() => page.getByRole("radio", { name: choice }).isChecked()).toBe(true);
}

const STOCKS = [
  ["2 × 1 in thermal label", "thermal-2x1", 2, 1],
  ["2.25 × 1.25 in thermal label", "thermal-2.25x1.25", 2.25, 1.25],
  ["Avery 5160", "avery-5160", 8.5, 11],
] as const;

/** The order the search lists them in, and so the order they were chosen and print in: by SKU. */
const skus = () => items.map((i) => i.sku).sort();

describe("print labels", () => {
  it.each([
    ["2 × 1 in thermal label", "thermal-2x1", 2, 1],
    ["2.25 × 1.25 in thermal label", "thermal-2.25x1.25", 2.25, 1.25],
    ["Avery 5160", "avery-5160", 8.5, 11],
  ] as const)(
    "%s at 203 and 300 dpi: every label scans back with zbar, or was warned about before printing",
    async (name, id, w, h) => {
      const page = await openWithItems();
      await page.getByRole("radio", { name }).check();
      const preview = page.getByTestId("label-print");
      await expect.poll(() => preview.getAttribute("data-size")).toBe(id);
      await expect.poll(() => preview.getByTestId("label").count()).toBe(6);
      const warnedAt: Record<number, string[]> = {};
      for (const dpi of [203, 300]) {
        await chooseDpi(page, dpi);
        // every bar printed is at least 2 printer dots wide
        const dots = await preview
          .locator("svg[data-dots]")
          .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-dots"))));
        for (const d of dots) expect(d).toBeGreaterThanOrEqual(2);
        const warned = (await page.getByTestId("label-warnings").count()) ? await warnedCodes(page) : [];
        warnedAt[dpi] = warned;
        const pages = (await renderPdf(await printPdf(page, w, h), dpi)).map(thermalDots);
        const read = (i: number) =>
          id === "avery-5160"
            ? zbarRead(pages[0] as (typeof pages)[number], SHEET_CELL(i + 1))
            : zbarRead(pages[i] as (typeof pages)[number]);
        expect(pages).toHaveLength(id === "avery-5160" ? 1 : 6);
        for (const [i, sku] of skus().entries()) {
          const got = read(i);
          if (warned.includes(sku))
            expect(got, `${sku} at ${dpi} dpi was warned about and prints no bars`).toEqual([]);
          else expect(got, `${sku} at ${dpi} dpi`).toEqual([`CODE-128:${sku}`]);
        }
        // the page sized the PDF to the stock
        expect(pages[0]?.widthIn).toBeCloseTo(w, 2);
        expect(pages[0]?.heightIn).toBeCloseTo(h, 2);
      }
      // the 20-character SKU cannot be a barcode at 203 dpi and is said so; at 300 dpi it prints
      const long = skus().find((s) => s.includes("SHELF")) as string;
      expect(warnedAt[203]).toContain(long);
      expect(warnedAt[300]).not.toContain(long);
      // a warned print asks first
      await chooseDpi(page, 203);
      await page.getByRole("button", { name: "Print labels" }).click();
      await expect
        .poll(() => page.getByRole("dialog", { name: "Some labels cannot be scanned" }).isVisible())
        .toBe(true);
      await page.getByRole("button", { name: "Go back and fix" }).click();
      await page.context().close();
    },
    SLOW,
  );

  it(
    "prints codes too long for a barcode as QR codes, or as Data Matrix (remembered), when chosen: every label scans back at 203 dpi on every stock",
    async () => {
      const page = await openWithItems();
      await chooseDpi(page, 203);
      await chooseLongCodes(page, "QR code");
      const long = skus().find((s) => s.includes("SHELF")) as string;
      for (const [name, id, w, h] of STOCKS) {
        await page.getByRole("radio", { name }).check();
        await expect.poll(() => page.getByTestId("label-print").getAttribute("data-size")).toBe(id);
        expect(await page.getByTestId("label-warnings").count()).toBe(0);
        const asQr = await listedCodes(page, "label-matrix-notes");
        expect(asQr).toContain(long);
        const pages = (await renderPdf(await printPdf(page, w, h), 203)).map(thermalDots);
        for (const [i, sku] of skus().entries()) {
          const got =
            id === "avery-5160"
              ? zbarRead(pages[0] as (typeof pages)[number], SHEET_CELL(i + 1))
              : zbarRead(pages[i] as (typeof pages)[number]);
          expect(got, `${sku} on ${id}`).toEqual([asQr.includes(sku) ? `QR-Code:${sku}` : `CODE-128:${sku}`]);
        }
      }

      // Data Matrix: the choice is kept on the device (a reload keeps it), and each long code
      // prints as a Data Matrix of whole 203 dpi dots that ZXing reads back to the item's SKU
      await chooseLongCodes(page, "Data Matrix");
      await page.reload();
      await heading(page, "Print Labels").waitFor();
      await expect.poll(() => page.getByRole("radio", { name: "Data Matrix" }).isChecked()).toBe(true);
      await expect.poll(() => page.getByRole("radio", { name: "203 dpi" }).isChecked()).toBe(true);
      for (const [name, id, w, h] of STOCKS) {
        await page.getByRole("radio", { name }).check();
        const preview = page.getByTestId("label-print");
        await expect.poll(() => preview.getAttribute("data-size")).toBe(id);
        await expect.poll(() => preview.getByTestId("label").count()).toBe(6);
        expect(await page.getByTestId("label-warnings").count()).toBe(0);
        const asDm = await listedCodes(page, "label-matrix-notes");
        expect(asDm, id).toContain(long);
        // where each Data Matrix sits on its label, in inches (its own style: the print is 1:1)
        const boxes = new Map<string, { x: number; y: number; side: number }>();
        for (const code of asDm) {
          const symbol = preview.locator(
            `[data-testid="label"][data-code="${code}"] svg[data-symbol="datamatrix"]`,
          );
          expect(await symbol.getAttribute("aria-label")).toBe(`Data Matrix ${code}`);
          expect(Number(await symbol.getAttribute("data-dots"))).toBeGreaterThanOrEqual(2);
          const box = await symbol.evaluate((el) => {
            const st = (el as SVGElement).style;
            return {
              x: Number.parseFloat(st.left),
              y: Number.parseFloat(st.top),
              side: Number.parseFloat(st.width),
            };
          });
          boxes.set(code, box);
        }
        const pages = (await renderPdf(await printPdf(page, w, h), 203)).map(thermalDots);
        for (const [i, sku] of skus().entries()) {
          const sheet = (id === "avery-5160" ? pages[0] : pages[i]) as (typeof pages)[number];
          const cell = id === "avery-5160" ? SHEET_CELL(i + 1) : { x: 0, y: 0, w, h };
          const box = boxes.get(sku);
          if (box) {
            const around = {
              x: cell.x + box.x - 0.04,
              y: cell.y + box.y - 0.04,
              w: box.side + 0.08,
              h: box.side + 0.08,
            };
            expect(decodeDataMatrix(sheet, around), `${sku} on ${id}`).toBe(sku);
            // printed where and as large as the page placed it
            expect(
              inkIn(sheet, { x: cell.x + box.x, y: cell.y + box.y, w: box.side, h: box.side }),
            ).toBeGreaterThan(0.2);
          } else expect(zbarRead(sheet, cell), `${sku} on ${id}`).toEqual([`CODE-128:${sku}`]);
        }
      }
      await page.context().close();
    },
    SLOW,
  );

  it(
    "Avery 5160: 30 to a Letter sheet, starting at the chosen position; every code scans back",
    async () => {
      const page = await openWithItems();
      await page.getByRole("radio", { name: /Avery 5160/ }).check();
      await chooseDpi(page, 300);
      // a partly used sheet: the first free label is number 8 (row 3, column 2)
      await page.getByRole("button", { name: "Label 8, row 3, column 2" }).click();
      await expect
        .poll(() => page.getByTestId("label-summary").textContent())
        .toBe("Labels: 6 · Sheets: 1 · First label at position 8");
      expect(await page.getByRole("textbox", { name: "Start at label" }).inputValue()).toBe("8");

      const [sheet, ...more] = (await renderPdf(await printPdf(page, 8.5, 11), 300)).map(thermalDots);
      expect(more).toHaveLength(0);
      if (!sheet) throw new Error("no page printed");
      expect(sheet.widthIn).toBeCloseTo(8.5, 2);
      expect(sheet.heightIn).toBeCloseTo(11, 2);
      // Avery 5160 template: top margin 0.5 in, side margin 0.1875 in, labels 2.625 × 1 in,
      // 0.125 in between columns. Each cell is read on its own.
      const cell = SHEET_CELL;
      for (let n = 1; n <= 30; n++) {
        const got = zbarRead(sheet, cell(n));
        if (n >= 8 && n < 14) expect(got, `cell ${n}`).toEqual([`CODE-128:${skus()[n - 8]}`]);
        else {
          expect(got, `cell ${n}`).toEqual([]);
          expect(inkIn(sheet, cell(n)), `cell ${n} is blank`).toBe(0);
        }
      }
      // nothing printed in the margins
      expect(inkIn(sheet, { x: 0, y: 0, w: 8.5, h: 0.48 })).toBe(0);
      expect(inkIn(sheet, { x: 0, y: 10.52, w: 8.5, h: 0.48 })).toBe(0);
      await page.context().close();
    },
    SLOW,
  );

  it(
    "keeps the choice across a reload, works offline and has no serious accessibility problems",
    async () => {
      const page = await openWithItems();
      await chooseDpi(page, 300);
      await page.reload();
      await heading(page, "Print Labels").waitFor();
      await expect.poll(() => page.getByTestId("label-print").getByTestId("label").count()).toBe(6);
      // the printer's resolution is remembered
      expect(await page.getByRole("radio", { name: "300 dpi" }).isChecked()).toBe(true);
      await page.context().setOffline(true);
      try {
        // the items come from the device: removing one and printing still works offline
        await page.getByRole("button", { name: `Remove ${items[0]?.sku}` }).click();
        await expect.poll(() => page.getByTestId("label-print").getByTestId("label").count()).toBe(5);
        await page.getByRole("radio", { name: "2 × 1 in thermal label" }).check();
        const pages = await renderPdf(await printPdf(page, 2, 1));
        expect(pages.map((p) => decodeCode128(p))).toEqual(skus().filter((s) => s !== items[0]?.sku));
        // Data Matrix, never used in this page before: its encoder (a chunk of its own, loaded
        // when a label needs it) comes from the service worker's precache
        await chooseDpi(page, 203);
        await chooseLongCodes(page, "Data Matrix");
        const long = skus().find((s) => s.includes("SHELF")) as string;
        await expect
          .poll(() => page.locator(`svg[data-symbol="datamatrix"][aria-label="Data Matrix ${long}"]`).count())
          .toBe(1);
        expect(await page.getByTestId("label-warnings").count()).toBe(0);
        expect(await page.getByTestId("datamatrix-failed").count()).toBe(0);
      } finally {
        await page.context().setOffline(false);
      }
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    },
    SLOW,
  );

  it(
    "says so when the Data Matrix encoder cannot load, lists the long code, and prints it once it loads",
    async () => {
      // no service worker: the encoder's chunk comes from the network, which refuses it (from
      // the start: at 203 dpi the long SKU needs it at once, to offer a Data Matrix as the fix)
      const chunk = /\/assets\/datamatrix-[^/]+\.js$/;
      const page = await openWithItems({ serviceWorkers: "block" }, (p) =>
        p.route(chunk, (route) => route.abort("internetdisconnected")),
      );
      await chooseDpi(page, 203);
      await chooseLongCodes(page, "Data Matrix");
      const long = skus().find((s) => s.includes("SHELF")) as string;
      const failed = page.getByTestId("datamatrix-failed");
      await expect.poll(() => failed.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await failed.textContent()).toContain("Data Matrix codes could not be loaded");
      // the long code is listed as unscannable (a QR code is the fix), and printing asks first
      expect(await warnedCodes(page)).toContain(long);
      await page.getByRole("button", { name: "Print labels" }).click();
      await expect
        .poll(() => page.getByRole("dialog", { name: "Some labels cannot be scanned" }).isVisible())
        .toBe(true);
      await page.getByRole("button", { name: "Go back and fix" }).click();
      // back online: "Try again" loads it and the long code prints as a Data Matrix
      await page.unroute(chunk);
      await failed.getByRole("button", { name: "Try again" }).click();
      await expect
        .poll(() => page.locator(`svg[data-symbol="datamatrix"][aria-label="Data Matrix ${long}"]`).count())
        .toBe(1);
      expect(await failed.count()).toBe(0);
      expect(await page.getByTestId("label-warnings").count()).toBe(0);
      await page.context().close();
    },
    SLOW,
  );
});
