import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SELLER_COMPANY_HEADER } from "../../src/domain/marketplace";
import { WRITE_BATCH_PATH } from "../../src/domain/sync/write-batch";
import { auditLog } from "../../src/server/db/schema";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { itemBody, putItem, uuidv7 } from "./inventory-helpers";

/**
 * Managed listing (docs/marketplace.md): a seller's company admin turns it on; marketplace staff
 * then reach that seller's inventory (only) through X-Seller-Company; off takes effect at once.
 */
let server: TestServer;
let seller: TestUser; // company admin of the seller company
let employee: TestUser; // employee of the seller company
let stranger: TestUser; // company admin of another company
let staff: TestUser; // ROLE_MARKETPLACE
let root: TestUser; // ROLE_SUPER_ADMIN

beforeAll(async () => {
  server = await startTestServer();
  seller = await createTestUser(server, { displayName: "Sally Seller", companyName: "Sally's Shop" });
  employee = await createTestUser(server, { displayName: "Eddie" });
  await addMember(server, seller.companyId, employee.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
  stranger = await createTestUser(server, { companyName: "Other Co" });
  staff = await createTestUser(server, { displayName: "Mia Market", roles: ["ROLE_MARKETPLACE"] });
  root = await createTestUser(server, { displayName: "Root", roles: ["ROLE_SUPER_ADMIN"] });
  expect((await putItem(server, seller.auth, itemBody("SALLY-1"))).res.statusCode).toBe(201);
});
afterAll(async () => server.close());

const asSeller = (who: TestUser | null, companyId = seller.companyId) => ({
  ...(who ? who.auth : {}),
  [SELLER_COMPANY_HEADER]: companyId,
});
const inject = (method: "GET" | "PUT" | "POST" | "PATCH", url: string, headers: object, payload?: unknown) =>
  server.app.inject({ method, url, headers: headers as Record<string, string>, payload: payload as object });
const setManaged = (who: TestUser, enabled: boolean, companyId = seller.companyId) =>
  inject("PUT", `/api/trade/company/${companyId}/managed-listing`, who.auth, { enabled });
const items = (who: TestUser | null, companyId = seller.companyId) =>
  inject("GET", "/api/inventory/items", asSeller(who, companyId));

describe("Managed listing on the company account", () => {
  it("is off by default and readable by the company's members only", async () => {
    const read = await inject("GET", `/api/trade/company/${seller.companyId}/managed-listing`, employee.auth);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ enabled: false, changedAt: null, changedBy: null });
    const other = await inject(
      "GET",
      `/api/trade/company/${seller.companyId}/managed-listing`,
      stranger.auth,
    );
    expect(other.statusCode).toBe(404);
    const guest = await inject("GET", `/api/trade/company/${seller.companyId}/managed-listing`, {});
    expect(guest.statusCode).toBe(401);
  });

  it("is changed by company admins only; a guest 401, an employee 403, another company 404", async () => {
    expect(
      (await inject("PUT", `/api/trade/company/${seller.companyId}/managed-listing`, {}, { enabled: true }))
        .statusCode,
    ).toBe(401);
    expect((await setManaged(employee, true)).statusCode).toBe(403);
    expect((await setManaged(stranger, true)).statusCode).toBe(404);
    expect((await setManaged(staff, true)).statusCode).toBe(404);
    const bad = await inject("PUT", `/api/trade/company/${seller.companyId}/managed-listing`, seller.auth, {
      enabled: "yes",
    });
    expect(bad.statusCode).toBe(400);
    const read = await inject("GET", `/api/trade/company/${seller.companyId}/managed-listing`, seller.auth);
    expect(read.json().enabled).toBe(false);
  });

  it("records who turned it on, before and after, in the audit log (once per change)", async () => {
    const on = await setManaged(seller, true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      enabled: true,
      changedBy: { id: seller.userId, displayName: "Sally Seller" },
    });
    expect((await setManaged(seller, true)).statusCode).toBe(200); // no change, no new entry
    const entries = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, seller.companyId), eq(auditLog.action, "company-managed-listing")));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ userId: seller.userId, detail: { from: false, to: true } });
    expect((await setManaged(seller, false)).json()).toMatchObject({ enabled: false });
  });
});

