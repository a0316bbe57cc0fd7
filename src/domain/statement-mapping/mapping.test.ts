import { describe, expect, it } from "vitest";
import {
  assignLine,
  clearCorrection,
  clearSelection,
  correctLine,
  documentProblems,
  EXCLUDED,
  type ExtractedLine,
  effectiveLine,
  emptyDocument,
  IGNORE_SUBTOTAL,
  isSelected,
  mappedFigures,
  selectAllTables,
  splitLine,
  tablesOf,
  toggleLine,
  toggleTable,
} from "./mapping";

const YEAR = 2025;
const line = (
  page: number,
  section: string | null,
  label: string,
  amount: number,
  isTotal = false,
): ExtractedLine => ({
  page,
  section,
  label,
  amounts: [amount, amount - 1],
  isTotal,
});

const LINES: ExtractedLine[] = [
  line(1, "INCOME", "Residential rent", 500_000),
  line(1, "INCOME", "Laundry income", 4_800),
  line(1, "INCOME", "Total income", 504_800, true),
  line(2, "EXPENSES", "Repairs and maintenance", 30_000),
  line(2, "EXPENSES", "Real estate taxes", 90_000),
  line(2, "EXPENSES", "Total expenses", 120_000, true),
];

describe("selection", () => {
  it("starts with every table selected, one table per page and section", () => {
    const doc = emptyDocument(LINES);
    expect(tablesOf(LINES).map((t) => t.id)).toEqual(["1|INCOME", "2|EXPENSES"]);
    expect(doc.selection.tables).toEqual(["1|INCOME", "2|EXPENSES"]);
    expect(LINES.every((_, i) => isSelected(doc, LINES, String(i)))).toBe(true);
  });

  it("toggles a table off and on, clears, selects all again", () => {
    let doc = toggleTable(emptyDocument(LINES), "2|EXPENSES");
    expect(isSelected(doc, LINES, "3")).toBe(false);
    expect(isSelected(doc, LINES, "0")).toBe(true);
    doc = toggleTable(doc, "2|EXPENSES");
    expect(isSelected(doc, LINES, "3")).toBe(true);
    doc = clearSelection(doc);
    expect(doc.selection.tables).toEqual([]);
    expect(LINES.some((_, i) => isSelected(doc, LINES, String(i)))).toBe(false);
    doc = selectAllTables(doc, LINES);
    expect(doc.selection.tables).toHaveLength(2);
  });

  it("leaves one line out of a selected table", () => {
    const doc = toggleLine(emptyDocument(LINES), "1");
    expect(isSelected(doc, LINES, "1")).toBe(false);
    expect(isSelected(toggleLine(doc, "1"), LINES, "1")).toBe(true);
    expect(isSelected(doc, LINES, "99")).toBe(false);
  });
});

describe("corrections", () => {
  it("keeps the original beside the correction and never changes the extraction", () => {
    const before = JSON.stringify(LINES);
    const doc = correctLine(emptyDocument(LINES), LINES, "3", { amount: 38_000, label: "Repairs & maint." });
    expect(effectiveLine(doc, LINES, "3")).toMatchObject({
      label: "Repairs & maint.",
      amount: 38_000,
      originalLabel: "Repairs and maintenance",
      originalAmount: 30_000,
      corrected: true,
    });
    expect(JSON.stringify(LINES)).toBe(before);
    expect(effectiveLine(clearCorrection(doc, "3"), LINES, "3")).toMatchObject({
      amount: 30_000,
      corrected: false,
    });
  });

  it("correcting back to the original removes the correction", () => {
    let doc = correctLine(emptyDocument(LINES), LINES, "3", { amount: 1 });
    doc = correctLine(doc, LINES, "3", { amount: 30_000 });
    expect(doc.corrections).toEqual({});
  });

  it("reads the chosen column", () => {
    const doc = { ...emptyDocument(LINES), column: 1 };
    expect(effectiveLine(doc, LINES, "0").amount).toBe(499_999);
  });
});

