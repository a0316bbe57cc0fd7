import { type BlocklotDb, getDb } from "./db";
import { sellerCompanies } from "./seller-companies";
import { useThrottledLiveQuery } from "./use-throttled-live-query";

export interface OutboxStatus {
  /** Writes not yet acknowledged (waiting or being sent). */
  waiting: number;
  rejected: number;
  conflicts: number;
}

/**
 * The counts come from the `state` index (IndexedDB counts keys without reading the entries,
 * which carry bodies and base rows): this runs after every write the drain acknowledges, and
 * reading 1,000 entries 1,000 times slowed a replay down. Entries of another company (a
 * switch with writes still queued, or a seller's a marketplace staff member works for) are rare:
 * only then are the entries read. A seller's count as the company's own: they are this person's
 * work waiting (docs/marketplace.md).
 */
export async function readOutboxStatus(db: BlocklotDb, companyId?: string): Promise<OutboxStatus> {
  return db.transaction("r", db.outbox, db.meta, async () => {
    const mixed = companyId ? (await db.outbox.where("companyId").notEqual(companyId).count()) > 0 : false;
    if (!mixed) {
      const [total, rejected, conflicts] = await Promise.all([
        db.outbox.count(),
        db.outbox.where("state").equals("rejected").count(),
        db.outbox.where("state").equals("conflict").count(),
      ]);
      return { waiting: total - rejected - conflicts, rejected, conflicts };
    }
    const sellers = await sellerCompanies(db);
    const all = await db.outbox
      .where("companyId")
      .anyOf([companyId as string, ...sellers.keys()])
      .toArray();
    const status: OutboxStatus = { waiting: 0, rejected: 0, conflicts: 0 };
    for (const e of all) {
      if (e.state === "rejected") status.rejected++;
      else if (e.state === "conflict") status.conflicts++;
      else status.waiting++;
    }
    return status;
  });
}

const EMPTY: OutboxStatus = { waiting: 0, rejected: 0, conflicts: 0 };

/**
 * At most every 250 ms: an import changes the outbox several times per chunk, and each read is
 * a transaction the import's next chunk waits behind.
 */
export function useOutboxStatus(companyId?: string, db: BlocklotDb = getDb()): OutboxStatus {
  return (
    useThrottledLiveQuery(() => readOutboxStatus(db, companyId), [db, companyId], {
      tables: ["outbox"],
      waitMs: 250,
    }) ?? EMPTY
  );
}
