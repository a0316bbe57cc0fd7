import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statementPdf } from "../fixtures/statements/render";
import { freshPage, registerConfirmedUser, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { launchBrowser, uniqueEmail } from "./browser";
import { operatingStatement } from "./statement-fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** A known statement: income on page 1, expenses on page 2 (10 rows per page). */
const statement = operatingStatement("Riverside Holdings LLC", 2024);
const FILE_NAME = "riverside-2024.pdf";
const money = (n: number) => `$${n.toLocaleString("en-US")}`;

const item = (page: Page, label: string) =>
  page
    .getByTestId("line-item")
    .filter({ has: page.getByTestId("line-label").getByText(label, { exact: true }) });
const image = (page: Page) => page.getByTestId("page-image");
const highlight = (page: Page) => page.getByTestId("line-highlight");

/** naturalWidth of the page image once it has loaded (0 while loading or broken). */
const naturalWidth = (img: Locator) =>
  img.evaluate((el) => {
    const i = el as HTMLImageElement;
    return i.complete ? i.naturalWidth : 0;
  });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("element has no box");
  return b;
}

describe("file preview", () => {
  it("shows the page image beside the line items, highlights the line under the cursor, and pages", async () => {
    const email = uniqueEmail("preview");
    await registerConfirmedUser(email, "preview-password-123", "Petra Preview");
    const { context, page } = await freshPage(browser, { width: 1280, height: 900 });
    await signIn(page, email, "preview-password-123");
    const token = await page.evaluate(() => localStorage.getItem("accessToken"));
    const auth = { authorization: `Bearer ${token}` };

    // Setup through the API: a property and a two-page text PDF statement.
    const prop = await page.request.post("/api/bbl", {
      headers: auth,
      data: { bbl: "1-01119-0036", address: "1 Riverside Dr", residentialUnits: 40, commercialUnits: 2 },
    });
    expect(prop.status()).toBe(201);
    const propertyId = ((await prop.json()) as { id: string }).id;
    const pdf = Buffer.from(await statementPdf(statement, { perPage: 10 }));
    const up = await page.request.post("/api/file/upload", {
      headers: auth,
      multipart: {
        bblId: propertyId,
        documentType: "operating_statement",
        statementYear: "2024",
        file: { name: FILE_NAME, mimeType: "application/pdf", buffer: pdf },
      },
    });
    expect(up.status()).toBe(201);
    const fileId = ((await up.json()) as { id: string }).id;
    await expect
      .poll(
        async () => {
          const r = await page.request.get(`/api/file/${fileId}`, { headers: auth });
          return ((await r.json()) as { status: string }).status;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe("extracted");

    // From the property's file list to the preview.
    await page.goto("/dashboard/properties");
    await page.getByRole("button", { name: "Edit 1-01119-0036" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit property" });
    await dialog.getByRole("link", { name: FILE_NAME }).click();
    await page.waitForURL((u) => u.pathname === `/dashboard/files/${fileId}`);
    await page.getByRole("heading", { name: FILE_NAME, level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe(`${FILE_NAME} | Blocklot`);
    await page.getByTestId("file-status").getByText("Extracted").waitFor();

    // The page image is shown (fetched with the token, displayed through an object URL).
    await image(page).waitFor();
    await expect.poll(() => naturalWidth(image(page)), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await image(page).getAttribute("alt")).toBe(`Page 1 of file ${FILE_NAME}`);
    expect(await image(page).getAttribute("src")).toMatch(/^blob:/);
    await page.getByTestId("page-indicator").getByText("Page 1 of 2").waitFor();

    // Every known line item, with its amount as money; totals in bold.
    const expected = [...statement.sections.flatMap((s) => s.lines), ...statement.closing];
    const labels = (await page.getByTestId("line-label").allTextContents()).map((s) => s.trim());
    expect(labels).toEqual(expected.map((l) => l.label));
    for (const l of expected) {
      const row = item(page, l.label);
      expect((await row.getByTestId("line-amount").allTextContents()).map((s) => s.trim())).toEqual(
        l.amounts.map(money),
      );
      const weight = await row.getByTestId("line-label").evaluate((el) => getComputedStyle(el).fontWeight);
      expect(Number(weight) >= 700, `${l.label} bold`).toBe(l.isTotal);
    }
    await page.getByRole("heading", { name: "INCOME" }).waitFor();
    await page.getByRole("heading", { name: "EXPENSES" }).waitFor();

    // No highlight until a line is pointed at; hovering "Residential rent" draws it over its line.
    expect(await highlight(page).count()).toBe(0);
    await item(page, "Residential rent").hover();
    await highlight(page).waitFor();
    const img = await box(image(page));
    const hl = await box(highlight(page));
    expect(hl.x).toBeGreaterThanOrEqual(img.x - 1);
    expect(hl.x + hl.width).toBeLessThanOrEqual(img.x + img.width + 1);
    expect(hl.height).toBeGreaterThan(0);
    // The row is the 6th line from the top margin of a letter page: about 16–18% down.
    const centre = (hl.y + hl.height / 2 - img.y) / img.height;
    expect(centre).toBeGreaterThan(0.1);
    expect(centre).toBeLessThan(0.25);
    // A later line sits lower on the page.
    await item(page, "Total income").hover();
    await expect.poll(async () => (await box(highlight(page))).y).toBeGreaterThan(hl.y + 20);
    // Pointer away: the highlight goes.
    await page.mouse.move(5, 5);
    await expect.poll(() => highlight(page).count()).toBe(0);

    // Keyboard: focus on a line item highlights it too.
    await item(page, "Commercial rent").focus();
    await highlight(page).waitFor();
    await item(page, "Commercial rent").blur();

    // Page navigation.
    await page.getByRole("button", { name: "Next page" }).click();
    await page.getByTestId("page-indicator").getByText("Page 2 of 2").waitFor();
    await expect.poll(() => image(page).getAttribute("alt")).toBe(`Page 2 of file ${FILE_NAME}`);
    await expect.poll(() => naturalWidth(image(page)), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.getByRole("button", { name: "Next page" }).isDisabled()).toBe(true);
    await item(page, "Insurance").hover();
    await highlight(page).waitFor();
    // A page-1 line is not drawn on page 2 ...
    await item(page, "Laundry income").hover();
    await expect.poll(() => highlight(page).count()).toBe(0);
    // ... and selecting it turns back to page 1, where it stays highlighted.
    await item(page, "Laundry income").click();
    await page.getByTestId("page-indicator").getByText("Page 1 of 2").waitFor();
    await expect.poll(() => image(page).getAttribute("alt")).toBe(`Page 1 of file ${FILE_NAME}`);
    await page.mouse.move(5, 5);
    await highlight(page).waitFor();
    expect(await item(page, "Laundry income").getAttribute("aria-current")).toBe("true");
    expect(await page.getByRole("button", { name: "Previous page" }).isDisabled()).toBe(true);

    // The page's raw text in a collapsible panel.
    await page.getByRole("button", { name: "Text of page 1" }).click();
    await page.getByTestId("page-text").getByText("Residential rent", { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // On a phone the page image stacks above the line items, and nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect
      .poll(async () => {
        const i = await box(image(page));
        const list = await box(page.getByTestId("line-items"));
        return i.y + i.height <= list.y && i.width <= 375;
      })
      .toBe(true);
    // (The shell switches to its phone layout a moment after the resize.)
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);

    // Another company's (or a missing) file id: not found.
    await page.goto("/dashboard/files/0192aaaa-bbbb-7ccc-8ddd-eeeeffff0000");
    await page.getByTestId("file-preview-error").getByText("File not found").waitFor();
    await context.close();
  }, 120_000);
});
