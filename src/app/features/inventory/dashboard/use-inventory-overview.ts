/**
 * The Inventory Dashboard's numbers, live (at most once a second) from this device's copy of the
 * inventory (Dexie):
 * items per status through the `[companyId+status]` index (counts, no rows loaded) and the
 * most recent batches with their item counts (`[batchId+updatedAt]` index).
 */
import type { Batch, ItemStatus } from "../../../../domain/inventory/item";
import { ITEM_STATUSES } from "../../../../domain/inventory/item";
import { countBatchItems } from "../../../offline/batch-items";
import { type BlocklotDb, getDb } from "../../../offline/db";
import { useThrottledLiveQuery } from "../../../offline/use-throttled-live-query";

export interface StatusCounts {
  total: number;
  byStatus: Record<ItemStatus, number>;
}

async function readStatusCounts(db: BlocklotDb, companyId: string): Promise<StatusCounts> {
  const counts = await Promise.all(
    ITEM_STATUSES.map((s) => db.items.where("[companyId+status]").equals([companyId, s]).count()),
  );
  const byStatus = Object.fromEntries(ITEM_STATUSES.map((s, i) => [s, counts[i] ?? 0])) as Record<
    ItemStatus,
    number
  >;
  return { total: counts.reduce((a, b) => a + b, 0), byStatus };
}

export interface RecentBatch {
  batch: Batch;
  /** Items of the batch on this device. */
  items: number;
}

async function readRecentBatches(
  db: BlocklotDb,
  companyId: string,
  limit = 8,
): Promise<{ rows: RecentBatch[]; total: number }> {
  const all = await db.batches.where("companyId").equals(companyId).toArray();
  all.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  const recent = all.slice(0, limit);
  const counts = await Promise.all(recent.map((b) => countBatchItems(db, b.id)));
  return { rows: recent.map((batch, i) => ({ batch, items: counts[i] ?? 0 })), total: all.length };
}

export interface OverviewOptions {
  db?: BlocklotDb;
  /** Hold the numbers (e.g. while the import dialog covers them); read again after. */
  paused?: boolean;
}

/**
 * Live, at most once a second: counting tens of thousands of items costs IndexedDB time an
 * import needs (and each count holds up the import's next write).
 */
export function useStatusCounts(companyId: string | null, { db = getDb(), paused }: OverviewOptions = {}) {
  return useThrottledLiveQuery(
    () => (companyId ? readStatusCounts(db, companyId) : Promise.resolve(null)),
    [db, companyId],
    { tables: ["items"], paused },
  );
}

export function useRecentBatches(companyId: string | null, { db = getDb(), paused }: OverviewOptions = {}) {
  return useThrottledLiveQuery(
    () => (companyId ? readRecentBatches(db, companyId) : Promise.resolve(null)),
    [db, companyId],
    { tables: ["items", "batches"], paused },
  );
}
