import { describe, expect, it } from "vitest";
import { defaultColumn } from "./columns";
import { parsePages, parseRows, parseText, parseWordPages } from "./parse";
import { checkTotals } from "./structure";
import type { Word, WordPage } from "./types";
import { isPeriodTitle, sectionHeading, totalKind } from "./vocabulary";

/**
 * A page laid out like a PDF: each row is [label, ...cells], labels at x=50, cells
 * right-aligned at the given right edges (a null cell is blank); 10-point text.
 */
function page(
  number: number,
  rows: (string | null)[][],
  rights: number[],
  opts: { y?: number } = {},
): WordPage {
  const words: Word[] = [];
  let y = opts.y ?? 60;
  const w = (s: string) => s.length * 5;
  for (const [label, ...cells] of rows) {
    if (label) {
      let x = 50;
      for (const part of label.split(" ")) {
        words.push({ text: part, x0: x, x1: x + w(part), y0: y, y1: y + 10 });
        x += w(part) + 3;
      }
    }
    cells.forEach((c, i) => {
      if (!c) return;
      const right = rights[i] as number;
      const parts = c.split(" ");
      let x = right - w(c) - 3 * (parts.length - 1);
      for (const part of parts) {
        words.push({ text: part, x0: x, x1: x + w(part), y0: y, y1: y + 10 });
        x += w(part) + 3;
      }
    });
    y += 14;
  }
  return { number, width: 612, height: 792, words, source: "text" };
}

describe("columns by position", () => {
  const rights = [330, 400, 470];
  const parsed = parseWordPages([
    page(
      1,
      [
        ["Acme Realty LLC"],
        ["Statement of Revenue and Expenses"],
        ["For the Years Ended December 31, 2024 and 2023"],
        [null, "2024", "2023", "% of income"],
        ["INCOME"],
        ["Rent", "100,000", "95,000", "80.0%"],
        ["Laundry", null, "1,200", null],
        ["Parking", "25,000", null, "20.0%"],
        ["Total income", "125,000", "96,200", "100.0%"],
        ["EXPENSES"],
        ["Insurance", "(1,500)", "12,000", "-1.2%"],
        ["Total expenses", "(1,500)", "12,000", "-1.2%"],
        ["Net operating income", "126,500", "84,200", "101.2%"],
        ["Page 1"],
      ],
      rights,
    ),
  ]);

  it("reads the header, leaves the percentage column out and keeps blank cells blank", () => {
    expect(parsed.layout.columns.map((c) => c.label)).toEqual(["2024", "2023"]);
    expect(parsed.layout.skippedColumns).toEqual([{ label: "% of income", kind: "percent" }]);
    expect(parsed.items.map((i) => [i.label, i.amounts])).toEqual([
      ["Rent", [100000, 95000]],
      ["Laundry", [null, 1200]],
      ["Parking", [25000, null]],
      ["Total income", [125000, 96200]],
      ["Insurance", [-1500, 12000]],
      ["Total expenses", [-1500, 12000]],
      ["Net operating income", [126500, 84200]],
    ]);
  });

  it("does not read the period title's year as an amount, nor the page number", () => {
    expect(parsed.items.some((i) => /years ended|page/i.test(i.label))).toBe(false);
    expect(parsed.layout.year).toBe(2024);
  });

  it("finds what each total adds up and checks it", () => {
    const total = parsed.items[3];
    expect(total?.isTotal).toBe(true);
    expect(total?.parts?.map((p) => p.line)).toEqual([0, 1, 2]);
    const noi = parsed.items[6];
    expect(noi?.parts).toEqual([
      { line: 3, sign: 1 },
      { line: 5, sign: -1 },
    ]);
    expect(checkTotals(parsed.items, 0).every((c) => c.ok)).toBe(true);
    expect(checkTotals(parsed.items, 1).every((c) => c.ok)).toBe(true);
  });

  it("chooses the statement year's column by default and says why", () => {
    const d = defaultColumn(parsed.layout.columns, parsed.layout.year);
    expect(d.index).toBe(0);
    expect(d.reason).toMatch(/2024/);
  });
});

describe("a total that does not add up", () => {
  it("is flagged with what its parts add up to", () => {
    const parsed = parseWordPages([
      page(
        1,
        [
          [null, "Amount"],
          ["EXPENSES"],
          ["Fuel", "9,000"],
          ["Electricity", "3,000"],
          ["Total expenses", "12,900"],
        ],
        [400],
      ),
    ]);
    const checks = checkTotals(parsed.items, 0);
    expect(checks).toEqual([
      { line: 2, column: 0, expected: 12000, found: 12900, difference: 900, ok: false },
    ]);
  });
});

