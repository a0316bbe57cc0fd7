import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, companyMembers } from "../../src/server/db/schema";
import { addMember, createTestUser, membership, membershipsOf, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
let ann: TestUser; // admin of "Ann Realty", also an employee of "Bob Holdings"
let bob: TestUser; // admin of "Bob Holdings"
let eve: TestUser; // admin of "Eve Corp", a stranger to both

beforeAll(async () => {
  server = await startTestServer();
  ann = await createTestUser(server, { displayName: "Ann", companyName: "Ann Realty" });
  bob = await createTestUser(server, { displayName: "Bob", companyName: "Bob Holdings" });
  eve = await createTestUser(server, { displayName: "Eve", companyName: "Eve Corp" });
  await addMember(server, bob.companyId, ann.userId, ["ROLE_COMPANY_EMPLOYEE"]);
});
afterAll(async () => server.close());

const inject = (
  method: "GET" | "PUT" | "DELETE",
  url: string,
  who?: TestUser,
  payload?: string | object,
): Promise<LightMyRequestResponse> =>
  server.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload === undefined ? {} : { payload }) });

const rolesOf = (who: TestUser) => inject("GET", "/api/trade/company/get-company-roles", who);
const primaries = async (who: TestUser) =>
  (await membershipsOf(server, who.userId)).filter((m) => m.isPrimary);

