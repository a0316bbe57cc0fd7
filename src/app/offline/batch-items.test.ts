import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testItem } from "../../domain/inventory/test-items";
import { batchItemKeys, countBatchItems, readBatchItems } from "./batch-items";
import { type BlocklotDb, createDb } from "./db";

let db: BlocklotDb;
let n = 0;
beforeEach(async () => {
  db = createDb(`batch-items-${++n}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const id = (i: number) => `0190f0a0-0000-7000-8000-${String(i).padStart(12, "0")}`;

describe("a batch's items (through [batchId+updatedAt])", () => {
  beforeEach(async () => {
    // imported in id order; item 2 edited later (newest updatedAt), item 4 of another batch
    await db.items.bulkPut([
      testItem({ id: id(1), batchId: "b1", sku: "A", updatedAt: "2026-01-01T00:00:00.000Z" }),
      testItem({ id: id(2), batchId: "b1", sku: "B", updatedAt: "2026-03-01T00:00:00.000Z" }),
      testItem({ id: id(3), batchId: "b1", sku: "C", updatedAt: "2026-01-01T00:00:00.000Z" }),
      testItem({ id: id(4), batchId: "b2", sku: "D", updatedAt: "2026-01-01T00:00:00.000Z" }),
      testItem({ id: id(5), batchId: null, sku: "E", updatedAt: "2026-01-01T00:00:00.000Z" }),
    ]);
  });

  it("come in import order, not in order of change", async () => {
    expect((await readBatchItems(db, "b1")).map((i) => i.sku)).toEqual(["A", "B", "C"]);
    expect(await batchItemKeys(db, "b1")).toEqual([id(1), id(2), id(3)]);
  });

  it("with a limit: the least recently changed, in import order (an unedited batch's first rows)", async () => {
    expect((await readBatchItems(db, "b1", 2)).map((i) => i.sku)).toEqual(["A", "C"]);
    await db.items.bulkPut(
      [6, 7, 8].map((i) =>
        testItem({ id: id(i), batchId: "b3", sku: `F${i}`, updatedAt: `2026-02-0${i - 5}T00:00:00.000Z` }),
      ),
    );
    expect((await readBatchItems(db, "b3", 2)).map((i) => i.sku)).toEqual(["F6", "F7"]);
  });

  it("are counted per batch, and a batch without items has none", async () => {
    expect(await countBatchItems(db, "b1")).toBe(3);
    expect(await countBatchItems(db, "b2")).toBe(1);
    expect(await countBatchItems(db, "none")).toBe(0);
    expect(await readBatchItems(db, "none", 10)).toEqual([]);
  });
});
