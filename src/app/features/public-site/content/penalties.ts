import { RPIE_PENALTY_BANDS } from "../../../../domain/rpie/penalties";

/** One row of the public penalty table: an inclusive assessed-value range and its penalty. */
export interface PenaltyBand {
  from: number;
  /** Inclusive upper bound; null for the top band. */
  to: number | null;
  penalty: number;
}

/**
 * The 19 RCNY § 33-03(a)(1) schedule from the domain rules (lowest band first), with each
 * band's upper bound: one dollar below the next band's lower bound.
 */
export function penaltyTableRows(
  bands: ReadonlyArray<readonly [number, number]> = RPIE_PENALTY_BANDS,
): PenaltyBand[] {
  const ascending = [...bands].sort((a, b) => a[0] - b[0]);
  return ascending.map(([from, penalty], i) => {
    const next = ascending[i + 1];
    return { from, to: next ? next[0] - 1 : null, penalty };
  });
}
