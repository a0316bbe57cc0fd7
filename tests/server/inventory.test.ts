import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyMembers, idempotencyKeys, inventoryItems } from "../../src/server/db/schema";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { itemBody, putItem, uuidv7 } from "./inventory-helpers";

let server: TestServer;
let alice: TestUser; // company admin of company A
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

describe("items CRUD", () => {
  it("creates with PUT and a client id, reads, lists, patches and deletes", async () => {
    const { id, res, json } = await putItem(
      server,
      emp.auth,
      itemBody("CRUD-1", { price: 1250, status: "active" }),
    );
    expect(res.statusCode).toBe(201);
    expect(json).toMatchObject({
      id,
      companyId: alice.companyId,
      sku: "CRUD-1",
      price: 1250,
      status: "active",
      version: 1,
      condition: 13,
      category: "inventory",
      dimensions: { length: null, width: null, height: null, unit: "INCH" },
      weight: { value: null, unit: "POUND" },
      photos: [],
    });

    const got = await inject({ method: "GET", url: `/api/inventory/items/${id}`, headers: alice.auth });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(json);

    // Resending the same create (no version) answers the item unchanged.
    const again = await putItem(server, emp.auth, itemBody("CRUD-1", { price: 1250, status: "active" }), id);
    expect(again.res.statusCode).toBe(200);
    expect(again.json.version).toBe(1);

    const patched = await inject({
      method: "PATCH",
      url: `/api/inventory/items/${id}`,
      headers: emp.auth,
      payload: {
        version: 1,
        quantity: 7,
        dimensions: { length: 1, width: 2, height: 3, unit: "CENTIMETER" },
      },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ quantity: 7, version: 2, title: "Item CRUD-1" });
    expect(patched.json().dimensions).toEqual({ length: 1, width: 2, height: 3, unit: "CENTIMETER" });

    // Replace with PUT and the current version.
    const replaced = await putItem(server, emp.auth, { ...itemBody("CRUD-1b"), version: 2 }, id);
    expect(replaced.res.statusCode).toBe(200);
    expect(replaced.json).toMatchObject({ sku: "CRUD-1b", quantity: 1, version: 3, price: null });

    const list = await inject({ method: "GET", url: "/api/inventory/items?q=crud-1B", headers: alice.auth });
    expect(list.json()).toMatchObject({ total: 1, page: 0, rowsPerPage: 50 });
    expect(list.json().rows[0].id).toBe(id);

    const del = await inject({
      method: "DELETE",
      url: `/api/inventory/items/${id}?version=3`,
      headers: emp.auth,
    });
    expect(del.statusCode).toBe(204);
    expect(
      (await inject({ method: "GET", url: `/api/inventory/items/${id}`, headers: alice.auth })).statusCode,
    ).toBe(404);
    // Deleting again (a replayed delete) is fine.
    expect(
      (await inject({ method: "DELETE", url: `/api/inventory/items/${id}`, headers: emp.auth })).statusCode,
    ).toBe(204);
    // The SKU is free again once the item is deleted.
    expect((await putItem(server, emp.auth, itemBody("CRUD-1b"))).res.statusCode).toBe(201);
  });

  it("lists with filters, sort and paging", async () => {
    const batch = await inject({
      method: "POST",
      url: "/api/inventory/batches",
      headers: alice.auth,
      payload: { name: "Import 1", sourceFileName: "a.csv", rowCount: 3 },
    });
    expect(batch.statusCode).toBe(201);
    const batchId = batch.json().id;
    expect(batch.json()).toMatchObject({ name: "Import 1", createdBy: alice.userId, version: 1 });
    for (const [i, status] of ["new", "sold", "sold"].entries()) {
      const r = await putItem(
        server,
        alice.auth,
        itemBody(`LIST-${i}`, { batchId, status, barcode: `99${i}`, quantity: i }),
      );
      expect(r.res.statusCode).toBe(201);
    }
    const sold = await inject({
      method: "GET",
      url: `/api/inventory/items?batchId=${batchId}&status=sold&sortBy=quantity&sortDir=asc`,
      headers: alice.auth,
    });
    expect(sold.json().rows.map((r: { sku: string }) => r.sku)).toEqual(["LIST-1", "LIST-2"]);
    const byBarcode = await inject({ method: "GET", url: "/api/inventory/items?q=992", headers: alice.auth });
    expect(byBarcode.json().rows.map((r: { sku: string }) => r.sku)).toEqual(["LIST-2"]);
    const paged = await inject({
      method: "GET",
      url: `/api/inventory/items?batchId=${batchId}&rowsPerPage=2&page=1&sortBy=sku&sortDir=asc`,
      headers: alice.auth,
    });
    expect(paged.json()).toMatchObject({ total: 3, page: 1, rowsPerPage: 2 });
    expect(paged.json().rows.map((r: { sku: string }) => r.sku)).toEqual(["LIST-2"]);
    // An item cannot point at another company's batch.
    const foreign = await putItem(server, bob.auth, itemBody("LIST-X", { batchId }));
    expect(foreign.res.statusCode).toBe(400);
  });

  it("bulk status change", async () => {
    const a = await putItem(server, alice.auth, itemBody("BULK-1"));
    const b = await putItem(server, alice.auth, itemBody("BULK-2", { status: "listed" }));
    const missing = uuidv7();
    const res = await inject({
      method: "POST",
      url: "/api/inventory/items/bulk-status",
      headers: emp.auth,
      payload: { ids: [a.id, b.id, missing], status: "listed" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().notFound).toEqual([missing]);
    expect(res.json().rows.map((r: { status: string; version: number }) => [r.status, r.version])).toEqual([
      ["listed", 2],
      ["listed", 1],
    ]);
  });

  it("products and batches: create, patch with version, stale 409, delete", async () => {
    const p = await inject({
      method: "POST",
      url: "/api/inventory/products",
      headers: emp.auth,
      payload: { id: uuidv7(), title: "Lamp", description: "Brass", price: 500, images: ["a.jpg"] },
    });
    expect(p.statusCode).toBe(201);
    expect(p.json()).toMatchObject({
      title: "Lamp",
      category: "product",
      condition: 5,
      images: ["a.jpg"],
      version: 1,
    });
    const url = `/api/inventory/products/${p.json().id}`;
    expect(
      (await inject({ method: "PATCH", url, headers: emp.auth, payload: { version: 1, price: 600 } })).json()
        .version,
    ).toBe(2);
    const stale = await inject({
      method: "PATCH",
      url,
      headers: emp.auth,
      payload: { version: 1, price: 700 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ price: 600, version: 2 });
    expect((await inject({ method: "DELETE", url: `${url}?version=1`, headers: emp.auth })).statusCode).toBe(
      409,
    );
    expect((await inject({ method: "DELETE", url: `${url}?version=2`, headers: emp.auth })).statusCode).toBe(
      204,
    );
    const list = await inject({ method: "GET", url: "/api/inventory/products", headers: emp.auth });
    expect(list.json().total).toBe(0);

    const bid = uuidv7();
    const batch = await inject({
      method: "PUT",
      url: `/api/inventory/batches/${bid}`,
      headers: emp.auth,
      payload: { name: "Offline import" },
    });
    expect(batch.statusCode).toBe(201);
    const renamed = await inject({
      method: "PATCH",
      url: `/api/inventory/batches/${bid}`,
      headers: emp.auth,
      payload: { version: 1, name: "Renamed", rowCount: 12 },
    });
    expect(renamed.json()).toMatchObject({
      name: "Renamed",
      rowCount: 12,
      version: 2,
      createdBy: emp.userId,
    });
  });
});

describe("versions and conflicts", () => {
  it("a stale PATCH answers 409 with the current item", async () => {
    const { id } = await putItem(server, alice.auth, itemBody("STALE-1"));
    const first = await inject({
      method: "PATCH",
      url: `/api/inventory/items/${id}`,
      headers: alice.auth,
      payload: { version: 1, title: "Mine" },
    });
    expect(first.statusCode).toBe(200);
    const second = await inject({
      method: "PATCH",
      url: `/api/inventory/items/${id}`,
      headers: emp.auth,
      payload: { version: 1, title: "Theirs" },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/changed by someone else/);
    expect(second.json().current).toMatchObject({ id, title: "Mine", version: 2, sku: "STALE-1" });
    // A PUT with a stale version, and a PUT without version over other fields, are 409 too.
    expect(
      (await putItem(server, alice.auth, { ...itemBody("STALE-1"), version: 1 }, id)).res.statusCode,
    ).toBe(409);
    expect((await putItem(server, alice.auth, itemBody("STALE-1", { quantity: 9 }), id)).res.statusCode).toBe(
      409,
    );
  });

  it("a duplicate SKU answers 409 naming the SKU (trimmed, per company)", async () => {
    await putItem(server, alice.auth, itemBody("DUP-1"));
    const dup = await putItem(server, emp.auth, itemBody("  DUP-1 "));
    expect(dup.res.statusCode).toBe(409);
    expect(dup.json.message).toBe('SKU "DUP-1" is already used by another item in your company');
    const other = await putItem(server, alice.auth, itemBody("DUP-2"));
    const patch = await inject({
      method: "PATCH",
      url: `/api/inventory/items/${other.id}`,
      headers: alice.auth,
      payload: { version: 1, sku: "DUP-1" },
    });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().message).toContain('"DUP-1"');
    // Another company may use the same SKU.
    expect((await putItem(server, bob.auth, itemBody("DUP-1"))).res.statusCode).toBe(201);
  });

  it("concurrent creates of one SKU: exactly one wins, the rest are 409", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => putItem(server, alice.auth, itemBody("RACE-1"))),
    );
    const codes = results.map((r) => r.res.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
  });
});

describe("Idempotency-Key", () => {
  it("the same key twice makes one row and the same answer", async () => {
    const id = uuidv7();
    const headers = { "idempotency-key": `k-${id}` };
    const first = await putItem(server, emp.auth, itemBody("IDEM-1"), id, headers);
    const second = await putItem(server, emp.auth, itemBody("IDEM-1"), id, headers);
    expect(first.res.statusCode).toBe(201);
    expect(second.res.statusCode).toBe(201);
    expect(second.res.body).toBe(first.res.body);
    expect(second.res.headers["idempotent-replayed"]).toBe("true");
    expect(first.res.headers["idempotent-replayed"]).toBeUndefined();
    const rows = await server.database.db.select().from(inventoryItems).where(eq(inventoryItems.id, id));
    expect(rows).toHaveLength(1);

    // A POST without client id: the replay does not create a second item.
    const key = { "idempotency-key": "post-once" };
    const p1 = await inject({
      method: "POST",
      url: "/api/inventory/items",
      headers: { ...emp.auth, ...key },
      payload: itemBody("IDEM-2"),
    });
    const p2 = await inject({
      method: "POST",
      url: "/api/inventory/items",
      headers: { ...emp.auth, ...key },
      payload: itemBody("IDEM-2"),
    });
    expect(p1.statusCode).toBe(201);
    expect(p2.statusCode).toBe(201);
    expect(p2.json().id).toBe(p1.json().id);
    expect(p2.body).toBe(p1.body);
  });

  it("replays a PATCH and a DELETE without applying them twice", async () => {
    const { id } = await putItem(server, emp.auth, itemBody("IDEM-3"));
    const patch = () =>
      inject({
        method: "PATCH",
        url: `/api/inventory/items/${id}`,
        headers: { ...emp.auth, "idempotency-key": "patch-1" },
        payload: { version: 1, quantity: 5 },
      });
    const a = await patch();
    const b = await patch();
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    const del = () =>
      inject({
        method: "DELETE",
        url: `/api/inventory/items/${id}?version=2`,
        headers: { ...emp.auth, "idempotency-key": "del-1" },
      });
    expect((await del()).statusCode).toBe(204);
    const replay = await del();
    expect(replay.statusCode).toBe(204);
    expect(replay.body).toBe("");
    expect(replay.headers["idempotent-replayed"]).toBe("true");
  });

  it("the same key with another body is 422; an error answer is replayed too", async () => {
    const headers = { "idempotency-key": "reuse-1" };
    await putItem(server, emp.auth, itemBody("IDEM-4"), uuidv7(), headers);
    const other = await putItem(server, emp.auth, itemBody("IDEM-5"), uuidv7(), headers);
    expect(other.res.statusCode).toBe(422);
    expect(other.json.message).toMatch(/different request/);

    // A 409 (duplicate SKU) answer is stored and replayed the same.
    const dupKey = { "idempotency-key": "dup-sku" };
    const id = uuidv7();
    const d1 = await putItem(server, emp.auth, itemBody("IDEM-4"), id, dupKey);
    const d2 = await putItem(server, emp.auth, itemBody("IDEM-4"), id, dupKey);
    expect(d1.res.statusCode).toBe(409);
    expect(d2.res.statusCode).toBe(409);
    expect(d2.res.body).toBe(d1.res.body);
  });

  it("keys are per user: another user's same key is a new request", async () => {
    const headers = { "idempotency-key": "shared-key" };
    const a = await putItem(server, emp.auth, itemBody("IDEM-6"), uuidv7(), headers);
    const b = await putItem(server, alice.auth, itemBody("IDEM-7"), uuidv7(), headers);
    expect(a.res.statusCode).toBe(201);
    expect(b.res.statusCode).toBe(201);
  });

  it("a concurrent duplicate while the first is in flight is 409; bad keys are 400", async () => {
    // Simulate a first request still running: a claim without a response, lease not expired.
    await server.database.db.insert(idempotencyKeys).values({
      companyId: alice.companyId,
      userId: emp.userId,
      key: "in-flight",
      method: "PUT",
      path: "/x",
      requestHash: "h",
      claim: uuidv7(),
      lockedUntil: new Date(Date.now() + 60_000),
    });
    const busy = await inject({
      method: "POST",
      url: "/api/inventory/items",
      headers: { ...emp.auth, "idempotency-key": "in-flight" },
      payload: itemBody("IDEM-8"),
    });
    // Another body than the claim's: 422 wins; with the same hash it would be 409.
    expect(busy.statusCode).toBe(422);
    const same = await inject({
      method: "PUT",
      url: "/x",
      headers: { ...emp.auth, "idempotency-key": "in-flight" },
    });
    expect(same.statusCode).toBe(404); // not an idempotent route: the header is ignored

    const id = uuidv7();
    const body = itemBody("IDEM-9");
    const both = await Promise.all([
      putItem(server, emp.auth, body, id, { "idempotency-key": "race" }),
      putItem(server, emp.auth, body, id, { "idempotency-key": "race" }),
      putItem(server, emp.auth, body, id, { "idempotency-key": "race" }),
    ]);
    const codes = both.map((r) => r.res.statusCode);
    // Each is either the first (201), a replay of it (201, same body) or told it is in flight (409).
    expect(codes.filter((c) => c === 201).length).toBeGreaterThanOrEqual(1);
    for (const r of both) {
      if (r.res.statusCode === 201) expect(r.json.id).toBe(id);
      else {
        expect(r.res.statusCode).toBe(409);
        expect(r.json.message).toBe("A request with this Idempotency-Key is still being processed");
        expect(r.res.headers["retry-after"]).toBe("1");
      }
    }
    const rows = await server.database.db.select().from(inventoryItems).where(eq(inventoryItems.id, id));
    expect(rows).toHaveLength(1);

    const bad = await putItem(server, emp.auth, itemBody("IDEM-10"), uuidv7(), {
      "idempotency-key": "has space",
    });
    expect(bad.res.statusCode).toBe(400);
  });

  it("an in-flight claim with the same request answers 409", async () => {
    const id = uuidv7();
    const url = `/api/inventory/items/${id}`;
    const { requestHash } = await import("../../src/server/plugins/idempotency");
    const body = itemBody("IDEM-11");
    await server.database.db.insert(idempotencyKeys).values({
      companyId: alice.companyId,
      userId: emp.userId,
      key: "in-flight-2",
      method: "PUT",
      path: url,
      requestHash: requestHash("PUT", url, body),
      claim: uuidv7(),
      lockedUntil: new Date(Date.now() + 60_000),
    });
    const busy = await putItem(server, emp.auth, body, id, { "idempotency-key": "in-flight-2" });
    expect(busy.res.statusCode).toBe(409);
    expect(busy.json.message).toBe("A request with this Idempotency-Key is still being processed");
    // Once the lease has run out (the first attempt died), the same request may run.
    await server.database.db
      .update(idempotencyKeys)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, "in-flight-2"));
    const retried = await putItem(server, emp.auth, body, id, { "idempotency-key": "in-flight-2" });
    expect(retried.res.statusCode).toBe(201);
  });
});