describe("assignments, splits and problems", () => {
  it("sums lines and split parts per field, counting only selected lines", () => {
    let doc = emptyDocument(LINES);
    doc = assignLine(doc, "0", "rpie.J.1b");
    doc = splitLine(doc, "1", [
      { fieldId: "rpie.J.11", amount: 4_000 },
      { fieldId: "rpie.J.10d", amount: 800 },
    ]);
    doc = assignLine(doc, "3", "rpie.L.5");
    doc = assignLine(doc, "4", "rpie.excluded.real-estate-taxes");
    expect(documentProblems(doc, LINES, "rpie", YEAR)).toEqual([]);
    const m = mappedFigures(doc, LINES, "rpie", YEAR);
    expect(m.amounts).toEqual({
      "rpie.J.1b": 500_000,
      "rpie.J.10d": 800,
      "rpie.J.11": 4_000,
      "rpie.L.5": 30_000,
      "rpie.excluded.real-estate-taxes": 90_000,
    });
    expect(m.itemisations["rpie.J.11"]).toEqual([{ label: "Laundry income", amount: 4_000 }]);
    expect(
      mappedFigures(toggleTable(doc, "2|EXPENSES"), LINES, "rpie", YEAR).amounts["rpie.L.5"],
    ).toBeUndefined();
  });

  it("assigning again replaces a split; null unassigns", () => {
    let doc = splitLine(emptyDocument(LINES), "1", [
      { fieldId: "rpie.J.11", amount: 4_000 },
      { fieldId: "rpie.J.10d", amount: 800 },
    ]);
    doc = assignLine(doc, "1", EXCLUDED);
    expect(doc.splits).toEqual({});
    expect(doc.assignments["1"]).toBe("excluded");
    expect(assignLine(doc, "1", null).assignments).toEqual({});
  });

  it("refuses a split that does not add up to the line, naming the difference", () => {
    const doc = splitLine(emptyDocument(LINES), "1", [
      { fieldId: "rpie.J.11", amount: 4_000 },
      { fieldId: "rpie.J.10d", amount: 700 },
    ]);
    expect(documentProblems(doc, LINES, "rpie", YEAR)).toEqual([
      {
        path: "splits.1",
        message:
          'The parts of line 2 ("Laundry income") add up to 4,700.00, not the line\'s 4,800.00 (difference 100.00)',
      },
    ]);
  });

  it("checks a split against the corrected amount", () => {
    let doc = correctLine(emptyDocument(LINES), LINES, "1", { amount: 4_700 });
    doc = splitLine(doc, "1", [
      { fieldId: "rpie.J.11", amount: 4_000 },
      { fieldId: "rpie.J.10d", amount: 700 },
    ]);
    expect(documentProblems(doc, LINES, "rpie", YEAR)).toEqual([]);
  });

  it("refuses another form's field, unknown fields and lines, totals for detail lines, one-part splits", () => {
    let doc = emptyDocument(LINES);
    doc = assignLine(doc, "0", "tc201.6.a");
    doc = assignLine(doc, "1", "rpie.nope");
    doc = assignLine(doc, "3", "rpie.L.14");
    doc = assignLine(doc, "2", "rpie.J.12"); // a statement total compared with the form's: allowed
    doc = assignLine(doc, "42", "rpie.L.5");
    doc = splitLine(doc, "4", [{ fieldId: "rpie.L.5", amount: 90_000 }]);
    doc = correctLine(doc, LINES, "5", { amount: 1.234 });
    const problems = documentProblems(doc, LINES, "rpie", YEAR);
    expect(problems.map((p) => p.path).sort()).toEqual(
      [
        "assignments.0",
        "assignments.1",
        "assignments.3",
        "assignments.42",
        "corrections.5.amount",
        "splits.4",
      ].sort(),
    );
    expect(problems.find((p) => p.path === "assignments.0")?.message).toMatch(/a TC201 field, not RPIE/);
    expect(problems.find((p) => p.path === "assignments.3")?.message).toMatch(/a total the form recomputes/);
    expect(problems.find((p) => p.path === "assignments.42")?.message).toMatch(/no line 42/);
  });

  it("accepts ignore:subtotal and excluded for any line", () => {
    let doc = assignLine(emptyDocument(LINES), "2", IGNORE_SUBTOTAL);
    doc = assignLine(doc, "0", EXCLUDED);
    expect(documentProblems(doc, LINES, "rpie", YEAR)).toEqual([]);
    expect(mappedFigures(doc, LINES, "rpie", YEAR).amounts).toEqual({});
  });
});
