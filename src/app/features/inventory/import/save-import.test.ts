import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BULK_CHUNK, BULK_CHUNK_BYTES, BULK_FIRST_CHUNK } from "../../../../domain/inventory/bulk";
import type { ItemFields } from "../../../../domain/inventory/item";
import { testItemFields } from "../../../../domain/inventory/test-items";
import { NetworkError } from "../../../../sync/transport";
import { readBatchItems } from "../../../offline/batch-items";
import { bulkChunkRange, readBulkBody } from "../../../offline/bulk";
import { type BlocklotDb, createDb } from "../../../offline/db";
import { createAppSyncEngine as createSyncEngine } from "../../../offline/synced-types";
import { saveImport } from "./save-import";

const COMPANY = "0190a000-0000-7000-8000-000000000001";

const fields = (i: number): ItemFields =>
  testItemFields({ sku: `S-${i}`, title: `Item ${i}`, description: "Imported" });

let db: BlocklotDb;
let n = 0;
beforeEach(async () => {
  db = createDb(`save-import-${++n}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** An engine whose sends never get an answer: everything stays in the outbox (an offline import). */
const offlineEngine = () =>
  createSyncEngine({
    db,
    transport: {
      send: async () => {
        throw new NetworkError("offline");
      },
    },
    schedule: () => () => undefined,
  });

describe("saveImport", () => {
  it("writes a batch and its items in chunks, one outbox entry per chunk, reporting progress", async () => {
    const progress: number[] = [];
    const result = await saveImport({
      engine: offlineEngine(),
      companyId: COMPANY,
      batchName: "Spring",
      fileName: "spring.csv",
      items: Array.from({ length: 2500 }, (_, i) => fields(i)),
      chunkSize: 1000,
      onProgress: (saved) => progress.push(saved),
    });
    expect(result).toMatchObject({ saved: 2500, total: 2500, cancelled: false });
    expect(progress).toEqual([1000, 2000, 2500]);
    expect(await db.batches.get(result.batchId)).toMatchObject({
      name: "Spring",
      sourceFileName: "spring.csv",
      rowCount: 2500,
      companyId: COMPANY,
    });
    const items = await readBatchItems(db, result.batchId);
    expect(items).toHaveLength(2500);
    expect(items.every((i) => i.companyId === COMPANY && i.version === 1)).toBe(true);
    const entries = await db.outbox.orderBy("seq").toArray();
    expect(entries.map((e) => [e.method, e.bulk?.count ?? null])).toEqual([
      ["PUT", null],
      ["POST", 1000],
      ["POST", 1000],
      ["POST", 500],
    ]);
    const { lower, upper } = bulkChunkRange(result.batchId);
    expect(await db.outbox.where("[entity+id]").between(lower, upper, true, true).count()).toBe(3);
    // every queued item is the one saved locally, with the batch
    const sent = (await Promise.all(entries.slice(1).map((e) => readBulkBody(db, e)))).flatMap(
      (b) => b?.items ?? [],
    );
    // the entries themselves stay small: the bodies are beside them
    expect(entries.slice(1).every((e) => e.body === null)).toBe(true);
    expect(new Set(sent.map((i) => i.id))).toEqual(new Set(items.map((i) => i.id)));
    expect(sent.every((i) => i.batchId === result.batchId)).toBe(true);
  });

  it("by default the first chunk is small (the server gets work at once), the next ones large", async () => {
    await saveImport({
      engine: offlineEngine(),
      companyId: COMPANY,
      batchName: "Sizes",
      fileName: "sizes.csv",
      items: Array.from({ length: BULK_FIRST_CHUNK + BULK_CHUNK + 10 }, (_, i) => fields(i)),
    });
    const chunks = (await db.outbox.orderBy("seq").toArray()).filter((e) => e.bulk);
    expect(chunks.map((e) => e.bulk?.count)).toEqual([BULK_FIRST_CHUNK, BULK_CHUNK, 10]);
  });

  it("ends a chunk early when its items' text is long, so no request passes the body limit", async () => {
    // 10,000 characters of description each: ~30 KB by the estimate, so ~280 fit in 8 MB
    const long = (i: number) => ({ ...fields(i), description: "x".repeat(10_000) });
    const result = await saveImport({
      engine: offlineEngine(),
      companyId: COMPANY,
      batchName: "Long",
      fileName: "long.csv",
      items: Array.from({ length: 700 }, (_, i) => long(i)),
      onProgress: () => undefined,
    });
    expect(result).toMatchObject({ saved: 700, cancelled: false });
    const chunks = (await db.outbox.orderBy("seq").toArray()).filter((e) => e.bulk);
    expect(chunks.length).toBe(3);
    expect(chunks.reduce((n, e) => n + (e.bulk?.count ?? 0), 0)).toBe(700);
    for (const [i, e] of chunks.entries()) {
      const body = await readBulkBody(db, e);
      const bytes = new TextEncoder().encode(JSON.stringify(body)).length;
      expect(bytes).toBeLessThanOrEqual(BULK_CHUNK_BYTES);
      // plain text takes a third of the estimate's 3 bytes per character: full chunks are not tiny
      if (i < chunks.length - 1) expect(bytes).toBeGreaterThan(BULK_CHUNK_BYTES / 4);
    }
  });

  it("Cancel stops after the chunk being written; the batch keeps the rows saved and says how many", async () => {
    const controller = new AbortController();
    const result = await saveImport({
      engine: offlineEngine(),
      companyId: COMPANY,
      batchName: "Cancelled",
      fileName: "c.csv",
      items: Array.from({ length: 3000 }, (_, i) => fields(i)),
      chunkSize: 1000,
      signal: controller.signal,
      onProgress: (saved) => {
        if (saved === 1000) controller.abort();
      },
    });
    expect(result).toMatchObject({ saved: 1000, total: 3000, cancelled: true });
    expect(await db.items.count()).toBe(1000);
    expect((await db.batches.get(result.batchId))?.rowCount).toBe(1000);
    expect((await db.outbox.toArray()).filter((e) => e.bulk)).toHaveLength(1);
  });
});
