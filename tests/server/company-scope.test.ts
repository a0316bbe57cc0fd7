import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerContext } from "../../src/server/context";
import { companyMembers, users } from "../../src/server/db/schema";
import { authPlugin } from "../../src/server/plugins/auth";
import { companyScopePlugin } from "../../src/server/plugins/company-scope";
import { installErrorHandler } from "../../src/server/plugins/errors";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

/** A small app with one company-scoped route, on the test server's database. */
let server: TestServer;
let app: FastifyInstance;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  app = Fastify();
  app.decorate("ctx", { config: server.config, db: server.database.db } as unknown as ServerContext);
  installErrorHandler(app);
  await app.register(authPlugin, { config: server.config });
  await app.register(companyScopePlugin);
  app.get("/scope", { config: { auth: [] } }, async (request) => {
    const first = request.companyScope();
    const again = request.companyScope();
    return { ...(await first), memoised: first === again };
  });
  await app.ready();
  ann = await createTestUser(server, { companyName: "Ann Co" });
  bob = await createTestUser(server, { companyName: "Bob Co" });
});
afterAll(async () => {
  await app.close();
  await server.close();
});

const scope = (who: TestUser) => app.inject({ method: "GET", url: "/scope", headers: who.auth });

describe("request.companyScope()", () => {
  it("is the caller's active company and their roles in it, loaded once per request", async () => {
    const res = await scope(ann);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userId: ann.userId,
      companyId: ann.companyId,
      roles: ["ROLE_COMPANY_ADMIN"],
      memoised: true,
    });
  });

  it("follows the database, not the token: switching company changes it at once", async () => {
    await addMember(server, bob.companyId, ann.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
    const res = await scope(ann); // same token as before the switch
    expect(res.json()).toMatchObject({ companyId: bob.companyId, roles: ["ROLE_COMPANY_EMPLOYEE"] });
  });

  it("answers 403 once the user is in no company, whatever the token says", async () => {
    expect((await scope(bob)).statusCode).toBe(200);
    await server.database.db.delete(companyMembers).where(eq(companyMembers.userId, bob.userId));
    const denied = await scope(bob);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe("You are not a member of any company");
  });

  it("answers 403 for a disabled account and 401 without a token", async () => {
    await server.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, ann.userId));
    expect((await scope(ann)).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: "/scope" })).statusCode).toBe(401);
  });
});
