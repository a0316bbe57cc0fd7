/**
 * The inventory file import through the UI (issue 6): a generated 10,000-row CSV (plus a few
 * bad rows) is chosen, its columns mapped, the preview marks and explains the bad rows, the
 * valid rows are imported; the dashboard counts them and the server holds exactly 10,000 items
 * in the new batch. Importing the same file again reports every row as a duplicate by SKU and
 * adds nothing. Files that cannot be imported get a clear message.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPage, registerConfirmedUser, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { launchBrowser, uniqueEmail } from "./browser";

let browser: Browser;
let page: Page;
let api: (path: string) => Promise<{ status: number; body: Record<string, unknown> }>;

const ROWS = 10_000;
const PREFIX = `IMP${Date.now().toString(36).toUpperCase()}`;
const POLL = { timeout: 20_000, interval: 250 };

/** 10,000 valid rows, then four bad ones: negative quantity, a price that is not one, no title, a SKU repeated. */
function generatedCsv(): Buffer {
  const lines = ["Title,SKU,UPC,Qty,Price,Condition,Description,Weight (lb),Dimensions,Shelf code"];
  for (let i = 0; i < ROWS; i++) {
    const qty = i % 997 === 0 ? '"1,200"' : String((i % 9) + 1); // thousands separator
    lines.push(
      `Widget ${i},${PREFIX}-${i},0${String(100000000000 + i)},${qty},$${(i % 50) + 1}.99,${i % 2 ? "Used" : "New"},"A widget, number ${i}",${(i % 7) + 0.5},10x5x2 in,B-${i % 40}`,
    );
  }
  lines.push(`Broken qty,${PREFIX}-BAD-1,,-3,1.00,New,Negative quantity,1,,`);
  lines.push(`Broken price,${PREFIX}-BAD-2,,2,abc,Used,Price is not a number,1,,`);
  lines.push(`,${PREFIX}-BAD-3,,2,1.00,Used,No title here,1,,`);
  lines.push(`Repeated,${PREFIX}-7,,2,1.00,Used,Same SKU as line 9,1,,`);
  return Buffer.from(`${lines.join("\n")}\n`, "utf8");
}

beforeAll(async () => {
  browser = await launchBrowser();
  const email = uniqueEmail("importer");
  await registerConfirmedUser(email, "importer-password-123", "Ida Importer");
  const made = await freshPage(browser, { width: 1280, height: 900 });
  page = made.page;
  await signIn(page, email, "importer-password-123");
  const token = (await page.evaluate(() => localStorage.getItem("accessToken"))) as string;
  api = async (path) => {
    const res = await page.request.fetch(path, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status(), body: (await res.json()) as Record<string, unknown> };
  };
});
afterAll(async () => browser?.close());

const fileInput = () => page.getByLabel("Choose a file to import");

async function openImport() {
  await page.goto("/dashboard/inventory-info");
  await expect
    .poll(() => page.getByRole("heading", { name: "Inventory Dashboard", level: 1 }).isVisible(), POLL)
    .toBe(true);
  await page.getByRole("button", { name: "Import items" }).first().click();
  await expect.poll(() => page.getByRole("dialog").isVisible(), POLL).toBe(true);
}

const newCount = async () => {
  const text = await page
    .getByTestId("status-count-new")
    .getByLabel(/^New: /)
    .textContent();
  return Number((text ?? "").replace(/[^\d]/g, ""));
};

