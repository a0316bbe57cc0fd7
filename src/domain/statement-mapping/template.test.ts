import { describe, expect, it } from "vitest";
import {
  assignLine,
  correctLine,
  EXCLUDED,
  type ExtractedLine,
  emptyDocument,
  splitLine,
  toggleLine,
} from "./mapping";
import { applyTemplate, compareFigures, diffDocuments, learnedEntries, templateEntries } from "./template";

const YEAR = 2025;
const l = (label: string, amount: number, isTotal = false): ExtractedLine => ({
  page: 1,
  section: "EXPENSES",
  label,
  amounts: [amount],
  isTotal,
});

const LAST: ExtractedLine[] = [
  l("R&M", 30_000),
  l("Payroll - Supt.", 50_000),
  l("Capital improvements", 12_000),
  l("Electric / gas", 9_000),
  l("Total expenses", 101_000, true),
];

function lastYearDoc() {
  let doc = emptyDocument(LAST);
  doc = assignLine(doc, "0", "rpie.L.5");
  doc = assignLine(doc, "1", "rpie.L.4");
  doc = assignLine(doc, "2", EXCLUDED);
  doc = splitLine(doc, "3", [
    { fieldId: "rpie.L.2", amount: 6_000 },
    { fieldId: "rpie.L.1", amount: 3_000 },
  ]);
  doc = assignLine(doc, "4", "rpie.L.14");
  return doc;
}

describe("templates", () => {
  it("keeps each label's target once, not split lines, not lines left out", () => {
    const doc = toggleLine(lastYearDoc(), "1");
    expect(templateEntries(doc, LAST)).toEqual([
      { label: "R&M", key: "repairs maintenance", target: "rpie.L.5" },
      { label: "Capital improvements", key: "capital improvements", target: "excluded" },
      { label: "Total expenses", key: "total expenses", target: "rpie.L.14" },
    ]);
  });

  it("uses the corrected label", () => {
    const doc = correctLine(lastYearDoc(), LAST, "0", { label: "Repairs and maintenance" });
    expect(templateEntries(doc, LAST)[0]?.label).toBe("Repairs and maintenance");
  });

  it("teaches the learned table fields only (no excluded, totals or splits)", () => {
    expect(learnedEntries(lastYearDoc(), LAST, "rpie", YEAR).map((e) => [e.label, e.fieldId])).toEqual([
      ["R&M", "rpie.L.5"],
      ["Payroll - Supt.", "rpie.L.4"],
    ]);
  });

  it("applies last year's template to this year's statement by normalised label", () => {
    const now: ExtractedLine[] = [
      l("6100 · R & M", 31_000), // same label once normalised
      l("Payroll – supt", 52_000),
      l("Capital Improvements", 4_000),
      l("Insurance", 7_000), // new this year
      l("Total expenses", 94_000, true),
    ];
    let doc = emptyDocument(now);
    doc = assignLine(doc, "1", "rpie.L.6"); // already decided: kept
    const entries = templateEntries(lastYearDoc(), LAST);
    const { document, applied } = applyTemplate(doc, now, entries, { form: "rpie", year: YEAR });
    expect(applied).toEqual([
      { lineId: "0", label: "6100 · R & M", target: "rpie.L.5" },
      { lineId: "2", label: "Capital Improvements", target: "excluded" },
      { lineId: "4", label: "Total expenses", target: "rpie.L.14" },
    ]);
    expect(document.assignments["1"]).toBe("rpie.L.6");
    expect(document.assignments["3"]).toBeUndefined();
    const over = applyTemplate(doc, now, entries, { form: "rpie", year: YEAR, overwrite: true });
    expect(over.document.assignments["1"]).toBe("rpie.L.4");
  });

  it("skips targets that are not fields of this form", () => {
    const now = [l("R&M", 1)];
    const { applied } = applyTemplate(emptyDocument(now), now, [{ label: "R&M", target: "rpie.L.5" }], {
      form: "tc201",
      year: YEAR,
    });
    expect(applied).toEqual([]);
  });
});

describe("compareFigures", () => {
  it("gives last year, this year and the change per field, totals recomputed", () => {
    const rows = compareFigures(
      "rpie",
      YEAR,
      { "rpie.L.5": 33_000, "rpie.L.7": 7_000 },
      { year: YEAR - 1, amounts: { "rpie.L.5": 30_000, "rpie.L.4": 50_000 } },
    );
    const by = Object.fromEntries(rows.map((r) => [r.fieldId, r]));
    expect(by["rpie.L.5"]).toMatchObject({
      lastYear: 30_000,
      thisYear: 33_000,
      change: 3_000,
      changeRatio: 0.1,
    });
    expect(by["rpie.L.4"]).toMatchObject({ lastYear: 50_000, thisYear: null, change: -50_000 });
    expect(by["rpie.L.7"]).toMatchObject({
      lastYear: null,
      thisYear: 7_000,
      change: 7_000,
      changeRatio: null,
    });
    expect(by["rpie.L.14"]).toMatchObject({
      kind: "total",
      lastYear: 80_000,
      thisYear: 40_000,
      change: -40_000,
    });
    expect(by["rpie.J.12"]).toBeUndefined();
    expect(rows.map((r) => r.fieldId).indexOf("rpie.L.4")).toBeLessThan(
      rows.map((r) => r.fieldId).indexOf("rpie.L.5"),
    );
  });

  it("works without a last year", () => {
    const rows = compareFigures("rpie", YEAR, { "rpie.L.5": 1 }, null);
    expect(rows.find((r) => r.fieldId === "rpie.L.5")).toMatchObject({
      lastYear: null,
      thisYear: 1,
      change: 1,
    });
  });
});

describe("diffDocuments", () => {
  it("lists each changed leaf with old and new values", () => {
    const a = lastYearDoc();
    const b = correctLine(assignLine(a, "0", "rpie.L.6"), LAST, "1", { amount: 51_000 });
    expect(diffDocuments(a, b)).toEqual([
      { path: "assignments.0", from: "rpie.L.5", to: "rpie.L.6" },
      { path: "corrections.1", from: null, to: { amount: 51_000 } },
    ]);
    expect(diffDocuments(a, a)).toEqual([]);
    expect(diffDocuments(a, { ...a, selection: { tables: [], skippedLines: [] } })).toEqual([
      { path: "selection.tables", from: ["1|EXPENSES"], to: [] },
    ]);
  });
});
