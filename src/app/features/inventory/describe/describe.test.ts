import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Item } from "../../../../domain/inventory/item";
import { testItem } from "../../../../domain/inventory/test-items";
import { type BlocklotDb, createDb } from "../../../offline/db";
import { effectiveEdits, planSave } from "./describe-values";
import { deleteDraft, draftItemIds, draftKey, loadDraft, saveDraft } from "./drafts";
import { nextInQueue, readQueue } from "./queue";

const C = "c1";
let n = 0;
const id = (k: number) => `0190f0a0-0000-7000-8000-${String(k).padStart(12, "0")}`;
const item = (k: number, over: Partial<Item> = {}): Item =>
  testItem({
    id: id(k),
    companyId: C,
    batchId: "0190f0a0-0000-7000-8000-0000000000b1",
    sku: `SKU-${k}`,
    title: `Item ${k}`,
    description: "Imported",
    ...over,
  });

let db: BlocklotDb;
beforeEach(async () => {
  db = createDb(`describe-test-${++n}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe("planSave", () => {
  it("sends only the changed fields, converted, and moves a new item to pending", () => {
    const plan = planSave(item(1), {
      title: "Brass lamp",
      price: "12.5",
      length: "10",
      dimensionUnit: "CENTIMETER",
      condition: "5",
    });
    expect(plan).toEqual({
      ok: true,
      changes: {
        title: "Brass lamp",
        price: 1250,
        condition: 5,
        dimensions: { length: 10, width: null, height: null, unit: "CENTIMETER" },
        status: "pending",
      },
    });
  });

  it("leaves the status of an item that was not waiting to be described", () => {
    const plan = planSave(item(1, { status: "listed" }), { location: "B-2" });
    expect(plan).toEqual({ ok: true, changes: { location: "B-2" } });
  });

  it("reports errors under the describe fields, the first one in form order", () => {
    const plan = planSave(item(1), { title: " ", quantity: "1.5", price: "abc", weight: "-2" });
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.first).toBe("title");
    expect(Object.keys(plan.errors).sort()).toEqual(["price", "quantity", "title", "weight"]);
    expect(plan.errors.title?.message).toBe("Inventory title is required");
    expect(plan.errors.quantity?.message).toBe("Quantity must be a whole number");
    expect(plan.errors.weight?.path).toBe("weight.value");
  });

  it("treats an edit typed back to the saved value as no edit", () => {
    expect(effectiveEdits(item(1), { title: "Item 1", quantity: "1", location: "A" })).toEqual({
      location: "A",
    });
  });
});

describe("drafts (meta table)", () => {
  it("saves, loads, lists per company and deletes a draft", async () => {
    await saveDraft(db, { companyId: C, itemId: id(1), edits: { title: "T" }, savedAt: "now" });
    await saveDraft(db, { companyId: "other", itemId: id(2), edits: { title: "X" }, savedAt: "now" });
    expect(await loadDraft(db, id(1))).toEqual({
      companyId: C,
      itemId: id(1),
      edits: { title: "T" },
      savedAt: "now",
    });
    expect([...(await draftItemIds(db, C))]).toEqual([id(1)]);
    await deleteDraft(db, id(1));
    expect(await loadDraft(db, id(1))).toBeNull();
  });

  it("an empty draft is removed, and stored junk is cleaned", async () => {
    await saveDraft(db, { companyId: C, itemId: id(1), edits: { title: "T" }, savedAt: "now" });
    await saveDraft(db, { companyId: C, itemId: id(1), edits: {}, savedAt: "later" });
    expect(await loadDraft(db, id(1))).toBeNull();
    await db.meta.put({
      key: draftKey(id(3)),
      value: { companyId: C, itemId: id(3), savedAt: "x", edits: { title: "ok", sku: "no", quantity: {} } },
    });
    expect((await loadDraft(db, id(3)))?.edits).toEqual({ title: "ok" });
    await db.meta.put({ key: draftKey(id(4)), value: "broken" });
    expect(await loadDraft(db, id(4))).toBeNull();
  });
});

describe("queue", () => {
  beforeEach(async () => {
    await db.items.bulkPut([
      item(1),
      item(2, { status: "pending" }),
      item(3),
      item(4, { batchId: null, title: "Lamp shade" }),
      item(5, { companyId: "other" }),
    ]);
  });

  it("to describe: the company's new items in creation order", async () => {
    const q = await readQueue(db, C, { source: "todo" }, 10);
    expect(q.rows.map((r) => r.id)).toEqual([id(1), id(3), id(4)]);
    expect(q.total).toBe(3);
  });

  it("next in to-describe skips described items and starts over at the end", async () => {
    expect((await nextInQueue(db, C, { source: "todo" }, id(1)))?.id).toBe(id(3));
    expect((await nextInQueue(db, C, { source: "todo" }, id(4)))?.id).toBe(id(1));
    // the one left is the current one: nothing else to describe
    await db.items.bulkPut([item(1, { status: "pending" }), item(3, { status: "pending" })]);
    expect(await nextInQueue(db, C, { source: "todo" }, id(4))).toBeNull();
  });

  it("a batch goes in import order, any status, and ends", async () => {
    const spec = { source: "batch" as const, batchId: item(1).batchId };
    expect((await readQueue(db, C, spec, 10)).rows.map((r) => r.id)).toEqual([id(1), id(2), id(3)]);
    expect((await nextInQueue(db, C, spec, id(2)))?.id).toBe(id(3));
    expect(await nextInQueue(db, C, spec, id(3))).toBeNull();
  });

  it("a search follows the order shown", async () => {
    const spec = { source: "search" as const, query: "lamp" };
    expect((await readQueue(db, C, spec, 10)).rows.map((r) => r.id)).toEqual([id(4)]);
    expect((await nextInQueue(db, C, spec, id(1), [id(1), id(3)]))?.id).toBe(id(3));
    expect(await nextInQueue(db, C, spec, id(3), [id(1), id(3)])).toBeNull();
  });
});
