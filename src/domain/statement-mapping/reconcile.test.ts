import { describe, expect, it } from "vitest";
import {
  assignLine,
  correctLine,
  type ExtractedLine,
  emptyDocument,
  IGNORE_SUBTOTAL,
  type MappingDocument,
  splitLine,
} from "./mapping";
import { reconcile } from "./reconcile";

const YEAR = 2025;
const l = (section: string, label: string, amount: number, isTotal = false): ExtractedLine => ({
  page: 1,
  section,
  label,
  amounts: [amount],
  isTotal,
});

const LINES: ExtractedLine[] = [
  l("INCOME", "Residential rent", 500_000),
  l("INCOME", "Vacancy loss", -10_000),
  l("INCOME", "Laundry income", 4_800),
  l("INCOME", "Total income", 494_800, true),
  l("EXPENSES", "Repairs", 30_000),
  l("EXPENSES", "Real estate taxes", 90_000),
  l("EXPENSES", "Total expenses", 120_000, true),
  l("EXPENSES", "Net operating income", 374_800, true),
];

function mapped(): MappingDocument {
  let doc = emptyDocument(LINES);
  doc = assignLine(doc, "0", "rpie.J.1b");
  doc = assignLine(doc, "1", "rpie.J.1b");
  doc = assignLine(doc, "2", "rpie.J.11");
  doc = assignLine(doc, "4", "rpie.L.5");
  doc = assignLine(doc, "5", "rpie.excluded.real-estate-taxes");
  return doc;
}

