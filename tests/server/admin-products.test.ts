import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SELLER_COMPANY_HEADER } from "../../src/domain/marketplace";
import { auditLog } from "../../src/server/db/schema";
import { STAFF_WRITE_ACTION } from "../../src/server/plugins/company-scope";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { uuidv7 } from "./inventory-helpers";

/**
 * The admin's product pages (issue 15): a super admin works in ANY seller's scope (X-Seller-Company),
 * every write there audited; marketplace staff stay limited to sellers with Managed listing on;
 * anyone else is refused. Bad ids and unknown products are clear 4xx answers.
 */
let server: TestServer;
let seller: TestUser; // company admin of a seller that never turned Managed listing on
let other: TestUser; // company admin of another company
let staff: TestUser; // ROLE_MARKETPLACE
let root: TestUser; // ROLE_SUPER_ADMIN
let plain: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  seller = await createTestUser(server, { displayName: "Sally Seller", companyName: "Sally's Shop" });
  other = await createTestUser(server, { companyName: "Other Co" });
  staff = await createTestUser(server, { displayName: "Mia Market", roles: ["ROLE_MARKETPLACE"] });
  root = await createTestUser(server, { displayName: "Root", roles: ["ROLE_SUPER_ADMIN"] });
  plain = await createTestUser(server, { displayName: "Plain" });
});
afterAll(async () => server.close());

type Method = "GET" | "POST" | "PATCH";
const call = (
  who: TestUser | null,
  method: Method,
  url: string,
  companyId = seller.companyId,
  payload?: object,
) =>
  server.app.inject({
    method,
    url,
    headers: { ...(who ? who.auth : {}), [SELLER_COMPANY_HEADER]: companyId } as Record<string, string>,
    payload,
  });
const products = (who: TestUser | null, companyId = seller.companyId) =>
  call(who, "GET", "/api/inventory/products", companyId);
const staffWrites = () =>
  server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, seller.companyId), eq(auditLog.action, STAFF_WRITE_ACTION)));

describe("a super admin in a seller's products (Managed listing off)", () => {
  it("creates, lists and updates the seller's product; each write is audited as a super admin's", async () => {
    const made = await call(root, "POST", "/api/inventory/products", seller.companyId, {
      title: "Brass lamp",
      description: "Desk lamp",
    });
    expect(made.statusCode).toBe(201);
    const product = made.json() as { id: string; version: number };

    const list = await products(root);
    expect(list.statusCode).toBe(200);
    expect(list.json().rows.map((r: { title: string }) => r.title)).toEqual(["Brass lamp"]);

    const changed = await call(root, "PATCH", `/api/inventory/products/${product.id}`, seller.companyId, {
      version: product.version,
      title: "Brass desk lamp",
    });
    expect(changed.statusCode).toBe(200);

    // the seller sees it in their own company; the super admin's own company has none of it
    const mine = await server.app.inject({
      method: "GET",
      url: "/api/inventory/products",
      headers: seller.auth,
    });
    expect(mine.json().rows.map((r: { title: string }) => r.title)).toEqual(["Brass desk lamp"]);
    const own = await server.app.inject({
      method: "GET",
      url: "/api/inventory/products",
      headers: root.auth,
    });
    expect(own.json().rows).toEqual([]);

    await expect.poll(async () => (await staffWrites()).length).toBe(2);
    const rows = await staffWrites();
    expect(rows.every((r) => r.userId === root.userId)).toBe(true);
    expect(
      rows.map((r) => r.detail as { method: string; url: string; superAdminOverride?: boolean }),
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: "POST", url: "/api/inventory/products", superAdminOverride: true }),
        expect.objectContaining({
          method: "PATCH",
          url: `/api/inventory/products/${product.id}`,
          superAdminOverride: true,
        }),
      ]),
    );
  });

  it("answers bad input with a clear 4xx: an unknown product, another company's, bad ids, an unknown company", async () => {
    const unknown = await call(root, "GET", `/api/inventory/products/${uuidv7()}`);
    expect(unknown.statusCode).toBe(404);

    const theirs = await server.app.inject({
      method: "POST",
      url: "/api/inventory/products",
      headers: other.auth,
      payload: { title: "Not Sally's", description: "Theirs" },
    });
    expect(theirs.statusCode).toBe(201);
    const theirsId = theirs.json().id as string;
    // another company's product, asked for in Sally's scope: not found there, never changed
    expect((await call(root, "GET", `/api/inventory/products/${theirsId}`)).statusCode).toBe(404);
    const patch = await call(root, "PATCH", `/api/inventory/products/${theirsId}`, seller.companyId, {
      version: theirs.json().version,
      title: "Taken over",
    });
    expect(patch.statusCode).toBe(404);

    const badId = await call(root, "GET", "/api/inventory/products/not-a-product");
    expect(badId.statusCode).toBeGreaterThanOrEqual(400);
    expect(badId.statusCode).toBeLessThan(500);
    expect((await products(root, "not-a-company")).statusCode).toBe(400);
    const noCompany = await products(root, uuidv7());
    expect(noCompany.statusCode).toBe(404);
    expect(noCompany.json().message).toMatch(/No such company/);
  });
});

describe("everyone else in a seller's products", () => {
  it("refuses marketplace staff for a seller that has not opted in, reads or writes, and audits nothing", async () => {
    const before = (await staffWrites()).length;
    const read = await products(staff);
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toMatch(/Managed listing is off/);
    const write = await call(staff, "POST", "/api/inventory/products", seller.companyId, {
      title: "Sneaky",
      description: "x",
    });
    expect(write.statusCode).toBe(403);
    expect((await staffWrites()).length).toBe(before);
  });

  it("refuses a plain user (403), the seller's own admin on the staff path (403) and a guest (401)", async () => {
    expect((await products(plain)).statusCode).toBe(403);
    expect(
      (
        await call(plain, "POST", "/api/inventory/products", seller.companyId, {
          title: "Nope",
          description: "x",
        })
      ).statusCode,
    ).toBe(403);
    expect((await products(seller)).statusCode).toBe(403);
    expect((await products(null)).statusCode).toBe(401);
  });
});
