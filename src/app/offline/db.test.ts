import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { SYNC_STORES } from "../../sync/db";
import { type BlocklotDb, condensedSchema, createDb, SCHEMA } from "./db";
import { SYNCED_TYPES } from "./synced-types";

const opened: BlocklotDb[] = [];
let n = 0;
const fresh = () => `db-test-${++n}`;
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

/** A version-1 item row (no photos/notes/barcode/location yet). */
const v1Item = {
  id: "0190f0a0-0000-7000-8000-000000000001",
  companyId: "c1",
  sku: "A1",
  title: "Lamp",
  status: "new",
  batchId: "b1",
  updatedAt: "2026-01-01T00:00:00.000Z",
  version: 3,
};

describe("Dexie schema", () => {
  it("versions are consecutive from 1 and every table keeps its primary key", () => {
    expect(SCHEMA.map((s) => s.version)).toEqual(SCHEMA.map((_, i) => i + 1));
    const pk = new Map<string, string>();
    for (const s of SCHEMA) {
      for (const [table, def] of Object.entries(s.stores)) {
        if (def === null) {
          pk.delete(table);
          continue;
        }
        const key = def.split(",")[0]?.trim() ?? "";
        const before = pk.get(table);
        if (before !== undefined)
          expect(key, `${table} primary key changed in version ${s.version}`).toBe(before);
        pk.set(table, key);
      }
    }
  });

  it("a new database opens at the latest version with every table", async () => {
    const db = createDb(fresh());
    opened.push(db);
    await db.open();
    expect(db.verno).toBe(SCHEMA.at(-1)?.version);
    expect(db.tables.map((t) => t.name).sort()).toEqual([
      "batches",
      "calendarDates",
      "calendarEvents",
      "chatMessages",
      "chatThreads",
      "conflicts",
      "items",
      "kanbanAttachments",
      "kanbanBoards",
      "kanbanColumns",
      "kanbanComments",
      "kanbanTasks",
      "mailLabels",
      "mailMessages",
      "meta",
      "outbox",
      "photoUploads",
      "products",
    ]);
  });

  it("declares only the versions with an upgrade and the last, and opens the same tables and indexes as the whole history", async () => {
    expect(condensedSchema().map((s) => s.version)).toEqual(
      SCHEMA.filter((s, i) => s.upgrade || i === SCHEMA.length - 1).map((s) => s.version),
    );
    const shape = (db: BlocklotDb) =>
      db.tables
        .map((t) => [t.name, t.schema.primKey.src, t.schema.indexes.map((i) => i.src).sort()])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const condensed = createDb(fresh());
    const whole = createDb(fresh(), { upTo: SCHEMA.at(-1)?.version });
    opened.push(condensed, whole);
    await Promise.all([condensed.open(), whole.open()]);
    expect(condensed.verno).toBe(whole.verno);
    expect(shape(condensed)).toEqual(shape(whole));
    // a table a later version drops is not declared
    const dropped = condensedSchema([
      { version: 1, stores: { a: "id", b: "id" } },
      { version: 2, stores: { b: null, c: "id, x" } },
    ]);
    expect(dropped).toEqual([{ version: 2, stores: { a: "id", b: null, c: "id, x" } }]);
  });

  it("holds a table for every synced type and the sync engine's tables as it declares them", async () => {
    const db = createDb(fresh());
    opened.push(db);
    await db.open();
    for (const type of Object.values(SYNCED_TYPES)) {
      const table = db.tables.find((t) => t.name === type.localTable);
      expect(table?.schema.primKey.name, type.entity).toBe("id");
    }
    for (const [name, spec] of Object.entries(SYNC_STORES)) {
      const table = db.table(name);
      const declared = spec.split(", ");
      expect(table.schema.primKey.src).toBe(declared[0]);
      expect(table.schema.indexes.map((i) => i.src).sort()).toEqual(declared.slice(1).sort());
    }
  });

  for (const earlier of SCHEMA.slice(0, -1)) {
    it(`upgrades from version ${earlier.version} keeping the data`, async () => {
      const name = fresh();
      const old = createDb(name, { upTo: earlier.version });
      await old.open();
      // A row as that version writes it (version 2 and later rows have the optional fields).
      await old
        .table("items")
        .put(
          earlier.version >= 2
            ? { ...v1Item, photos: [], notes: null, barcode: null, location: null }
            : v1Item,
        );
      await old
        .table("items")
        .put({ ...v1Item, id: "0190f0a0-0000-7000-8000-000000000002", sku: "A2", photos: ["p"] });
      await old.table("meta").put({ key: "cursor:c1", value: "42" });
      await old.table("batches").put({ id: "b1", companyId: "c1", name: "Import", createdAt: "t" });
      old.close();

      const db = createDb(name);
      opened.push(db);
      await db.open();
      expect(db.verno).toBe(SCHEMA.at(-1)?.version);
      const item = await db.items.get(v1Item.id);
      expect(item).toMatchObject({ ...v1Item, photos: [], notes: null, barcode: null, location: null });
      expect((await db.items.get("0190f0a0-0000-7000-8000-000000000002"))?.photos).toEqual(["p"]);
      expect(await db.meta.get("cursor:c1")).toEqual({ key: "cursor:c1", value: "42" });
      expect(await db.batches.count()).toBe(1);
      // indexes nothing needs are gone (versions 4 and 5): each costs a write per item
      const indexes = db.items.schema.indexes.map((i) => i.name).sort();
      expect(indexes).toEqual(["[batchId+updatedAt]", "[companyId+sku]", "[companyId+status]", "barcode"]);
      // the new indexes answer queries on the old rows
      expect(await db.items.where("[companyId+status]").equals(["c1", "new"]).count()).toBe(2);
      expect(await db.items.where("[companyId+sku]").equals(["c1", "A1"]).count()).toBe(1);
      // and the write path works
      await db.outbox.add({
        companyId: "c1",
        entity: "item",
        id: v1Item.id,
        method: "PATCH",
        url: "/x",
        body: {},
        idempotencyKey: "k",
        baseVersion: 3,
        base: null,
        state: "waiting",
        error: null,
        lastStatus: null,
        createdAt: "t",
        attempts: 0,
        notBefore: null,
      });
      expect(await db.outbox.where("[entity+id]").equals(["item", v1Item.id]).count()).toBe(1);
      // and the photo queue (version 3) takes a photo and lists a link's photos in order
      const photo = {
        hash: "h1",
        bytes: new Uint8Array([1, 2, 3]).buffer,
        type: "image/webp",
        width: 2,
        height: 1,
        state: "waiting" as const,
        error: null,
        lastStatus: null,
        attempts: 0,
        notBefore: null,
        photoId: null,
      };
      await db.photoUploads.bulkAdd([
        { ...photo, id: "p2", createdAt: "2026-01-01T00:00:02.000Z" },
        { ...photo, id: "p1", createdAt: "2026-01-01T00:00:01.000Z" },
        { ...photo, id: "p3", hash: "h2", createdAt: "2026-01-01T00:00:00.000Z" },
      ]);
      const ofLink = await db.photoUploads
        .where("[hash+createdAt]")
        .between(["h1", ""], ["h1", "\uffff"])
        .toArray();
      expect(ofLink.map((p) => p.id)).toEqual(["p1", "p2"]);
      expect(new Uint8Array(ofLink[0]?.bytes as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3]));
      expect(await db.photoUploads.where("state").equals("waiting").count()).toBe(3);
    });
  }
});
