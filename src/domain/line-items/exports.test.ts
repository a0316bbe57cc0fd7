import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { exportFixture } from "../../../tests/fixtures/statement-exports/pages";
import { defaultColumn } from "./columns";
import { parseRows, parseWordPages } from "./parse";
import { checkTotals } from "./structure";

/**
 * Statements laid out like the exports owners send (issue 23), as the PDF text layer of a
 * fixed-width export (tests/fixtures/statement-exports/*.txt): what staff see after extraction.
 */
function read(name: string) {
  const parsed = parseWordPages(exportFixture(name));
  const chosen = defaultColumn(parsed.layout.columns, parsed.layout.year);
  const at = (label: string) => {
    const found = parsed.items.filter((i) => i.label === label);
    expect(found, `one line "${label}"`).toHaveLength(1);
    return found[0]?.amounts[chosen.index];
  };
  return {
    parsed,
    chosen,
    column: parsed.layout.columns[chosen.index]?.label,
    labels: parsed.items.map((i) => i.label),
    at,
    failed: checkTotals(parsed.items, chosen.index).filter((c) => !c.ok),
  };
}

describe("the default column is the statement year's annual figure", () => {
  it("Yardi budget comparison (PTD/YTD, budget, variance, % columns): YTD actual", () => {
    const s = read("yardi-budget-comparison.txt");
    expect(s.column).toBe("YTD Actual");
    expect(s.chosen.why).toBe("ytd");
    expect(s.parsed.layout.skippedColumns.map((c) => c.kind)).toContain("percent");
    expect(s.at("Residential Rent")).toBe(1_172_300);
    expect(s.at("NOI - Net Operating Income")).toBe(873_530);
  });

  it("AppFolio 12-month statement (a heading under the column header): the Total column, not January", () => {
    const s = read("appfolio-12-month.txt");
    expect(s.parsed.layout.columns.map((c) => c.label)).toEqual([
      ...["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].map(
        (m) => `${m} 2024`,
      ),
      "Total",
    ]);
    expect(s.column).toBe("Total");
    expect(s.chosen.why).toBe("twelve-month-total");
    expect(s.at("Rent Income")).toBe(147_000);
    expect(s.at("Insurance")).toBe(6_000);
    // Blank months stay blank: the late fees of April and September are not slid leftwards.
    const lateFees = s.parsed.items.find((i) => i.label === "Late Fees")?.amounts;
    expect(lateFees).toEqual([100, null, null, 50, null, null, null, null, 75, null, null, null, 225]);
  });

  it("accountant's comparative statement: the 2024 column, not 2023 or the change", () => {
    const s = read("compiled-comparative.txt");
    expect(s.column).toBe("2024");
    expect(s.parsed.layout.columns.find((c) => c.label === "Change")?.role).toBe("variance");
    expect(s.at("Repairs and maintenance")).toBe(61_450);
  });

  it("RealPage with group headers between rules ('---- Current Month ----'): YTD actual, and the rule line is no item", () => {
    const s = read("realpage-two-row-header.txt");
    expect(s.column).toBe("Year to Date Actual");
    expect(s.parsed.layout.columns.map((c) => c.role)).toEqual([
      "actual",
      "budget",
      "variance",
      "actual",
      "budget",
      "variance",
    ]);
    expect(s.labels[0]).toBe("Gross Potential Rent");
    expect(s.at("Local Law 11 / FISP")).toBe(62_500);
    // A blank month cell stays blank; the budget beside it is not taken for the actual.
    expect(s.parsed.items.find((i) => i.label === "Concessions")?.amounts.slice(0, 3)).toEqual([
      null,
      -1_000,
      1_000,
    ]);
    expect(s.failed).toEqual([]);
  });

  it("MRI with CURRENT PERIOD / YEAR TO DATE over two header rows: year to date", () => {
    const s = read("mri-caps-sections.txt");
    expect(s.column).toBe("YEAR TO DATE");
    expect(s.at("J-51 ABATEMENT")).toBe(-13_200);
    expect(s.at("NET OPERATING INCOME")).toBe(953_279.56);
    expect(s.labels).not.toContainEqual(expect.stringMatching(/date:|time:|page:|period ended/i));
    expect(s.failed).toEqual([]);
  });

  it("QuickBooks P&L with one column: that column", () => {
    const s = read("quickbooks-credits.txt");
    expect(s.column).toBe("Jan - Dec 24");
    expect(s.chosen.why).toBe("only");
  });
});

