/**
 * Print Labels (issue 7): items made through the API are chosen on the label page, printed
 * to PDF in each label size (print media, the page's own @page size), and every barcode in
 * the PDF decodes back to its item's SKU. The Avery sheet starts at the chosen position.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Item } from "../../src/domain/inventory/item";
import { freshPage, heading, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { launchBrowser } from "./browser";
import { createItem, newSeller, type Seller } from "./inventory-fixtures";
import { decodeCode128, inkIn, renderPdf } from "./pdf-barcodes";

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
  ];
  items = [];
  for (const s of specs) items.push(await createItem(seller, s));
});
afterAll(async () => browser?.close());

/** Signs in and chooses this run's items on the label page through the search. */
async function openWithItems(): Promise<Page> {
  const { page } = await freshPage(browser);
  await signIn(page, seller.email, seller.password);
  await page.goto("/dashboard/print-inventory-label");
  await heading(page, "Print Labels").waitFor();
  await page.getByRole("searchbox", { name: "Search items" }).fill(run);
  // the sync pull brings the items onto the device; the search then finds all five
  await expect.poll(() => page.getByText("5 matching items").isVisible(), { timeout: 15_000 }).toBe(true);
  await page.getByRole("button", { name: "Select all matches" }).click();
  await expect
    .poll(() => page.getByTestId("chosen-items").getByText(run, { exact: false }).count(), {
      timeout: 10_000,
    })
    .toBe(5);
  return page;
}

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

/** The order the search lists them in, and so the order they were chosen and print in: by SKU. */
const skus = () => items.map((i) => i.sku).sort();

describe("print labels", () => {
  it.each([
    ["2 × 1 in thermal label", "thermal-2x1", 2, 1],
    ["2.25 × 1.25 in thermal label", "thermal-2.25x1.25", 2.25, 1.25],
  ] as const)("%s: one label per page, each code scans back to its SKU", async (name, id, w, h) => {
    const page = await openWithItems();
    await page.getByRole("radio", { name }).check();
    const preview = page.getByTestId("label-print");
    await expect.poll(() => preview.getAttribute("data-size")).toBe(id);
    await expect.poll(() => preview.getByTestId("label").count()).toBe(5);
    expect(await page.getByTestId("label-summary").textContent()).toBe("Labels: 5 · One label per page");

    const pages = await renderPdf(await printPdf(page, w, h));
    expect(pages).toHaveLength(5);
    for (const [i, p] of pages.entries()) {
      // the @page rule sized the PDF page to the label
      expect(p.widthIn).toBeCloseTo(w, 2);
      expect(p.heightIn).toBeCloseTo(h, 2);
      expect(decodeCode128(p), `page ${i + 1}`).toBe(skus()[i]);
    }
    await page.context().close();
  });

  it("Avery 5160: 30 to a Letter sheet, starting at the chosen position; every code scans back", async () => {
    const page = await openWithItems();
    await page.getByRole("radio", { name: /Avery 5160/ }).check();
    // a partly used sheet: the first free label is number 8 (row 3, column 2)
    await page.getByRole("button", { name: "Label 8, row 3, column 2" }).click();
    await expect
      .poll(() => page.getByTestId("label-summary").textContent())
      .toBe("Labels: 5 · Sheets: 1 · First label at position 8");
    expect(await page.getByRole("textbox", { name: "Start at label" }).inputValue()).toBe("8");

    const [sheet, ...more] = await renderPdf(await printPdf(page, 8.5, 11));
    expect(more).toHaveLength(0);
    if (!sheet) throw new Error("no page printed");
    expect(sheet.widthIn).toBeCloseTo(8.5, 2);
    expect(sheet.heightIn).toBeCloseTo(11, 2);
    // Avery 5160 template: top margin 0.5 in, side margin 0.1875 in, labels 2.625 × 1 in,
    // 0.125 in between columns. Each cell is read on its own.
    const cell = (n: number) => {
      const c = (n - 1) % 3;
      const r = Math.floor((n - 1) / 3);
      return { x: 0.1875 + c * 2.75, y: 0.5 + r, w: 2.625, h: 1 };
    };
    for (let n = 1; n <= 30; n++) {
      const got = decodeCode128(sheet, cell(n));
      if (n >= 8 && n < 13) expect(got, `cell ${n}`).toBe(skus()[n - 8]);
      else {
        expect(got, `cell ${n}`).toBeNull();
        expect(inkIn(sheet, cell(n)), `cell ${n} is blank`).toBe(0);
      }
    }
    // nothing printed in the margins
    expect(inkIn(sheet, { x: 0, y: 0, w: 8.5, h: 0.48 })).toBe(0);
    expect(inkIn(sheet, { x: 0, y: 10.52, w: 8.5, h: 0.48 })).toBe(0);
    await page.context().close();
  });

  it("keeps the choice across a reload, works offline and has no serious accessibility problems", async () => {
    const page = await openWithItems();
    await page.reload();
    await heading(page, "Print Labels").waitFor();
    await expect.poll(() => page.getByTestId("label-print").getByTestId("label").count()).toBe(5);
    await page.context().setOffline(true);
    try {
      // the items come from the device: removing one and printing still works offline
      await page.getByRole("button", { name: `Remove ${items[0]?.sku}` }).click();
      await expect.poll(() => page.getByTestId("label-print").getByTestId("label").count()).toBe(4);
      await page.getByRole("radio", { name: "2 × 1 in thermal label" }).check();
      const pages = await renderPdf(await printPdf(page, 2, 1));
      expect(pages.map((p) => decodeCode128(p))).toEqual(skus().slice(1));
    } finally {
      await page.context().setOffline(false);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
