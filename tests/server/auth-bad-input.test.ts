import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authAttempts, users } from "../../src/server/db/schema";
import { pruneAttempts } from "../../src/server/modules/auth/rate-limit";
import { buildClaims } from "../../src/server/modules/users/claims";
import { createUserWithCompany } from "../../src/server/modules/users/create";
import { signAccessToken } from "../../src/server/plugins/access-token";
import { lastMail, linkToken } from "./doubles/mailbox";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const countUsers = async () => (await server.database.db.select().from(users)).length;

async function confirmedUser(email: string, password: string) {
  await server.app.inject({
    method: "POST",
    url: "/auth-jwt/register",
    payload: { email, password, displayName: "Rate Tester" },
  });
  const hash = linkToken(
    (await lastMail(server.database, email, "confirm-email")).text,
    "/confirmation-email",
  );
  await server.app.inject({ method: "POST", url: "/auth-jwt/confirm-email", payload: { hash } });
}

describe("malformed requests get a clear 4xx and change nothing", () => {
  const good = { email: "bad-input@example.com", password: "long enough", displayName: "B" };
  it.each<[string, string | Record<string, unknown>, number, RegExp]>([
    ["malformed JSON", '{"email": "x@example.com", ', 400, /not valid JSON/],
    ["a number as password", { ...good, password: 123 }, 400, /password/],
    ["a missing password", { email: good.email, displayName: "B" }, 400, /password/],
    ["an unknown field", { ...good, role: "ROLE_SUPER_ADMIN" }, 400, /unknown field "role"|additional/i],
    ["an array body", [good] as unknown as Record<string, unknown>, 400, /object/],
    ["a 2 MB body", { ...good, displayName: "x".repeat(2 * 1024 * 1024) }, 413, /too large/],
  ])("register with %s", async (_label, payload, status, message) => {
    const before = await countUsers();
    const res = await server.app.inject({
      method: "POST",
      url: "/auth-jwt/register",
      headers: { "content-type": "application/json" },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(await countUsers()).toBe(before);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ["an empty body", {}, /Google token, or both email and password/],
    ["an email without password", { email: "a@example.com" }, /both email and password/],
    ["a token and a password", { token: "x", email: "a@example.com", password: "y" }, /not both/],
    ["a number as password", { email: "a@example.com", password: 12345678 }, /password/],
    [
      "an unknown field",
      { email: "a@example.com", password: "12345678", remember: true },
      /unknown field "remember"|additional/i,
    ],
    ["a malformed email", { email: "a@", password: "12345678" }, /Invalid email address/],
  ])("sign-in with %s is a 400", async (_label, payload, message) => {
    const res = await server.app.inject({ method: "POST", url: "/auth-jwt/connect/google/check", payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it.each<[string, string, Record<string, unknown>]>([
    ["/auth-jwt/confirm-email", "missing hash", {}],
    ["/auth-jwt/confirm-email", "a number as hash", { hash: 5 }],
    ["/auth-jwt/resend-confirmation-email", "both hash and email", { hash: "a", email: "a@example.com" }],
    ["/auth-jwt/resend-confirmation-email", "neither", {}],
    ["/auth-jwt/token/refresh", "a number as token", { refresh_token: 42 }],
    ["/auth-jwt/forgot-password", "no email", {}],
    ["/auth-jwt/reset-password", "no password", { token: "abc" }],
    ["/auth-jwt/reset-password", "an unknown field", { token: "abc", password: "12345678", confirm: "x" }],
  ])("%s with %s is a 400", async (url, _label, payload) => {
    const res = await server.app.inject({ method: "POST", url, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

describe("forged access tokens on a protected route", () => {
  it("are refused with 401", async () => {
    const { userId } = await createUserWithCompany(server.database.db, {
      email: "forge@example.com",
      displayName: "Forge",
      emailConfirmed: true,
    });
    const claims = await buildClaims(server.database.db, userId);
    if (!claims) throw new Error("no claims");
    const real = await signAccessToken(claims, server.config.jwtSecret, 900);
    const [h, p, s] = real.split(".") as [string, string, string];
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const elevated = enc({ ...claims, roles: ["ROLE_SUPER_ADMIN"], iss: "blocklot", exp: 9_999_999_999 });
    const forged = [
      `${h}.${elevated}.${s}`, // payload changed, old signature
      `${h}.${p}.${s.slice(0, -4)}AAAA`, // signature changed
      `${enc({ alg: "none", typ: "JWT" })}.${p}.`, // alg none
      await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer("blocklot")
        .setExpirationTime("1h")
        .sign(new TextEncoder().encode("another-secret-another-secret-another-secret")),
      await signAccessToken(claims, server.config.jwtSecret, -60), // expired
      "garbage",
    ];
    for (const token of forged) {
      const res = await server.app.inject({
        method: "POST",
        url: "/api/trade/user-property/clarity",
        headers: { authorization: `Bearer ${token}` },
        payload: { clarityId: "x" },
      });
      expect(res.statusCode, token).toBe(401);
      expect(res.json().message).toMatch(/token/i);
    }
    const ok = await server.app.inject({
      method: "POST",
      url: "/api/trade/user-property/clarity",
      headers: { authorization: `Bearer ${real}` },
      payload: { clarityId: "x" },
    });
    expect(ok.statusCode).toBe(201);
  });
});

describe("rate limits", () => {
  it("after 50 failed sign-ins from one IP, that IP is refused", async () => {
    for (let i = 0; i < 50; i++) {
      const res = await server.app.inject({
        method: "POST",
        url: "/auth-jwt/connect/google/check",
        remoteAddress: "10.9.9.9",
        payload: { email: `guess${i}@example.com`, password: "guessing" },
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await server.app.inject({
      method: "POST",
      url: "/auth-jwt/connect/google/check",
      remoteAddress: "10.9.9.9",
      payload: { email: "free@example.com", password: "free password" },
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    const attempts = await server.database.db.select().from(authAttempts);
    expect(attempts.filter((a) => a.key === "login:ip:10.9.9.9")).toHaveLength(50);
    // 50 argon2id verifications (64 MiB each): seconds on a quiet machine, more on a busy CI box.
  }, 120_000);

  it("password reset mails are limited per account", async () => {
    await confirmedUser("forgetful@example.com", "some password");
    for (let i = 0; i < 5; i++) {
      const res = await server.app.inject({
        method: "POST",
        url: "/auth-jwt/forgot-password",
        remoteAddress: `10.2.0.${i}`,
        payload: { email: "forgetful@example.com" },
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await server.app.inject({
      method: "POST",
      url: "/auth-jwt/forgot-password",
      remoteAddress: "10.2.1.1",
      payload: { email: "forgetful@example.com" },
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBeDefined();
  });

  it("old attempt rows are cleaned away, recent ones kept", async () => {
    const db = server.database.db;
    await db.insert(authAttempts).values([
      {
        id: "00000000-0000-7000-8000-000000000001",
        key: "login:ip:old",
        createdAt: new Date(Date.now() - 2 * 86400_000),
      },
      { id: "00000000-0000-7000-8000-000000000002", key: "login:ip:recent", createdAt: new Date() },
    ]);
    await pruneAttempts(db);
    const keys = (await db.select().from(authAttempts)).map((a) => a.key);
    expect(keys).not.toContain("login:ip:old");
    expect(keys).toContain("login:ip:recent");
  });
});
