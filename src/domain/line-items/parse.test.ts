import { describe, expect, it } from "vitest";
import { parsePages, parseRows, parseText, sectionHeading, splitLine } from "./parse";

describe("splitLine", () => {
  it("separates the label from the amounts at the end", () => {
    expect(splitLine("Real estate taxes ........ $ 12,000.00")).toEqual({
      label: "Real estate taxes",
      amounts: [12000],
    });
  });
  it("keeps several columns in order, with negatives and dashes", () => {
    expect(splitLine("Bad debt (1,200) 300- — $ 4,500")).toEqual({
      label: "Bad debt",
      amounts: [-1200, -300, 0, 4500],
    });
  });
  it("keeps numbers inside the label", () => {
    expect(splitLine("5010 Repairs - Unit 4B 1,500")).toEqual({
      label: "5010 Repairs - Unit 4B",
      amounts: [1500],
    });
  });
  it("does not read a date as an amount", () => {
    expect(splitLine("For the year ended December 31, 2023")).toEqual({
      label: "For the year ended December 31, 2023",
      amounts: [],
    });
  });
  it("skips percentage columns", () => {
    expect(splitLine("Management fee 24,000 4.0%")).toEqual({ label: "Management fee", amounts: [24000] });
  });
  it("joins parentheses split by spaces", () => {
    expect(splitLine("Vacancy loss ( 5,000 )")).toEqual({ label: "Vacancy loss", amounts: [-5000] });
  });
});

describe("sectionHeading", () => {
  it.each([
    "INCOME",
    "Income:",
    "REVENUE",
    "Revenues",
    "EXPENSES",
    "OPERATING EXPENSES",
    "Operating Expenses:",
    "Other income",
    "CAPITAL EXPENDITURES",
    "Debt Service",
  ])("%s is a heading", (h) => {
    expect(sectionHeading(h)).not.toBeNull();
  });
  it.each(["Acme Realty LLC", "Rent", "Electricity", "Notes to the statement"])("%s is not", (h) => {
    expect(sectionHeading(h)).toBeNull();
  });
});

const STATEMENT = `ACME REALTY LLC
123 Main Street, New York, NY 10001
Operating Statement
For the year ended December 31, 2023
Description 2023 2022
INCOME
Residential rent $ 480,000 $ 465,000
Commercial rent 120,000 118,500
Vacancy and credit loss (12,000) (9,500)
Other income — 1,250
Total income 588,000 575,250
OPERATING EXPENSES
Real estate taxes 95,000 91,000
Insurance 18,400 17,900
Repairs and maintenance 32,150.50 28,000.25
Refund of overpayment 1,000- 0
Total operating expenses 145,550.50 136,900.25
Net operating income 442,449.50 438,349.75
Page 1 of 1
Printed 01/15/2024 10:32 AM`;

describe("parseText", () => {
  const { items } = parseText(STATEMENT);

  it("finds every line item with its section, amounts and total flag", () => {
    expect(items).toEqual([
      { section: "INCOME", label: "Residential rent", amounts: [480000, 465000], isTotal: false },
      { section: "INCOME", label: "Commercial rent", amounts: [120000, 118500], isTotal: false },
      { section: "INCOME", label: "Vacancy and credit loss", amounts: [-12000, -9500], isTotal: false },
      { section: "INCOME", label: "Other income", amounts: [0, 1250], isTotal: false },
      { section: "INCOME", label: "Total income", amounts: [588000, 575250], isTotal: true },
      { section: "OPERATING EXPENSES", label: "Real estate taxes", amounts: [95000, 91000], isTotal: false },
      { section: "OPERATING EXPENSES", label: "Insurance", amounts: [18400, 17900], isTotal: false },
      {
        section: "OPERATING EXPENSES",
        label: "Repairs and maintenance",
        amounts: [32150.5, 28000.25],
        isTotal: false,
      },
      { section: "OPERATING EXPENSES", label: "Refund of overpayment", amounts: [-1000, 0], isTotal: false },
      {
        section: "OPERATING EXPENSES",
        label: "Total operating expenses",
        amounts: [145550.5, 136900.25],
        isTotal: true,
      },
      {
        section: "OPERATING EXPENSES",
        label: "Net operating income",
        amounts: [442449.5, 438349.75],
        isTotal: true,
      },
    ]);
  });

  it("ignores the address, the title, year headers, page numbers and print dates", () => {
    const labels = items.map((i) => i.label);
    expect(labels.some((l) => /NY|Page|Printed|Description|year ended/i.test(l))).toBe(false);
  });

  it("joins a label that wrapped onto the line above its amounts", () => {
    const r = parseText("EXPENSES\nLegal and professional fees for the\n4,200");
    expect(r.items).toEqual([
      { section: "EXPENSES", label: "Legal and professional fees for the", amounts: [4200], isTotal: false },
    ]);
  });

  it("carries the section from an earlier page", () => {
    const r = parseText("Water and sewer 7,000", { section: "EXPENSES" });
    expect(r.items[0]?.section).toBe("EXPENSES");
  });

  it("month columns keep their order", () => {
    const r = parseText("Description Jan Feb Mar\nINCOME\nRent 10,000 10,500 -");
    expect(r.items).toEqual([
      { section: "INCOME", label: "Rent", amounts: [10000, 10500, 0], isTotal: false },
    ]);
  });
});