describe("marketplace staff in a seller's inventory", () => {
  it("refuses a guest (401), an ordinary user and a company admin (403)", async () => {
    await setManaged(seller, true);
    expect((await items(null)).statusCode).toBe(401);
    const plain = await createTestUser(server);
    expect((await items(plain)).statusCode).toBe(403);
    expect((await items(stranger)).statusCode).toBe(403);
    // the seller's own admin and employee cannot use the staff path either
    expect((await items(seller)).statusCode).toBe(403);
    expect((await items(employee)).statusCode).toBe(403);
  });

  it("refuses staff on a seller that has not opted in, and a malformed seller id (400)", async () => {
    const other = await items(staff, stranger.companyId);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toMatch(/Managed listing is off/);
    expect((await items(staff, uuidv7())).statusCode).toBe(403);
    expect((await items(staff, "not-a-company")).statusCode).toBe(400);
  });

  it("lets staff and super admins read and change an opted-in seller's items, batches and products", async () => {
    const list = await items(staff);
    expect(list.statusCode).toBe(200);
    expect(list.json().rows.map((r: { sku: string }) => r.sku)).toEqual(["SALLY-1"]);
    expect((await items(root)).statusCode).toBe(200);

    const made = await putItem(server, staff.auth, itemBody("MIA-1"), uuidv7(), asSeller(null));
    expect(made.res.statusCode).toBe(201);
    const batch = await inject("POST", "/api/inventory/batches", asSeller(staff), { name: "Consignment 1" });
    expect(batch.statusCode).toBe(201);
    expect(batch.json().createdBy).toBe(staff.userId);
    const product = await inject("POST", "/api/inventory/products", asSeller(staff), {
      title: "Lamp",
      description: "Brass",
    });
    expect(product.statusCode).toBe(201);
    const writes = await inject("POST", WRITE_BATCH_PATH, asSeller(staff), {
      writes: [
        {
          method: "PATCH",
          url: `/api/inventory/items/${made.id}`,
          body: { version: made.json.version, quantity: 3 },
          idempotencyKey: uuidv7(),
        },
      ],
    });
    expect(writes.statusCode).toBe(200);
    expect(writes.json().answers[0].status).toBe(200);

    // the seller sees what staff made, in their own company
    const mine = await inject("GET", "/api/inventory/items", seller.auth);
    expect(mine.json().rows.map((r: { sku: string; quantity: number }) => [r.sku, r.quantity])).toEqual(
      expect.arrayContaining([
        ["SALLY-1", 1],
        ["MIA-1", 3],
      ]),
    );
    // and the staff member's own company has none of it
    expect((await inject("GET", "/api/inventory/items", staff.auth)).json().rows).toEqual([]);
  });

  it("records each staff write for the seller: who, which route; not the seller's own writes", async () => {
    const entries = () =>
      server.database.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.companyId, seller.companyId), eq(auditLog.action, "marketplace-inventory-write")),
        );
    await expect.poll(async () => (await entries()).length).toBe(4);
    const rows = await entries();
    expect(rows.every((r) => r.userId === staff.userId)).toBe(true);
    const routes = rows.map((r) => r.detail as { method: string; url: string; writes?: unknown[] });
    expect(routes.map((d) => `${d.method} ${d.url.replace(/[0-9a-f-]{36}/, "{id}")}`).sort()).toEqual([
      "POST /api/inventory/batches",
      "POST /api/inventory/products",
      "POST /api/sync/writes",
      "PUT /api/inventory/items/{id}",
    ]);
    expect(routes.find((d) => d.url === WRITE_BATCH_PATH)?.writes).toEqual([
      { method: "PATCH", url: expect.stringMatching(/^\/api\/inventory\/items\//) },
    ]);
    // the seller's own write is not a staff write
    expect((await putItem(server, seller.auth, itemBody("SALLY-2"))).res.statusCode).toBe(201);
    expect((await entries()).length).toBe(4);
  });

  it("never reaches the seller's filings, files, billing or other company data", async () => {
    for (const url of [
      "/api/filings",
      "/api/invoices",
      "/api/file/company",
      "/api/inventory/items", // control: allowed
    ]) {
      const res = await inject("GET", url, asSeller(staff));
      if (url === "/api/inventory/items") expect(res.statusCode).toBe(200);
      else {
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message, url).toMatch(/only a seller's inventory/);
      }
    }
    const feed = await inject("GET", "/api/sync/changes", asSeller(staff));
    expect(feed.statusCode).toBe(200);
    const entities = new Set(feed.json().changes.map((c: { entity: string }) => c.entity));
    expect([...entities].sort()).toEqual(["batch", "item", "product"]);
    const skus = feed.json().changes.filter((c: { entity: string }) => c.entity === "item");
    expect(skus.map((c: { row: { sku: string } }) => c.row.sku).sort()).toEqual([
      "MIA-1",
      "SALLY-1",
      "SALLY-2",
    ]);
  });

  it("shows the seller which staff member changed an item: its own writes, the write batch, bulk status, an import", async () => {
    const history = (who: TestUser | null, id: string, headers: object = who ? who.auth : {}) =>
      inject("GET", `/api/inventory/items/${id}/history`, headers);
    const batch = await inject("POST", "/api/inventory/batches", asSeller(staff), { name: "Handed over" });
    const batchId = batch.json().id as string;
    const imported = { id: uuidv7(), ...itemBody("MIA-IMP"), batchId };
    const chunk = await inject("POST", "/api/inventory/items/bulk", asSeller(staff), { items: [imported] });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.json().results[0].status).toBe("created");
    const status = await inject("POST", "/api/inventory/items/bulk-status", asSeller(staff), {
      ids: [imported.id],
      status: "pending",
    });
    expect(status.statusCode).toBe(200);
    // the seller's own change is not a staff write
    const current = (await inject("GET", `/api/inventory/items/${imported.id}`, seller.auth)).json();
    expect(
      (
        await inject("PATCH", `/api/inventory/items/${imported.id}`, seller.auth, {
          version: current.version,
          quantity: 2,
        })
      ).statusCode,
    ).toBe(200);

    await expect.poll(async () => (await history(seller, imported.id)).json().rows?.length).toBe(2);
    const read = await history(seller, imported.id);
    expect(read.statusCode).toBe(200);
    expect(
      read.json().rows.map((r: { kind: string; by: { displayName: string } }) => [r.kind, r.by.displayName]),
    ).toEqual([
      ["status", "Mia Market"],
      ["import", "Mia Market"],
    ]);
    // staff read it in the seller's scope; an item of another company is 404, a guest 401
    expect((await history(staff, imported.id, asSeller(staff))).statusCode).toBe(200);
    expect((await history(stranger, imported.id)).statusCode).toBe(404);
    expect((await history(null, imported.id)).statusCode).toBe(401);
    expect((await history(seller, "not-a-uuid")).statusCode).toBe(400);
    // an item nobody of the staff touched has an empty history
    const own = await putItem(server, seller.auth, itemBody("SALLY-3"));
    expect((await history(seller, own.id)).json().rows).toEqual([]);
  });

  it("shows which fields a staff write changed, old → new", async () => {
    const item = await putItem(server, seller.auth, itemBody("SALLY-FIELDS"));
    const current = (await inject("GET", `/api/inventory/items/${item.id}`, seller.auth)).json();
    const patch = await inject("PATCH", `/api/inventory/items/${item.id}`, asSeller(staff), {
      version: current.version,
      title: "Brass lamp, restored",
      quantity: current.quantity + 3,
    });
    expect(patch.statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          (await inject("GET", `/api/inventory/items/${item.id}/history`, seller.auth)).json().rows?.length,
      )
      .toBeGreaterThan(0);
    const rows = (await inject("GET", `/api/inventory/items/${item.id}/history`, seller.auth)).json()
      .rows as {
      fields: { field: string; from: unknown; to: unknown }[];
    }[];
    const fields = Object.fromEntries(rows[0]?.fields.map((f) => [f.field, [f.from, f.to]]) ?? []);
    expect(fields.title).toEqual([current.title, "Brass lamp, restored"]);
    expect(fields.quantity).toEqual([current.quantity, current.quantity + 3]);
    // a field the write did not change is not listed
    expect(fields.sku).toBeUndefined();
    // the item page's photo link (made when it opens) is audited, but changes nothing on the item
    const link = await inject("POST", `/api/inventory/items/${item.id}/photo-link`, asSeller(staff), {});
    expect(link.statusCode).toBe(201);
    await expect
      .poll(
        async () =>
          (
            await server.database.db
              .select()
              .from(auditLog)
              .where(eq(auditLog.action, "marketplace-inventory-write"))
          ).filter((r) => (r.detail as { url: string }).url.endsWith("/photo-link")).length,
      )
      .toBe(1);
    const after = await inject("GET", `/api/inventory/items/${item.id}/history`, seller.auth);
    expect(after.json().rows).toHaveLength(rows.length);
  });

  it("records one staff Save once: the app resending it (alone or in a write batch) adds no row", async () => {
    const item = await putItem(server, seller.auth, itemBody("SALLY-ONCE"));
    const staffRows = async () =>
      (
        await server.database.db
          .select()
          .from(auditLog)
          .where(
            and(eq(auditLog.companyId, seller.companyId), eq(auditLog.action, "marketplace-inventory-write")),
          )
      ).filter((r) => JSON.stringify(r.detail).includes(item.id));
    const save = {
      method: "PATCH" as const,
      url: `/api/inventory/items/${item.id}`,
      body: { version: item.json.version, description: "Saved once" },
      idempotencyKey: uuidv7(),
    };
    const alone = await inject(
      "PATCH",
      save.url,
      { ...asSeller(staff), "idempotency-key": save.idempotencyKey },
      save.body,
    );
    expect(alone.statusCode).toBe(200);
    // the outbox entry whose answer the app did not get is sent again: alone, then in a batch
    const again = await inject(
      "PATCH",
      save.url,
      { ...asSeller(staff), "idempotency-key": save.idempotencyKey },
      save.body,
    );
    expect(again.headers["idempotent-replayed"]).toBe("true");
    const batch = await inject("POST", WRITE_BATCH_PATH, asSeller(staff), { writes: [save] });
    expect(batch.statusCode).toBe(200);
    expect(batch.json().answers[0]).toMatchObject({ status: 200, replayed: true });
    // a batch whose only write is refused (stale version) stored nothing either
    const stale = await inject("POST", WRITE_BATCH_PATH, asSeller(staff), {
      writes: [{ ...save, body: { version: item.json.version, quantity: 9 }, idempotencyKey: uuidv7() }],
    });
    expect(stale.json().answers[0].status).toBe(409);
    await expect.poll(async () => (await staffRows()).length).toBe(1);
    await new Promise((r) => setTimeout(r, 200)); // an onResponse hook still running would add its row now
    const rows = await staffRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.detail).toMatchObject({ method: "PATCH", url: save.url });
    // a batch that stores a new write is recorded, naming only that write
    const next = { ...save, body: { version: alone.json().version, quantity: 4 }, idempotencyKey: uuidv7() };
    const stored = await inject("POST", WRITE_BATCH_PATH, asSeller(staff), { writes: [save, next] });
    expect(stored.json().answers.map((a: { status: number }) => a.status)).toEqual([200, 200]);
    await expect.poll(async () => (await staffRows()).length).toBe(2);
    const batchRow = (await staffRows()).find((r) => (r.detail as { url: string }).url === WRITE_BATCH_PATH);
    expect((batchRow?.detail as { writes?: unknown[] } | undefined)?.writes).toEqual([
      { method: "PATCH", url: save.url },
    ]);
  });

  it("stops at once when the seller opts out (same token)", async () => {
    expect((await items(staff)).statusCode).toBe(200);
    expect((await setManaged(seller, false)).statusCode).toBe(200);
    const after = await items(staff);
    expect(after.statusCode).toBe(403);
    expect(
      (await putItem(server, staff.auth, itemBody("MIA-2"), uuidv7(), asSeller(null))).res.statusCode,
    ).toBe(403);
    // the seller's own inventory is untouched
    expect((await inject("GET", "/api/inventory/items", seller.auth)).statusCode).toBe(200);
  });
});
