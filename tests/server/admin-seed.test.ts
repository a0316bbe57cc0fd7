import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, companyMembers, users } from "../../src/server/db/schema";
import { DEMO_COMPANY, type SeedResult, seedDemo } from "../../src/server/modules/admin/demo-seed";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const signIn = (email: string, password: string) =>
  server.app.inject({ method: "POST", url: "/auth-jwt/connect/google/check", payload: { email, password } });

const account = (r: SeedResult, key: string) => {
  const a = r.accounts.find((x) => x.key === key);
  if (!a) throw new Error(`no ${key}`);
  return a;
};

describe("seedDemo (npm run seed)", () => {
  let first: SeedResult;

  it("creates the demo company and four confirmed accounts that can sign in with their printed passwords", async () => {
    first = await seedDemo(server.database.db);
    expect(first.accounts.map((a) => a.key)).toEqual([
      "companyAdmin",
      "employee",
      "marketplace",
      "superAdmin",
    ]);
    const expected: Record<string, string> = {
      companyAdmin: "ROLE_COMPANY_ADMIN",
      employee: "ROLE_COMPANY_EMPLOYEE",
      marketplace: "ROLE_MARKETPLACE",
      superAdmin: "ROLE_SUPER_ADMIN",
    };
    for (const a of first.accounts) {
      const res = await signIn(a.email, a.password);
      expect(res.statusCode, a.email).toBe(200);
      const claims = decodeJwt(res.json().token);
      expect(claims.roles).toContain(expected[a.key]);
      expect(claims.id).toBe(a.userId);
    }
  });

  it("puts the admin and the employee in Demo Realty LLC, active for both", async () => {
    const members = await server.database.db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.companyId, first.companyId));
    const byUser = Object.fromEntries(members.map((m) => [m.userId, m]));
    expect(byUser[account(first, "companyAdmin").userId]).toMatchObject({
      roles: ["ROLE_COMPANY_ADMIN"],
      isPrimary: true,
    });
    expect(byUser[account(first, "employee").userId]).toMatchObject({
      roles: ["ROLE_COMPANY_EMPLOYEE"],
      isPrimary: true,
    });
    expect(members).toHaveLength(2);
    const employeeToken = (
      await signIn(account(first, "employee").email, account(first, "employee").password)
    ).json().token;
    const list = await server.app.inject({
      method: "GET",
      url: "/api/trade/company/get-company-roles",
      headers: { authorization: `Bearer ${employeeToken}` },
    });
    const active = list.json().filter((c: { isPrimary: boolean }) => c.isPrimary);
    expect(active).toMatchObject([{ id: first.companyId, companyName: DEMO_COMPANY }]);
  });

  it("is idempotent: a second run duplicates nothing and resets every password", async () => {
    const countOf = async () => ({
      users: (await server.database.db.select().from(users)).length,
      demo: (await server.database.db.select().from(companies).where(eq(companies.name, DEMO_COMPANY)))
        .length,
      members: (await server.database.db.select().from(companyMembers)).length,
    });
    const before = await countOf();
    // Someone broke the demo admin's account in between: the seed repairs it.
    await server.database.db
      .update(users)
      .set({ disabledAt: new Date(), emailConfirmedAt: null })
      .where(eq(users.id, account(first, "companyAdmin").userId));
    const second = await seedDemo(server.database.db);
    expect(await countOf()).toEqual(before);
    expect(before).toMatchObject({ users: 4, demo: 1 });
    expect(second.companyId).toBe(first.companyId);
    for (const a of second.accounts) {
      const old = account(first, a.key);
      expect(a.userId).toBe(old.userId);
      expect(a.password).not.toBe(old.password);
      expect((await signIn(a.email, old.password)).statusCode).toBe(401);
      expect((await signIn(a.email, a.password)).statusCode).toBe(200);
    }
  });
});