describe("parsePages", () => {
  it("drops titles repeated on every page and numbers items by page", () => {
    const pages = [
      { number: 1, text: "Acme Realty LLC 2023\nINCOME\nRent 100,000\n- 1 -" },
      { number: 2, text: "Acme Realty LLC 2023\nEXPENSES\nFuel 9,000\n- 2 -" },
      { number: 3, text: "Acme Realty LLC 2023\nElectricity 3,000\nTotal expenses 12,000\n- 3 -" },
    ];
    expect(parsePages(pages)).toEqual([
      { page: 1, section: "INCOME", label: "Rent", amounts: [100000], isTotal: false },
      { page: 2, section: "EXPENSES", label: "Fuel", amounts: [9000], isTotal: false },
      { page: 3, section: "EXPENSES", label: "Electricity", amounts: [3000], isTotal: false },
      { page: 3, section: "EXPENSES", label: "Total expenses", amounts: [12000], isTotal: true },
    ]);
  });
});

describe("parseRows", () => {
  it("reads sheet rows: numeric cells, account codes, empty cells, string amounts", () => {
    const rows = [
      ["Acme Realty LLC", null, null],
      ["Account", "Description", 2023, 2022],
      ["REVENUE"],
      [4000, "Rental income", 250000, "240,000.00"],
      [4100, "Laundry", null, "(150)"],
      [null, "Total revenue", 250000, 239850],
      [],
      ["Expenses:"],
      ["", "Payroll", "$ 40,000", "-"],
    ];
    expect(parseRows(rows).items).toEqual([
      { section: "REVENUE", label: "4000 Rental income", amounts: [250000, 240000], isTotal: false },
      { section: "REVENUE", label: "4100 Laundry", amounts: [-150], isTotal: false },
      { section: "REVENUE", label: "Total revenue", amounts: [250000, 239850], isTotal: true },
      { section: "Expenses", label: "Payroll", amounts: [40000, 0], isTotal: false },
    ]);
  });

  it("reads comma-decimal amounts from semicolon CSVs", () => {
    expect(parseRows([["Insurance", "1.234,56"]]).items[0]?.amounts).toEqual([1234.56]);
  });

  it("ignores date cells and year header rows", () => {
    expect(
      parseRows([
        [new Date(), 2023, 2022],
        ["", 2023, 2022],
      ]).items,
    ).toEqual([]);
  });
});

describe("line positions", () => {
  it("copies each line's box onto the item found on it", () => {
    const box = { x0: 0.1, y0: 0.2, x1: 0.9, y1: 0.22 };
    const items = parsePages([
      { number: 1, text: "INCOME\nRent 1,000\nnotes", lineBoxes: [null, box, null] },
    ]);
    expect(items).toEqual([
      { page: 1, section: "INCOME", label: "Rent", amounts: [1000], isTotal: false, box },
    ]);
  });
});
