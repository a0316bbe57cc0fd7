import argon2 from "argon2";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { buildClaims } from "../../src/server/modules/users/claims";
import { createUserWithCompany } from "../../src/server/modules/users/create";
import { signAccessToken } from "../../src/server/plugins/access-token";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
let seq = 0;

async function newUser(password = "old-password-1") {
  const email = `account-${++seq}@example.com`;
  const { userId } = await createUserWithCompany(server.database.db, {
    email,
    displayName: `User ${seq}`,
    passwordHash: await argon2.hash(password, { type: argon2.argon2id }),
    emailConfirmed: true,
  });
  const claims = await buildClaims(server.database.db, userId);
  if (!claims) throw new Error("no claims");
  const token = await signAccessToken(claims, server.config.jwtSecret, 900);
  return { userId, email, token, headers: { authorization: `Bearer ${token}` } };
}

async function row(userId: string) {
  const [r] = await server.database.db.select().from(users).where(eq(users.id, userId));
  if (!r) throw new Error("user missing");
  return r;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe("GET /api/account/profile", () => {
  it("returns the signed-in user's own profile", async () => {
    const u = await newUser();
    const res = await server.app.inject({ method: "GET", url: "/api/account/profile", headers: u.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: u.userId,
      email: u.email,
      displayName: `User ${seq}`,
      photo: null,
      phoneNumber: null,
    });
    expect(res.json()).not.toHaveProperty("passwordHash");
  });

  it("answers 401 to a disabled account whose token has not expired yet, for reads and changes", async () => {
    const u = await newUser();
    await server.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, u.userId));
    const read = await server.app.inject({ method: "GET", url: "/api/account/profile", headers: u.headers });
    expect(read.statusCode).toBe(401);
    const change = await server.app.inject({
      method: "PATCH",
      url: "/api/account/profile",
      headers: u.headers,
      payload: { displayName: "Still here" },
    });
    expect(change.statusCode).toBe(401);
    expect((await row(u.userId)).displayName).toBe(`User ${seq}`);
  });

  it("answers 401 without a token or with a forged one", async () => {
    const none = await server.app.inject({ method: "GET", url: "/api/account/profile" });
    expect(none.statusCode).toBe(401);
    const forged = await server.app.inject({
      method: "GET",
      url: "/api/account/profile",
      headers: { authorization: "Bearer not.a.token" },
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe("PATCH /api/account/profile", () => {
  it("changes name, photo and phone, and the next token carries them", async () => {
    const u = await newUser();
    const res = await server.app.inject({
      method: "PATCH",
      url: "/api/account/profile",
      headers: u.headers,
      payload: {
        displayName: "  Rosa Díaz ",
        photo: "https://cdn.example.com/rosa.png",
        phoneNumber: "+1 212 555 0100",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      displayName: "Rosa Díaz",
      photo: "https://cdn.example.com/rosa.png",
      phoneNumber: "+1 212 555 0100",
    });
    const claims = await buildClaims(server.database.db, u.userId);
    expect(claims?.displayName).toBe("Rosa Díaz");
    expect(claims?.photo).toBe("https://cdn.example.com/rosa.png");
  });

  it("changes only the fields sent and clears photo and phone with null", async () => {
    const u = await newUser();
    await server.app.inject({
      method: "PATCH",
      url: "/api/account/profile",
      headers: u.headers,
      payload: { photo: "http://example.com/a.jpg", phoneNumber: "555" },
    });
    const res = await server.app.inject({
      method: "PATCH",
      url: "/api/account/profile",
      headers: u.headers,
      payload: { photo: null, phoneNumber: null },
    });
    expect(res.statusCode).toBe(200);
    const r = await row(u.userId);
    expect(r.photo).toBeNull();
    expect(r.phoneNumber).toBeNull();
    expect(r.displayName).toBe(`User ${seq}`);
  });

  it("accepts exactly 120 characters of name and 40 of phone", async () => {
    const u = await newUser();
    const res = await server.app.inject({
      method: "PATCH",
      url: "/api/account/profile",
      headers: u.headers,
      payload: { displayName: "n".repeat(120), phoneNumber: "1".repeat(40) },
    });
    expect(res.statusCode).toBe(200);
    expect((await row(u.userId)).displayName).toHaveLength(120);
  });

  it.each([
    ["an empty name", { displayName: "" }, /displayName/],
    ["a blank name", { displayName: "    " }, /displayName/],
    ["a name of 121 characters", { displayName: "n".repeat(121) }, /displayName/],
    ["a name of the wrong type", { displayName: 42 }, /displayName/],
    ["a photo that is not a URL", { photo: "rosa.png" }, /photo/],
    ["a javascript: photo", { photo: "javascript:alert(1)" }, /photo/],
    ["a photo of the wrong type", { photo: 7 }, /photo/],
    ["a phone of 41 characters", { phoneNumber: "1".repeat(41) }, /phoneNumber/],
    ["a phone of the wrong type", { phoneNumber: ["555"] }, /phoneNumber/],
    ["an unknown field", { displayName: "Ok", roles: ["ROLE_SUPER_ADMIN"] }, /unknown field "roles"/],
    ["an email change", { email: "other@example.com" }, /unknown field "email"/],
  ])("refuses %s with a 400 and changes nothing", async (_label, payload, pattern) => {
    const u = await newUser();
    const before = await row(u.userId);
    const res = await server.app.inject({
      method: "PATCH",
      url: "/api/account/profile",
      headers: u.headers,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(pattern);
    const after = await row(u.userId);
    expect(after.displayName).toBe(before.displayName);
    expect(after.photo).toBe(before.photo);
    expect(after.phoneNumber).toBe(before.phoneNumber);
    expect(after.email).toBe(before.email);
    expect(after.roles).toEqual(before.roles);
  });

  it("refuses a body that is not JSON object with a 4xx", async () => {
    const u = await newUser();
    for (const payload of ["not json", "[]", "null"]) {
      const res = await server.app.inject({
        method: "PATCH",
        url: "/api/account/profile",
        headers: { ...u.headers, "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it("answers 401 without a token and changes nothing", async () => {
    const u = await newUser();
    const res = await server.app.inject({
      method: "PATCH",
      url: "/api/account/profile",
      payload: { displayName: "Intruder" },
    });
    expect(res.statusCode).toBe(401);
    expect((await row(u.userId)).displayName).not.toBe("Intruder");
  });
});

describe("POST /api/account/password", () => {
  it("changes the password when the current one is right", async () => {
    const u = await newUser("old-password-1");
    const res = await server.app.inject({
      method: "POST",
      url: "/api/account/password",
      headers: u.headers,
      payload: { currentPassword: "old-password-1", newPassword: "brand-new-pass" },
    });
    expect(res.statusCode).toBe(200);
    const hash = (await row(u.userId)).passwordHash ?? "";
    expect(await argon2.verify(hash, "brand-new-pass")).toBe(true);
    expect(await argon2.verify(hash, "old-password-1")).toBe(false);
  });

  it("ends every other session and keeps this one signed in", async () => {
    const u = await newUser("old-password-1");
    const signIn = () =>
      server.app.inject({
        method: "POST",
        url: "/auth-jwt/connect/google/check",
        payload: { email: u.email, password: "old-password-1" },
      });
    const phone = (await signIn()).json();
    expect(phone.refreshToken).toEqual(expect.any(String));

    const res = await server.app.inject({
      method: "POST",
      url: "/api/account/password",
      headers: u.headers,
      payload: { currentPassword: "old-password-1", newPassword: "brand-new-pass" },
    });
    expect(res.statusCode).toBe(200);
    const mine = res.json();

    const refresh = (refresh_token: string) =>
      server.app.inject({ method: "POST", url: "/auth-jwt/token/refresh", payload: { refresh_token } });
    expect((await refresh(phone.refreshToken)).statusCode).toBe(401);
    expect((await refresh(mine.refreshToken)).statusCode).toBe(200);
  });

  it("refuses a wrong current password with 400 and keeps the old one", async () => {
    const u = await newUser("old-password-1");
    const res = await server.app.inject({
      method: "POST",
      url: "/api/account/password",
      headers: u.headers,
      payload: { currentPassword: "guess-guess", newPassword: "brand-new-pass" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Current password is incorrect");
    expect(await argon2.verify((await row(u.userId)).passwordHash ?? "", "old-password-1")).toBe(true);
  });

  it("refuses a password change for an account that has no password yet", async () => {
    const { userId } = await createUserWithCompany(server.database.db, {
      email: "google-only@example.com",
      displayName: "Google Only",
      googleSub: "sub-123",
      emailConfirmed: true,
    });
    const claims = await buildClaims(server.database.db, userId);
    if (!claims) throw new Error("no claims");
    const token = await signAccessToken(claims, server.config.jwtSecret, 900);
    const res = await server.app.inject({
      method: "POST",
      url: "/api/account/password",
      headers: { authorization: `Bearer ${token}` },
      payload: { currentPassword: "anything-at-all", newPassword: "brand-new-pass" },
    });
    expect(res.statusCode).toBe(400);
    expect((await row(userId)).passwordHash).toBeNull();
  });

  it.each([
    [
      "a new password of 7 characters",
      { currentPassword: "old-password-1", newPassword: "1234567" },
      /at least 8/,
    ],
    ["a missing current password", { newPassword: "brand-new-pass" }, /currentPassword/],
    ["an empty current password", { currentPassword: "", newPassword: "brand-new-pass" }, /currentPassword/],
    ["a number as password", { currentPassword: "old-password-1", newPassword: 12345678 }, /newPassword/],
    [
      "a password longer than 256",
      { currentPassword: "old-password-1", newPassword: "x".repeat(257) },
      /newPassword/,
    ],
    [
      "an unknown field",
      { currentPassword: "old-password-1", newPassword: "brand-new-pass", userId: "x" },
      /unknown field "userId"/,
    ],
  ])("refuses %s with a 400 and keeps the old password", async (_label, payload, pattern) => {
    const u = await newUser("old-password-1");
    const res = await server.app.inject({
      method: "POST",
      url: "/api/account/password",
      headers: u.headers,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(pattern);
    expect(await argon2.verify((await row(u.userId)).passwordHash ?? "", "old-password-1")).toBe(true);
  });

  it("answers 401 without a token", async () => {
    const res = await server.app.inject({
      method: "POST",
      url: "/api/account/password",
      payload: { currentPassword: "old-password-1", newPassword: "brand-new-pass" },
    });
    expect(res.statusCode).toBe(401);
  });
});
