import { describe, expect, it } from "vitest";
import { rpiePenalty } from "../../../../domain/rpie/penalties";
import { penaltyTableRows } from "./penalties";

describe("penalty table rows", () => {
  const rows = penaltyTableRows();

  it("starts just above the $40,000 threshold and ends open at $25,000,000", () => {
    expect(rows[0]).toEqual({ from: 40_001, to: 99_999, penalty: 300 });
    expect(rows.at(-1)).toEqual({ from: 25_000_000, to: null, penalty: 100_000 });
  });

  it("leaves no gap or overlap between bands", () => {
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.from).toBe((rows[i - 1]?.to ?? Number.NaN) + 1);
  });

  it("shows for each band the penalty the domain rule charges at both of its edges", () => {
    for (const r of rows) {
      expect(rpiePenalty(r.from)).toBe(r.penalty);
      if (r.to !== null) expect(rpiePenalty(r.to)).toBe(r.penalty);
    }
  });

  it("sorts bands given in any order", () => {
    expect(
      penaltyTableRows([
        [200, 2],
        [100, 1],
      ]),
    ).toEqual([
      { from: 100, to: 199, penalty: 1 },
      { from: 200, to: null, penalty: 2 },
    ]);
  });
});
