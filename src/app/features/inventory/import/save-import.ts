/**
 * "Import N valid rows": a new batch (name, source file, row count) and its items, written to
 * Dexie in chunks of BULK_CHUNK items per transaction, each chunk with one outbox entry that
 * creates its items on the server (src/app/offline/bulk.ts). The engine starts sending after
 * the first chunk, so the upload overlaps the local writes; offline, everything waits in the
 * outbox and goes out when the app is back online.
 *
 * Cancel stops after the chunk being written: the rows already saved stay in the batch (its
 * row count is set to them) and the caller says so — nothing is half-written or silently lost.
 */
import {
  BULK_CHUNK,
  BULK_CHUNK_BYTES,
  BULK_FIRST_CHUNK,
  bulkItemBytes,
} from "../../../../domain/inventory/bulk";
import type { ItemFields } from "../../../../domain/inventory/item";
import { newId } from "../../../../sync/outbox";
import { openImport, queueItemChunk, whenChunkSent } from "../../../offline/bulk";
import type { AppSyncEngine as SyncEngine } from "../../../offline/synced-types";

/** The longest the import waits for its first chunk to leave before writing on. */
const START_WAIT_MS = 1000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface SaveImportOptions {
  engine: Pick<SyncEngine, "write" | "writeContext" | "drain">;
  companyId: string;
  batchName: string;
  fileName: string;
  items: readonly ItemFields[];
  signal?: AbortSignal;
  onProgress?: (saved: number, total: number) => void;
  chunkSize?: number;
}

export interface SaveImportResult {
  batchId: string;
  saved: number;
  total: number;
  cancelled: boolean;
}

export async function saveImport(opts: SaveImportOptions): Promise<SaveImportResult> {
  const { engine, companyId, items } = opts;
  const size = opts.chunkSize ?? BULK_CHUNK;
  const total = items.length;
  const batchId = newId();
  await engine.write.put("batch", companyId, batchId, {
    name: opts.batchName,
    sourceFileName: opts.fileName,
    rowCount: total,
  });
  // The batch goes out before the first chunk is written: the sender's outbox reads would
  // otherwise wait for that chunk's transaction. Offline the drain ends at once.
  await Promise.race([engine.drain().catch(() => undefined), sleep(START_WAIT_MS)]);
  let saved = 0;
  // the sender follows the chunks as they are written (bulk.ts openImport)
  const close = openImport();
  try {
    let chunkIndex = 0;
    for (let i = 0; i < total; ) {
      if (opts.signal?.aborted) break;
      // up to `size` items (the first chunk BULK_FIRST_CHUNK), and fewer when their text is
      // long (BULK_CHUNK_BYTES)
      let end = i;
      let bytes = 0;
      const most = chunkIndex === 0 ? Math.min(size, BULK_FIRST_CHUNK) : size;
      while (end < total && end - i < most) {
        bytes += bulkItemBytes(items[end] as ItemFields);
        if (end > i && bytes > BULK_CHUNK_BYTES) break;
        end++;
      }
      const part = items.slice(i, end).map((fields) => ({ id: newId(), fields: { ...fields, batchId } }));
      const seq = await queueItemChunk(engine.writeContext, companyId, part, { batchId, chunkIndex });
      const first = chunkIndex === 0;
      chunkIndex++;
      i = end;
      saved += part.length;
      opts.onProgress?.(saved, total);
      const draining = engine.drain().catch(() => undefined);
      // Give the sender its start: until the first chunk is on its way, every outbox read it
      // makes would wait for one of the import's next transactions (~0.3 s each; the first
      // chunk left 2.7 s after Import). Offline, the drain ends at once.
      if (first) await Promise.race([whenChunkSent(seq), draining, sleep(START_WAIT_MS)]);
    }
  } finally {
    close();
  }
  const cancelled = saved < total;
  if (cancelled) await engine.write.patch("batch", batchId, { rowCount: saved });
  return { batchId, saved, total, cancelled };
}
