/**
 * RPIE non-filing penalties, 19 RCNY § 33-03(a)(1): a flat amount by the property's final
 * actual assessed value for the year the statement was due. `to` is inclusive; null = no upper bound.
 */
export interface PenaltyBand {
  from: number;
  to: number | null;
  penalty: number;
}

export const RPIE_PENALTIES: readonly PenaltyBand[] = [
  { from: 40_001, to: 99_999, penalty: 300 },
  { from: 100_000, to: 249_999, penalty: 750 },
  { from: 250_000, to: 499_999, penalty: 1_500 },
  { from: 500_000, to: 999_999, penalty: 3_000 },
  { from: 1_000_000, to: 4_999_999, penalty: 5_000 },
  { from: 5_000_000, to: 9_999_999, penalty: 20_000 },
  { from: 10_000_000, to: 14_999_999, penalty: 40_000 },
  { from: 15_000_000, to: 24_999_999, penalty: 60_000 },
  { from: 25_000_000, to: null, penalty: 100_000 },
];

/** Claim of Exclusion not filed, 19 RCNY § 33-03(a)(4): by consecutive years missed (capped at 3). */
export const EXCLUSION_PENALTIES = [100, 500, 1_000] as const;

/** Three consecutive years without a statement: 5 % of the final actual assessed value. */
export const THREE_YEAR_PENALTY_RATE = 0.05;

/** Properties at or below this assessed value do not have to file. */
export const FILING_THRESHOLD = 40_000;

/** The penalty for one missed statement, or null when the property does not have to file. */
export function penaltyForAssessedValue(assessedValue: number): number | null {
  if (!Number.isFinite(assessedValue)) return null;
  // Assessed values are whole dollars; a cent above a band's top belongs to the next band.
  const av = Math.ceil(assessedValue);
  if (av <= FILING_THRESHOLD) return null;
  const band = RPIE_PENALTIES.find((b) => av >= b.from && (b.to === null || av <= b.to));
  return band ? band.penalty : null;
}
