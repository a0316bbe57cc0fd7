import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { onStartup } from "../../src/server/startup";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: "Root@Blocklot.test", ADMIN_PASSWORD: "bootstrap password" });
});
afterAll(async () => server.close());

const signIn = (password: string) =>
  server.app.inject({
    method: "POST",
    url: "/auth-jwt/connect/google/check",
    payload: { email: "root@blocklot.test", password },
  });

const admins = () => server.database.db.select().from(users).where(eq(users.email, "root@blocklot.test"));

describe("ADMIN_EMAIL bootstrap", () => {
  it("creates a confirmed super admin that can sign in", async () => {
    expect(await admins()).toHaveLength(0);
    await onStartup(server.app);
    const res = await signIn("bootstrap password");
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().token).roles).toEqual(expect.arrayContaining(["ROLE_SUPER_ADMIN"]));
  });

  it("is idempotent, and restores role, confirmation, enabled state and password on the next start", async () => {
    await onStartup(server.app);
    const [before] = await admins();
    expect(await admins()).toHaveLength(1);
    await server.database.db
      .update(users)
      .set({ roles: ["ROLE_USER"], emailConfirmedAt: null, disabledAt: new Date(), passwordHash: null })
      .where(eq(users.email, "root@blocklot.test"));
    expect((await signIn("bootstrap password")).statusCode).toBe(401);

    server.config.adminPassword = "rotated password";
    await onStartup(server.app);
    const [after] = await admins();
    expect(after?.id).toBe(before?.id);
    expect(after?.roles).toContain("ROLE_SUPER_ADMIN");
    expect(after?.emailConfirmedAt).not.toBeNull();
    expect(after?.disabledAt).toBeNull();
    expect((await signIn("bootstrap password")).statusCode).toBe(401);
    expect((await signIn("rotated password")).statusCode).toBe(200);
  });

  it("refuses to start with a too-short ADMIN_PASSWORD", async () => {
    server.config.adminPassword = "short";
    await expect(onStartup(server.app)).rejects.toThrow(/ADMIN_PASSWORD must be at least 8 characters/);
  });
});
