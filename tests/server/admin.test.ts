import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
let root: TestUser;
let plain: TestUser;
let market: TestUser;
const people: TestUser[] = [];

beforeAll(async () => {
  server = await startTestServer();
  root = await createTestUser(server, {
    email: "root@blocklot.test",
    displayName: "Root",
    roles: ["ROLE_SUPER_ADMIN"],
  });
  plain = await createTestUser(server, { email: "plain@blocklot.test", displayName: "Plain Person" });
  market = await createTestUser(server, {
    email: "seller@blocklot.test",
    displayName: "Seller",
    roles: ["ROLE_MARKETPLACE"],
  });
  for (const [i, name] of ["Zed", "amy", "Bea", "cy_under", "Dee%pct"].entries()) {
    people.push(
      await createTestUser(server, {
        email: `p${i}-${name.toLowerCase().replace(/\W/g, "")}@acme.test`,
        displayName: name,
      }),
    );
  }
  await addMember(server, people[0]?.companyId as string, plain.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
});
afterAll(async () => server.close());

const list = (qs: string, who: TestUser | null = root) =>
  server.app.inject({ method: "GET", url: `/api/admin/all-user/list${qs}`, headers: who ? who.auth : {} });

describe("GET /api/admin/all-user/list", () => {
  it("pages all users with their companies, newest first by default", async () => {
    const res = await list("");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 8, page: 0, rowsPerPage: 25 });
    expect(body.rows).toHaveLength(8);
    const created = body.rows.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const p = body.rows.find((r: { id: string }) => r.id === plain.userId);
    expect(p).toMatchObject({
      email: "plain@blocklot.test",
      displayName: "Plain Person",
      roles: ["ROLE_USER"],
      emailConfirmed: true,
    });
    expect(p.companies).toEqual([
      {
        id: people[0]?.companyId,
        companyName: "Zed's company",
        roles: ["ROLE_COMPANY_EMPLOYEE"],
        isPrimary: true,
      },
      {
        id: plain.companyId,
        companyName: "Plain Person's company",
        roles: ["ROLE_COMPANY_ADMIN"],
        isPrimary: false,
      },
    ]);
  });

  it("sorts by email, display name or creation in either direction", async () => {
    const emails = (await list("?sortBy=email&sortDir=asc"))
      .json()
      .rows.map((r: { email: string }) => r.email);
    expect(emails).toEqual([...emails].sort());
    expect(emails[0]).toBe("p0-zed@acme.test");
    const names = (await list("?sortBy=displayName&sortDir=desc"))
      .json()
      .rows.map((r: { displayName: string }) => r.displayName);
    expect(names[0]).toBe("Zed");
    const oldest = (await list("?sortBy=createdAt&sortDir=asc")).json().rows[0];
    expect(oldest.id).toBe(root.userId);
  });

  it("pages without overlap and reports the total", async () => {
    const a = (await list("?page=0&rowsPerPage=3&sortBy=email&sortDir=asc")).json();
    const b = (await list("?page=1&rowsPerPage=3&sortBy=email&sortDir=asc")).json();
    const c = (await list("?page=2&rowsPerPage=3&sortBy=email&sortDir=asc")).json();
    const far = (await list("?page=9&rowsPerPage=3")).json();
    expect([a.rows.length, b.rows.length, c.rows.length, far.rows.length]).toEqual([3, 3, 2, 0]);
    expect(new Set([...a.rows, ...b.rows, ...c.rows].map((r: { id: string }) => r.id)).size).toBe(8);
    expect([a.total, far.total]).toEqual([8, 8]);
    expect(b).toMatchObject({ page: 1, rowsPerPage: 3 });
  });

  it("filters by email or display name, case-insensitively, taking % and _ literally", async () => {
    const byName = (await list("?query=PLAIN")).json();
    expect(byName.rows.map((r: { id: string }) => r.id)).toEqual([plain.userId]);
    expect(byName.total).toBe(1);
    expect((await list("?query=ACME.test")).json().total).toBe(5);
    expect(
      (await list(`?query=${encodeURIComponent("%")}`))
        .json()
        .rows.map((r: { displayName: string }) => r.displayName),
    ).toEqual(["Dee%pct"]);
    expect((await list("?query=_")).json().rows.map((r: { displayName: string }) => r.displayName)).toEqual([
      "cy_under",
    ]);
    expect((await list("?query=nobody-like-this")).json()).toMatchObject({ rows: [], total: 0 });
  });

  it("finds a user under the name they changed to, and no longer under the old one", async () => {
    const renamed = await createTestUser(server, { email: "rename@blocklot.test", displayName: "Old Namé" });
    expect((await list("?query=OLD%20NAM")).json().total).toBe(1);
    const res = await server.app.inject({
      method: "PATCH",
      url: "/api/account/profile",
      headers: renamed.auth,
      payload: { displayName: "Zoë Quill" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(`?query=${encodeURIComponent("zoë Q")}`)).json().rows).toEqual([
      expect.objectContaining({ id: renamed.userId, displayName: "Zoë Quill" }),
    ]);
    expect((await list("?query=old%20nam")).json().total).toBe(0);
  });

  it.each([
    "?page=-1",
    "?page=abc",
    "?page=1.5",
    "?rowsPerPage=0",
    "?rowsPerPage=101",
    "?sortBy=password_hash",
    "?sortDir=sideways",
    "?unknown=1",
    `?query=${"x".repeat(201)}`,
  ])("answers 400 for %s", async (qs) => {
    const res = await list(qs);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/query string/);
  });

  it("is for super admins only: 403 for others, 401 without a token", async () => {
    expect((await list("", plain)).statusCode).toBe(403);
    expect((await list("", market)).statusCode).toBe(403);
    expect((await list("", people[1] as TestUser)).statusCode).toBe(403); // a company admin
    expect((await list("", null)).statusCode).toBe(401);
  });
});

describe("GET /api/admin/all-user/{id}", () => {
  const one = (path: string, who: TestUser | null = root) =>
    server.app.inject({ method: "GET", url: `/api/admin/all-user/${path}`, headers: who ? who.auth : {} });

  it("answers one user with their companies", async () => {
    const res = await one(market.userId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: market.userId,
      email: "seller@blocklot.test",
      roles: expect.arrayContaining(["ROLE_MARKETPLACE"]),
      companies: [{ id: market.companyId, isPrimary: true, roles: ["ROLE_COMPANY_ADMIN"] }],
    });
  });

  it("with ?email= the address must match too (case-insensitively)", async () => {
    expect((await one(`${market.userId}?email=SELLER@blocklot.test`)).statusCode).toBe(200);
    const wrong = await one(`${market.userId}?email=plain@blocklot.test`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe("User not found");
  });

  it("answers 404 for an unknown id, 400 for a non-uuid id or bad query, 403/401 for others", async () => {
    expect((await one("0190a6f0-0000-7000-8000-000000000000")).statusCode).toBe(404);
    expect((await one("42")).statusCode).toBe(400);
    expect((await one(`${market.userId}?email=`)).statusCode).toBe(400);
    expect((await one(`${market.userId}?admin=1`)).statusCode).toBe(400);
    expect((await one(market.userId, plain)).statusCode).toBe(403);
    expect((await one(market.userId, null)).statusCode).toBe(401);
  });

  it("does not leak secrets", async () => {
    const res = await one(root.userId);
    expect(Object.keys(res.json()).sort()).toEqual(
      ["companies", "createdAt", "displayName", "email", "emailConfirmed", "id", "roles"].sort(),
    );
    expect(users.passwordHash.name).toBe("password_hash");
    expect(res.body).not.toContain("password");
  });
});
