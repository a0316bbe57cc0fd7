import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { statementPdf } from "../fixtures/statements/render";
import { freshPage, heading, registerConfirmedUser, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { launchBrowser, uniqueEmail } from "./browser";
import { operatingStatement } from "./statement-fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Its expense total includes real estate taxes (excluded from the RPIE): one difference to explain. */
const statement = operatingStatement("Mapping Test Holdings LLC", 2024);

const line = (page: Page, label: string) =>
  page
    .getByTestId("mapping-line")
    .filter({ has: page.getByTestId("line-label").getByText(label, { exact: true }) });
const targetOf = (page: Page, label: string) => line(page, label).getAttribute("data-target");

/** An owner registers, adds a property and uploads the statement through the API; waits until it is extracted. */
async function uploadStatement(bbl: string, fileName: string): Promise<string> {
  const email = uniqueEmail("mapping-owner");
  await registerConfirmedUser(email, "mapping-password-123", "Olga Owner");
  const owner = await freshPage(browser);
  await signIn(owner.page, email, "mapping-password-123");
  const token = await owner.page.evaluate(() => localStorage.getItem("accessToken"));
  const auth = { authorization: `Bearer ${token}` };
  const prop = await owner.page.request.post("/api/bbl", {
    headers: auth,
    data: { bbl, address: "41 Mapping Ave", residentialUnits: 40, commercialUnits: 2 },
  });
  expect(prop.status()).toBe(201);
  const propertyId = ((await prop.json()) as { id: string }).id;
  const up = await owner.page.request.post("/api/file/upload", {
    headers: auth,
    multipart: {
      bblId: propertyId,
      documentType: "operating_statement",
      statementYear: "2024",
      file: {
        name: fileName,
        mimeType: "application/pdf",
        buffer: Buffer.from(await statementPdf(statement, { perPage: 10 })),
      },
    },
  });
  expect(up.status()).toBe(201);
  const fileId = ((await up.json()) as { id: string }).id;
  await expect
    .poll(
      async () => {
        const r = await owner.page.request.get(`/api/file/${fileId}`, { headers: auth });
        return ((await r.json()) as { status: string }).status;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe("extracted");
  await owner.context.close();
  return fileId;
}

describe("statement mapping (staff)", () => {
  it("maps an owner's statement with the keyboard and suggestions, resolves the flags, marks it ready and downloads the PDF", async () => {
    // The owner uploads a generated statement through the API; it extracts.
    const fileName = `mapping-${Date.now()}.pdf`;
    await uploadStatement("1-01120-0041", fileName);

    // The super admin finds it in the list.
    const { context, page } = await freshPage(browser, { width: 1400, height: 1000 });
    await signIn(page, inject("adminEmail"), inject("adminPassword"));
    await page.goto("/admin/statement-mapping");
    await heading(page, "Statement Mapping").waitFor();
    await page.getByLabel("Search").fill(fileName);
    const row = page.getByTestId("mapping-row").filter({ hasText: fileName });
    await row.waitFor();
    // The search applies after a short pause: the list narrows to this one file.
    await expect.poll(() => page.getByTestId("mapping-row").count()).toBe(1);
    await row.getByText("1-01120-0041").waitFor();
    await row.getByText("Not started").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The preview: page image, tables that count, a correction kept beside the original.
    await row.getByRole("link", { name: `Preview ${fileName}` }).click();
    await heading(page, `Preview: ${fileName}`).waitFor();
    await page.getByTestId("page-image").waitFor({ timeout: 20_000 });
    const income = page.getByRole("checkbox", { name: "INCOME, page 1" });
    await income.waitFor();
    expect(await income.isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Clear selection" }).click();
    expect(await income.isChecked()).toBe(false);
    await page.getByRole("button", { name: "Select all tables" }).click();
    expect(await income.isChecked()).toBe(true);
    await page.getByRole("button", { name: "Correct Laundry income" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Corrected label").fill("Laundry room income");
    await dialog.getByRole("button", { name: "Save correction" }).click();
    await page.getByTestId("corrected-label").getByText("Laundry room income").waitFor();
    // The original is still shown.
    await page.getByTestId("preview-line").getByText("Laundry income", { exact: false }).first().waitFor();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByTestId("save-status").getByText("All changes saved").waitFor();

    // The mapping: every line with its suggestions and why.
    await page.getByRole("link", { name: "Go to mapping" }).click();
    await heading(page, `Mapping: ${fileName}`).waitFor();
    await page.getByText("You hold this mapping").waitFor();
    await line(page, "Residential rent").getByTestId("suggestion-reason").first().waitFor();
    await line(page, "Laundry room income").getByText("Read as: Laundry income").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Shortcuts are listed in the help popover.
    await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
    await page.getByTestId("shortcuts").getByText("Accept the line's best suggestion").waitFor();
    await page.keyboard.press("Escape");

    // Keyboard: accept the first two suggestions ("a" moves on), skip the total with "s".
    await line(page, "Residential rent").focus();
    await page.keyboard.press("a");
    await page.keyboard.press("a");
    await expect.poll(() => targetOf(page, "Residential rent")).toMatch(/^rpie\.J\.1/);
    await expect.poll(() => targetOf(page, "Commercial rent")).toBe("rpie.J.3");
    // Arrow keys move without changing anything; Enter opens the field picker, typing filters, Enter picks.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    expect(await line(page, "Laundry room income").getAttribute("aria-current")).toBe("true");
    await page.keyboard.press("Enter");
    await page.keyboard.type("sale of other");
    await page.keyboard.press("Enter");
    await expect.poll(() => targetOf(page, "Laundry room income")).toBe("rpie.J.10d");
    await line(page, "Total income").focus();
    await page.keyboard.press("s");
    await expect.poll(() => targetOf(page, "Total income")).toBe("ignore:subtotal");

    // Accept all the rest above 40 %.
    await page.getByRole("textbox", { name: "Confidence at least" }).click();
    await page.getByRole("option", { name: "40%" }).click();
    await page.getByRole("button", { name: "Accept all suggestions above this" }).click();
    await expect.poll(() => targetOf(page, "Insurance")).toBe("rpie.L.7");
    await expect.poll(() => targetOf(page, "Payroll")).toBe("rpie.L.4");
    await expect.poll(() => targetOf(page, "Real estate taxes")).toMatch(/^rpie\.excluded\./);
    await page.getByTestId("unassigned-count").getByText("0 lines without a field").waitFor();

    // Save (Ctrl+S), announced in a live region.
    await page.keyboard.press("Control+s");
    await page.getByTestId("save-status").getByText("All changes saved").waitFor();

    // Reconciliation: the expense total differs by the excluded real estate taxes; explain it.
    const markReady = page.getByRole("button", { name: "Mark ready" });
    const flag = page.getByTestId("flag").filter({ hasText: "Total expenses" });
    await flag.waitFor();
    expect(await markReady.isDisabled()).toBe(true);
    await flag.getByLabel("Explanation").fill("Real estate taxes are excluded from the RPIE");
    await flag.getByLabel("Explanation").blur();
    await flag.getByText("Explained").waitFor();
    // Explain anything else the statement leaves open, then mark ready.
    for (const other of await page.getByTestId("flag").all()) {
      if ((await other.getByText("Explained").count()) > 0) continue;
      await other.getByLabel("Explanation").fill("Checked against the statement");
      await other.getByLabel("Explanation").blur();
    }
    await expect.poll(() => markReady.isDisabled()).toBe(false);
    await markReady.click();
    await page.getByTestId("mapping-status").getByText("Ready").waitFor();

    // The history records who changed what.
    await page.getByRole("tab", { name: "History" }).click();
    await page.getByTestId("history").getByText("Marked ready").waitFor();

    // The PDF of the mapped figures, fetched with the token.
    await page.getByRole("button", { name: "Outputs" }).click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("menuitem", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^rpie-2025-1011200041\.pdf$/);
    const path = await download.path();
    expect(path).toBeTruthy();

    // Back in the list, the file shows as ready.
    await page.goto("/admin/statement-mapping");
    await page.getByLabel("Search").fill(fileName);
    await page.getByTestId("mapping-row").filter({ hasText: fileName }).getByText("Ready").waitFor();
    // On a phone the list is cards, not a table, and nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => page.locator("table[data-testid=mapping-list]").count()).toBe(0);
    await page.getByTestId("mapping-row").filter({ hasText: fileName }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);
    await context.close();
  }, 180_000);

  it("shows who holds a mapping, lets another staff member take over, and refuses a stale save with the difference", async () => {
    const fileName = `mapping-lock-${Date.now()}.pdf`;
    const fileId = await uploadStatement("1-01120-0042", fileName);
    const url = `/admin/statement-mapping/mapping/${fileId}`;

    // A opens the mapping (and holds it), then changes a line without saving.
    const a = await freshPage(browser, { width: 1400, height: 1000 });
    await signIn(a.page, inject("adminEmail"), inject("adminPassword"));
    await a.page.goto(url);
    await a.page.getByText("You hold this mapping").waitFor();
    await line(a.page, "Residential rent").focus();
    await a.page.keyboard.press("x");
    await a.page.getByTestId("save-status").getByText("Unsaved changes").waitFor();

    // B sees who holds it, takes over after confirming, and saves a change.
    const { superAdmin } = inject("demoAccounts");
    const b = await freshPage(browser, { width: 1400, height: 1000 });
    await signIn(b.page, superAdmin.email, superAdmin.password);
    await b.page.goto(url);
    await b.page
      .getByTestId("held-by")
      .getByText(/^Held by .+ since .+/)
      .waitFor();
    await b.page.getByRole("button", { name: "Take over" }).click();
    await b.page.getByRole("dialog").getByRole("button", { name: "Take over" }).click();
    await b.page.getByText("You hold this mapping").waitFor();
    await line(b.page, "Commercial rent").focus();
    await b.page.keyboard.press("x");
    await b.page.getByRole("button", { name: "Save", exact: true }).click();
    await b.page.getByTestId("save-status").getByText("All changes saved").waitFor();

    // A's save is refused while B holds it; A takes it back, and the stale save shows the difference.
    await a.page.getByRole("button", { name: "Save", exact: true }).click();
    await a.page
      .getByTestId("held-by")
      .getByText(/^Held by .+ since .+/)
      .waitFor();
    await a.page.getByRole("button", { name: "Take over" }).click();
    await a.page.getByRole("dialog").getByRole("button", { name: "Take over" }).click();
    await a.page.getByText("You hold this mapping").waitFor();
    await a.page.getByRole("button", { name: "Save", exact: true }).click();
    const conflict = a.page.getByRole("dialog", { name: "Someone else changed this mapping" });
    await conflict.waitFor();
    await conflict.getByText("assignments.0").waitFor();
    await conflict.getByRole("button", { name: "Re-apply my changes" }).click();
    await a.page.getByTestId("save-status").getByText("All changes saved").waitFor();
    expect(await targetOf(a.page, "Residential rent")).toBe("excluded");

    // The history names both.
    await a.page.getByRole("tab", { name: "History" }).click();
    await a.page.getByTestId("history").getByText("Took over the hold").first().waitFor();
    await a.context.close();
    await b.context.close();
  }, 180_000);

  it("keeps a company employee out with 403", async () => {
    const { employee } = inject("demoAccounts");
    const { context, page } = await freshPage(browser);
    await signIn(page, employee.email, employee.password);
    await page.goto("/admin/statement-mapping");
    await heading(page, "403: Forbidden").waitFor();
    await context.close();
  });
});
