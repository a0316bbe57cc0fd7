import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/** Filing states after which a property may be deleted again. */
export const FILING_DONE_STATES = ["filed", "accepted", "completed", "cancelled", "rejected"] as const;

/**
 * Whether the property has a filing that is still being worked on (DELETE refuses then).
 * Filings arrive with issue 5 (table `filings` with property_id and status); until that
 * table exists no property can have one, so this answers false.
 */
export async function hasFilingInProgress(db: Db, propertyId: string): Promise<boolean> {
  const table = await db.execute<{ name: string | null }>(sql`select to_regclass('filings')::text as name`);
  if (!table.rows[0]?.name) return false;
  const open = await db.execute<{ open: boolean }>(
    sql`select exists(select 1 from filings where property_id = ${propertyId}
        and status not in (${sql.join(
          FILING_DONE_STATES.map((s) => sql`${s}`),
          sql`, `,
        )})) as open`,
  );
  return open.rows[0]?.open === true;
}
