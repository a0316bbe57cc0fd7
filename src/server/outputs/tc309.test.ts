import { describe, expect, it } from "vitest";
import { RPIE_EXAMPLE, TC201_EXAMPLE, TC203_EXAMPLE } from "../../../tests/fixtures/outputs";
import { pdfPages } from "../../../tests/fixtures/read-outputs";
import { renderAllOutputs, renderTc309Checklist, tc309Decision } from "./index";
import { prepareWorksheet } from "./worksheet";

const bodyOf = (pages: string[][]) => pages.flatMap((p) => p.slice(4, -1));

describe("renderTc309Checklist", () => {
  it("RPIE over both thresholds: why, what is required, what the report has, what is missing", async () => {
    const bytes = await renderTc309Checklist(RPIE_EXAMPLE);
    expect(bytes).not.toBeNull();
    const pages = await pdfPages(bytes as Uint8Array);
    for (const [i, page] of pages.entries()) {
      expect(page[0]).toBe("TC309 certification checklist");
      expect(page[1]).toBe(
        "BBL 1-01119-0036 (Manhattan) · Period 2024-01-01 to 2024-12-31 · Filing year 2025",
      );
      expect(page.at(-1)).toMatch(new RegExp(`Page ${i + 1} of ${pages.length}$`));
    }
    const body = bodyOf(pages);
    const text = body.join(" "); // notes wrap over lines
    expect(text).toContain(
      "The tentative actual assessed value $6,250,000.00 is at least $5,000,000.00 and the income $1,507,071.25 (lines J 12 + K 3) is over $100,000.00",
    );
    let at = 0;
    for (const want of [
      "What is required",
      "3 An unmodified (clean) audit opinion",
      "What the audit report has",
      "Auditor (firm) Marks Paneth LLP",
      "CPA licence number NY 091234",
      "Opinion type qualified",
      "Period audited 2024-01-01 to 2024-12-31",
      "Audited total income $1,507,671.25",
      "Audited total expenses missing",
      "What is missing",
      "1 A qualified opinion cannot support a TC309; the opinion must be unmodified",
      "2 The audited total expenses is missing",
      "Differences to explain before filing",
    ]) {
      const found = body.findIndex((l, i) => i >= at && l === want);
      expect(found, want).toBeGreaterThanOrEqual(at);
      at = found + 1;
    }
    expect(text).toContain(
      "The audited total income $1,507,671.25 differs from the worksheet's $1,507,071.25",
    );
  });

  it("TC201 with no audit report: everything is missing", async () => {
    const body = bodyOf(await pdfPages((await renderTc309Checklist(TC201_EXAMPLE)) as Uint8Array));
    for (const line of [
      "Auditor (firm) missing",
      "1 The auditor is missing",
      "2 The CPA licence number is missing",
      "3 The opinion type is missing",
      "4 The audited period is missing",
      "5 The audited total income is missing",
      "6 The audited total expenses is missing",
    ])
      expect(body).toContain(line);
  });

  it("a complete, unmodified audit that matches the worksheet: nothing missing, nothing to explain", async () => {
    const w = prepareWorksheet(TC201_EXAMPLE);
    const input = {
      ...TC201_EXAMPLE,
      audit: {
        tentativeAav: 14_000_000,
        report: {
          auditor: "Grant & Rhee CPAs",
          cpaLicence: "NY 104455",
          opinion: "unmodified" as const,
          periodStart: "2024-01-01",
          periodEnd: "2024-12-31",
          totalIncome: w.totals["tc201.6.l"] ?? 0,
          totalExpenses: w.totals["tc201.7.o"] ?? 0,
        },
      },
    };
    const body = bodyOf(await pdfPages((await renderTc309Checklist(input)) as Uint8Array));
    expect(body).toContain("Nothing: the audit report supports the TC309 certification.");
    expect(body).not.toContain("Differences to explain before filing");
  });

  it("appears only when required", async () => {
    // TC203 example: tentative AAV $3,900,000, under the threshold
    expect(await renderTc309Checklist(TC203_EXAMPLE)).toBeNull();
    expect((await renderAllOutputs(TC203_EXAMPLE)).tc309).toBeNull();
    expect((await renderAllOutputs(RPIE_EXAMPLE)).tc309).not.toBeNull();
    // no tentative AAV: the test cannot be made, no checklist
    expect(await renderTc309Checklist({ ...RPIE_EXAMPLE, audit: null })).toBeNull();
    // AAV exactly $5,000,000 counts; income exactly $100,000 does not
    const small = { ...TC201_EXAMPLE, amounts: { "tc201.6.a": 100_000 }, itemisations: {} };
    expect(await renderTc309Checklist({ ...small, audit: { tentativeAav: 5_000_000 } })).toBeNull();
    const over = { ...small, amounts: { "tc201.6.a": 100_000.01 } };
    expect(await renderTc309Checklist({ ...over, audit: { tentativeAav: 5_000_000 } })).not.toBeNull();
    expect(await renderTc309Checklist({ ...over, audit: { tentativeAav: 4_999_999.99 } })).toBeNull();
  });

  it("says why it does or does not apply", () => {
    const w = prepareWorksheet(TC203_EXAMPLE);
    expect(tc309Decision(w, TC203_EXAMPLE.audit)).toEqual({
      required: false,
      reason: "The tentative actual assessed value $3,900,000.00 is under $5,000,000.00",
      tentativeAav: 3_900_000,
      income: 2_122_750,
    });
    expect(tc309Decision(w, { tentativeAav: 9_000_000 }).required).toBe(true);
    expect(tc309Decision(w, null).reason).toBe("No tentative AAV was given, so the TC309 test was not made");
  });
});
