import { eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "../../src/domain/roles";
import { buildApp } from "../../src/server/app";
import { openDatabase } from "../../src/server/db/client";
import { users } from "../../src/server/db/schema";
import { hashPassword } from "../../src/server/modules/auth/passwords";
import { lastMail, linkToken } from "./doubles/mailbox";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { itemBody, putItem } from "./inventory-helpers";
import { type LiveStream, openStream, until } from "./live-helpers";

const PASSWORD = "correct horse battery";
let server: TestServer;
let base: string;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer({ JOBS_IN_PROCESS: "false", COOKIE_SECURE: "false" });
  base = await server.app.listen({ port: 0, host: "127.0.0.1" });
  admin = await createTestUser(server, { companyName: "Live Co" });
  await setPassword(admin.userId);
});
afterAll(async () => server?.close());

async function setPassword(userId: string) {
  await server.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, userId));
}

/** Signs in with the password (a real session: the access token names its refresh family). */
async function signIn(email: string) {
  const res = await server.app.inject({
    method: "POST",
    url: "/auth-jwt/connect/google/check",
    payload: { email, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { token: string; refreshToken: string };
}

/** A user who is a member of the admin's company (active there) with `role`, signed in. */
async function member(role: "ROLE_COMPANY_EMPLOYEE" | "ROLE_COMPANY_ADMIN") {
  const user = await createTestUser(server);
  await addMember(server, admin.companyId, user.userId, [role], true);
  await setPassword(user.userId);
  return { ...user, session: await signIn(user.email) };
}

/** A committed inventory change in the admin's company (heard as `sync-changed`). */
async function touchInventory() {
  const { res } = await putItem(server, admin.auth, itemBody(`LIVE-${uuidv7().slice(-8)}`));
  expect(res.statusCode).toBeLessThan(300);
}

/** The stream ends within 1 s of the answer that confirmed the change (the change had committed by then). */
async function expectEndsWithin(stream: LiveStream, startedAt: number, reason: string) {
  await until(() => stream.endedAt !== null, 5_000, "the stream to end");
  expect((stream.endedAt as number) - startedAt).toBeLessThanOrEqual(1_000);
  expect(stream.of("access-ended").at(-1)).toEqual({ reason });
}

describe("live streams follow the access behind them", () => {
  it("a removed member stops receiving the company's events within 1 s", async () => {
    const employee = await member(ROLES.COMPANY_EMPLOYEE);
    const stream = await openStream(base, employee.session.token);
    await touchInventory();
    await until(() => stream.of("sync-changed").length > 0, 5_000, "an event before removal");
    const heard = stream.of("sync-changed").length;

    const res = await server.app.inject({
      method: "DELETE",
      url: `/api/trade/company/${admin.companyId}/users/${employee.userId}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(204);
    const startedAt = Date.now();
    await expectEndsWithin(stream, startedAt, "membership");
    await touchInventory();
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.of("sync-changed").length).toBe(heard);
    // Reconnecting gets no stream of the old company: they are active in their own company now.
    const again = await openStream(base, employee.session.token);
    await touchInventory();
    await new Promise((r) => setTimeout(r, 300));
    expect(again.of("sync-changed")).toEqual([]);
    again.close();
  });

  it("a demoted company admin's stream ends within 1 s; an employee keeps theirs", async () => {
    const second = await member(ROLES.COMPANY_ADMIN);
    const employee = await member(ROLES.COMPANY_EMPLOYEE);
    const demoted = await openStream(base, second.session.token);
    const bystander = await openStream(base, employee.session.token);
    const res = await server.app.inject({
      method: "PUT",
      url: `/api/trade/company/${admin.companyId}/users/${second.userId}/roles`,
      headers: admin.auth,
      payload: { roles: [ROLES.COMPANY_EMPLOYEE] },
    });
    expect(res.statusCode).toBe(200);
    const startedAt = Date.now();
    await expectEndsWithin(demoted, startedAt, "role");
    await touchInventory();
    await until(() => bystander.of("sync-changed").length > 0, 5_000, "the bystander's event");
    expect(bystander.endedAt).toBeNull();
    bystander.close();
  });

  it("a super admin who loses the role stops hearing other companies within 1 s", async () => {
    const staff = await createTestUser(server, { roles: [ROLES.USER, ROLES.SUPER_ADMIN] });
    const stream = await openStream(base, staff.token);
    await server.database.db
      .update(users)
      .set({ roles: [ROLES.USER] })
      .where(eq(users.id, staff.userId));
    const startedAt = Date.now();
    await expectEndsWithin(stream, startedAt, "role");
  });

  it("signing out ends that session's streams within 1 s, not the other session's", async () => {
    const employee = await member(ROLES.COMPANY_EMPLOYEE);
    const other = await signIn(employee.email);
    const stream = await openStream(base, employee.session.token);
    const otherStream = await openStream(base, other.token);
    const res = await server.app.inject({
      method: "POST",
      url: "/auth-jwt/logout",
      payload: { refresh_token: employee.session.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    const startedAt = Date.now();
    await expectEndsWithin(stream, startedAt, "signed-out");
    await touchInventory();
    await until(() => otherStream.of("sync-changed").length > 0, 5_000, "the other session's event");
    expect(otherStream.endedAt).toBeNull();
    otherStream.close();
    // The signed-out session cannot open a new stream, though its access token has not expired.
    const reopen = await fetch(
      `${base}/api/events?access_token=${encodeURIComponent(employee.session.token)}`,
    );
    expect(reopen.status).toBe(401);
  });

  it("a password reset ends every stream of the account within 1 s", async () => {
    const employee = await member(ROLES.COMPANY_EMPLOYEE);
    const stream = await openStream(base, employee.session.token);
    const forgot = await server.app.inject({
      method: "POST",
      url: "/auth-jwt/forgot-password",
      payload: { email: employee.email },
    });
    expect(forgot.statusCode).toBe(200);
    const token = linkToken(
      (await lastMail(server.database, employee.email, "reset-password")).text,
      "/auth/google/reset-pwd",
    );
    const reset = await server.app.inject({
      method: "POST",
      url: "/auth-jwt/reset-password",
      payload: { token, password: "a brand new password" },
    });
    expect(reset.statusCode).toBe(200);
    const startedAt = Date.now();
    await expectEndsWithin(stream, startedAt, "signed-out");
  });

  it("a disabled account's streams end within 1 s", async () => {
    const employee = await member(ROLES.COMPANY_EMPLOYEE);
    const stream = await openStream(base, employee.session.token);
    await server.database.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.id, employee.userId));
    const startedAt = Date.now();
    await expectEndsWithin(stream, startedAt, "account");
  });

  it("switching the active company ends the stream of the old company", async () => {
    const employee = await member(ROLES.COMPANY_EMPLOYEE);
    const stream = await openStream(base, employee.session.token);
    const res = await server.app.inject({
      method: "PUT",
      url: `/api/trade/company/set-active/${employee.companyId}`,
      headers: { authorization: `Bearer ${employee.session.token}` },
    });
    expect(res.statusCode).toBe(200);
    const startedAt = Date.now();
    await expectEndsWithin(stream, startedAt, "membership");
  });
});

describe.runIf(process.env.DATABASE_URL)("across replicas (PostgreSQL)", () => {
  it("a member removed through one replica stops receiving on another within 1 s", async () => {
    const database = await openDatabase({ databaseUrl: server.config.databaseUrl as string });
    const replica = await buildApp({ config: server.config, database, logger: false });
    const replicaBase = await replica.listen({ port: 0, host: "127.0.0.1" });
    try {
      const employee = await member(ROLES.COMPANY_EMPLOYEE);
      const stream = await openStream(replicaBase, employee.session.token);
      const res = await server.app.inject({
        method: "DELETE",
        url: `/api/trade/company/${admin.companyId}/users/${employee.userId}`,
        headers: admin.auth,
      });
      expect(res.statusCode).toBe(204);
      const startedAt = Date.now();
      await expectEndsWithin(stream, startedAt, "membership");
    } finally {
      await replica.close();
      await database.close();
    }
  });
});
