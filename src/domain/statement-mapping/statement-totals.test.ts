import { describe, expect, it } from "vitest";
import { assignLine, correctLine, type ExtractedLine, emptyDocument } from "./mapping";
import { reconcile } from "./reconcile";
import { failedStatementTotals, statementTotalsBeside } from "./statement-totals";

const YEAR = 2025;
const l = (section: string, label: string, amount: number, parts?: number[]): ExtractedLine => ({
  page: 1,
  section,
  label,
  amounts: [amount],
  isTotal: parts !== undefined,
  ...(parts ? { parts: parts.map((line) => ({ line, sign: 1 as const })) } : {}),
});

// Repairs was misread on a scan: 30,000 printed, 80,000 read (the total says 120,000).
const LINES: ExtractedLine[] = [
  l("INCOME", "Residential rent", 500_000),
  l("INCOME", "Laundry income", 4_800),
  l("INCOME", "Total income", 504_800, [0, 1]),
  l("EXPENSES", "Repairs", 80_000),
  l("EXPENSES", "Real estate taxes", 90_000),
  l("EXPENSES", "Total operating expenses", 120_000, [3, 4]),
  {
    ...l("EXPENSES", "Net operating income", 384_800),
    isTotal: true,
    parts: [
      { line: 2, sign: 1 },
      { line: 5, sign: -1 },
    ],
  },
];

describe("failedStatementTotals", () => {
  it("flags the section whose total does not add up, with expected and stated figures", () => {
    const doc = emptyDocument(LINES);
    expect(failedStatementTotals(doc, LINES)).toEqual([
      {
        lineId: "5",
        section: "EXPENSES",
        label: "Total operating expenses",
        expected: 170_000,
        found: 120_000,
        difference: -50_000,
      },
    ]);
  });

  it("uses staff corrections: correcting the misread amount clears the flag", () => {
    const doc = correctLine(emptyDocument(LINES), LINES, "3", { amount: 30_000 });
    expect(failedStatementTotals(doc, LINES)).toEqual([]);
  });
});

describe("statementTotalsBeside", () => {
  it("puts the statement's income, expenses and NOI beside the mapped RPIE totals", () => {
    let doc = correctLine(emptyDocument(LINES), LINES, "3", { amount: 30_000 });
    doc = assignLine(doc, "0", "rpie.J.1b");
    doc = assignLine(doc, "1", "rpie.J.11");
    doc = assignLine(doc, "3", "rpie.L.5");
    doc = assignLine(doc, "4", "rpie.excluded.real-estate-taxes");
    const rec = reconcile(doc, LINES, "rpie", YEAR);
    const rows = statementTotalsBeside(doc, LINES, "rpie", rec.totals);
    expect(rows).toEqual([
      {
        kind: "income",
        statement: { lineId: "2", label: "Total income", amount: 504_800 },
        mapped: 504_800,
        difference: 0,
      },
      {
        kind: "expenses",
        statement: { lineId: "5", label: "Total operating expenses", amount: 120_000 },
        mapped: 30_000,
        difference: 90_000,
      },
      {
        kind: "noi",
        statement: { lineId: "6", label: "Net operating income", amount: 384_800 },
        mapped: 474_800,
        difference: -90_000,
      },
    ]);
  });

  it("has no statement figure when the statement prints no such total", () => {
    const lines = LINES.slice(0, 2);
    const rows = statementTotalsBeside(emptyDocument(lines), lines, "rpie", {});
    expect(rows.map((r) => r.statement)).toEqual([null, null, null]);
    expect(rows.map((r) => r.difference)).toEqual([null, null, null]);
  });
});
