import { describe, expect, it } from "vitest";
import { claimOfExclusionPenalty, rpiePenalty } from "./penalties";

describe("late-filing penalty by final AAV (19 RCNY §33-03(a)(1))", () => {
  it.each([
    [0, 0],
    [40_000, 0],
    [40_001, 300],
    [99_999, 300],
    [100_000, 750],
    [249_999, 750],
    [250_000, 1_500],
    [499_999, 1_500],
    [500_000, 3_000],
    [999_999, 3_000],
    [1_000_000, 5_000],
    [4_999_999, 5_000],
    [5_000_000, 20_000],
    [9_999_999, 20_000],
    [10_000_000, 40_000],
    [14_999_999, 40_000],
    [15_000_000, 60_000],
    [24_999_999, 60_000],
    [25_000_000, 100_000],
    [400_000_000, 100_000],
  ])("final AAV $%i → $%i", (aav, penalty) => {
    expect(rpiePenalty(aav)).toBe(penalty);
    expect(rpiePenalty(aav, 1)).toBe(penalty);
  });

  it("is 5% of final AAV when this would be the third consecutive year missed", () => {
    expect(rpiePenalty(1_000_000, 2)).toBe(50_000);
    expect(rpiePenalty(40_001, 2)).toBe(2_000);
    expect(rpiePenalty(30_000_000, 5)).toBe(1_500_000);
    expect(rpiePenalty(123_457, 2)).toBe(6_173);
    expect(rpiePenalty(40_000, 2)).toBe(0);
  });
});

describe("Claim of Exclusion not filed (19 RCNY §33-03(a)(4))", () => {
  it.each([
    [0, 100],
    [1, 500],
    [2, 1_000],
    [7, 1_000],
  ])("%i years already missed → $%i", (missed, penalty) => {
    expect(claimOfExclusionPenalty(missed)).toBe(penalty);
  });
});