describe("reconcile", () => {
  it("flags nothing but 'empty' before anything is mapped, except unmapped lines", () => {
    const r = reconcile(emptyDocument(LINES), LINES, "rpie", YEAR);
    expect(r.ready).toBe(false);
    expect(r.flags.filter((f) => f.kind === "unmapped").map((f) => f.lineId)).toEqual([
      "0",
      "1",
      "2",
      "4",
      "5",
    ]);
    expect(r.flags.some((f) => f.id === "empty" && !f.explainable)).toBe(true);
  });

  it("compares each statement total with the mapped lines above it; excluded items make a difference to explain", () => {
    const r = reconcile(mapped(), LINES, "rpie", YEAR);
    expect(r.sections).toEqual([
      {
        lineId: "3",
        section: "INCOME",
        label: "Total income",
        statementTotal: 494_800,
        mapped: 494_800,
        difference: 0,
      },
      {
        lineId: "6",
        section: "EXPENSES",
        label: "Total expenses",
        statementTotal: 120_000,
        mapped: 30_000,
        difference: 90_000,
      },
    ]);
    // Net operating income has no detail lines of its own: a total of totals, not checked.
    const diff = r.flags.find((f) => f.kind === "difference");
    expect(diff).toMatchObject({
      id: "difference:6",
      difference: 90_000,
      explainable: true,
      resolved: false,
    });
    expect(diff?.message).toBe(
      '"Total expenses" on the statement is 120,000.00; the mapped lines above it add up to 30,000.00 (difference 90,000.00)',
    );
    expect(r.totals["rpie.J.12"]).toBe(494_800);
    expect(r.totals["rpie.L.14"]).toBe(30_000);
  });

  it("flags a negative line netted into a field", () => {
    const r = reconcile(mapped(), LINES, "rpie", YEAR);
    expect(r.flags.find((f) => f.kind === "negative-line")).toMatchObject({
      id: "negative-line:1",
      lineId: "1",
    });
  });

  it("is ready only when every flag is explained", () => {
    let doc = mapped();
    expect(reconcile(doc, LINES, "rpie", YEAR).blocking.map((f) => f.id)).toEqual([
      "negative-line:1",
      "difference:6",
    ]);
    doc = {
      ...doc,
      explanations: {
        "difference:6": "Real estate taxes are excluded from the RPIE",
        "negative-line:1": "  ",
      },
    };
    const r = reconcile(doc, LINES, "rpie", YEAR);
    expect(r.blocking.map((f) => f.id)).toEqual(["negative-line:1"]);
    doc = {
      ...doc,
      explanations: { ...doc.explanations, "negative-line:1": "Vacancy loss netted against rents" },
    };
    const ok = reconcile(doc, LINES, "rpie", YEAR);
    expect(ok.ready).toBe(true);
    expect(ok.flags.every((f) => f.resolved)).toBe(true);
  });

  it("a corrected misread amount resolves a difference", () => {
    const lines = LINES.map((x) => (x.label === "Repairs" ? { ...x, amounts: [80_000] } : x)); // OCR read 30,000 as 80,000
    let doc = assignLine(mapped(), "5", "rpie.L.7"); // taxes as insurance, so the section should add up
    expect(reconcile(doc, lines, "rpie", YEAR).flags.find((f) => f.kind === "difference")?.difference).toBe(
      -50_000,
    );
    doc = correctLine(doc, lines, "4", { amount: 30_000, note: "OCR read 3 as 8" });
    expect(reconcile(doc, lines, "rpie", YEAR).flags.some((f) => f.kind === "difference")).toBe(false);
  });

  it("compares a statement total mapped to a form total with computeTotals", () => {
    let doc = assignLine(mapped(), "3", "rpie.J.12");
    expect(reconcile(doc, LINES, "rpie", YEAR).flags.some((f) => f.kind === "form-difference")).toBe(false);
    doc = assignLine(doc, "2", "rpie.excluded.bad-debt"); // laundry wrongly excluded
    const r = reconcile(doc, LINES, "rpie", YEAR);
    expect(r.flags.find((f) => f.kind === "form-difference")).toMatchObject({
      id: "form-difference:3",
      fieldId: "rpie.J.12",
      statementAmount: 494_800,
      computedAmount: 490_000,
      difference: 4_800,
    });
  });

  it("a field that adds up to less than zero cannot be explained away", () => {
    let doc = assignLine(mapped(), "0", "rpie.J.2"); // rent elsewhere: 1b is only the vacancy loss
    doc = { ...doc, explanations: { "negative-field:rpie.J.1b": "fine" } };
    const r = reconcile(doc, LINES, "rpie", YEAR);
    const f = r.flags.find((x) => x.kind === "negative-field");
    expect(f).toMatchObject({ fieldId: "rpie.J.1b", explainable: false, resolved: false });
    expect(f?.message).toMatch(/negative figures are not allowed/);
    expect(r.blocking).toContain(f);
  });

  it("ignore:subtotal lines are neither counted nor unmapped; split parts count by field", () => {
    const lines = [...LINES.slice(0, 3), l("INCOME", "Subtotal rents", 490_000), LINES[3] as ExtractedLine];
    let doc = emptyDocument(lines);
    doc = assignLine(doc, "0", "rpie.J.1b");
    doc = assignLine(doc, "1", "rpie.J.1b");
    doc = splitLine(doc, "2", [
      { fieldId: "rpie.J.11", amount: 4_000 },
      { fieldId: "rpie.J.10d", amount: 800 },
    ]);
    doc = assignLine(doc, "3", IGNORE_SUBTOTAL);
    const r = reconcile(doc, lines, "rpie", YEAR);
    expect(r.flags.filter((f) => f.kind !== "negative-line")).toEqual([]);
    expect(r.sections[0]).toMatchObject({ mapped: 494_800, difference: 0 });
  });

  it("deselected tables are neither counted nor flagged", () => {
    let doc = mapped();
    doc = { ...doc, selection: { tables: ["1|INCOME"], skippedLines: [] } };
    const r = reconcile(doc, LINES, "rpie", YEAR);
    expect(r.flags.map((f) => f.id)).toEqual(["negative-line:1"]);
    expect(r.amounts["rpie.L.5"]).toBeUndefined();
  });
});
