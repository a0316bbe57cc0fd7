import { and, eq, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  clarityIds,
  companies,
  emailTokens,
  refreshTokens,
  users,
} from "../../src/server/db/schema";
import { sha256 } from "../../src/server/modules/auth/secrets";
import { lastMail, linkToken } from "./doubles/mailbox";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: "https://blocklot.test" });
});
afterAll(async () => server.close());

type Json = Record<string, unknown>;
async function post(
  url: string,
  payload?: Json,
  opts: { cookies?: Record<string, string>; headers?: Json } = {},
) {
  return server.app.inject({
    method: "POST",
    url,
    payload,
    cookies: opts.cookies,
    headers: opts.headers as Record<string, string>,
  });
}
const signIn = (email: string, password: string) =>
  post("/auth-jwt/connect/google/check", { email, password });

async function registerAndConfirm(email: string, password = "a good password", displayName = "Test User") {
  const reg = await post("/auth-jwt/register", { email, password, displayName });
  expect(reg.statusCode).toBe(201);
  const hash = linkToken(
    (await lastMail(server.database, email, "confirm-email")).text,
    "/confirmation-email",
  );
  const confirmed = await post("/auth-jwt/confirm-email", { hash });
  expect(confirmed.statusCode).toBe(200);
  return confirmed.json() as { token: string; refreshToken: string };
}

describe("the account journey", () => {
  it("registers, confirms, signs in, refreshes, detects reuse, and resets the password", async () => {
    const db = server.database.db;
    // Register: the account exists but is not confirmed, and no tokens are handed out yet.
    const reg = await post("/auth-jwt/register", {
      email: "Olive@Example.com",
      password: "first password",
      displayName: "Olive Owner",
      companyName: "Olive Realty",
    });
    expect(reg.statusCode).toBe(201);
    expect(reg.json()).toEqual({
      message: expect.stringMatching(/Registration successful/),
      email: "olive@example.com",
    });
    expect(reg.json().token).toBeUndefined();

    // The confirmation mail carries a link to the app's confirmation page.
    const mail = await lastMail(server.database, "olive@example.com", "confirm-email");
    expect(mail.text).toContain("https://blocklot.test/confirmation-email/");
    const hash = linkToken(mail.text, "https://blocklot.test/confirmation-email");
    // Only the SHA-256 of the link's hash is stored.
    expect(await db.select().from(emailTokens).where(eq(emailTokens.tokenHash, hash))).toHaveLength(0);
    const [stored] = await db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.tokenHash, sha256(hash)));
    expect(stored?.kind).toBe("confirm");
    const ttl = (stored?.expiresAt.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(23.9 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000);

    // Signing in before confirming is refused with a message that says what to do.
    const early = await signIn("olive@example.com", "first password");
    expect(early.statusCode).toBe(401);
    expect(early.json()).toMatchObject({
      code: "EMAIL_NOT_CONFIRMED",
      message: "Please confirm your email address before signing in. We sent you a link.",
    });

    // Confirming signs the user in; the link then stops working.
    const confirmed = await post("/auth-jwt/confirm-email", { hash });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ token: expect.any(String), refreshToken: expect.any(String) });
    const again = await post("/auth-jwt/confirm-email", { hash });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already been used/);

    // Wrong password: 401 with the standard error body.
    const wrong = await signIn("olive@example.com", "not my password");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      statusCode: 401,
      error: "Unauthorized",
      message: "Invalid email or password",
      code: "UNAUTHENTICATED",
    });

    // Sign in with email (any case) and password.
    const login = await signIn("OLIVE@example.com", "first password");
    expect(login.statusCode).toBe(200);
    const first = login.json() as { token: string; refreshToken: string };
    const claims = decodeJwt(first.token);
    expect(claims).toMatchObject({ email: "olive@example.com", displayName: "Olive Owner" });
    expect(claims.id).toEqual(expect.any(String));
    expect(claims.roles).toEqual(expect.arrayContaining(["ROLE_USER", "ROLE_COMPANY_ADMIN"]));
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(15 * 60);
    const [company] = await db
      .select()
      .from(companies)
      .where(eq(companies.id, String(claims.companyId)));
    expect(company?.name).toBe("Olive Realty");

    // The access token opens a protected route.
    const clarity = await post(
      "/api/trade/user-property/clarity",
      { clarityId: "clarity-1" },
      { headers: { authorization: `Bearer ${first.token}` } },
    );
    expect(clarity.statusCode).toBe(201);

    // Refresh rotates the refresh token.
    const refreshed = await post("/auth-jwt/token/refresh", { refresh_token: first.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json() as { token: string; refreshToken: string };
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(decodeJwt(second.token).id).toBe(claims.id);

    // Presenting the spent token again is refused and revokes its successor too.
    const reuse = await post("/auth-jwt/token/refresh", { refresh_token: first.refreshToken });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toMatch(/already used/);
    const successor = await post("/auth-jwt/token/refresh", { refresh_token: second.refreshToken });
    expect(successor.statusCode).toBe(401);
    expect(successor.json().message).toMatch(/revoked/);

    // Forgot password mails a reset link.
    const anotherSession = (await signIn("olive@example.com", "first password")).json()
      .refreshToken as string;
    const forgot = await post("/auth-jwt/forgot-password", { email: "olive@example.com" });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual({ message: "Password reset link has been sent to your email" });
    const resetMail = await lastMail(server.database, "olive@example.com", "reset-password");
    const resetToken = linkToken(resetMail.text, "https://blocklot.test/auth/google/reset-pwd");

    const tooShort = await post("/auth-jwt/reset-password", { token: resetToken, password: "short" });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().message).toBe("Password must be at least 8 characters");

    const reset = await post("/auth-jwt/reset-password", { token: resetToken, password: "second password" });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: "Password reset now you can sign in" });
    const resetAgain = await post("/auth-jwt/reset-password", {
      token: resetToken,
      password: "third password",
    });
    expect(resetAgain.statusCode).toBe(409);

    // Sessions from before the reset are over; the old password no longer works, the new one does.
    expect((await post("/auth-jwt/token/refresh", { refresh_token: anotherSession })).statusCode).toBe(401);
    expect((await signIn("olive@example.com", "first password")).statusCode).toBe(401);
    expect((await signIn("olive@example.com", "third password")).statusCode).toBe(401);
    expect((await signIn("olive@example.com", "second password")).statusCode).toBe(200);

    // The security events are in the audit log.
    const actions = (
      await db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.userId, String(claims.id)))
    ).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(["sign-in", "sign-in-failed", "refresh-token-reuse", "password-reset"]),
    );
  });
});

