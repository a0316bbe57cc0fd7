import { describe, expect, it } from "vitest";
import { auditProblemsForTc309 } from "./audit";
import { auditReportFromText } from "./audit-text";

const REPORT = `
HARRIS & WEBB LLP
Certified Public Accountants
INDEPENDENT AUDITOR'S REPORT
To the Owners of 12 Test Street LLC
Opinion
We have audited the accompanying statement of income and expenses of 12 Test Street LLC
for the year ended December 31, 2024, and the related notes.
In our opinion, the statement referred to above presents fairly, in all material respects,
the income and expenses of the property for the year ended December 31, 2024.
Basis for Opinion
STATEMENT OF INCOME AND EXPENSES
Total income 1,204,800.00
Total operating expenses 612,300.50
Net operating income 592,499.50
/s/ Harris & Webb LLP
New York State CPA License No. 087654
March 14, 2025
`;

describe("auditReportFromText", () => {
  it("suggests the firm, licence, opinion, period and audited totals of a clean report", () => {
    const { fields, evidence } = auditReportFromText(REPORT);
    expect(fields).toEqual({
      auditor: "Harris & Webb LLP",
      cpaLicence: "087654",
      opinion: "unmodified",
      periodStart: "2024-01-01",
      periodEnd: "2024-12-31",
      totalIncome: 1_204_800,
      totalExpenses: 612_300.5,
    });
    expect(evidence.totalIncome).toBe("Total income 1,204,800.00");
    expect(auditProblemsForTc309(fields)).toEqual([]);
  });

  it("reads a qualified or adverse opinion, a fiscal-year period, and what it cannot find is left out", () => {
    const qualified = auditReportFromText(
      "Qualified Opinion\nExcept for the effects of the matter described, the statement presents fairly, in all material respects, the income for the period from July 1, 2023 through June 30, 2024.",
    );
    expect(qualified.fields).toEqual({
      opinion: "qualified",
      periodStart: "2023-07-01",
      periodEnd: "2024-06-30",
    });
    expect(auditProblemsForTc309(qualified.fields)).toContain(
      "A qualified opinion cannot support a TC309; the opinion must be unmodified",
    );
    expect(auditReportFromText("Adverse Opinion\nthe statement does not present fairly").fields.opinion).toBe(
      "adverse",
    );
    expect(auditReportFromText("We do not express an opinion on the statement.").fields.opinion).toBe(
      "disclaimer",
    );
    expect(auditReportFromText("Rent roll, unit 4B").fields).toEqual({});
  });
});
