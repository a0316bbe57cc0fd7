/**
 * Late-filing penalties, 19 RCNY §33-03(a).
 *
 * (1) Not filing the income and expense statement by June 1 (or the extended date): a
 *     fixed amount by the property's final actual assessed value (AAV) of that year.
 * (2) Not filing for three consecutive years: 5% of that final AAV (instead of (1)).
 * (4) Not filing a required Claim of Exclusion by June 1: up to $100 for one year, $500
 *     for two consecutive years, $1,000 for three or more consecutive years.
 */

/** [lowest final AAV of the band, penalty], highest band first. */
export const RPIE_PENALTY_BANDS: ReadonlyArray<readonly [number, number]> = [
  [25_000_000, 100_000],
  [15_000_000, 60_000],
  [10_000_000, 40_000],
  [5_000_000, 20_000],
  [1_000_000, 5_000],
  [500_000, 3_000],
  [250_000, 1_500],
  [100_000, 750],
  [40_001, 300],
];

const CONSECUTIVE_YEARS_FOR_PERCENT = 3;
const CONSECUTIVE_PERCENT = 0.05;

/**
 * Penalty for missing this year's statement.
 * @param finalAav final AAV in dollars
 * @param yearsMissedBefore consecutive years already missed right before this one
 */
export function rpiePenalty(finalAav: number, yearsMissedBefore = 0): number {
  if (yearsMissedBefore + 1 >= CONSECUTIVE_YEARS_FOR_PERCENT && finalAav > 40_000) {
    return Math.round(finalAav * CONSECUTIVE_PERCENT);
  }
  for (const [from, penalty] of RPIE_PENALTY_BANDS) if (finalAav >= from) return penalty;
  return 0;
}

/**
 * Penalty for missing this year's Claim of Exclusion (the rule's maximum, which DOF charges).
 * @param yearsMissedBefore consecutive years the claim was already missed right before this one
 */
export function claimOfExclusionPenalty(yearsMissedBefore = 0): number {
  const streak = yearsMissedBefore + 1;
  if (streak >= 3) return 1_000;
  if (streak === 2) return 500;
  return 100;
}
