import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { pdfPages } from "../fixtures/read-outputs";
import { statementPdf } from "../fixtures/statements/render";
import { freshPage, heading, registerConfirmedUser, signIn } from "./auth-helpers";
import { launchBrowser, uniqueEmail } from "./browser";
import { operatingStatement } from "./statement-fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const YEAR = new Date().getFullYear(); // the filing year; the statement reports the year before
const BBL = "1-01120-0043";

/** Its expense total includes real estate taxes (excluded from the RPIE): a difference to explain. */
const statement = operatingStatement("Journey Holdings LLC", YEAR - 1);

const dialog = (page: Page) => page.getByRole("dialog");
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const mappingLine = (page: Page, label: string) =>
  page
    .getByTestId("mapping-line")
    .filter({ has: page.getByTestId("line-label").getByText(label, { exact: true }) });
const targetOf = (page: Page, label: string) => mappingLine(page, label).getAttribute("data-target");

/** The PWA's "Ready to work offline" card can cover buttons or close a dropdown: close it as a user would. */
async function closeOfflineCard(page: Page) {
  const card = page.getByRole("status").filter({ hasText: "Ready to work offline" });
  await page.addLocatorHandler(card, () => card.getByRole("button", { name: "Close" }).click());
}

/** Picks an option of a Mantine Select (tried again if the offline card closed the dropdown). */
async function choose(page: Page, label: string, option: string) {
  for (let attempt = 1; ; attempt++) {
    await page.getByRole("textbox", { name: label }).click();
    try {
      await page.getByRole("option", { name: option }).click({ timeout: 3000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

describe("filing journey", () => {
  it("goes from the owner's upload to filed, and the owner downloads the filed PDF", async () => {
    // The owner: an account, a property (API), and the statement through the Upload File page.
    const email = uniqueEmail("journey");
    const password = "journey-password-123";
    await registerConfirmedUser(email, password, "Jonah Journey");
    const owner = await freshPage(browser, { width: 1280, height: 900 });
    const page = owner.page;
    await closeOfflineCard(page);
    await signIn(page, email, password);
    const token = await page.evaluate(() => localStorage.getItem("accessToken"));
    const prop = await page.request.post("/api/bbl", {
      headers: { authorization: `Bearer ${token}` },
      data: { bbl: BBL, address: "43 Journey Lane", residentialUnits: 40, commercialUnits: 2 },
    });
    expect(prop.status()).toBe(201);

    await page.goto("/dashboard/import-file");
    await heading(page, "Upload File").waitFor();
    await expect.poll(() => page.getByRole("textbox", { name: "Property" }).inputValue()).toContain(BBL);
    await choose(page, "Document type", "Operating statement");
    // The year may be preselected; choosing it again would clear it.
    if ((await page.getByRole("textbox", { name: "Statement year" }).inputValue()) !== String(YEAR - 1))
      await choose(page, "Statement year", String(YEAR - 1));
    await expect
      .poll(() => page.getByRole("textbox", { name: "Statement year" }).inputValue())
      .toBe(String(YEAR - 1));
    const fileName = `statement-${YEAR - 1}-${Date.now()}.pdf`;
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      page.getByRole("button", { name: "Choose files" }).click(),
    ]);
    await chooser.setFiles({
      name: fileName,
      mimeType: "application/pdf",
      buffer: Buffer.from(await statementPdf(statement, { perPage: 10 })),
    });
    const fileRow = page.locator(`[data-testid=file-row][data-file-name="${fileName}"]`);
    await expect
      .poll(
        async () => ((await fileRow.getByTestId("file-status").textContent({ timeout: 1000 })) ?? "").trim(),
        {
          timeout: 60_000,
          interval: 500,
        },
      )
      .toBe("Extracted");
    const fileId = (await fileRow.getAttribute("data-file-id")) as string;

    // The owner starts the filing and says the documents are sent.
    await page.goto("/dashboard/filings");
    await heading(page, "Filings").waitFor();
    await page.getByRole("button", { name: `Start filing for ${YEAR}` }).click();
    await dialog(page).getByRole("button", { name: "Start filing" }).click();
    const card = page.getByTestId("filing-card");
    await expect.poll(() => card.getByTestId("filing-state").textContent()).toBe("Documents requested");
    const filingId = (await card.getAttribute("data-filing-id")) as string;
    await card.getByRole("button", { name: "Documents sent" }).click();
    await dialog(page).getByRole("button", { name: "Yes, documents sent" }).click();
    await expect.poll(() => card.getByTestId("filing-state").textContent()).toBe("Documents received");

    // Staff: in review, then a quote.
    const staff = await freshPage(browser, { width: 1400, height: 1000 });
    const admin = staff.page;
    await closeOfflineCard(admin);
    await signIn(admin, inject("adminEmail"), inject("adminPassword"));
    await admin.goto(`/admin/filings/${filingId}`);
    const state = admin.getByTestId("admin-filing-state");
    await expect.poll(() => state.textContent()).toBe("Documents received");
    await admin.getByRole("button", { name: "Move to In review" }).click();
    await dialog(admin).getByRole("button", { name: "Move", exact: true }).click();
    await expect.poll(() => state.textContent()).toBe("In review");
    await admin.getByLabel("Line 1 unit price ($)").fill("450");
    await expect.poll(() => admin.getByTestId("quote-editor-total").textContent()).toBe("Total $450.00");
    await admin.getByRole("button", { name: "Send quote" }).click();
    await expect.poll(() => state.textContent()).toBe("Quoted");

    // The owner accepts; the invoice's checkout shows the bank transfer instructions.
    await page.reload();
    await card.getByTestId("filing-quote").waitFor();
    await card.getByRole("button", { name: "Accept quote" }).click();
    await dialog(page).getByRole("button", { name: "Accept quote" }).click();
    const invoiceLink = card.getByTestId("filing-invoice-link");
    await invoiceLink.waitFor();
    const invoiceNumber = ((await invoiceLink.textContent()) ?? "").replace("Invoice ", "");
    await invoiceLink.click();
    await heading(page, `Invoice ${invoiceNumber}`).waitFor();
    await page.getByRole("link", { name: "Pay" }).click();
    await page.waitForURL((u) => u.pathname === "/checkout");
    await heading(page, "Pay by bank transfer or check").waitFor();
    expect(await page.getByTestId("payment-reference").textContent()).toBe(invoiceNumber);
    expect(await page.getByTestId("payment-instructions").textContent()).toContain("Amount due: $450.00");

    // Staff record the transfer and move the filing to mapping; the page links to the statement's mapping.
    await admin.reload();
    await admin.getByRole("button", { name: "Record transfer or check" }).click();
    await dialog(admin).getByLabel("Transfer reference or check number").fill("WIRE-4300");
    await dialog(admin).getByRole("button", { name: "Record payment" }).click();
    await expect.poll(() => state.textContent()).toBe("Paid");
    await admin.getByRole("button", { name: "Move to Mapping" }).click();
    await dialog(admin).getByRole("button", { name: "Move", exact: true }).click();
    await expect.poll(() => state.textContent()).toBe("Mapping");
    const mappings = admin.getByTestId("filing-mappings");
    await mappings.getByText("Not started").waitFor();
    await mappings.getByRole("link", { name: fileName }).click();
    await admin.waitForURL((u) => u.pathname === `/admin/statement-mapping/mapping/${fileId}`);

    // Staff map with the suggestions, from the keyboard.
    await heading(admin, `Mapping: ${fileName}`).waitFor();
    await admin.getByText("You hold this mapping").waitFor();
    await mappingLine(admin, "Residential rent").getByTestId("suggestion-reason").first().waitFor();
    await mappingLine(admin, "Residential rent").focus();
    await admin.keyboard.press("a");
    await admin.keyboard.press("a");
    await expect.poll(() => targetOf(admin, "Residential rent")).toMatch(/^rpie\.J\.1/);
    await expect.poll(() => targetOf(admin, "Commercial rent")).toBe("rpie.J.3");
    await admin.keyboard.press("Enter");
    await admin.keyboard.type("sale of other");
    await admin.keyboard.press("Enter");
    await expect.poll(() => targetOf(admin, "Laundry income")).toBe("rpie.J.10d");
    await mappingLine(admin, "Total income").focus();
    await admin.keyboard.press("s");
    await expect.poll(() => targetOf(admin, "Total income")).toBe("ignore:subtotal");
    await admin.getByRole("textbox", { name: "Confidence at least" }).click();
    await admin.getByRole("option", { name: "40%" }).click();
    await admin.getByRole("button", { name: "Accept all suggestions above this" }).click();
    await expect.poll(() => targetOf(admin, "Insurance")).toBe("rpie.L.7");
    await expect.poll(() => targetOf(admin, "Real estate taxes")).toMatch(/^rpie\.excluded\./);
    await admin.getByTestId("unassigned-count").getByText("0 lines without a field").waitFor();
    await admin.keyboard.press("Control+s");
    await admin.getByTestId("save-status").getByText("All changes saved").waitFor();

    // Reconcile: explain every flag (the excluded real estate taxes at least), then mark ready.
    const markReady = admin.getByRole("button", { name: "Mark ready" });
    await admin.getByTestId("flag").filter({ hasText: "Total expenses" }).waitFor();
    expect(await markReady.isDisabled()).toBe(true);
    for (const flag of await admin.getByTestId("flag").all()) {
      if ((await flag.getByText("Explained").count()) > 0) continue;
      await flag.getByLabel("Explanation").fill("Real estate taxes are excluded from the RPIE");
      await flag.getByLabel("Explanation").blur();
    }
    await expect.poll(() => markReady.isDisabled()).toBe(false);
    await markReady.click();
    await admin.getByTestId("mapping-status").getByText("Ready").waitFor();
    await admin.getByText("The filing moved to Ready to file").waitFor();

    // The filing moved on its own; staff mark it filed with the city's confirmation number.
    await admin.goto(`/admin/filings/${filingId}`);
    await expect.poll(() => state.textContent()).toBe("Ready to file");
    await admin.getByTestId("filing-mappings").getByText("Ready").waitFor();
    await admin.getByRole("button", { name: "Mark filed" }).click();
    await dialog(admin).getByLabel("Confirmation number").fill("RPIE-JOURNEY-4300");
    await dialog(admin).getByLabel("Filing date").fill(yesterday());
    await dialog(admin).getByRole("button", { name: "Mark filed" }).click();
    await expect.poll(() => state.textContent()).toBe("Filed");
    await staff.context.close();

    // The owner sees Filed and downloads the PDF that was filed.
    await page.goto("/dashboard/filings");
    await expect.poll(() => card.getByTestId("filing-state").textContent()).toBe("Filed");
    expect(await card.getByTestId("confirmation-number").textContent()).toContain("RPIE-JOURNEY-4300");
    const docs = card.getByTestId("filed-documents");
    await docs.getByRole("button", { name: "Workbook (Excel)" }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      docs.getByRole("button", { name: "Worksheet (PDF)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`rpie-${YEAR}-${BBL.replaceAll("-", "")}.pdf`);
    const bytes = await readFile((await download.path()) as string);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = (await pdfPages(new Uint8Array(bytes))).flat().join("\n");
    expect(text).toContain(BBL);
    expect(text).toContain("43 Journey Lane");
    await owner.context.close();
  }, 240_000);
});
