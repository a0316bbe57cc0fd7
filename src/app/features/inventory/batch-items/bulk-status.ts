/**
 * Bulk status change of the batch items list, offline-first: every selected item is patched
 * in Dexie and gets its own outbox entry (PATCH {status, version} with its own
 * Idempotency-Key) exactly as `engine.write.patch` does, but in one Dexie transaction per
 * chunk, so 5,000 rows take one commit per chunk (and the list re-reads once per chunk)
 * instead of 5,000. Then one drain sends them, in order, in the background.
 *
 * Why not the server's `POST /api/inventory/items/bulk-status`: the outbox holds one write
 * per record (merge on 409, rejected/conflict states, per-record ordering, replay by the
 * service worker); a batched request would need its own kind of outbox entry. Per-record
 * writes replay at about 1,000 in a few seconds (docs/benchmarks.md).
 */
import type { ItemStatus } from "../../../../domain/inventory/item";
import { patchRecord } from "../../../../sync/outbox";
import type { AppSyncEngine as SyncEngine } from "../../../offline/synced-types";

/** Rows patched per Dexie transaction. */
export const BULK_CHUNK = 500;

export interface BulkResult {
  /** Items whose status changed (an outbox entry each). */
  changed: number;
  /** Items that already had the status (nothing queued). */
  unchanged: number;
  /** Ids no longer on this device (deleted meanwhile). */
  missing: number;
}

export async function setStatusOf(
  engine: Pick<SyncEngine, "db" | "writeContext" | "drain">,
  ids: readonly string[],
  status: ItemStatus,
  onProgress?: (done: number) => void,
): Promise<BulkResult> {
  const { db } = engine;
  const result: BulkResult = { changed: 0, unchanged: 0, missing: 0 };
  for (let start = 0; start < ids.length; start += BULK_CHUNK) {
    const chunk = ids.slice(start, start + BULK_CHUNK);
    const part: BulkResult = { changed: 0, unchanged: 0, missing: 0 };
    await db.transaction("rw", [db.items, db.outbox], async () => {
      const rows = await db.items.bulkGet(chunk as string[]);
      for (let i = 0; i < chunk.length; i++) {
        const row = rows[i];
        if (!row) part.missing++;
        else if (row.status === status) part.unchanged++;
        else {
          await patchRecord(engine.writeContext, "item", row.id, { status });
          part.changed++;
        }
      }
    });
    result.changed += part.changed;
    result.unchanged += part.unchanged;
    result.missing += part.missing;
    onProgress?.(Math.min(ids.length, start + chunk.length));
  }
  if (result.changed > 0) engine.drain().catch(() => undefined);
  return result;
}
