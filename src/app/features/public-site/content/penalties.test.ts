import { describe, expect, it } from "vitest";
import { FILING_THRESHOLD, penaltyForAssessedValue, RPIE_PENALTIES } from "./penalties";

describe("RPIE penalty schedule", () => {
  it("covers every assessed value above the threshold without gaps or overlaps", () => {
    expect(RPIE_PENALTIES[0]?.from).toBe(FILING_THRESHOLD + 1);
    for (let i = 1; i < RPIE_PENALTIES.length; i++) {
      expect(RPIE_PENALTIES[i]?.from).toBe((RPIE_PENALTIES[i - 1]?.to ?? Number.NaN) + 1);
    }
    expect(RPIE_PENALTIES.at(-1)?.to).toBeNull();
  });

  it("answers the rule's amounts at the band edges", () => {
    expect(penaltyForAssessedValue(40_000)).toBeNull();
    expect(penaltyForAssessedValue(40_001)).toBe(300);
    expect(penaltyForAssessedValue(99_999)).toBe(300);
    expect(penaltyForAssessedValue(100_000)).toBe(750);
    expect(penaltyForAssessedValue(999_999.5)).toBe(5_000);
    expect(penaltyForAssessedValue(24_999_999)).toBe(60_000);
    expect(penaltyForAssessedValue(25_000_000)).toBe(100_000);
    expect(penaltyForAssessedValue(900_000_000)).toBe(100_000);
  });

  it("refuses values that are not numbers", () => {
    expect(penaltyForAssessedValue(Number.NaN)).toBeNull();
    expect(penaltyForAssessedValue(Number.POSITIVE_INFINITY)).toBeNull();
  });
});
