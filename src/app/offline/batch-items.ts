/**
 * A batch's items on this device, in import order (UUIDv7 ids are time-ordered). Read through
 * the `[batchId+updatedAt]` index: since Dexie version 5 items have no index on `batchId`
 * alone, since every index is written with each of an import's 50,000 rows (docs/benchmarks.md).
 */
import { Dexie } from "dexie";
import type { Item } from "../../domain/inventory/item";
import type { BlocklotDb } from "./db";

/** The batch's items through `[batchId+updatedAt]` (ordered by last change, not import). */
const batchCollection = (db: BlocklotDb, batchId: string) =>
  db.items.where("[batchId+updatedAt]").between([batchId, Dexie.minKey], [batchId, Dexie.maxKey], true, true);

/** The ids of a batch's items, in import order (keys only: no row is read). */
export async function batchItemKeys(db: BlocklotDb, batchId: string): Promise<string[]> {
  const ids = (await batchCollection(db, batchId).primaryKeys()) as string[];
  return ids.sort();
}

const byId = (a: Item, b: Item) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * A batch's items in import order. With `limit`, rows to show while the whole batch is read:
 * the `limit` least recently changed, in import order — for a batch nobody has edited, exactly
 * its first rows (reading and sorting every key of 50,000 items to be exact took ~130 ms).
 */
export async function readBatchItems(db: BlocklotDb, batchId: string, limit?: number): Promise<Item[]> {
  const coll = batchCollection(db, batchId);
  return (await (limit === undefined ? coll : coll.limit(limit)).toArray()).sort(byId);
}

/** How many items of the batch this device holds. */
export const countBatchItems = (db: BlocklotDb, batchId: string) => batchCollection(db, batchId).count();
