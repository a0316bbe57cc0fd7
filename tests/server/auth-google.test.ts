import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { type GoogleDouble, startGoogleDouble } from "./doubles/google";
import { lastMail, linkToken } from "./doubles/mailbox";
import { startTestServer, type TestServer } from "./harness";

let google: GoogleDouble;
let server: TestServer;
beforeAll(async () => {
  google = await startGoogleDouble();
  server = await startTestServer(google.env);
});
afterAll(async () => {
  await server.close();
  await google.close();
});

const check = (token: string) =>
  server.app.inject({ method: "POST", url: "/auth-jwt/connect/google/check", payload: { token } });

describe("Google sign-in", () => {
  it("creates a confirmed account with its own company, and finds the same user next time", async () => {
    const first = await check(
      await google.idToken({ sub: "g-1", email: "Gina@Example.com", name: "Gina G" }),
    );
    expect(first.statusCode).toBe(200);
    const claims = decodeJwt(first.json().token);
    expect(claims).toMatchObject({ email: "gina@example.com", displayName: "Gina G" });
    expect(claims.roles).toEqual(expect.arrayContaining(["ROLE_COMPANY_ADMIN"]));
    expect(claims.companyId).toEqual(expect.any(String));
    expect(first.json().refreshToken).toEqual(expect.any(String));

    const second = await check(await google.idToken({ sub: "g-1", email: "gina@example.com" }));
    expect(second.statusCode).toBe(200);
    expect(decodeJwt(second.json().token).id).toBe(claims.id);
    const rows = await server.database.db.select().from(users).where(eq(users.email, "gina@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.googleSub).toBe("g-1");
    expect(rows[0]?.emailConfirmedAt).not.toBeNull();
  });

  it("links a Google account to an existing (even unconfirmed) account with the same email", async () => {
    const reg = await server.app.inject({
      method: "POST",
      url: "/auth-jwt/register",
      payload: { email: "paula@example.com", password: "paula password", displayName: "Paula" },
    });
    expect(reg.statusCode).toBe(201);
    const res = await check(await google.idToken({ sub: "g-paula", email: "paula@example.com" }));
    expect(res.statusCode).toBe(200);
    const [row] = await server.database.db.select().from(users).where(eq(users.email, "paula@example.com"));
    expect(decodeJwt(res.json().token).id).toBe(row?.id);
    expect(row?.googleSub).toBe("g-paula");
    // The password chosen before anyone proved they own the address no longer opens the account,
    // and the old confirmation link does not sign anyone in.
    const pw = await server.app.inject({
      method: "POST",
      url: "/auth-jwt/connect/google/check",
      payload: { email: "paula@example.com", password: "paula password" },
    });
    expect(pw.statusCode).toBe(401);
    const hash = linkToken(
      (await lastMail(server.database, "paula@example.com", "confirm-email")).text,
      "/confirmation-email",
    );
    const confirm = await server.app.inject({
      method: "POST",
      url: "/auth-jwt/confirm-email",
      payload: { hash },
    });
    expect(confirm.statusCode).toBe(409);
  });

  it("keeps the password of a confirmed account when linking Google to it", async () => {
    await server.app.inject({
      method: "POST",
      url: "/auth-jwt/register",
      payload: { email: "carl@example.com", password: "carl password", displayName: "Carl" },
    });
    const hash = linkToken(
      (await lastMail(server.database, "carl@example.com", "confirm-email")).text,
      "/confirmation-email",
    );
    await server.app.inject({ method: "POST", url: "/auth-jwt/confirm-email", payload: { hash } });
    expect((await check(await google.idToken({ sub: "g-carl", email: "carl@example.com" }))).statusCode).toBe(
      200,
    );
    const pw = await server.app.inject({
      method: "POST",
      url: "/auth-jwt/connect/google/check",
      payload: { email: "carl@example.com", password: "carl password" },
    });
    expect(pw.statusCode).toBe(200);
  });

  it("accepts Google's short issuer spelling", async () => {
    const res = await check(
      await google.idToken({ iss: "accounts.google.com", sub: "g-short", email: "s@example.com" }),
    );
    expect(res.statusCode).toBe(200);
  });

  it.each<[string, () => Promise<string>, RegExp]>([
    [
      "a wrong audience",
      () => google.idToken({ aud: "someone-else.apps.googleusercontent.com" }),
      /audience/,
    ],
    ["a wrong issuer", () => google.idToken({ iss: "https://evil.example.com" }), /issuer/],
    ["an expired token", () => google.idToken({ exp: Math.floor(Date.now() / 1000) - 600 }), /expired/],
    ["another key (same kid)", () => google.idToken({}, { key: "other" }), /not a valid Google ID token/],
    ["another key (unknown kid)", () => google.idToken({}, { key: "other", kid: "nope" }), /not a valid/],
    ["alg none", async () => google.unsignedToken(), /not a valid Google ID token/],
    ["an unverified email", () => google.idToken({ email_verified: false }), /not verified/],
    ["garbage", async () => "not.a.jwt", /not a valid Google ID token/],
  ])("refuses %s with 401 and creates nobody", async (_label, make, message) => {
    const before = await server.database.db.select().from(users);
    const res = await check(await make());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(message);
    expect(await server.database.db.select().from(users)).toHaveLength(before.length);
  });
});

describe("Google sign-in without GOOGLE_CLIENT_ID", () => {
  it("answers 400 saying it is not configured", async () => {
    const unconfigured = await startTestServer({ GOOGLE_JWKS_URL: google.jwksUrl });
    try {
      const res = await unconfigured.app.inject({
        method: "POST",
        url: "/auth-jwt/connect/google/check",
        payload: { token: await google.idToken() },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Google sign-in is not configured");
    } finally {
      await unconfigured.close();
    }
  });
});
