import { sql } from "drizzle-orm";

/**
 * How many rows the query matches before its LIMIT (a window count), so one query answers both
 * "how many" and "the first few". Select it as `total` and split the rows with `splitTotal`.
 */
export const totalOver = () => sql<number>`(count(*) over ())::int`;

/** `{ count, top }` from rows that carry `total` (0 when there are none). */
export function splitTotal<T extends { total: number }>(
  rows: T[],
): { count: number; top: Omit<T, "total">[] } {
  return {
    count: Number(rows[0]?.total ?? 0),
    top: rows.map(({ total: _total, ...row }) => row),
  };
}