describe("GET /api/trade/company/get-company-roles", () => {
  it("lists the caller's companies with every member and their roles, active one marked", async () => {
    const res = await rolesOf(ann);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((c: { companyName: string }) => c.companyName)).toEqual(["Ann Realty", "Bob Holdings"]);
    const [own, other] = list;
    expect(own).toMatchObject({
      id: ann.companyId,
      isPrimary: true,
      users: [{ id: ann.userId, roles: ["ROLE_COMPANY_ADMIN"] }],
    });
    expect(other.isPrimary).toBe(false);
    expect(other.users).toEqual([
      { id: bob.userId, roles: ["ROLE_COMPANY_ADMIN"] },
      { id: ann.userId, roles: ["ROLE_COMPANY_EMPLOYEE"] },
    ]);
    expect(Number.isNaN(Date.parse(own.createdAt))).toBe(false);
  });

  it("never shows another company the caller is not in", async () => {
    const list = (await rolesOf(eve)).json();
    expect(list).toHaveLength(1);
    expect(list[0].id).toBe(eve.companyId);
    expect(JSON.stringify(list)).not.toContain(ann.userId);
  });

  it("answers 401 without a token and with a forged one", async () => {
    expect((await inject("GET", "/api/trade/company/get-company-roles")).statusCode).toBe(401);
    const forged = await server.app.inject({
      method: "GET",
      url: "/api/trade/company/get-company-roles",
      headers: { authorization: `Bearer ${ann.token.slice(0, -4)}AAAA` },
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe("company list freshness", () => {
  it("shows a membership change made elsewhere (another module, another replica) at once", async () => {
    const before = (await rolesOf(eve)).json();
    expect(before).toHaveLength(1);
    expect((await rolesOf(eve)).json()).toEqual(before); // served again, possibly from the cache
    // Written straight to the database, as an invitation or another replica would.
    await server.database.db
      .insert(companyMembers)
      .values({ companyId: bob.companyId, userId: eve.userId, roles: ["ROLE_COMPANY_EMPLOYEE"] });
    const names = async () => (await rolesOf(eve)).json().map((c: { companyName: string }) => c.companyName);
    // PGlite delivers the change notification as the write completes; PostgreSQL a moment later.
    if (server.database.kind === "pglite") expect(await names()).toEqual(["Bob Holdings", "Eve Corp"]);
    await expect.poll(names, { timeout: 3000 }).toEqual(["Bob Holdings", "Eve Corp"]);
    await server.database.db
      .update(companies)
      .set({ name: "Bob Holdings Renamed" })
      .where(eq(companies.id, bob.companyId));
    await expect.poll(names, { timeout: 3000 }).toEqual(["Bob Holdings Renamed", "Eve Corp"]);
    expect((await rolesOf(ann)).json()[1].companyName).toBe("Bob Holdings Renamed");
    await server.database.db.delete(companyMembers).where(eq(companyMembers.userId, eve.userId));
    await server.database.db.insert(companyMembers).values({
      companyId: eve.companyId,
      userId: eve.userId,
      roles: ["ROLE_COMPANY_ADMIN"],
      isPrimary: true,
    });
    await server.database.db
      .update(companies)
      .set({ name: "Bob Holdings" })
      .where(eq(companies.id, bob.companyId));
    await expect.poll(names, { timeout: 3000 }).toEqual(["Eve Corp"]);
  });
});

describe("PUT /api/trade/company/set-active/{id}", () => {
  it("makes that company the only primary one and answers the updated list", async () => {
    const res = await inject("PUT", `/api/trade/company/set-active/${bob.companyId}`, ann);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ id: string; isPrimary: boolean }>;
    expect(list.filter((c) => c.isPrimary).map((c) => c.id)).toEqual([bob.companyId]);
    expect((await primaries(ann)).map((m) => m.companyId)).toEqual([bob.companyId]);

    const back = await inject("PUT", `/api/trade/company/set-active/${ann.companyId}`, ann);
    expect(back.statusCode).toBe(200);
    expect((await primaries(ann)).map((m) => m.companyId)).toEqual([ann.companyId]);
  });

  it("is idempotent for the already active company", async () => {
    const res = await inject("PUT", `/api/trade/company/set-active/${ann.companyId}`, ann);
    expect(res.statusCode).toBe(200);
    expect((await primaries(ann)).map((m) => m.companyId)).toEqual([ann.companyId]);
  });

  it("answers 404 for a company the caller is not in, and changes nothing", async () => {
    const before = await membershipsOf(server, ann.userId);
    const res = await inject("PUT", `/api/trade/company/set-active/${eve.companyId}`, ann);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Company not found");
    const unknown = await inject(
      "PUT",
      "/api/trade/company/set-active/0190a6f0-0000-7000-8000-000000000000",
      ann,
    );
    expect(unknown.statusCode).toBe(404);
    expect(await membershipsOf(server, ann.userId)).toEqual(before);
    expect(await membershipsOf(server, eve.userId)).toHaveLength(1);
  });

  it("answers 400 for a non-uuid id and 401 without a token", async () => {
    const bad = await inject("PUT", "/api/trade/company/set-active/not-a-uuid", ann);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/path/);
    expect((await inject("PUT", `/api/trade/company/set-active/${ann.companyId}`)).statusCode).toBe(401);
  });

  it("keeps exactly one primary under concurrent switches", async () => {
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        inject("PUT", `/api/trade/company/set-active/${i % 2 ? bob.companyId : ann.companyId}`, ann),
      ),
    );
    expect(await primaries(ann)).toHaveLength(1);
    await inject("PUT", `/api/trade/company/set-active/${ann.companyId}`, ann);
  });
});

describe("PUT /api/trade/company/{id}", () => {
  const companyRow = async (id: string) =>
    (await server.database.db.select().from(companies).where(eq(companies.id, id)))[0];

  it("lets a company admin change the company's details", async () => {
    const res = await inject("PUT", `/api/trade/company/${ann.companyId}`, ann, {
      companyName: "  Ann Realty Group ",
      phone: "+1 212 555 0100",
      email: "Office@AnnRealty.example",
      address: "1 Main St, New York, NY",
      website: "https://annrealty.example",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ann.companyId,
      companyName: "Ann Realty Group",
      phone: "+1 212 555 0100",
      email: "office@annrealty.example",
      address: "1 Main St, New York, NY",
      website: "https://annrealty.example",
    });
    const row = await companyRow(ann.companyId);
    expect(row?.name).toBe("Ann Realty Group");
    expect((await rolesOf(ann)).json()[0].companyName).toBe("Ann Realty Group");
  });

  it("clears a field with null or empty text and leaves the others", async () => {
    const res = await inject("PUT", `/api/trade/company/${ann.companyId}`, ann, { phone: null, address: "" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phone: null, address: null, website: "https://annrealty.example" });
  });

  it("refuses an employee of the company (403) and a stranger (404), changing nothing", async () => {
    const before = await companyRow(bob.companyId);
    const asEmployee = await inject("PUT", `/api/trade/company/${bob.companyId}`, ann, {
      companyName: "Taken",
    });
    expect(asEmployee.statusCode).toBe(403);
    const asStranger = await inject("PUT", `/api/trade/company/${bob.companyId}`, eve, {
      companyName: "Taken",
    });
    expect(asStranger.statusCode).toBe(404);
    expect(await companyRow(bob.companyId)).toEqual(before);
  });

  it("answers 404 for an unknown company and 400 for a non-uuid id", async () => {
    const unknown = await inject("PUT", "/api/trade/company/0190a6f0-0000-7000-8000-000000000000", ann, {});
    expect(unknown.statusCode).toBe(404);
    expect((await inject("PUT", "/api/trade/company/123", ann, {})).statusCode).toBe(400);
  });

  it.each([
    [{ companyName: "" }, /companyName/],
    [{ companyName: "   " }, /must not be blank/],
    [{ companyName: 42 }, /companyName/],
    [{ companyName: "x".repeat(201) }, /companyName/],
    [{ email: "not an email" }, /email/],
    [{ website: "javascript:alert(1)" }, /website/],
    [{ phone: ["+1"] }, /phone/],
    [{ owner: "me" }, /unknown field "owner"/],
    [["companyName"], /request body/],
  ])("refuses bad input %j with 400 and changes nothing", async (payload, message) => {
    const before = await companyRow(ann.companyId);
    const res = await inject("PUT", `/api/trade/company/${ann.companyId}`, ann, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await companyRow(ann.companyId)).toEqual(before);
  });

  it("refuses a body that is not JSON (400) or not declared as JSON (415)", async () => {
    const put = (contentType: string, payload: string) =>
      server.app.inject({
        method: "PUT",
        url: `/api/trade/company/${ann.companyId}`,
        headers: { ...ann.auth, "content-type": contentType },
        payload,
      });
    expect((await put("application/json", "{nope")).statusCode).toBe(400);
    expect((await put("text/plain", "companyName=x")).statusCode).toBe(400);
    expect((await put("application/xml", "<companyName/>")).statusCode).toBe(415);
  });
});

describe("company members", () => {
  let co: TestUser; // admin of "Members Inc"
  let emp: TestUser; // employee there (and admin of their own company)

  beforeAll(async () => {
    co = await createTestUser(server, { companyName: "Members Inc" });
    emp = await createTestUser(server, { companyName: "Emp Own" });
    await addMember(server, co.companyId, emp.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
  });

  const rolesUrl = (companyId: string, userId: string) =>
    `/api/trade/company/${companyId}/users/${userId}/roles`;

  it("an admin replaces a member's roles and gets the company back", async () => {
    const res = await inject("PUT", rolesUrl(co.companyId, emp.userId), co, {
      roles: ["ROLE_COMPANY_ADMIN"],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().users).toContainEqual({ id: emp.userId, roles: ["ROLE_COMPANY_ADMIN"] });
    expect((await membership(server, co.companyId, emp.userId))?.roles).toEqual(["ROLE_COMPANY_ADMIN"]);
    const back = await inject("PUT", rolesUrl(co.companyId, emp.userId), co, {
      roles: ["ROLE_COMPANY_EMPLOYEE"],
    });
    expect(back.statusCode).toBe(200);
    expect((await membership(server, co.companyId, emp.userId))?.roles).toEqual(["ROLE_COMPANY_EMPLOYEE"]);
  });

  it("an employee may not change roles (403), a stranger gets 404", async () => {
    const asEmp = await inject("PUT", rolesUrl(co.companyId, co.userId), emp, {
      roles: ["ROLE_COMPANY_EMPLOYEE"],
    });
    expect(asEmp.statusCode).toBe(403);
    const asStranger = await inject("PUT", rolesUrl(co.companyId, emp.userId), eve, {
      roles: ["ROLE_COMPANY_ADMIN"],
    });
    expect(asStranger.statusCode).toBe(404);
    expect((await membership(server, co.companyId, co.userId))?.roles).toEqual(["ROLE_COMPANY_ADMIN"]);
    expect((await membership(server, co.companyId, emp.userId))?.roles).toEqual(["ROLE_COMPANY_EMPLOYEE"]);
  });

  it("the last admin cannot demote themselves (409)", async () => {
    const res = await inject("PUT", rolesUrl(co.companyId, co.userId), co, {
      roles: ["ROLE_COMPANY_EMPLOYEE"],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("A company must keep at least one admin");
    expect((await membership(server, co.companyId, co.userId))?.roles).toEqual(["ROLE_COMPANY_ADMIN"]);
  });

  it.each([
    [{ roles: ["ROLE_SUPER_ADMIN"] }],
    [{ roles: ["ROLE_MARKETPLACE"] }],
    [{ roles: [] }],
    [{ roles: "ROLE_COMPANY_ADMIN" }],
    [{ roles: ["ROLE_COMPANY_ADMIN", "ROLE_COMPANY_ADMIN"] }],
    [{ roles: ["ROLE_COMPANY_ADMIN"], extra: true }],
    [{}],
  ])("refuses roles payload %j with 400", async (payload) => {
    const res = await inject("PUT", rolesUrl(co.companyId, emp.userId), co, payload);
    expect(res.statusCode).toBe(400);
    expect((await membership(server, co.companyId, emp.userId))?.roles).toEqual(["ROLE_COMPANY_EMPLOYEE"]);
  });

  it("answers 404 for a user who is not a member and 400 for non-uuid ids", async () => {
    const notMember = await inject("PUT", rolesUrl(co.companyId, eve.userId), co, {
      roles: ["ROLE_COMPANY_ADMIN"],
    });
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json().message).toBe("Member not found");
    expect(await membership(server, co.companyId, eve.userId)).toBeNull();
    expect(
      (await inject("PUT", rolesUrl(co.companyId, "x"), co, { roles: ["ROLE_COMPANY_ADMIN"] })).statusCode,
    ).toBe(400);
    expect((await inject("DELETE", `/api/trade/company/nope/users/${emp.userId}`, co)).statusCode).toBe(400);
  });

  it("the last admin cannot be removed (409); an employee cannot remove anyone (403)", async () => {
    const last = await inject("DELETE", `/api/trade/company/${co.companyId}/users/${co.userId}`, co);
    expect(last.statusCode).toBe(409);
    const asEmp = await inject("DELETE", `/api/trade/company/${co.companyId}/users/${co.userId}`, emp);
    expect(asEmp.statusCode).toBe(403);
    const asStranger = await inject("DELETE", `/api/trade/company/${co.companyId}/users/${emp.userId}`, eve);
    expect(asStranger.statusCode).toBe(404);
    expect(await membership(server, co.companyId, co.userId)).not.toBeNull();
    expect(await membership(server, co.companyId, emp.userId)).not.toBeNull();
  });

  it("an admin removes a member; their oldest other company becomes active", async () => {
    expect((await primaries(emp)).map((m) => m.companyId)).toEqual([co.companyId]);
    const res = await inject("DELETE", `/api/trade/company/${co.companyId}/users/${emp.userId}`, co);
    expect(res.statusCode).toBe(204);
    expect(await membership(server, co.companyId, emp.userId)).toBeNull();
    expect((await primaries(emp)).map((m) => m.companyId)).toEqual([emp.companyId]);
    const list = (await rolesOf(co)).json();
    expect(list[0].users.map((u: { id: string }) => u.id)).toEqual([co.userId]);
    // Their old token still names the old company, but the list comes from the database.
    expect((await rolesOf(emp)).json().map((c: { id: string }) => c.id)).toEqual([emp.companyId]);
    const again = await inject("DELETE", `/api/trade/company/${co.companyId}/users/${emp.userId}`, co);
    expect(again.statusCode).toBe(404);
  });

  it("an admin can step down once another admin exists, and then loses admin rights", async () => {
    await addMember(server, co.companyId, emp.userId, ["ROLE_COMPANY_ADMIN"]);
    const res = await inject("PUT", rolesUrl(co.companyId, co.userId), co, {
      roles: ["ROLE_COMPANY_EMPLOYEE"],
    });
    expect(res.statusCode).toBe(200);
    const denied = await inject("PUT", `/api/trade/company/${co.companyId}`, co, {
      companyName: "Mine again",
    });
    expect(denied.statusCode).toBe(403);
    const stillOne = await inject("DELETE", `/api/trade/company/${co.companyId}/users/${emp.userId}`, emp);
    expect(stillOne.statusCode).toBe(409);
    const admins = (
      await server.database.db.select().from(companyMembers).where(eq(companyMembers.companyId, co.companyId))
    ).filter((m) => m.roles.includes("ROLE_COMPANY_ADMIN"));
    expect(admins.map((m) => m.userId)).toEqual([emp.userId]);
  });
});