describe("inventory import", () => {
  it("imports a 10,000-row CSV: mapping, preview with the bad rows explained, progress, counts, server", async () => {
    await openImport();
    expect(await newCount()).toBe(0);
    await fileInput().setInputFiles({
      name: "spring-stock.csv",
      mimeType: "text/csv",
      buffer: generatedCsv(),
    });

    // Mapping: the usual headers are recognised; "Shelf code" is not, and is mapped by hand.
    await expect
      .poll(
        () => page.getByText("Choose the column each field comes from", { exact: false }).isVisible(),
        POLL,
      )
      .toBe(true);
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByRole("textbox", { name: "Column for SKU" }).inputValue()).toBe("B: SKU");
    expect(await dialog.getByRole("textbox", { name: "Column for Quantity" }).inputValue()).toBe("D: Qty");
    expect(await dialog.getByRole("textbox", { name: "Column for Barcode / UPC" }).inputValue()).toBe(
      "C: UPC",
    );
    expect(
      await dialog.getByRole("textbox", { name: "Column for Storage location / bin" }).inputValue(),
    ).toBe("Not imported");
    await dialog.getByRole("textbox", { name: "Column for Storage location / bin" }).click();
    await page.getByRole("option", { name: "J: Shelf code" }).click();
    expect(
      await dialog.getByRole("textbox", { name: "Column for Storage location / bin" }).inputValue(),
    ).toBe("J: Shelf code");
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Preview", exact: true }).click();

    // Preview: counts and every bad row marked and explained.
    const summary = dialog.getByTestId("preview-summary");
    await expect.poll(() => summary.isVisible(), { timeout: 60_000, interval: 250 }).toBe(true);
    expect(await summary.textContent()).toContain("10,004 rows read.");
    expect(await summary.textContent()).toContain("10,000 can be imported.");
    expect(await dialog.getByTestId("count-invalid").textContent()).toBe("Problems: 3");
    expect(await dialog.getByTestId("count-duplicate-in-file").textContent()).toBe(
      "Repeated SKU in the file: 1",
    );
    const bad = dialog.locator('[data-testid="preview-row"]');
    await expect.poll(() => bad.count(), POLL).toBe(4);
    const negative = dialog.locator('[data-line="10002"]');
    expect(await negative.getAttribute("data-status")).toBe("invalid");
    expect(await negative.getByTestId("row-problems").textContent()).toContain(
      "Quantity (column D “Qty”): Cannot be negative (-3).",
    );
    expect(await negative.locator("[data-invalid]").textContent()).toContain("-3");
    expect(await dialog.locator('[data-line="10003"]').getByTestId("row-problems").textContent()).toContain(
      'Price (column E “Price”): "abc" is not a price.',
    );
    expect(await dialog.locator('[data-line="10004"]').getByTestId("row-problems").textContent()).toContain(
      "Inventory title (column A “Title”): This field is required",
    );
    expect(await dialog.locator('[data-line="10005"]').getByTestId("row-problems").textContent()).toContain(
      `SKU “${PREFIX}-7” already appears on line 9; this row is skipped.`,
    );
    // the valid rows are there too, with the thousands separator read as a number
    await dialog.locator("label", { hasText: /^Ready \(/ }).click();
    await expect
      .poll(() => dialog.locator('[data-line="2"]').getAttribute("data-status"), POLL)
      .toBe("valid");
    expect(await dialog.locator('[data-line="2"]').textContent()).toContain("1,200");
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByLabel(/^Batch name/).fill(`Spring stock ${PREFIX}`);
    await dialog.getByRole("button", { name: "Import 10,000 valid rows" }).click();
    await expect
      .poll(
        () =>
          dialog
            .getByTestId("import-result")
            .textContent()
            .catch(() => ""),
        { timeout: 60_000, interval: 250 },
      )
      .toContain(`10,000 items were saved in the batch “Spring stock ${PREFIX}”.`);
    await expect
      .poll(() => dialog.getByTestId("upload-progress").textContent(), { timeout: 90_000, interval: 500 })
      .toBe("All 10,000 items are on the server.");

    const href = (await dialog.getByRole("link", { name: "Open the batch" }).getAttribute("href")) as string;
    const batchId = href.split("/").pop() as string;
    await dialog.getByRole("button", { name: "Done" }).click();

    // The dashboard counts them and lists the batch.
    await expect.poll(newCount, POLL).toBe(10_000);
    expect(await page.getByTestId("inventory-total").textContent()).toBe("10,000 items in total");
    const batchRow = page.getByTestId("batch-row").filter({ hasText: `Spring stock ${PREFIX}` });
    expect(await batchRow.textContent()).toContain("spring-stock.csv");
    expect(await batchRow.textContent()).toContain("10,000");

    // The server holds exactly these 10,000 items in that batch.
    const inBatch = await api(`/api/inventory/items?batchId=${batchId}&rowsPerPage=1`);
    expect(inBatch.body.total).toBe(10_000);
    const all = await api("/api/inventory/items?rowsPerPage=1");
    expect(all.body.total).toBe(10_000);
    const one = await api(`/api/inventory/items?q=${PREFIX}-1234&rowsPerPage=5`);
    expect((one.body.rows as Record<string, unknown>[])[0]).toMatchObject({
      sku: `${PREFIX}-1234`,
      title: "Widget 1234",
      barcode: "0100000001234",
      quantity: 2,
      price: 3599,
      condition: 5,
      location: "B-34",
      weight: { value: 2.5, unit: "POUND" },
      dimensions: { length: 10, width: 5, height: 2, unit: "INCH" },
      batchId,
    });
    const batch = await api(`/api/inventory/batches/${batchId}`);
    expect(batch.body).toMatchObject({
      name: `Spring stock ${PREFIX}`,
      sourceFileName: "spring-stock.csv",
      rowCount: 10_000,
    });
  }, 240_000);

  it("importing the same file again reports every row as a duplicate by SKU and adds nothing", async () => {
    await openImport();
    await fileInput().setInputFiles({
      name: "spring-stock.csv",
      mimeType: "text/csv",
      buffer: generatedCsv(),
    });
    const dialog = page.getByRole("dialog");
    await expect
      .poll(() => dialog.getByRole("button", { name: "Preview", exact: true }).isVisible(), POLL)
      .toBe(true);
    await dialog.getByRole("button", { name: "Preview", exact: true }).click();
    await expect
      .poll(
        () =>
          dialog
            .getByTestId("count-duplicate-existing")
            .textContent()
            .catch(() => ""),
        {
          timeout: 60_000,
          interval: 250,
        },
      )
      .toBe("Already in inventory: 10,001");
    expect(await dialog.getByTestId("preview-summary").textContent()).toContain("0 can be imported.");
    expect(await dialog.getByRole("button", { name: "Import 0 valid rows" }).isDisabled()).toBe(true);
    expect(await dialog.getByText("No row can be imported.", { exact: false }).isVisible()).toBe(true);
    expect(await dialog.locator('[data-line="5"]').getByTestId("row-problems").textContent()).toContain(
      `SKU “${PREFIX}-3” is already in your inventory; this row is skipped.`,
    );
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible(), POLL).toBe(false);
    const all = await api("/api/inventory/items?rowsPerPage=1");
    expect(all.body.total).toBe(10_000);
  }, 240_000);

  it("works on a phone: full-screen steps, the mapping as a list, nothing wider than the screen", async () => {
    const email = uniqueEmail("phone-importer");
    await registerConfirmedUser(email, "importer-password-123", "Pia Phone");
    const made = await freshPage(browser, { width: 390, height: 844 });
    const phone = made.page;
    await signIn(phone, email, "importer-password-123");
    await phone.goto("/dashboard/inventory-info");
    await expect.poll(() => phone.getByTestId("batches-empty").isVisible(), POLL).toBe(true);
    await phone.getByRole("button", { name: "Import items" }).first().click();
    const dialog = phone.getByRole("dialog");
    const lines = ["Item name,Custom label (SKU),Quantity,Start price,Description"];
    for (let i = 0; i < 120; i++)
      lines.push(`Phone lamp ${i},PH-${PREFIX}-${i},${i === 5 ? "-1" : "2"},9.50,Brass`);
    await phone.getByLabel("Choose a file to import").setInputFiles({
      name: "phone.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(lines.join("\n")),
    });
    await expect.poll(() => dialog.getByTestId("mapping-table").isVisible(), POLL).toBe(true);
    const overflow = () =>
      phone.evaluate(() => {
        const modal = document.querySelector(".mantine-Modal-content") as HTMLElement;
        return modal.scrollWidth - modal.clientWidth;
      });
    expect(await overflow()).toBeLessThanOrEqual(1);
    expect(await dialog.getByRole("textbox", { name: "Column for SKU" }).inputValue()).toBe(
      "B: Custom label (SKU)",
    );
    await dialog.getByRole("button", { name: "Preview", exact: true }).click();
    await expect.poll(() => dialog.getByTestId("preview-summary").isVisible(), POLL).toBe(true);
    expect(await dialog.getByTestId("count-invalid").textContent()).toBe("Problems: 1");
    expect(await dialog.locator('[data-line="7"]').getByTestId("row-problems").textContent()).toContain(
      "Quantity (column C “Quantity”): Cannot be negative (-1).",
    );
    expect(await overflow()).toBeLessThanOrEqual(1);
    expect(await seriousViolations(phone)).toEqual([]);
    await dialog.getByRole("button", { name: "Import 119 valid rows" }).click();
    await expect
      .poll(
        () =>
          dialog
            .getByTestId("upload-progress")
            .textContent()
            .catch(() => ""),
        POLL,
      )
      .toBe("All 119 items are on the server.");
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect
      .poll(() => phone.getByTestId("inventory-total").textContent(), POLL)
      .toBe("119 items in total");
    expect(await phone.getByTestId("batch-row").textContent()).toContain("phone.csv");
    await made.context.close();
  }, 120_000);

  it("explains files that cannot be imported", async () => {
    await openImport();
    const dialog = page.getByRole("dialog");
    const refused = dialog.getByTestId("file-refused");
    const tryFile = async (name: string, mimeType: string, body: string | Buffer, expected: string) => {
      await fileInput().setInputFiles({
        name,
        mimeType,
        buffer: Buffer.isBuffer(body) ? body : Buffer.from(body),
      });
      await expect.poll(() => refused.textContent().catch(() => ""), POLL).toContain(expected);
    };
    await tryFile(
      "invoice.pdf",
      "application/pdf",
      Buffer.from("%PDF-1.7\n%\xe2\xe3\n1 0 obj\n", "latin1"),
      "“invoice.pdf” is not a CSV, TSV or XLSX file. Export your spreadsheet as CSV or XLSX and import that.",
    );
    await tryFile(
      "header.csv",
      "text/csv",
      "Title,SKU,Qty\n",
      "This file has a header row but no items below it.",
    );
    await tryFile("empty.csv", "text/csv", "", "This file is empty.");
    await tryFile(
      "quotes.csv",
      "text/csv",
      'Title,SKU,Qty\nLamp,L-1,2\n"Chair,C-1,1\nTable,T-1,1\n',
      "This file has a quotation mark that is never closed (the record starting on line 3)",
    );
    const wide = Array.from({ length: 1001 }, (_, i) => `Col ${i}`).join(",");
    await tryFile(
      "wide.csv",
      "text/csv",
      `${wide}\n${wide}\n`,
      "This file has 1,001 columns; at most 1,000 can be read.",
    );
    expect(await refused.textContent()).toContain("Nothing was imported.");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
