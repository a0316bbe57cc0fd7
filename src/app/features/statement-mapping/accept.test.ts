import { describe, expect, it } from "vitest";
import type { MappingDocument } from "../../../domain/statement-mapping/mapping";
import { acceptAbove, bestSuggestion } from "./accept";
import type { LineSuggestions } from "./api";

const doc: MappingDocument = {
  column: 0,
  selection: { tables: ["1|INCOME"], skippedLines: [] },
  corrections: {},
  assignments: { "3": "rpie.J.2" },
  splits: {},
  explanations: {},
};
const line = (
  id: string,
  extra: Partial<{ selected: boolean; isTotal: boolean; amount: number | null }> = {},
) => ({
  id,
  selected: true,
  isTotal: false,
  amount: 100,
  ...extra,
});
const sug = (lineId: string, fieldId: string, confidence: number): LineSuggestions => ({
  lineId,
  label: lineId,
  candidates: [
    {
      field: { id: fieldId, form: "rpie", line: "x", label: fieldId },
      confidence,
      reason: "r",
      source: "keyword",
    },
  ],
});

describe("accept all suggestions above a confidence", () => {
  const lines = [
    line("0"),
    line("1"),
    line("2", { isTotal: true }),
    line("3"),
    line("4", { selected: false }),
    line("5", { amount: null }),
  ];
  const suggestions = [
    sug("0", "rpie.J.1b", 0.95),
    sug("1", "rpie.L.7", 0.6),
    sug("2", "rpie.J.12", 0.99),
    sug("3", "rpie.J.3", 0.99),
    sug("4", "rpie.L.5", 0.99),
    sug("5", "rpie.L.5", 0.99),
  ];

  it("assigns only unassigned, counted detail lines whose best suggestion reaches the threshold", () => {
    const r = acceptAbove(doc, lines, suggestions, 0.8);
    expect(r.accepted).toEqual(["0"]);
    expect(r.document.assignments).toEqual({ "0": "rpie.J.1b", "3": "rpie.J.2" });
    expect(doc.assignments).toEqual({ "3": "rpie.J.2" });
  });

  it("takes lower confidences at a lower threshold, and the threshold itself counts", () => {
    expect(acceptAbove(doc, lines, suggestions, 0.6).accepted).toEqual(["0", "1"]);
  });

  it("skips suggestions outside the allowed fields", () => {
    expect(acceptAbove(doc, lines, suggestions, 0.5, new Set(["rpie.L.7"])).accepted).toEqual(["1"]);
    expect(bestSuggestion(suggestions, "0", new Set(["rpie.L.7"]))).toBeNull();
    expect(bestSuggestion(suggestions, "0")).toBe("rpie.J.1b");
  });
});
