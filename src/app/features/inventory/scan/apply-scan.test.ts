import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Item } from "../../../../domain/inventory/item";
import { newId } from "../../../../sync/outbox";
import { NetworkError } from "../../../../sync/transport";
import { type BlocklotDb, createDb } from "../../../offline/db";
import {
  createAppSyncEngine as createSyncEngine,
  type AppSyncEngine as SyncEngine,
} from "../../../offline/synced-types";
import { applyScan, findItemByCode, KnownItemGone, type ScanContext, undoScan } from "./apply-scan";
import { scannedItemFields } from "./scan-logic";
import { addEntry, type ScanEntry } from "./scan-session";

const COMPANY = "c1";
let db: BlocklotDb;
let engine: SyncEngine;
let ctx: ScanContext;
let n = 0;

function item(over: Partial<Item>): Item {
  return {
    ...scannedItemFields("X", { title: "Row", description: "d" }),
    id: newId(),
    companyId: COMPANY,
    version: 1,
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    ...over,
  };
}

beforeEach(async () => {
  db = createDb(`scan-test-${++n}`);
  await db.open();
  // offline: every write stays in the outbox, as on a phone without signal
  engine = createSyncEngine({
    db,
    transport: {
      send: async () => {
        throw new NetworkError("offline");
      },
    },
  });
  ctx = {
    db,
    write: engine.write,
    companyId: COMPANY,
    newId,
    placeholder: (code) => ({ title: `Scanned ${code}`, description: "Created by a scan" }),
  };
});

afterEach(async () => {
  db.close();
  await db.delete();
});

const entryOf = (code: string, outcome: Awaited<ReturnType<typeof applyScan>>): ScanEntry =>
  addEntry([], {
    at: 0,
    code,
    source: "camera",
    itemId: outcome.item.id,
    title: outcome.item.title,
    action: outcome.action,
    quantity: outcome.item.quantity,
  })[0] as ScanEntry;

describe("findItemByCode", () => {
  it("finds by barcode, by UPC/EAN variant and by SKU, only in the company", async () => {
    const a = item({ barcode: "036000291452", sku: "A-1", title: "A" });
    const b = item({ barcode: null, sku: "SHELF-9", title: "B" });
    const other = item({ companyId: "c2", barcode: "111", sku: "111", title: "Other" });
    await db.items.bulkPut([a, b, other]);
    expect((await findItemByCode(db, COMPANY, "036000291452"))?.id).toBe(a.id);
    expect((await findItemByCode(db, COMPANY, "0036000291452"))?.id).toBe(a.id);
    expect((await findItemByCode(db, COMPANY, "SHELF-9"))?.id).toBe(b.id);
    expect(await findItemByCode(db, COMPANY, "111")).toBeNull();
    expect(await findItemByCode(db, COMPANY, "nothing")).toBeNull();
  });

  it("finds a UPC-E read by the UPC-A it stands for, and the other way round", async () => {
    const upcA = item({ barcode: "012345000065", sku: "E-1", title: "stored as UPC-A" });
    const upcE = item({ barcode: "04252614", sku: "E-2", title: "stored as UPC-E" });
    await db.items.bulkPut([upcA, upcE]);
    // ZXing-C++ reports a UPC-E as its 13-digit GTIN, a native detector as the 8 printed digits
    expect((await findItemByCode(db, COMPANY, "0012345000065", "upc_e"))?.id).toBe(upcA.id);
    expect((await findItemByCode(db, COMPANY, "01234565", "upc_e"))?.id).toBe(upcA.id);
    expect((await findItemByCode(db, COMPANY, "0042100005264", "upc_e"))?.id).toBe(upcE.id);
    // an 8-digit code that is not a UPC-E read stays itself
    expect(await findItemByCode(db, COMPANY, "01234565")).toBeNull();
  });

  it("prefers a barcode match over a SKU match, and the exact spelling first", async () => {
    const bySku = item({ barcode: null, sku: "777", title: "sku" });
    const byBarcode = item({ barcode: "777", sku: "Z", title: "barcode" });
    await db.items.bulkPut([bySku, byBarcode]);
    expect((await findItemByCode(db, COMPANY, "777"))?.title).toBe("barcode");

    const variant = item({
      barcode: "0036000291452",
      sku: "V",
      title: "variant",
      updatedAt: "2026-01-01T00:00:00Z",
    });
    const exact = item({ barcode: "036000291452", sku: "E", title: "exact" });
    await db.items.bulkPut([variant, exact]);
    expect((await findItemByCode(db, COMPANY, "036000291452"))?.title).toBe("exact");
  });
});

