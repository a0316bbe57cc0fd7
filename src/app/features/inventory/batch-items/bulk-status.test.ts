import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Item } from "../../../../domain/inventory/item";
import { testItem } from "../../../../domain/inventory/test-items";
import { type BatchWrite, WRITE_BATCH_PATH } from "../../../../domain/sync/write-batch";
import type { SyncRequest, SyncTransport } from "../../../../sync/transport";
import { readBatchItems } from "../../../offline/batch-items";
import { type BlocklotDb, createDb } from "../../../offline/db";
import { createAppSyncEngine as createSyncEngine } from "../../../offline/synced-types";
import { BULK_CHUNK, setStatusOf } from "./bulk-status";

function row(i: number, fields: Partial<Item> = {}): Item {
  return testItem({
    id: `0190aaaa-0000-7000-8000-${String(i).padStart(12, "0")}`,
    version: 3,
    batchId: "b1",
    sku: `SKU-${i}`,
    title: `Item ${i}`,
    description: "d",
    ...fields,
  });
}

let db: BlocklotDb;
let sent: SyncRequest[];
let name: string;

/** A server that acknowledges every PATCH with the row it would store (alone or in a write batch). */
function server(): SyncTransport {
  const patch = async (req: SyncRequest) => {
    sent.push(req);
    const id = req.url.split("/").at(-1) as string;
    const local = await db.items.get(id);
    const body = req.body as Record<string, unknown>;
    return { ...local, ...body, version: (body.version as number) + 1 };
  };
  return {
    send: async (req) => {
      if (req.url !== WRITE_BATCH_PATH) return { status: 200, data: await patch(req) };
      const { writes } = req.body as { writes: BatchWrite[] };
      const answers = [];
      for (const w of writes)
        answers.push({ status: 200, body: await patch({ ...w, body: w.body ?? undefined }) });
      return { status: 200, data: { answers } };
    },
  };
}

beforeEach(async () => {
  name = `bulk-${Math.random()}`;
  db = createDb(name);
  await db.open();
  sent = [];
});
afterEach(async () => {
  db.close();
  await createDb(name).delete();
});

describe("bulk status change", () => {
  it("patches each item in Dexie and queues one PATCH per changed item, skipping those already in the status", async () => {
    await db.items.bulkPut([row(1), row(2, { status: "sold" }), row(3)]);
    const engine = createSyncEngine({ db, transport: server(), schedule: () => () => undefined });
    const result = await setStatusOf(engine, [row(1).id, row(2).id, row(3).id, "gone"], "sold");
    expect(result).toEqual({ changed: 2, unchanged: 1, missing: 1 });
    // the rows show the new status at once, before the server has answered
    expect((await db.items.bulkGet([row(1).id, row(3).id])).map((r) => r?.status)).toEqual(["sold", "sold"]);
    await engine.drain();
    expect(sent.map((r) => [r.method, r.url.split("/").at(-1), r.body])).toEqual([
      ["PATCH", row(1).id, { status: "sold", version: 3 }],
      ["PATCH", row(3).id, { status: "sold", version: 3 }],
    ]);
    // each write has its own idempotency key
    expect(new Set(sent.map((r) => r.idempotencyKey)).size).toBe(2);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.items.get(row(1).id))?.version).toBe(4);
  });

  it("works through chunks and reports progress", async () => {
    const count = BULK_CHUNK * 2 + 7;
    await db.items.bulkPut(Array.from({ length: count }, (_, i) => row(i)));
    const engine = createSyncEngine({ db, transport: server(), schedule: () => () => undefined });
    const progress: number[] = [];
    const ids = (await readBatchItems(db, "b1")).map((r) => r.id);
    const result = await setStatusOf(engine, ids, "listed", (done) => progress.push(done));
    expect(result.changed).toBe(count);
    expect(progress).toEqual([BULK_CHUNK, BULK_CHUNK * 2, count]);
    expect(await db.outbox.where("state").equals("waiting").count()).toBeGreaterThan(0);
    await engine.drain();
    expect(await db.outbox.count()).toBe(0);
    expect(sent).toHaveLength(count);
    expect((await db.items.toArray()).every((r) => r.status === "listed" && r.version === 4)).toBe(true);
  });

  it("reads a batch's items in import (id) order, other batches left out", async () => {
    await db.items.bulkPut([row(3), row(1), row(2, { batchId: "other" }), row(0)]);
    expect((await readBatchItems(db, "b1")).map((r) => r.sku)).toEqual(["SKU-0", "SKU-1", "SKU-3"]);
    expect((await readBatchItems(db, "b1", 2)).map((r) => r.sku)).toEqual(["SKU-0", "SKU-1"]);
  });
});