describe("months across, total, sub-groups with their own totals", () => {
  const months = ["Dec 2024", "Nov 2024", "Total"];
  const parsed = parseWordPages([
    page(
      1,
      [
        ["12 Month Statement"],
        [null, ...months],
        ["EXPENSES"],
        ["UTILITIES"],
        ["6110-0000 Fuel Oil", "1,000.00", null, "1,000.00"],
        ["6120-0000 Electric", "200.00", "300.00", "500.00"],
        ["TOTAL UTILITIES", "1,200.00", "300.00", "1,500.00"],
        ["REPAIRS & MAINTENANCE"],
        ["6210-0000 Plumbing", null, "50.00", "50.00"],
        ["TOTAL REPAIRS & MAINTENANCE", null, "50.00", "50.00"],
        ["TOTAL OPERATING EXPENSES", "1,200.00", "350.00", "1,550.00"],
      ],
      [300, 380, 460],
    ),
  ]);

  it("keeps account numbers apart from the label", () => {
    expect(parsed.items[0]).toMatchObject({
      label: "Fuel Oil",
      account: "6110-0000",
      amounts: [1000, null, 1000],
    });
  });

  it("adds sub-group totals into the section total", () => {
    const total = parsed.items.find((i) => i.label === "TOTAL OPERATING EXPENSES");
    const names = total?.parts?.map((p) => parsed.items[p.line]?.label);
    expect(names).toEqual(["TOTAL UTILITIES", "TOTAL REPAIRS & MAINTENANCE"]);
    for (let c = 0; c < 3; c++) expect(checkTotals(parsed.items, c).every((x) => x.ok)).toBe(true);
  });

  it("picks the 12-month total, not the first month", () => {
    const d = defaultColumn(parsed.layout.columns, 2024);
    expect(parsed.layout.columns[d.index]?.label).toBe("Total");
    expect(d.reason).toMatch(/total/);
  });
});

describe("wrapped labels", () => {
  it("joins a label that wraps onto the line with its amounts", () => {
    const p = page(
      1,
      [
        [null, "Amount"],
        ["Revenue"],
        ["Real estate tax escalations billed to"],
        ["commercial tenants", "7,646"],
        ["Laundry", "1,000"],
      ],
      [400],
    );
    const parsed = parseWordPages([p]);
    expect(parsed.items.map((i) => i.label)).toEqual([
      "Real estate tax escalations billed to commercial tenants",
      "Laundry",
    ]);
  });

  it("joins a continuation under a line whose amounts are on its first line", () => {
    const p = page(
      1,
      [
        [null, "Amount"],
        ["Revenue"],
        ["Income before real estate taxes,", "7,646"],
        ["interest and depreciation"],
        ["Laundry", "1,000"],
      ],
      [400],
    );
    const parsed = parseWordPages([p]);
    expect(parsed.items[0]?.label).toBe("Income before real estate taxes, interest and depreciation");
  });
});

describe("notes to the statements and report parameters", () => {
  it("never become items", () => {
    const parsed = parseWordPages([
      page(
        1,
        [
          ["Book = Accrual ; Tree = ysi_is"],
          ["Entity: 0245 Book: ACCRUAL"],
          [null, "2024"],
          ["INCOME"],
          ["Rent", "10,000"],
          ["Total income", "10,000"],
          ["NOTES TO FINANCIAL STATEMENTS"],
          ["Principal payments for the next five years are:"],
          ["2025", "118,400"],
          ["2026", "123,450"],
        ],
        [400],
      ),
    ]);
    expect(parsed.items.map((i) => i.label)).toEqual(["Rent", "Total income"]);
  });
});

describe("a page without a header continues the previous page's columns", () => {
  it("by position", () => {
    const rights = [330, 430];
    const parsed = parseWordPages([
      page(1, [[null, "2024", "2023"], ["EXPENSES"], ["Fuel", "9,000", "8,000"]], rights),
      page(
        2,
        [
          ["Insurance", "5,000", null],
          ["Water", null, "700"],
        ],
        rights,
      ),
    ]);
    expect(parsed.items.map((i) => i.amounts)).toEqual([
      [9000, 8000],
      [5000, null],
      [null, 700],
    ]);
    expect(parsed.items[2]?.section).toBe("EXPENSES");
  });
});

describe("plain text (no positions)", () => {
  it("counts amounts from the right", () => {
    const r = parseText(
      "INCOME\nResidential rent $ 480,000 $ 465,000\nOther income — 1,250\nTotal income 480,000 466,250",
    );
    expect(r.items.map((i) => [i.label, i.amounts, i.isTotal])).toEqual([
      ["Residential rent", [480000, 465000], false],
      ["Other income", [0, 1250], false],
      ["Total income", [480000, 466250], true],
    ]);
  });

  it("drops titles repeated on every page", () => {
    const r = parsePages([
      { number: 1, text: "Acme Realty LLC 2023\nINCOME\nRent 100,000\n- 1 -" },
      { number: 2, text: "Acme Realty LLC 2023\nEXPENSES\nFuel 9,000\n- 2 -" },
    ]);
    expect(r.items.map((i) => [i.page, i.section, i.label])).toEqual([
      [1, "INCOME", "Rent"],
      [2, "EXPENSES", "Fuel"],
    ]);
  });
});

