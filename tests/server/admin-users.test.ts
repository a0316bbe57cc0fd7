import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, clarityIds, companyInvitations, ebayListings, users } from "../../src/server/db/schema";
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
const companyCount = async () =>
  (
    (await server.database.db.execute(sql`select count(*)::int as n from companies`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]?.n ?? 0;

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
    expect(ids((await get("/api/admin/seller/list?query=SHO")).json())).toEqual([seller.companyId]);
  });

  it("finds companies by name with % _ and ' taken literally (companies=all, as the seller picker asks)", async () => {
    for (const companyName of [
      "100% Pure",
      "1000 Pure",
      "Under_Score",
      "UnderXScore",
      "O'Brien's Attic",
      "OBriens",
    ])
      await createTestUser(server, { companyName });
    const found = async (query: string) =>
      (await get(`/api/admin/seller/list?companies=all&rowsPerPage=100&query=${encodeURIComponent(query)}`))
        .json()
        .rows.map((r: { companyName: string }) => r.companyName)
        .sort();
    expect(await found("100%")).toEqual(["100% Pure"]);
    expect(await found("R_S")).toEqual(["Under_Score"]);
    expect(await found("o'brien")).toEqual(["O'Brien's Attic"]);
    expect(await found("'s Att")).toEqual(["O'Brien's Attic"]);
    expect(await found("pure")).toEqual(["100% Pure", "1000 Pure"]);
    expect(await found("%")).toEqual(["100% Pure"]);
    expect(await found("_")).toEqual(["Under_Score"]);
  });

  it("with companies=all pages and sorts every company by each column, the never active as the oldest", async () => {
    const busy = await createTestUser(server, { companyName: "Busy Bees" });
    let last = "";
    for (const sku of ["B-1", "B-2", "B-3", "B-4", "B-5"]) {
      const put = await putItem(server, busy.auth, itemBody(sku));
      expect(put.res.statusCode).toBeLessThan(300);
      last = put.id;
    }
    await server.database.db
      .insert(ebayListings)
      .values({ itemId: last, companyId: busy.companyId, ebaySku: "BUSY-5", state: "published" });
    const total = await companyCount();
    expect(total).toBeGreaterThan(5);
    type Row = { id: string; items: number; listings: number; sales: number; lastActivity: string | null };
    const keyOf = (sortBy: string, r: Row) =>
      sortBy === "lastActivity"
        ? r.lastActivity === null
          ? Number.NEGATIVE_INFINITY
          : Date.parse(r.lastActivity)
        : (r[sortBy as "items"] as number);
    for (const sortBy of ["companyName", "items", "listings", "sales", "lastActivity"])
      for (const sortDir of ["asc", "desc"]) {
        const url = `/api/admin/seller/list?companies=all&sortBy=${sortBy}&sortDir=${sortDir}`;
        const full = (await get(`${url}&rowsPerPage=100`)).json();
        expect(full.total).toBe(total);
        expect(full.rows).toHaveLength(total);
        const paged: Row[] = [];
        for (let page = 0; page * 4 < total; page++) {
          const body = (await get(`${url}&rowsPerPage=4&page=${page}`)).json();
          expect(body.total).toBe(total);
          paged.push(...body.rows);
        }
        expect(ids({ rows: paged })).toEqual(ids(full));
        if (sortBy === "companyName") continue;
        const sign = sortDir === "asc" ? 1 : -1;
        const rows = full.rows as Row[];
        for (const [i, r] of rows.slice(1).entries()) {
          const prev = rows[i] as Row;
          const [a, b] = [keyOf(sortBy, prev), keyOf(sortBy, r)];
          const step = a === b ? (r.id > prev.id ? 1 : -1) : b > a ? 1 : -1;
          expect(step, `${url} at row ${i + 1}`).toBe(sign);
        }
      }
    const first = async (sortBy: string) =>
      (await get(`/api/admin/seller/list?companies=all&sortBy=${sortBy}&sortDir=desc&rowsPerPage=1`)).json()
        .rows[0];
    expect(await first("items")).toMatchObject({ id: busy.companyId, items: 5, listings: 1 });
    expect(await first("listings")).toMatchObject({ id: busy.companyId });
    expect(await first("lastActivity")).toMatchObject({ id: busy.companyId });
    const byName = (
      await get("/api/admin/seller/list?companies=all&sortBy=companyName&sortDir=desc&query=bu")
    )
      .json()
      .rows.map((r: { companyName: string }) => r.companyName);
    expect(byName).toEqual(["Busy Bees"]);
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

describe("seller list export of every company", () => {
  it("streams every company past a 1,000-row batch, sorted by last activity (never active ones too)", async () => {
    await server.database.db.execute(
      sql`insert into companies (id, name) select gen_random_uuid(), 'Bulk company ' || i from generate_series(1, 1100) as i`,
    );
    const total = await companyCount();
    expect((await get("/api/admin/seller/list?companies=all")).json().total).toBe(total);
    for (const sortDir of ["desc", "asc"]) {
      const res = await get(
        `/api/admin/seller/list/export.csv?companies=all&sortBy=lastActivity&sortDir=${sortDir}`,
      );
      expect(res.statusCode).toBe(200);
      const lines = res.body
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n")
        .slice(1);
      expect(lines).toHaveLength(total);
      expect(new Set(lines.map((l) => l.split(",")[0])).size).toBe(total);
      expect(lines[sortDir === "desc" ? 0 : total - 1]?.split(",")[1]).toBe("Busy Bees");
    }
  });
});