describe("registration", () => {
  it("refuses an email that is taken (any letter case) and creates nothing", async () => {
    await registerAndConfirm("taken@example.com");
    const before = await server.database.db.select().from(users);
    const res = await post("/auth-jwt/register", {
      email: "TAKEN@example.com",
      password: "another password",
      displayName: "Someone Else",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: "Conflict",
      message: "An account with this email already exists",
    });
    expect(await server.database.db.select().from(users)).toHaveLength(before.length);
  });

  it.each([
    [{ email: "not-an-email", password: "long enough", displayName: "X" }, "Invalid email address"],
    [
      { email: "short@example.com", password: "1234567", displayName: "X" },
      "Password must be at least 8 characters",
    ],
    [{ email: "blank@example.com", password: "long enough", displayName: "   " }, "Please enter your name"],
  ])("refuses %j with a 400 and creates nothing", async (payload, message) => {
    const before = await server.database.db.select().from(users);
    const res = await post("/auth-jwt/register", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await server.database.db.select().from(users)).toHaveLength(before.length);
  });
});

describe("confirmation links", () => {
  it("refuses unknown and expired links with 409, and a resend by old link sends a working one", async () => {
    expect((await post("/auth-jwt/confirm-email", { hash: "no-such-hash" })).statusCode).toBe(409);

    await post("/auth-jwt/register", {
      email: "late@example.com",
      password: "long enough",
      displayName: "Late",
    });
    const oldHash = linkToken(
      (await lastMail(server.database, "late@example.com", "confirm-email")).text,
      "/confirmation-email",
    );
    await server.database.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, sha256(oldHash)));
    const expired = await post("/auth-jwt/confirm-email", { hash: oldHash });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toMatch(/expired/);

    const resend = await post("/auth-jwt/resend-confirmation-email", { hash: oldHash });
    expect(resend.statusCode).toBe(200);
    const newHash = linkToken(
      (await lastMail(server.database, "late@example.com", "confirm-email")).text,
      "/confirmation-email",
    );
    expect(newHash).not.toBe(oldHash);
    expect((await post("/auth-jwt/confirm-email", { hash: newHash })).statusCode).toBe(200);

    const already = await post("/auth-jwt/resend-confirmation-email", { hash: oldHash });
    expect(already.statusCode).toBe(409);
    expect(already.json().message).toBe("This email is already confirmed");
    expect((await post("/auth-jwt/resend-confirmation-email", { hash: "unknown" })).statusCode).toBe(409);
  });

  it("resend by email answers the same whether or not the account exists, and mails only a waiting one", async () => {
    await post("/auth-jwt/register", {
      email: "waiting@example.com",
      password: "long enough",
      displayName: "W",
    });
    const waiting = await post("/auth-jwt/resend-confirmation-email", { email: "waiting@example.com" });
    const nobody = await post("/auth-jwt/resend-confirmation-email", { email: "nobody@example.com" });
    expect(waiting.statusCode).toBe(200);
    expect(nobody.statusCode).toBe(200);
    expect(nobody.json()).toEqual(waiting.json());
    const mails = await server.database.db.execute(
      sql`select count(*)::int as n from mail_outbox where "to" in ('waiting@example.com', 'nobody@example.com')`,
    );
    expect(Number((mails as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(2);
  });
});

describe("refresh cookie and CSRF", () => {
  it("sets the cookies and refreshes by cookie only with the matching x-csrf-token header", async () => {
    await registerAndConfirm("cookie@example.com", "cookie password");
    const res = await signIn("cookie@example.com", "cookie password");
    const refresh = res.cookies.find((c) => c.name === "refreshToken");
    const csrf = res.cookies.find((c) => c.name === "csrfToken");
    expect(refresh).toMatchObject({
      value: res.json().refreshToken,
      httpOnly: true,
      secure: true,
      sameSite: "Lax",
      path: "/auth-jwt",
      maxAge: server.config.refreshTokenTtlSeconds,
    });
    expect(csrf?.httpOnly).toBeFalsy();
    expect(csrf?.path).toBe("/");
    const cookies = { refreshToken: String(refresh?.value), csrfToken: String(csrf?.value) };

    for (const headers of [{}, { "x-csrf-token": "wrong" }]) {
      const refused = await post("/auth-jwt/token/refresh", undefined, { cookies, headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Missing or invalid CSRF token");
    }
    // A refused attempt did not spend the token.
    const ok = await post(
      "/auth-jwt/token/refresh",
      {},
      { cookies, headers: { "x-csrf-token": cookies.csrfToken } },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.cookies.find((c) => c.name === "refreshToken")?.value).toBe(ok.json().refreshToken);

    const none = await post("/auth-jwt/token/refresh");
    expect(none.statusCode).toBe(401);
  });

  it("logout revokes the session's family and clears the cookies", async () => {
    const tokens = await registerAndConfirm("leaver@example.com");
    const out = await post("/auth-jwt/logout", undefined, { cookies: { refreshToken: tokens.refreshToken } });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === "refreshToken");
    expect(cleared?.value).toBe("");
    expect((await post("/auth-jwt/token/refresh", { refresh_token: tokens.refreshToken })).statusCode).toBe(
      401,
    );
    // Signing out twice, or with nothing, is fine.
    expect((await post("/auth-jwt/logout", { refresh_token: tokens.refreshToken })).statusCode).toBe(200);
    expect((await post("/auth-jwt/logout")).statusCode).toBe(200);
  });

  it("refuses an expired refresh token", async () => {
    const tokens = await registerAndConfirm("expiring@example.com");
    await server.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(tokens.refreshToken)));
    const res = await post("/auth-jwt/token/refresh", { refresh_token: tokens.refreshToken });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/expired/);
  });
});