describe("spreadsheet rows", () => {
  it("reads cells as columns: blanks stay blank, percentages are left out, account codes kept apart", () => {
    const rows = [
      ["Acme Realty LLC", null, null],
      ["Account", "Description", 2024, 2023, "% of income"],
      ["REVENUE"],
      [4000, "Rental income", 250000, "240,000.00", "98.04%"],
      [4100, "Laundry", null, "(150)", null],
      [4200, "Parking", 5000, null, "1.96%"],
      [null, "Total revenue", 255000, 239850, "100.00%"],
    ];
    const r = parseRows(rows);
    expect(r.layout.columns.map((c) => c.label)).toEqual(["2024", "2023"]);
    expect(r.items.map((i) => [i.account ?? null, i.label, i.amounts])).toEqual([
      ["4000", "Rental income", [250000, 240000]],
      ["4100", "Laundry", [null, -150]],
      ["4200", "Parking", [5000, null]],
      [null, "Total revenue", [255000, 239850]],
    ]);
    expect(checkTotals(r.items, 0).every((c) => c.ok)).toBe(true);
  });
});

describe("vocabulary", () => {
  it.each([
    ["Total for Rental Income", "sum"],
    ["TOTAL OPERATING EXPENSES", "sum"],
    ["NOI - Net Operating Income", "net"],
    ["Gross Profit", "net"],
    ["Income before real estate taxes, interest and depreciation", "net"],
    ["Net Ordinary Income", "net"],
    ["Net income (loss)", "net"],
    ["Net rent", "maybe-net"],
    ["Gross Potential Rent", null],
    ["Less: vacancy loss", null],
  ])("%s is a total of kind %s", (label, kind) => {
    expect(totalKind(label)).toBe(kind);
  });

  it.each(["INCOME", "Income:", "REVENUE", "Operating Expenses", "Other income", "Debt Service"])(
    "%s is a section heading",
    (h) => {
      expect(sectionHeading(h)).not.toBeNull();
    },
  );

  it.each([
    "For the Years Ended December 31, 2024 and 2023",
    "Period = Jan 2024-Dec 2024",
    "As of 12/31/2024",
  ])("%s is a period title", (t) => {
    expect(isPeriodTitle(t)).toBe(true);
  });
});

describe("scans: dust read as letters between the figures", () => {
  // The dust sits just right of the month's figures (x 335–345), before the year's column.
  const rights = [330, 345, 430];
  const rows = [
    [null, "Dec 2024", null, "YTD 2024"],
    ["INCOME"],
    ["Residential Rent", "40,000.00", null, "480,000.00"],
    ["Commercial Rent - Retail", "$18,939.11", "i", "180,767.73"],
    ["Cell Tower License", null, "LnosABEEqs", "57,158.14"],
    ["Laundry Income", "1,200.00", "oe", "14,400.00"],
    ["Parking Income", "2,000.00", null, "24,000.00"],
  ];
  const want = [
    ["Residential Rent", [40000, 480000]],
    ["Commercial Rent - Retail", [18939.11, 180767.73]],
    ["Cell Tower License", [null, 57158.14]],
    ["Laundry Income", [1200, 14400]],
    ["Parking Income", [2000, 24000]],
  ];

  it("does not end the amounts or join them to the label on a scan", () => {
    const parsed = parseWordPages([{ ...page(1, rows, rights), source: "ocr" }]);
    expect(parsed.items.map((i) => [i.label, i.amounts])).toEqual(want);
  });

  it("leaves a speck between the label and the first column out of the label", () => {
    const specks = page(1, rows, rights);
    // "3" and "oe" read from dust at x 250, far right of "Retail" and "Income".
    for (const [label, text] of [
      ["Retail", "3"],
      ["Income", "oe"],
    ] as const) {
      const w = specks.words.find((x) => x.text === label) as Word;
      specks.words.push({ text, x0: 250, x1: 250 + text.length * 5, y0: w.y0, y1: w.y1 });
    }
    specks.words.sort((p, q) => p.y0 - q.y0 || p.x0 - q.x0);
    const parsed = parseWordPages([{ ...specks, source: "ocr" }]);
    expect(parsed.items.map((i) => [i.label, i.amounts])).toEqual(want);
  });
});