describe("access", () => {
  it("another company's ids are 404; a user of no company is 403", async () => {
    const { id } = await putItem(server, alice.auth, itemBody("PRIV-1"));
    for (const [method, payload] of [
      ["GET", undefined],
      ["PATCH", { version: 1, title: "x" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await inject({ method, url: `/api/inventory/items/${id}`, headers: bob.auth, payload });
      expect(res.statusCode, method).toBe(404);
    }
    // PUT of another company's id cannot take it over.
    expect((await putItem(server, bob.auth, itemBody("PRIV-1"), id)).res.statusCode).toBe(409);
    const bulk = await inject({
      method: "POST",
      url: "/api/inventory/items/bulk-status",
      headers: bob.auth,
      payload: { ids: [id], status: "sold" },
    });
    expect(bulk.json()).toEqual({ rows: [], notFound: [id] });
    const list = await inject({ method: "GET", url: "/api/inventory/items?q=PRIV", headers: bob.auth });
    expect(list.json().total).toBe(0);

    const none = await inject({ method: "GET", url: "/api/inventory/items", headers: loner.auth });
    expect(none.statusCode).toBe(403);
    expect((await putItem(server, loner.auth, itemBody("L-1"))).res.statusCode).toBe(403);
    expect((await inject({ method: "GET", url: "/api/inventory/items" })).statusCode).toBe(401);
  });

  it("an employee may do everything", async () => {
    const { res } = await putItem(server, emp.auth, itemBody("EMP-1"));
    expect(res.statusCode).toBe(201);
  });
});

describe("bad input is 4xx, never 500", () => {
  it.each([
    ["bad UUID", "PUT", "/api/inventory/items/not-a-uuid", itemBody("B-1")],
    ["UUID not v7", "PUT", "/api/inventory/items/0b6a8b0e-4a8f-4d3c-9c1e-7a3e2f1d0c9b", itemBody("B-2")],
    ["negative quantity", "PUT", null, itemBody("B-3", { quantity: -1 })],
    ["fractional quantity", "PUT", null, itemBody("B-4", { quantity: 1.5 })],
    ["unknown status", "PUT", null, itemBody("B-5", { status: "gone" })],
    ["unknown unit", "PUT", null, itemBody("B-6", { weight: { value: 1, unit: "TON" } })],
    ["empty title", "PUT", null, itemBody("B-7", { title: "  " })],
    ["blank SKU", "PUT", null, itemBody("   ")],
    ["negative price", "PUT", null, itemBody("B-8", { price: -5 })],
    ["unknown field", "PUT", null, itemBody("B-9", { colour: "red" })],
    ["PATCH without version", "PATCH", null, { title: "x" }],
    ["bulk with a bad id", "POST", "/api/inventory/items/bulk-status", { ids: ["x"], status: "new" }],
    [
      "bulk with unknown status",
      "POST",
      "/api/inventory/items/bulk-status",
      { ids: [uuidv7()], status: "x" },
    ],
    ["bad sort", "GET", "/api/inventory/items?sortBy=password", undefined],
    ["bad page", "GET", "/api/inventory/items?page=-1", undefined],
  ])("%s", async (_name, method, url, payload) => {
    const res = await inject({
      method: method as "PUT",
      url: url ?? `/api/inventory/items/${uuidv7()}`,
      headers: alice.auth,
      payload: payload as Record<string, unknown> | undefined,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toBeTruthy();
  });

  it("a field error names the field", async () => {
    const res = await putItem(server, alice.auth, itemBody("B-10", { title: "" }));
    expect(res.res.statusCode).toBe(400);
    expect(res.json.message).toBe("title: Inventory title is required");
    expect(res.json.errors).toEqual({ title: "Inventory title is required" });
  });

  it("a huge body is 413", async () => {
    const res = await putItem(server, alice.auth, itemBody("B-11", { description: "x".repeat(20_000_000) }));
    expect(res.res.statusCode).toBe(413);
  });
});
