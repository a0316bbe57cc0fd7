import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { filings } from "../../db/schema";

/** Whether the property has a filing that is still being worked on (not filed yet); DELETE refuses then. */
export async function hasFilingInProgress(db: Db, propertyId: string): Promise<boolean> {
  const [open] = await db
    .select({ id: filings.id })
    .from(filings)
    .where(and(eq(filings.propertyId, propertyId), ne(filings.state, "filed")))
    .limit(1);
  return !!open;
}
