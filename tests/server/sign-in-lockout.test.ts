import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../src/server/db/schema";
import { lastMail, linkToken } from "./doubles/mailbox";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

async function confirmedUser(email: string, password: string) {
  await server.app.inject({
    method: "POST",
    url: "/auth-jwt/register",
    payload: { email, password, displayName: "Lockout Tester" },
  });
  const hash = linkToken(
    (await lastMail(server.database, email, "confirm-email")).text,
    "/confirmation-email",
  );
  const res = await server.app.inject({ method: "POST", url: "/auth-jwt/confirm-email", payload: { hash } });
  expect(res.statusCode).toBe(200);
}

function signIn(email: string, password: string, ip: string, cookie?: string) {
  return server.app.inject({
    method: "POST",
    url: "/auth-jwt/connect/google/check",
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
    payload: { email, password },
  });
}

/** The device cookie a successful sign-in sets (`device=...`). */
function deviceCookie(res: Awaited<ReturnType<typeof signIn>>): string {
  const cookie = res.cookies.find((c) => c.name === "device");
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.path).toBe("/auth-jwt");
  return `device=${cookie?.value}`;
}

describe("failed sign-ins slow the source that fails, not the account's owner", () => {
  it("after 10 failures one source gets 429 with Retry-After, even with the right password; another source signs in", async () => {
    await confirmedUser("target@example.com", "right password");
    for (let i = 0; i < 10; i++) {
      expect((await signIn("target@example.com", `wrong ${i}`, "10.7.0.1")).statusCode).toBe(401);
    }
    const blocked = await signIn("target@example.com", "right password", "10.7.0.1");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe("RATE_LIMITED");
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const owner = await signIn("target@example.com", "right password", "10.7.0.2");
    expect(owner.statusCode).toBe(200);
  }, 180_000);

  it("a device the owner signed in from before keeps working on the attacker's own IP", async () => {
    await confirmedUser("shared-ip@example.com", "owner password");
    const first = await signIn("shared-ip@example.com", "owner password", "10.8.0.1");
    expect(first.statusCode).toBe(200);
    const device = deviceCookie(first);
    for (let i = 0; i < 10; i++) {
      expect((await signIn("shared-ip@example.com", `guess ${i}`, "10.8.0.1")).statusCode).toBe(401);
    }
    expect((await signIn("shared-ip@example.com", "owner password", "10.8.0.1")).statusCode).toBe(429);
    const fromDevice = await signIn("shared-ip@example.com", "owner password", "10.8.0.1", device);
    expect(fromDevice.statusCode).toBe(200);
    // A device cookie the account does not know counts as the IP it comes from.
    const stranger = await signIn(
      "shared-ip@example.com",
      "owner password",
      "10.8.0.1",
      `device=${"A".repeat(43)}`,
    );
    expect(stranger.statusCode).toBe(429);
  }, 180_000);

  it("mails the owner once when the account sees many failures from many sources", async () => {
    await confirmedUser("popular@example.com", "popular password");
    const alerts = async () =>
      (
        await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "popular@example.com"))
      ).filter((m) => m.kind === "sign-in-alert");
    for (let i = 0; i < 19; i++) await signIn("popular@example.com", `spray ${i}`, `10.9.1.${i}`);
    expect(await alerts()).toHaveLength(0);
    for (let i = 19; i < 24; i++) await signIn("popular@example.com", `spray ${i}`, `10.9.1.${i}`);
    const sent = await alerts();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe("Failed sign-in attempts on your Blocklot account");
    expect(sent[0]?.text).toMatch(/20 times/);
    expect(sent[0]?.text).toMatch(/not locked/);
    expect(sent[0]?.text).not.toMatch(/spray/);
    // The owner still signs in from anywhere new.
    expect((await signIn("popular@example.com", "popular password", "10.9.2.1")).statusCode).toBe(200);
  }, 240_000);

  it("a password reset lets every source start afresh", async () => {
    await confirmedUser("reset-me@example.com", "old password");
    for (let i = 0; i < 10; i++) await signIn("reset-me@example.com", `nope ${i}`, "10.10.0.1");
    expect((await signIn("reset-me@example.com", "old password", "10.10.0.1")).statusCode).toBe(429);
    await server.app.inject({
      method: "POST",
      url: "/auth-jwt/forgot-password",
      remoteAddress: "10.10.0.1",
      payload: { email: "reset-me@example.com" },
    });
    const token = linkToken(
      (await lastMail(server.database, "reset-me@example.com", "reset-password")).text,
      "/auth/google/reset-pwd",
    );
    const reset = await server.app.inject({
      method: "POST",
      url: "/auth-jwt/reset-password",
      remoteAddress: "10.10.0.1",
      payload: { token, password: "new password" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn("reset-me@example.com", "new password", "10.10.0.1")).statusCode).toBe(200);
  }, 180_000);
});
