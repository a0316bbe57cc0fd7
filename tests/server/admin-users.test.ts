import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, clarityIds, companyInvitations, users } from "../../src/server/db/schema";
import { createRefreshToken } from "../../src/server/modules/auth/refresh-tokens";
import { createUserWithCompany } from "../../src/server/modules/users/create";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { itemBody, putItem } from "./inventory-helpers";

let server: TestServer;
let root: TestUser;
let plain: TestUser;
let companyAdmin: TestUser;
let seller: TestUser;
let unconfirmedId: string;
let invitationId: string;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  root = await createTestUser(server, {
    email: "root@blocklot.test",
    displayName: "Root",
    roles: ["ROLE_SUPER_ADMIN"],
  });
  companyAdmin = await createTestUser(server, {
    email: "boss@acme.test",
    displayName: "Boss",
    companyName: "Acme",
  });
  plain = await createTestUser(server, { email: "worker@acme.test", displayName: "Worker" });
  await addMember(server, companyAdmin.companyId, plain.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
  seller = await createTestUser(server, {
    email: "seller@shop.test",
    displayName: "Shop Keeper",
    companyName: "Shop",
  });
  ({ userId: unconfirmedId } = await createUserWithCompany(db, {
    email: "pending@nowhere.test",
    displayName: "Pending Person",
    emailConfirmed: false,
  }));
  invitationId = uuidv7();
  await db.insert(companyInvitations).values({
    id: invitationId,
    companyId: companyAdmin.companyId,
    email: "invited@else.test",
    roles: ["ROLE_COMPANY_EMPLOYEE"],
    invitedBy: companyAdmin.userId,
    tokenHash: randomUUID(),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await db.insert(clarityIds).values([
    {
      id: uuidv7(),
      userId: plain.userId,
      clarityId: "clar-old",
      createdAt: new Date("2026-01-01T00:00:00Z"),
    },
    {
      id: uuidv7(),
      userId: seller.userId,
      clarityId: "clar-new",
      createdAt: new Date("2026-02-01T00:00:00Z"),
    },
  ]);
  for (const [i, status] of ["new", "new", "sold"].entries())
    expect(
      (await putItem(server, seller.auth, { ...itemBody(`SKU-${i}`), status })).res.statusCode,
    ).toBeLessThan(300);
});
afterAll(async () => server.close());

const get = (url: string, who: TestUser | null = root) =>
  server.app.inject({ method: "GET", url, headers: who ? who.auth : {} });
const ids = (body: { rows: { id: string }[] }) => body.rows.map((r) => r.id);

const LISTS = [
  "/api/admin/all-user/list",
  "/api/admin/user/list",
  "/api/admin/unregistered-user/list",
  "/api/admin/seller/list",
  "/api/admin/clarity/list",
];

describe("admin user lists: access", () => {
  it.each([
    ...LISTS,
    ...LISTS.map((l) => `${l}/export.csv`),
    "/api/admin/all-user/00000000-0000-7000-8000-000000000000/detail",
  ])("%s refuses a guest (401), an ordinary user and a company admin (403)", async (url) => {
    expect((await get(url, null)).statusCode).toBe(401);
    expect((await get(url, plain)).statusCode).toBe(403);
    expect((await get(url, companyAdmin)).statusCode).toBe(403);
  });

  it("refuses role changes, session revocation, resend and delete to others", async () => {
    const calls = [
      {
        method: "PUT" as const,
        url: `/api/admin/all-user/${plain.userId}/roles`,
        payload: { role: "admin", marketplace: false },
      },
      { method: "DELETE" as const, url: `/api/admin/all-user/${plain.userId}/sessions/${randomUUID()}` },
      { method: "POST" as const, url: `/api/admin/unregistered-user/account/${unconfirmedId}/resend` },
      { method: "DELETE" as const, url: `/api/admin/unregistered-user/account/${unconfirmedId}` },
    ];
    for (const c of calls) {
      expect((await server.app.inject({ ...c })).statusCode).toBe(401);
      expect((await server.app.inject({ ...c, headers: plain.auth })).statusCode).toBe(403);
      expect((await server.app.inject({ ...c, headers: companyAdmin.auth })).statusCode).toBe(403);
    }
  });
});

describe("admin user lists: paging, sorting, search, bad parameters", () => {
  it.each(LISTS)("%s answers 400 with a clear message for bad parameters", async (url) => {
    const page = await get(`${url}?page=-1`);
    expect(page.statusCode).toBe(400);
    expect(page.json().message).toBe('Invalid query string: "page" must be >= 0');
    const rows = await get(`${url}?rowsPerPage=101`);
    expect(rows.statusCode).toBe(400);
    expect(rows.json().message).toBe('Invalid query string: "rowsPerPage" must be <= 100');
    const sort = await get(`${url}?sortBy=password_hash`);
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toMatch(/^Invalid query string: "sortBy" must be one of /);
    expect((await get(`${url}/export.csv?sortBy=nope`)).statusCode).toBe(400);
  });

  it("the confirmed user list shows confirmed users with their primary company, sorted and searched", async () => {
    const all = (await get("/api/admin/user/list?sortBy=email&sortDir=asc")).json();
    expect(all.total).toBe(4);
    expect(all.rows.map((r: { email: string }) => r.email)).toEqual([
      "boss@acme.test",
      "root@blocklot.test",
      "seller@shop.test",
      "worker@acme.test",
    ]);
    expect(all.rows.find((r: { id: string }) => r.id === plain.userId).companyName).toBe("Acme");
    const byCompany = (
      await get("/api/admin/user/list?query=acme&sortBy=companyName&sortDir=desc&rowsPerPage=1&page=1")
    ).json();
    expect(byCompany).toMatchObject({ total: 2, page: 1, rowsPerPage: 1 });
    expect(byCompany.rows).toHaveLength(1);
  });

  it("the unregistered list holds unconfirmed accounts and open invitations", async () => {
    const body = (await get("/api/admin/unregistered-user/list?sortBy=email&sortDir=asc")).json();
    expect(body.rows.map((r: { kind: string; email: string }) => `${r.kind}:${r.email}`)).toEqual([
      "invitation:invited@else.test",
      "account:pending@nowhere.test",
    ]);
    expect(body.rows[0]).toMatchObject({ id: invitationId, companyName: "Acme" });
    expect(ids((await get("/api/admin/unregistered-user/list?query=PENDING")).json())).toEqual([
      unconfirmedId,
    ]);
  });

  it("the seller list counts items by status and sorts by them", async () => {
    const body = (await get("/api/admin/seller/list?sortBy=items&sortDir=desc")).json();
    expect(body.total).toBe(1);
    expect(body.rows[0]).toMatchObject({
      id: seller.companyId,
      companyName: "Shop",
      ownerEmail: "seller@shop.test",
      items: 3,
      byStatus: { new: 2, sold: 1 },
      listings: 0,
      sales: 0,
    });
    expect((await get("/api/admin/seller/list?query=nothing-like-it")).json().total).toBe(0);
  });

  it("with companies=all the seller list finds a company without items by name and owner e-mail", async () => {
    const all = "/api/admin/seller/list?companies=all&sortBy=companyName&sortDir=asc";
    const empty = await createTestUser(server, {
      email: "owner@vacant.test",
      displayName: "Vacant Owner",
      companyName: "Vacant Goods",
    });
    const row = {
      id: empty.companyId,
      companyName: "Vacant Goods",
      ownerEmail: "owner@vacant.test",
      items: 0,
    };
    expect((await get(`${all}&query=vacant go`)).json().rows).toEqual([
      expect.objectContaining({ ...row, byStatus: {}, listings: 0, sales: 0, lastActivity: null }),
    ]);
    expect((await get(`${all}&query=OWNER@vac`)).json().rows).toEqual([expect.objectContaining(row)]);
    const page = (await get(`${all}&rowsPerPage=100`)).json();
    expect(page.rows).toContainEqual(expect.objectContaining({ id: seller.companyId, items: 3 }));
    expect(page.rows).toContainEqual(expect.objectContaining(row));
    // the seller list page itself still shows only companies with inventory
    expect(ids((await get("/api/admin/seller/list?query=vacant")).json())).toEqual([]);
    expect((await get(`${all}&query=vacant`, empty)).statusCode).toBe(403);
    expect((await get(`${all}&query=vacant`, null)).statusCode).toBe(401);
    expect((await get("/api/admin/seller/list?companies=some")).statusCode).toBe(400);
    expect((await get(`${all}&rowsPerPage=101`)).statusCode).toBe(400);
  });

  it("the clarity list is newest first and searchable by clarity id", async () => {
    const body = (await get("/api/admin/clarity/list")).json();
    expect(body.rows.map((r: { clarityId: string }) => r.clarityId)).toEqual(["clar-new", "clar-old"]);
    const one = (await get("/api/admin/clarity/list?query=OLD")).json();
    expect(one.rows).toEqual([expect.objectContaining({ clarityId: "clar-old", email: "worker@acme.test" })]);
  });
});

describe("user detail and actions", () => {
  it("shows companies with their counts, sessions, sign-ins and clarity ids; revokes a session", async () => {
    const db = server.database.db;
    const family = uuidv7();
    await createRefreshToken(db, seller.userId, family, 3600);
    await db.insert(auditLog).values({
      id: uuidv7(),
      userId: seller.userId,
      action: "sign-in",
      detail: { method: "password", ip: "203.0.113.9" },
    });
    const detail = (await get(`/api/admin/all-user/${seller.userId}/detail`)).json();
    expect(detail.companies).toEqual([
      expect.objectContaining({
        id: seller.companyId,
        properties: 0,
        filings: 0,
        inventoryItems: 3,
        ebay: null,
      }),
    ]);
    expect(detail.sessions.map((s: { familyId: string }) => s.familyId)).toEqual([family]);
    expect(detail.signIns[0]).toMatchObject({ ok: true, method: "password", ip: "203.0.113.9" });
    expect(detail.clarityIds).toEqual([expect.objectContaining({ clarityId: "clar-new" })]);
    expect(detail.emailConfirmed).toBe(true);

    const url = `/api/admin/all-user/${seller.userId}/sessions/${family}`;
    expect((await server.app.inject({ method: "DELETE", url, headers: root.auth })).statusCode).toBe(204);
    expect((await server.app.inject({ method: "DELETE", url, headers: root.auth })).statusCode).toBe(404);
    expect((await get(`/api/admin/all-user/${seller.userId}/detail`)).json().sessions).toEqual([]);
  });

  it("changes roles, audits each change (who, when, before, after) and shows it on the user's page", async () => {
    const put = (userId: string, payload: Record<string, unknown>, who = root) =>
      server.app.inject({
        method: "PUT",
        url: `/api/admin/all-user/${userId}/roles`,
        headers: who.auth,
        payload,
      });
    const res = await put(plain.userId, { role: "companyAdmin", marketplace: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ role: "companyAdmin", marketplace: true });
    const [u] = await server.database.db
      .select({ roles: users.roles })
      .from(users)
      .where(sql`${users.id} = ${plain.userId}`);
    expect(u?.roles).toEqual(["ROLE_USER", "ROLE_MARKETPLACE"]);
    const detail = (await get(`/api/admin/all-user/${plain.userId}/detail`)).json();
    expect(detail.companies.find((c: { id: string }) => c.id === companyAdmin.companyId).roles).toEqual([
      "ROLE_COMPANY_ADMIN",
    ]);
    expect(detail.roleChanges).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        byId: root.userId,
        byEmail: "root@blocklot.test",
        before: { role: "employee", marketplace: false },
        after: { role: "companyAdmin", marketplace: true },
      },
    ]);
    expect((await put(plain.userId, { role: "king", marketplace: true })).statusCode).toBe(400);
    expect((await put(plain.userId, { role: "admin" })).statusCode).toBe(400);
  });

  it("never removes the last super admin (409), but allows it once there is another", async () => {
    const put = (userId: string, payload: Record<string, unknown>) =>
      server.app.inject({
        method: "PUT",
        url: `/api/admin/all-user/${userId}/roles`,
        headers: root.auth,
        payload,
      });
    const last = await put(root.userId, { role: "companyAdmin", marketplace: false });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe("This is the last super admin: make someone else a super admin first.");
    expect((await put(seller.userId, { role: "admin", marketplace: false })).statusCode).toBe(200);
    expect((await put(seller.userId, { role: "companyAdmin", marketplace: false })).statusCode).toBe(200);
    const changes = (await get(`/api/admin/all-user/${seller.userId}/detail`)).json().roleChanges;
    expect(changes.map((c: { after: { role: string } }) => c.after.role)).toEqual(["companyAdmin", "admin"]);
  });

  it("resends the confirmation mail and deletes an unconfirmed account with its own company", async () => {
    const resend = await server.app.inject({
      method: "POST",
      url: `/api/admin/unregistered-user/account/${unconfirmedId}/resend`,
      headers: root.auth,
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().message).toContain("pending@nowhere.test");
    const confirmed = await server.app.inject({
      method: "DELETE",
      url: `/api/admin/unregistered-user/account/${plain.userId}`,
      headers: root.auth,
    });
    expect(confirmed.statusCode).toBe(409);
    const del = await server.app.inject({
      method: "DELETE",
      url: `/api/admin/unregistered-user/account/${unconfirmedId}`,
      headers: root.auth,
    });
    expect(del.statusCode).toBe(204);
    const inv = await server.app.inject({
      method: "DELETE",
      url: `/api/admin/unregistered-user/invitation/${invitationId}`,
      headers: root.auth,
    });
    expect(inv.statusCode).toBe(204);
    expect((await get("/api/admin/unregistered-user/list")).json().total).toBe(0);
  });
});