describe("forgot password", () => {
  it("answers with the spec's messages for malformed and unknown emails", async () => {
    const bad = await post("/auth-jwt/forgot-password", { email: "nope" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Invalid email address");
    const unknown = await post("/auth-jwt/forgot-password", { email: "ghost@example.com" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("User not found");
  });

  it("an expired reset link is refused and changes nothing", async () => {
    await registerAndConfirm("slow@example.com", "original password");
    await post("/auth-jwt/forgot-password", { email: "slow@example.com" });
    const token = linkToken(
      (await lastMail(server.database, "slow@example.com", "reset-password")).text,
      "/reset-pwd",
    );
    await server.database.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(emailTokens.tokenHash, sha256(token)), eq(emailTokens.kind, "reset")));
    const res = await post("/auth-jwt/reset-password", { token, password: "brand new password" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/expired/);
    expect((await signIn("slow@example.com", "original password")).statusCode).toBe(200);
  });
});

describe("analytics id", () => {
  it("is stored once per user and id, for signed-in users only", async () => {
    const { token } = await registerAndConfirm("analytics@example.com");
    const auth = { authorization: `Bearer ${token}` };
    const first = await post("/api/trade/user-property/clarity", { clarityId: "abc123" }, { headers: auth });
    const second = await post("/api/trade/user-property/clarity", { clarityId: "abc123" }, { headers: auth });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    const userId = String(decodeJwt(token).id);
    expect(
      await server.database.db.select().from(clarityIds).where(eq(clarityIds.userId, userId)),
    ).toHaveLength(1);
    expect((await post("/api/trade/user-property/clarity", { clarityId: "abc123" })).statusCode).toBe(401);
  });

  it("refuses a missing, empty, oversized, non-text or malformed id with 400 and stores nothing", async () => {
    const { token } = await registerAndConfirm("analytics-bad@example.com");
    const auth = { authorization: `Bearer ${token}` };
    const bodies: Json[] = [
      {},
      { clarityId: "" },
      { clarityId: "a".repeat(201) },
      { clarityId: 42 },
      { clarityId: null },
      { clarityId: "abc|def" },
      { clarityId: "<script>" },
      { clarityId: "abc", extra: 1 },
    ];
    for (const body of bodies) {
      const res = await post("/api/trade/user-property/clarity", body, { headers: auth });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message, JSON.stringify(body)).toBe("string");
    }
    const userId = String(decodeJwt(token).id);
    expect(
      await server.database.db.select().from(clarityIds).where(eq(clarityIds.userId, userId)),
    ).toHaveLength(0);
  });
});