describe("applyScan", () => {
  it("opens a found item without changing it", async () => {
    const a = item({ barcode: "123", quantity: 4 });
    await db.items.put(a);
    const out = await applyScan(ctx, "123", "open");
    expect(out.action).toBe("opened");
    expect(out.item.id).toBe(a.id);
    expect(await db.outbox.count()).toBe(0);
  });

  it("count mode adds 1 through the outbox, and undo takes it back", async () => {
    const a = item({ barcode: "123", quantity: 4 });
    await db.items.put(a);
    const out = await applyScan(ctx, "123", "count");
    expect(out).toMatchObject({ action: "counted", item: { id: a.id, quantity: 5 } });
    expect((await db.items.get(a.id))?.quantity).toBe(5);
    const [patch] = await db.outbox.toArray();
    expect(patch).toMatchObject({ method: "PATCH", body: { quantity: 5, version: 1 } });

    const undo = await undoScan(ctx, entryOf("123", out));
    expect(undo.result).toBe("reverted");
    expect((await db.items.get(a.id))?.quantity).toBe(4);
  });

  it("two quick counts of one item both count when run one after another", async () => {
    const a = item({ barcode: "123", quantity: 0 });
    await db.items.put(a);
    await applyScan(ctx, "123", "count");
    await applyScan(ctx, "123", "count");
    expect((await db.items.get(a.id))?.quantity).toBe(2);
  });

  it("an unknown code creates an item with that code, offline, and undo deletes it", async () => {
    const out = await applyScan(ctx, "NEW-42", "count");
    expect(out.action).toBe("created");
    const row = await db.items.get(out.item.id);
    expect(row).toMatchObject({
      barcode: "NEW-42",
      sku: "NEW-42",
      title: "Scanned NEW-42",
      quantity: 1,
      companyId: COMPANY,
      version: 0,
    });
    expect(await db.outbox.toArray()).toMatchObject([{ method: "PUT", id: out.item.id }]);
    // the same code now finds it
    expect((await applyScan(ctx, "NEW-42", "open")).item.id).toBe(out.item.id);

    const undo = await undoScan(ctx, entryOf("NEW-42", out));
    expect(undo.result).toBe("reverted");
    expect(await db.items.get(out.item.id)).toBeUndefined();
    // the create was tried once (the phone is offline), so it may have reached the server:
    // a DELETE follows it in the outbox
    expect((await db.outbox.toArray()).map((e) => [e.method, e.id])).toEqual([
      ["PUT", out.item.id],
      ["DELETE", out.item.id],
    ]);
  });

  it("undo of an item deleted meanwhile says it is gone", async () => {
    const out = await applyScan(ctx, "Q", "count");
    await db.items.delete(out.item.id);
    expect(await undoScan(ctx, entryOf("Q", out))).toEqual({ result: "gone" });
  });

  it("undo of a count never goes below zero", async () => {
    const a = item({ barcode: "5", quantity: 0 });
    await db.items.put(a);
    const out = await applyScan(ctx, "5", "count");
    await db.items.update(a.id, { quantity: 0 });
    await undoScan(ctx, entryOf("5", out));
    expect((await db.items.get(a.id))?.quantity).toBe(0);
  });
});

describe("applyScan with an item a lookup found before the scan was queued (a single CODE128 read)", () => {
  it("counts the item as it is now, not as the lookup saw it", async () => {
    const row = item({ barcode: "BN-1-F1", sku: "BN-F1", quantity: 2 });
    await db.items.put(row);
    const seen = await findItemByCode(db, COMPANY, "BN-1-F1", "code_128");
    // a scan queued before this one counted the same item meanwhile
    await applyScan(ctx, "BN-F1", "count");
    const out = await applyScan(ctx, "BN-1-F1", "count", "code_128", seen as Item);
    expect(out.action).toBe("counted");
    expect(out.item.quantity).toBe(4);
    expect((await db.items.get(row.id))?.quantity).toBe(4);
  });
  it("creates nothing from that single read when the item is gone meanwhile", async () => {
    const row = item({ barcode: "BN-1-F2", sku: "BN-F2", quantity: 0 });
    await db.items.put(row);
    const seen = (await findItemByCode(db, COMPANY, "BN-1-F2", "code_128")) as Item;
    await db.items.delete(row.id);
    await expect(applyScan(ctx, "BN-1-F2", "count", "code_128", seen)).rejects.toBeInstanceOf(KnownItemGone);
    expect(await db.items.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});
