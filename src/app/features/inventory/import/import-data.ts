/**
 * What the import reads from and watches in Dexie: the SKUs the company already has (the
 * preview reports rows with them as duplicates) and the upload of an import's chunks
 * (useImportUpload: the chunks' entries, whose bodies are in `meta`).
 */
import { Dexie } from "dexie";
import { bulkChunkRange } from "../../../offline/bulk";
import { type BlocklotDb, getDb } from "../../../offline/db";
import { useThrottledLiveQuery } from "../../../offline/use-throttled-live-query";

/** The company's SKUs in this device's copy of the inventory (index keys only). */
export async function readExistingSkus(db: BlocklotDb, companyId: string): Promise<string[]> {
  const keys = await db.items
    .where("[companyId+sku]")
    .between([companyId, Dexie.minKey], [companyId, Dexie.maxKey])
    .keys();
  return keys.map((k) => (k as unknown as [string, string])[1]);
}

export interface UploadState {
  /** Items of the import still waiting to reach the server. */
  pending: number;
  /** The server's reason when a whole chunk was refused. */
  chunkError: string | null;
  /** Items the server refused one by one (kept on the device as rejected writes). */
  refused: number;
  /** Their distinct reasons, the first few. */
  reasons: string[];
}

/** Follows the upload of an import's chunks (live). */
export function useImportUpload(batchId: string | null, db: BlocklotDb = getDb()): UploadState | undefined {
  return useThrottledLiveQuery(
    async () => {
      if (!batchId) return undefined;
      const { lower, upper } = bulkChunkRange(batchId);
      // the chunks' entries are small (their bodies are kept in `meta`)
      const chunks = await db.outbox.where("[entity+id]").between(lower, upper, true, true).toArray();
      const pending = chunks.reduce((n, e) => n + (e.bulk?.count ?? 0), 0);
      const heldSeqs = await db.outbox.where("state").anyOf("rejected", "conflict").primaryKeys();
      const held = (await db.outbox.bulkGet(heldSeqs)).filter((e) => e !== undefined);
      const chunk = held.find((e) => e.bulk?.batchId === batchId);
      const refused = held.filter(
        (e) =>
          !e.bulk && e.entity === "item" && (e.body as { batchId?: unknown } | null)?.batchId === batchId,
      );
      const reasons = [...new Set(refused.map((e) => e.error ?? ""))].filter(Boolean).slice(0, 3);
      return { pending, chunkError: chunk?.error ?? null, refused: refused.length, reasons };
    },
    [db, batchId],
    // an import changes the outbox several times per chunk; each read is a transaction the
    // import's next chunk waits behind
    { tables: ["outbox"], waitMs: 250 },
  );
}
