import { PDFDocument } from "pdf-lib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshPage, heading, registerConfirmedUser, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { launchBrowser, uniqueEmail } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const dialog = (page: Page) => page.getByRole("dialog");

async function tinyPdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(text);
  return Buffer.from(await doc.save());
}
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe("filing pipeline", () => {
  it("takes a filing from start to filed: quote, invoice, bank transfer, staff moves, timeline and PDF", async () => {
    const email = uniqueEmail("filing");
    const password = "filing-password-123";
    await registerConfirmedUser(email, password, "Fiona Filer");
    const owner = await freshPage(browser, { width: 1280, height: 900 });
    const page = owner.page;
    await signIn(page, email, password);
    const token = await page.evaluate(() => localStorage.getItem("accessToken"));
    const auth = { authorization: `Bearer ${token}` };

    // An owner cannot reach the staff queue, on screen or through the API.
    await page.goto("/admin/filings");
    await heading(page, "403: Forbidden").waitFor();
    expect((await page.request.get("/api/admin/filings", { headers: auth })).status()).toBe(403);

    // A property through the API.
    const address = `${Math.floor(Math.random() * 900) + 100} Filing Test Ave`;
    const prop = await page.request.post("/api/bbl", {
      headers: auth,
      data: { bbl: "1-01120-0040", address, residentialUnits: 24, commercialUnits: 1 },
    });
    expect(prop.status()).toBe(201);

    // The owner starts a filing from the Filings page (Main flow nav) and says documents are sent.
    await page.goto("/dashboard/properties");
    await page.getByRole("navigation").getByRole("link", { name: "Filings" }).first().click();
    await page.waitForURL((u) => u.pathname === "/dashboard/filings");
    await heading(page, "Filings").waitFor();
    const year = new Date().getFullYear();
    await page.getByRole("button", { name: `Start filing for ${year}` }).click();
    await dialog(page).getByRole("button", { name: "Start filing" }).click();
    const card = page.getByTestId("filing-card");
    await card.waitFor();
    await expect.poll(() => card.getByTestId("filing-state").textContent()).toBe("Documents requested");
    const filingId = (await card.getAttribute("data-filing-id")) as string;
    await card.getByRole("button", { name: "Documents sent" }).click();
    await dialog(page).getByRole("button", { name: "Yes, documents sent" }).click();
    await expect.poll(() => card.getByTestId("filing-state").textContent()).toBe("Documents received");

    // Staff, in a second browser: the queue, the filing, in review, a priced quote sent.
    const staff = await freshPage(browser, { width: 1280, height: 900 });
    const admin = staff.page;
    await signIn(admin, inject("adminEmail"), inject("adminPassword"));
    await admin.goto("/admin");
    await admin.getByRole("navigation").getByRole("link", { name: "Filings" }).last().click();
    await admin.waitForURL((u) => u.pathname === "/admin/filings");
    // Counts per state: at least this filing waits in Documents received; the chip filters to it.
    const chip = admin.locator("label").filter({ hasText: /^Documents received \(\d+\)$/ });
    await expect
      .poll(async () => Number((await chip.textContent())?.match(/\((\d+)\)/)?.[1]))
      .toBeGreaterThan(0);
    await chip.click();
    const row = admin.locator(`[data-testid=admin-filing-row][data-filing-id="${filingId}"]`);
    await row.getByRole("link").click();
    await admin.waitForURL((u) => u.pathname === `/admin/filings/${filingId}`);
    const state = admin.getByTestId("admin-filing-state");
    await expect.poll(() => state.textContent()).toBe("Documents received");
    await admin.getByRole("button", { name: "Move to In review" }).click();
    await dialog(admin).getByRole("button", { name: "Move", exact: true }).click();
    await expect.poll(() => state.textContent()).toBe("In review");

    // Staff ask a question; the owner sees it on the timeline and answers with a file.
    await admin.getByRole("button", { name: "Ask for information" }).click();
    await dialog(admin)
      .getByLabel(/Message to the owner/)
      .fill("Please send the 2025 rent roll.");
    await dialog(admin).getByRole("button", { name: "Send question" }).click();
    await expect.poll(() => state.textContent()).toBe("Needs information");
    await page.reload();
    await expect.poll(() => card.getByTestId("filing-state").textContent()).toBe("Needs information");
    expect(await card.getByTestId("filing-question").textContent()).toContain(
      "Please send the 2025 rent roll.",
    );
    expect(await seriousViolations(page)).toEqual([]);
    await card.getByLabel(/Your answer/).fill("Attached.");
    await card.locator("input[type=file]").setInputFiles({
      name: "rent-roll-2025.pdf",
      mimeType: "application/pdf",
      buffer: await tinyPdf("Rent roll"),
    });
    await card.getByRole("button", { name: "Send answer" }).click();
    await expect.poll(() => card.getByTestId("filing-state").textContent()).toBe("In review");
    // The staff page still shows the question: its move is refused (409) and the refusal is shown.
    await admin.getByRole("button", { name: "Move to In review" }).click();
    await dialog(admin).getByRole("button", { name: "Move", exact: true }).click();
    await expect.poll(() => admin.getByTestId("refusal").textContent()).toContain("changed by someone else");
    await expect.poll(() => state.textContent()).toBe("In review");
    expect(await admin.getByText("Attached.").count()).toBeGreaterThan(0);

    await admin.getByLabel("Line 1 unit price ($)").fill("450");
    await admin.getByRole("button", { name: "Add line" }).click();
    await admin.getByLabel("Line 2 quantity").fill("2");
    await admin.getByLabel("Line 2 unit price ($)").fill("75.50");
    await expect.poll(() => admin.getByTestId("quote-editor-total").textContent()).toBe("Total $601.00");
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.getByRole("button", { name: "Send quote" }).click();
    await expect.poll(() => state.textContent()).toBe("Quoted");

    // The owner sees the quote, accepts it (with a confirmation) and gets the invoice.
    await page.reload();
    await card.getByTestId("filing-quote").waitFor();
    expect(await card.getByTestId("quote-total").textContent()).toBe("$601.00");
    await card.getByRole("button", { name: "Accept quote" }).click();
    await dialog(page).getByRole("button", { name: "Accept quote" }).click();
    const invoiceLink = card.getByTestId("filing-invoice-link");
    await invoiceLink.waitFor();
    const invoiceNumber = ((await invoiceLink.textContent()) ?? "").replace("Invoice ", "");
    expect(invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);

    await page.goto("/dashboard/invoices");
    const invoiceRow = page.getByTestId("invoice-row").filter({ hasText: invoiceNumber });
    await invoiceRow.waitFor();
    expect(await invoiceRow.textContent()).toContain("$601.00");
    expect(await invoiceRow.getByTestId("invoice-status").textContent()).toBe("Unpaid");
    await invoiceRow.getByRole("link", { name: invoiceNumber }).click();
    await heading(page, `Invoice ${invoiceNumber}`).waitFor();
    await page.getByRole("link", { name: "Pay" }).click();
    await page.waitForURL((u) => u.pathname === "/checkout");
    await heading(page, "Pay by bank transfer or check").waitFor();
    expect(await page.getByTestId("payment-reference").textContent()).toBe(invoiceNumber);
    expect(await page.getByTestId("payment-instructions").textContent()).toContain("Amount due: $601.00");

    // Staff record the transfer, then map, ready and file it.
    await admin.reload();
    await admin.getByRole("button", { name: "Record transfer or check" }).click();
    await dialog(admin).getByLabel("Transfer reference or check number").fill("WIRE-77");
    await dialog(admin).getByRole("button", { name: "Record payment" }).click();
    await expect.poll(() => admin.getByTestId("admin-invoice-status").textContent()).toBe("Paid");
    await expect.poll(() => state.textContent()).toBe("Paid");
    await admin.getByRole("button", { name: "Move to Mapping" }).click();
    await dialog(admin).getByRole("button", { name: "Move", exact: true }).click();
    await expect.poll(() => state.textContent()).toBe("Mapping");
    await admin.getByRole("button", { name: "Move to Ready to file" }).click();
    await dialog(admin).getByRole("button", { name: "Move", exact: true }).click();
    await expect.poll(() => state.textContent()).toBe("Ready to file");
    await admin.getByRole("button", { name: "Mark filed" }).click();
    await dialog(admin).getByLabel("Confirmation number").fill("RPIE-CONF-4711");
    await dialog(admin).getByLabel("Filing date").fill(yesterday());
    await dialog(admin).getByRole("button", { name: "Mark filed" }).click();
    await expect.poll(() => state.textContent()).toBe("Filed");
    // The staff screens fit a phone.
    const fits = async (p: Page) => (await p.evaluate(() => document.documentElement.scrollWidth)) <= 375;
    await admin.setViewportSize({ width: 375, height: 740 });
    await expect.poll(() => fits(admin)).toBe(true);
    await admin.goto("/admin/filings");
    await admin.locator(`[data-testid=admin-filing-row][data-filing-id="${filingId}"]`).waitFor();
    await expect.poll(() => fits(admin)).toBe(true);
    await staff.context.close();

    // The owner sees Filed with the confirmation number, and downloads the invoice PDF.
    await page.goto("/dashboard/filings");
    await expect.poll(() => card.getByTestId("filing-state").textContent()).toBe("Filed");
    expect(await card.getByTestId("confirmation-number").textContent()).toContain("RPIE-CONF-4711");
    expect(await card.locator("[data-state=filed][data-status=done]").count()).toBe(1);
    await page.goto("/dashboard/properties");
    await expect.poll(() => page.getByTestId("property-filing-badge").textContent()).toBe(`${year}: Filed`);
    await page.goto("/dashboard/filings");
    await card.getByTestId("filing-invoice-link").click();
    await heading(page, `Invoice ${invoiceNumber}`).waitFor();
    expect(await page.getByTestId("invoice-status").textContent()).toBe("Paid");
    await page.setViewportSize({ width: 375, height: 740 });
    await expect.poll(() => fits(page)).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    const path = await download.path();
    const { readFile } = await import("node:fs/promises");
    expect((await readFile(path)).subarray(0, 5).toString()).toBe("%PDF-");
    await owner.context.close();
  }, 180_000); // a long journey: 47 s in the last full run on a loaded machine, near the 60 s default

  it("lets a signed-in owner request a penalty removal from /penalty-removal on a phone", async () => {
    const email = uniqueEmail("penalty");
    const password = "penalty-password-123";
    await registerConfirmedUser(email, password, "Pablo Penalty");
    const { context, page } = await freshPage(browser, { width: 375, height: 740 });
    await signIn(page, email, password);
    const token = await page.evaluate(() => localStorage.getItem("accessToken"));
    const prop = await page.request.post("/api/bbl", {
      headers: { authorization: `Bearer ${token}` },
      data: { bbl: "3-00250-0012", address: "250 Penalty Pl", residentialUnits: 12 },
    });
    expect(prop.status()).toBe(201);

    await page.goto("/penalty-removal");
    await page.getByRole("link", { name: "Sign in to request penalty removal" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/filings");
    const form = page.getByRole("dialog", { name: "Request penalty removal" });
    await form.waitFor();
    await form.locator("input[type=file]").setInputFiles({
      name: "penalty-notice.pdf",
      mimeType: "application/pdf",
      buffer: await tinyPdf("Notice of RPIE penalty"),
    });
    await form
      .getByLabel(/Why should the penalty be removed\?/)
      .fill("The statement was filed on time by the previous owner.");
    await form.getByRole("button", { name: "Request penalty removal" }).click();
    await form.waitFor({ state: "detached" });

    const card = page.getByTestId("filing-card");
    await card.waitFor();
    await expect.poll(() => card.getByTestId("filing-state").textContent()).toBe("Documents received");
    expect(await card.getByRole("heading", { level: 3 }).textContent()).toContain("Penalty removal");
    // Nothing wider than the phone screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
