import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshPage, heading, registerConfirmedUser, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { launchBrowser, uniqueEmail } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** An audit report as a text PDF, a line of text per line. */
async function auditReportPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  [
    "HARRIS & WEBB LLP",
    "INDEPENDENT AUDITOR'S REPORT",
    "In our opinion, the statement presents fairly, in all material respects, the income and",
    "expenses of the property for the year ended December 31, 2024.",
    "Total income 1,204,800.00",
    "Total operating expenses 612,300.50",
    "/s/ Harris & Webb LLP",
    "New York State CPA License No. 087654",
  ].forEach((text, i) => {
    page.drawText(text, { x: 50, y: 740 - i * 18, size: 10, font });
  });
  return Buffer.from(await doc.save());
}

describe("audit report into the TC309 (staff)", () => {
  it("staff open the filing's audit report, see the suggested fields, correct one and save", async () => {
    // The owner: a property over the TC309 AAV, its 2025 filing and the 2024 audit report, through the API.
    const email = uniqueEmail("audit-owner");
    await registerConfirmedUser(email, "audit-password-123", "Avery Owner");
    const owner = await freshPage(browser);
    await signIn(owner.page, email, "audit-password-123");
    const token = await owner.page.evaluate(() => localStorage.getItem("accessToken"));
    const auth = { authorization: `Bearer ${token}` };
    const prop = await owner.page.request.post("/api/bbl", {
      headers: auth,
      data: {
        bbl: "1-01120-0043",
        address: "43 Audit Ave",
        residentialUnits: 40,
        commercialUnits: 2,
        aav: 6_250_000,
      },
    });
    expect(prop.status()).toBe(201);
    const propertyId = ((await prop.json()) as { id: string }).id;
    const filing = await owner.page.request.post("/api/filings", {
      headers: auth,
      data: { propertyId, year: 2025 },
    });
    expect(filing.status()).toBe(201);
    const filingId = ((await filing.json()) as { id: string }).id;
    const up = await owner.page.request.post("/api/file/upload", {
      headers: auth,
      multipart: {
        bblId: propertyId,
        documentType: "audit_report",
        statementYear: "2024",
        file: { name: "audit-2024.pdf", mimeType: "application/pdf", buffer: await auditReportPdf() },
      },
    });
    expect(up.status()).toBe(201);
    const fileId = ((await up.json()) as { id: string }).id;
    await expect
      .poll(
        async () =>
          (
            (await (await owner.page.request.get(`/api/file/${fileId}`, { headers: auth })).json()) as {
              status: string;
            }
          ).status,
        { timeout: 60_000, interval: 500 },
      )
      .toBe("extracted");
    await owner.context.close();

    // Staff on a phone: the filing's card leads to the audit report screen.
    const staff = await freshPage(browser, { width: 390, height: 844 });
    const page = staff.page;
    await signIn(page, inject("adminEmail"), inject("adminPassword"));
    await page.goto(`/admin/filings/${filingId}`);
    await page.getByTestId("filing-tc309").waitFor();
    await page.getByRole("link", { name: "Map the audit report" }).click();
    await page.waitForURL((u) => u.pathname === `/admin/statement-mapping/audit-report/${filingId}`);
    await heading(page, "Audit report and TC309").waitFor();
    // Neither a mapped statement nor saved facts give the income yet.
    await expect.poll(() => page.getByTestId("tc309-decision").textContent()).toContain("Cannot tell yet");

    const auditor = page.getByLabel("Auditor (firm)");
    await expect.poll(() => auditor.inputValue()).toBe("Harris & Webb LLP");
    await page.getByText("Read from the audit report: “/s/ Harris & Webb LLP”").waitFor();
    const licence = page.getByLabel("CPA licence number");
    expect(await licence.inputValue()).toBe("087654");
    expect(await seriousViolations(page)).toEqual([]);

    // Staff correct the licence (the scan dropped a digit, say) and save with the keyboard.
    await licence.fill("0876543");
    await licence.press("Enter");
    await page.getByText("Audit report facts saved.").waitFor();
    // The saved audited income decides it: required, and the saved facts support it (no flags).
    await expect.poll(() => page.getByTestId("tc309-decision").textContent()).toContain("Required");
    expect(await page.getByTestId("tc309-flags").count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByLabel("CPA licence number").inputValue()).toBe("0876543");
    await page
      .getByText(/^Saved by /)
      .first()
      .waitFor();
    await staff.context.close();
  }, 180_000);
});