describe("no spurious line items", () => {
  it("report parameters, run date and page number of a Yardi export are not items", () => {
    expect(read("yardi-budget-comparison.txt").labels).toEqual([
      "Residential Rent",
      "Vacancy Loss",
      "Laundry Income",
      "Total Income",
      "Payroll",
      "Fuel Oil",
      "Repairs & Maintenance",
      "Total Expenses",
      "NOI - Net Operating Income",
    ]);
  });

  it("an AppFolio footer with the creation date and page number is not an item", () => {
    const s = read("appfolio-12-month.txt");
    expect(s.labels).not.toContainEqual(expect.stringMatching(/created|page/i));
    expect(s.labels).toHaveLength(7);
  });

  it("the period title, page numbers and the notes' maturity table of a compiled statement are not items", () => {
    const s = read("compiled-comparative.txt");
    expect(s.labels).toEqual([
      "Rental income",
      "Tenant reimbursements",
      "Total revenues",
      "Real estate taxes",
      "Repairs and maintenance",
      "Insurance",
      "Total operating expenses",
      "Income before real estate taxes, interest and depreciation",
    ]);
  });

  it("totals and 'Total for' hierarchies are totals that add up, not items", () => {
    for (const name of [
      "yardi-budget-comparison.txt",
      "appfolio-12-month.txt",
      "compiled-comparative.txt",
      "quickbooks-credits.txt",
    ]) {
      const s = read(name);
      expect(s.failed, name).toEqual([]);
      const totals = s.parsed.items.filter((i) => i.isTotal).map((i) => i.label);
      expect(totals.length, name).toBeGreaterThan(0);
      for (const t of totals) expect(t, name).toMatch(/^(?:total|net|noi|income before)\b/i);
    }
    const qb = read("quickbooks-credits.txt").parsed.items;
    expect(qb.filter((i) => !i.isTotal).map((i) => i.label)).toEqual([
      "Apartment Rents",
      "Concessions",
      "Repairs",
      "Electricity",
      "Insurance Premium",
      "Insurance Refund",
    ]);
  });
});

describe("signs and account numbers", () => {
  it("negatives in parentheses", () => {
    const s = read("yardi-budget-comparison.txt");
    expect(s.at("Vacancy Loss")).toBe(-21_880);
    expect(
      read("compiled-comparative.txt").parsed.items.find((i) => i.label === "Tenant reimbursements")?.amounts,
    ).toEqual([38_400, 41_250, -2_850]);
  });

  it("a trailing minus and a CR credit are negative, and the credit line is kept", () => {
    const s = read("quickbooks-credits.txt");
    expect(s.at("Concessions")).toBe(-6_200);
    expect(s.at("Insurance Refund")).toBe(-1_150);
    expect(s.at("Total 6300 · Insurance")).toBe(16_850);
  });

  it("account numbers beside names are kept out of the label and the amounts", () => {
    const yardi = read("yardi-budget-comparison.txt").parsed.items.find((i) => i.label === "Payroll");
    expect(yardi?.account).toBe("6110-0000");
    const qb = read("quickbooks-credits.txt").parsed.items.find((i) => i.label === "Apartment Rents");
    expect(qb?.account).toBe("4010");
    expect(qb?.amounts).toEqual([512_400]);
  });
});

describe("a page break inside the expenses (Buildium)", () => {
  it("neither splits nor duplicates an item, and the expense total still adds up", () => {
    const s = read("buildium-page-break.txt");
    expect(s.labels).toEqual([
      "Rent Income",
      "Total Income",
      "Cleaning and Maintenance",
      "Electricity",
      "Heating Oil",
      "Landscaping and Snow Removal",
      "Management Fees",
      "Water and Sewer",
      "Total Expenses",
      "Net Operating Income",
    ]);
    const expenses = s.parsed.items.filter((i) => i.section === "Expenses" && !i.isTotal);
    expect(expenses.map((i) => i.page)).toEqual([1, 1, 1, 1, 2, 2]);
    expect(s.at("Landscaping and Snow Removal")).toBe(6_750);
    expect(s.parsed.layout.year).toBe(2024);
    expect(s.failed).toEqual([]);
    const total = s.parsed.items.find((i) => i.label === "Total Expenses");
    expect(total?.parts).toHaveLength(6);
  });
});

describe("a QuickBooks Online export saved as a spreadsheet", () => {
  const rows = JSON.parse(
    readFileSync(
      new URL("../../../tests/fixtures/statement-exports/quickbooks-online-rows.json", import.meta.url),
      "utf8",
    ),
  );
  const parsed = parseRows(rows);

  it("reads 'Total for …' as a total, a CR cell as a credit, and the footer as nothing", () => {
    expect(parsed.items.map((i) => [i.account ?? null, i.label, i.amounts[0], i.isTotal])).toEqual([
      ["4010", "Apartment Rents", 412_000, false],
      ["4020", "Concessions", -3_500, false],
      [null, "Total for 4000 Rental Income", 408_500, true],
      ["4400", "Insurance Recovery", -2_300, false],
      [null, "Total Income", 406_200, true],
      ["6100", "Repairs", 18_250.5, false],
      [null, "Total Expenses", 18_250.5, true],
      [null, "Net Operating Income", 387_949.5, true],
    ]);
    expect(checkTotals(parsed.items, 0).filter((c) => !c.ok)).toEqual([]);
  });
});
