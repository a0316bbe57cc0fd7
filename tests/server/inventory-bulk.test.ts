import { and, eq, isNull } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BULK_ITEMS_MAX, type BulkItemsResponse } from "../../src/domain/inventory/bulk";
import { companyMembers, idempotencyKeys, inventoryItems } from "../../src/server/db/schema";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { itemBody, pullAll, putItem, uuidv7 } from "./inventory-helpers";

let server: TestServer;
let alice: TestUser; // admin of company A
let emp: TestUser; // employee of company A
let bob: TestUser; // admin of company B
let loner: TestUser; // no company

beforeAll(async () => {
  server = await startTestServer();
  alice = await createTestUser(server);
  emp = await createTestUser(server);
  await addMember(server, alice.companyId, emp.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
  bob = await createTestUser(server);
  loner = await createTestUser(server);
  await server.database.db.delete(companyMembers).where(eq(companyMembers.userId, loner.userId));
});
afterAll(async () => server?.close());

const inject = (opts: InjectOptions) => server.app.inject(opts);

function bulk(auth: { authorization: string }, items: unknown[], headers: Record<string, string> = {}) {
  return inject({
    method: "POST",
    url: "/api/inventory/items/bulk",
    headers: { ...auth, ...headers },
    payload: { items },
  });
}

const item = (sku: string, extra: Record<string, unknown> = {}) => ({
  id: uuidv7(),
  ...itemBody(sku),
  ...extra,
});

async function newBatch(auth: { authorization: string }, name = "Import") {
  const res = await inject({
    method: "POST",
    url: "/api/inventory/batches",
    headers: auth,
    payload: { id: uuidv7(), name, sourceFileName: "items.csv", rowCount: 3 },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function liveCount(companyId: string, batchId?: string) {
  const rows = await server.database.db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(
      and(
        eq(inventoryItems.companyId, companyId),
        isNull(inventoryItems.deletedAt),
        batchId ? eq(inventoryItems.batchId, batchId) : undefined,
      ),
    );
  return rows.length;
}

describe("POST /api/inventory/items/bulk", () => {
  it("creates a thousand items of a batch in one request, each answered with its stored row", async () => {
    const batchId = await newBatch(emp.auth, "Spring stock");
    const items = Array.from({ length: 1000 }, (_, i) =>
      item(`BULK-${i}`, { batchId, price: 100 + i, quantity: i % 7, status: "new" }),
    );
    const before = await pullAll(server, alice.auth, undefined);
    const res = await bulk(emp.auth, items);
    expect(res.statusCode).toBe(200);
    const body = res.json() as BulkItemsResponse;
    expect(body).toMatchObject({ created: 1000, updated: 0, unchanged: 0, refused: 0 });
    expect(body.results).toHaveLength(1000);
    body.results.forEach((r, i) => {
      expect(r).toEqual({
        id: items[i]?.id,
        status: "created",
        version: 1,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });
    // Stored as sent, with the defaults filled in.
    const one = await inject({
      method: "GET",
      url: `/api/inventory/items/${items[7]?.id}`,
      headers: alice.auth,
    });
    expect(one.json()).toMatchObject({
      id: items[7]?.id,
      companyId: alice.companyId,
      batchId,
      sku: "BULK-7",
      price: 107,
      quantity: 0,
      version: 1,
      condition: 13,
      category: "inventory",
      dimensions: { length: null, width: null, height: null, unit: "INCH" },
      weight: { value: null, unit: "POUND" },
      photos: [],
      createdAt: body.results[7]?.createdAt,
    });
    const list = await inject({
      method: "GET",
      url: `/api/inventory/items?batchId=${batchId}&rowsPerPage=1`,
      headers: alice.auth,
    });
    expect(list.json().total).toBe(1000);
    // The sync feed carries every one of them once.
    const after = await pullAll(server, alice.auth, before.cursor);
    expect(new Set(after.changes.filter((c) => c.entity === "item").map((c) => c.id)).size).toBe(1000);
  });

  it("answers each refused item with its reason and stores the others", async () => {
    const batchId = await newBatch(emp.auth);
    const bobBatch = await newBatch(bob.auth);
    const held = await putItem(server, emp.auth, itemBody("HELD-1"));
    const twice = uuidv7();
    const items = [
      item("MIX-OK-1", { batchId }),
      item("HELD-1", { batchId }), // SKU of an item the company has
      item("MIX-OK-1", { batchId }), // SKU of the first item of this request
      item("MIX-EMPTY", { batchId, title: "  " }), // a validate.ts rule the schema does not catch
      { ...item("MIX-TWICE-A"), id: twice },
      { ...item("MIX-TWICE-B"), id: twice },
      { ...item("MIX-V4"), id: "9b2f7c3e-1d4a-4c5e-8f6a-0b1c2d3e4f5a" },
      item("MIX-FOREIGN", { batchId: bobBatch }),
      item("  MIX-OK-2  ", { batchId }),
    ];
    const res = await bulk(emp.auth, items);
    expect(res.statusCode).toBe(200);
    const body = res.json() as BulkItemsResponse;
    expect(body).toMatchObject({ created: 3, refused: 6 });
    const [ok1, dupExisting, dupInRequest, empty, twiceA, twiceB, v4, foreign, ok2] = body.results;
    expect(ok1).toMatchObject({ status: "created" });
    expect(dupExisting).toMatchObject({
      status: "duplicate-sku",
      message: 'SKU "HELD-1" is already used by another item in your company',
      conflictingId: held.id,
    });
    expect(dupInRequest).toMatchObject({
      status: "duplicate-sku",
      message: 'SKU "MIX-OK-1" is already used by item 1 of this request',
    });
    expect(dupInRequest?.conflictingId).toBeUndefined();
    expect(empty).toMatchObject({
      status: "invalid",
      message: "title: Inventory title is required",
      errors: { title: "Inventory title is required" },
    });
    expect(twiceA).toMatchObject({ status: "created" });
    expect(twiceB).toMatchObject({
      status: "invalid",
      message: "id: This id was already given to item 5 of this request",
    });
    expect(v4).toMatchObject({
      status: "invalid",
      message: "id: The item id must be a UUIDv7 made by the app",
    });
    expect(foreign).toMatchObject({ status: "invalid", errors: { batchId: "Batch not found" } });
    expect(ok2).toMatchObject({ status: "created", version: 1 });
    const trimmed = await inject({
      method: "GET",
      url: `/api/inventory/items/${ok2?.id}`,
      headers: emp.auth,
    });
    expect(trimmed.json().sku).toBe("MIX-OK-2");
    expect(await liveCount(alice.companyId, batchId)).toBe(2);
    const stored = await server.database.db
      .select({ sku: inventoryItems.sku })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, twice));
    expect(stored).toEqual([{ sku: "MIX-TWICE-A" }]);
  });

  it("a resent item is unchanged; with its version it is replaced; a stale or missing version is a conflict", async () => {
    const a = item("RESEND-A");
    const b = item("RESEND-B");
    expect((await bulk(emp.auth, [a, b])).json().created).toBe(2);
    const again = (await bulk(emp.auth, [a, b])).json() as BulkItemsResponse;
    expect(again).toMatchObject({ created: 0, unchanged: 2, refused: 0 });
    expect(again.results[0]).toMatchObject({ id: a.id, status: "unchanged", version: 1 });

    const res = (
      await bulk(emp.auth, [
        { ...a, title: "Renamed", version: 1 },
        { ...b, title: "Other title" },
      ])
    ).json() as BulkItemsResponse;
    expect(res.results[0]).toMatchObject({ status: "updated", version: 2 });
    const renamed = await inject({ method: "GET", url: `/api/inventory/items/${a.id}`, headers: emp.auth });
    expect(renamed.json()).toMatchObject({ title: "Renamed", version: 2 });
    expect(res.results[1]).toMatchObject({ status: "conflict", current: { id: b.id, version: 1 } });
    const stale = (await bulk(emp.auth, [{ ...a, title: "Stale", version: 1 }])).json() as BulkItemsResponse;
    expect(stale.results[0]).toMatchObject({ status: "conflict", current: { title: "Renamed", version: 2 } });

    const del = await inject({ method: "DELETE", url: `/api/inventory/items/${b.id}`, headers: emp.auth });
    expect(del.statusCode).toBe(204);
    const gone = (await bulk(emp.auth, [b])).json() as BulkItemsResponse;
    expect(gone.results[0]).toMatchObject({ status: "deleted", message: "Item was deleted" });
    // The SKU of a deleted item is free again for a new item.
    expect((await bulk(emp.auth, [item("RESEND-B")])).json().created).toBe(1);
  });

  it("honours Idempotency-Key: a replay answers the stored results and writes nothing; another body is 422", async () => {
    const items = Array.from({ length: 50 }, (_, i) => item(`IDEM-BULK-${i}`));
    const key = `bulk-${uuidv7()}`;
    const first = await bulk(emp.auth, items, { "idempotency-key": key });
    expect(first.statusCode).toBe(200);
    expect(first.json().created).toBe(50);
    const replay = await bulk(emp.auth, items, { "idempotency-key": key });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.body).toBe(first.body);
    const rows = await server.database.db
      .select({ id: inventoryItems.id, version: inventoryItems.version })
      .from(inventoryItems)
      .where(eq(inventoryItems.companyId, alice.companyId));
    const mine = rows.filter((r) => items.some((i) => i.id === r.id));
    expect(mine).toHaveLength(50);
    expect(mine.every((r) => r.version === 1)).toBe(true);

    const other = await bulk(emp.auth, items.slice(1), { "idempotency-key": key });
    expect(other.statusCode).toBe(422);
    const [stored] = await server.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    expect(stored?.responseStatus).toBe(200);
  });

  it("keeps companies apart: another company's ids are refused and its batches are not found", async () => {
    const batchId = await newBatch(alice.auth, "Alice's");
    const a = item("CROSS-1", { batchId });
    expect((await bulk(alice.auth, [a])).json().created).toBe(1);

    const bobsTry = (await bulk(bob.auth, [{ ...a, title: "Taken over" }, item("CROSS-1")])).json();
    expect(bobsTry.results[0]).toMatchObject({
      status: "id-taken",
      message: "This id is already in use; make a new id for a new item",
    });
    expect(bobsTry.results[0].current).toBeUndefined();
    expect(bobsTry.results[0].version).toBeUndefined();
    // The same SKU in another company is not a duplicate.
    expect(bobsTry.results[1]).toMatchObject({ status: "created", version: 1 });
    const [still] = await server.database.db
      .select({ title: inventoryItems.title, companyId: inventoryItems.companyId })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, a.id));
    expect(still).toEqual({ title: "Item CROSS-1", companyId: alice.companyId });
  });

  it("refuses callers without a company or without a session", async () => {
    expect((await bulk(loner.auth, [item("LONER-1")])).statusCode).toBe(403);
    const anon = await inject({
      method: "POST",
      url: "/api/inventory/items/bulk",
      payload: { items: [item("ANON-1")] },
    });
    expect(anon.statusCode).toBe(401);
  });

  it("stores every field exactly as sent, whatever the text: quotes, commas, new lines, backslashes, \\., empty and missing values, photos", async () => {
    // on PGlite the rows go in as CSV through COPY, on PostgreSQL as JSON: both must store this
    const batchId = await newBatch(emp.auth, "Odd text");
    const photoA = uuidv7();
    const photoB = uuidv7();
    const odd = [
      item('Q"1,2', {
        batchId,
        title: 'A "quoted", comma\nand a new line',
        description: "C:\\path\\ and \\.\n\\.\n\\N and NULL and \t tab",
        barcode: "",
        location: ",",
        notes: '""',
        price: 0,
        dimensions: { length: 1.25, width: 0, height: 1e-3, unit: "CENTIMETER" },
        weight: { value: 12.5, unit: "GRAM" },
      }),
      item("Q-2", {
        title: "Ünïcödé — 台灯 💡",
        description: "\\.",
        notes: null,
        location: null,
        barcode: null,
        photos: [photoA, photoB],
        publicationStatus: 1,
        status: "awaiting_shipment",
        condition: 5,
        category: "product",
      }),
    ];
    const res = await bulk(emp.auth, odd);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BulkItemsResponse).created).toBe(2);
    for (const sent of odd) {
      const got = await inject({
        method: "GET",
        url: `/api/inventory/items/${sent.id}`,
        headers: alice.auth,
      });
      expect(got.statusCode).toBe(200);
      const { id: _id, ...fields } = sent;
      expect(got.json()).toMatchObject(fields);
    }
  });

  it("refuses a body outside the limits or the schema as a whole, writing nothing", async () => {
    const before = await liveCount(alice.companyId);
    const empty = await bulk(emp.auth, []);
    expect(empty.statusCode).toBe(400);
    const tooMany = await bulk(
      emp.auth,
      Array.from({ length: BULK_ITEMS_MAX + 1 }, (_, i) => item(`MANY-${i}`)),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain(String(BULK_ITEMS_MAX));
    const negative = await bulk(emp.auth, [item("NEG-OK"), item("NEG-1", { quantity: -1 })]);
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toMatch(/items\.1\.quantity/);
    const unknown = await bulk(emp.auth, [item("UNK-1", { colour: "red" })]);
    expect(unknown.statusCode).toBe(400);
    // PostgreSQL cannot store U+0000: refused up front, not a 500 from the database
    const nul = await bulk(emp.auth, [item("NUL-OK"), item("NUL-1", { title: "a\u0000b" })]);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/U\+0000/);
    const nulPut = await putItem(server, emp.auth, itemBody("NUL-2", { notes: "\u0000" }));
    expect(nulPut.res.statusCode).toBe(400);
    const nulBatch = await inject({
      method: "POST",
      url: "/api/inventory/batches",
      headers: emp.auth,
      payload: { id: uuidv7(), name: "x\u0000", rowCount: 1 },
    });
    expect(nulBatch.statusCode).toBe(400);
    const noItems = await inject({
      method: "POST",
      url: "/api/inventory/items/bulk",
      headers: emp.auth,
      payload: { rows: [] },
    });
    expect(noItems.statusCode).toBe(400);
    const huge = await inject({
      method: "POST",
      url: "/api/inventory/items/bulk",
      headers: { ...emp.auth, "content-type": "application/json" },
      payload: `{"items":[${`{"x":"${"a".repeat(1024 * 1024)}"},`.repeat(25)}{}]}`,
    });
    expect(huge.statusCode).toBe(413);
    expect(await liveCount(alice.companyId)).toBe(before);
    // the text \u0000 written out (a backslash and five characters) is ordinary text
    const written = await putItem(server, emp.auth, itemBody("NUL-3", { notes: "\\u0000" }));
    expect(written.res.statusCode).toBe(201);
    expect(written.json.notes).toBe("\\u0000");
  });
});
