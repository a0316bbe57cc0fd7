import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "../../src/domain/roles";
import { SETUP_CODE_ALPHABET } from "../../src/domain/setup";
import {
  FirstAdminSetup,
  newSetupCode,
  SETUP_MAX_WRONG_PER_MINUTE,
} from "../../src/server/modules/setup/first-admin";
import { createTestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

/** The first administrator's setup page (issue 24): once, and only with the code printed on the console. */

const person = { displayName: "Ada Admin", email: "ada@example.com", password: "first admin password" };

const post = (server: TestServer, payload: unknown) =>
  server.app.inject({ method: "POST", url: "/api/setup", payload: payload as object });
const status = async (server: TestServer) =>
  (await server.app.inject({ method: "GET", url: "/api/setup" })).json().open as boolean;
const signIn = (server: TestServer, email: string, password: string) =>
  server.app.inject({ method: "POST", url: "/auth-jwt/connect/google/check", payload: { email, password } });

/** Opens the setup as the server does on start, and answers the code it would print. */
async function openSetup(server: TestServer): Promise<string> {
  const announced: string[] = [];
  server.app.firstAdminSetup.announce = (code) => announced.push(code);
  const code = await server.app.firstAdminSetup.openIfNeeded();
  expect(code).not.toBeNull();
  expect(announced).toEqual([code]);
  return code as string;
}

describe("setup codes", () => {
  it("are three groups of four characters of an alphabet without look-alikes, different every time", () => {
    const codes = new Set(Array.from({ length: 50 }, newSetupCode));
    expect(codes.size).toBe(50);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      for (const ch of code.replace(/-/g, "")) expect(SETUP_CODE_ALPHABET).toContain(ch);
    }
  });
});

describe("on an empty database without ADMIN_EMAIL", () => {
  let server: TestServer;
  let code: string;
  beforeAll(async () => {
    server = await startTestServer();
  }, 180_000);
  afterAll(async () => server?.close());

  it("stays closed with ADMIN_EMAIL set (automated deployments keep working)", async () => {
    const withAdminEmail = new FirstAdminSetup(server.database.db, true, () => {
      throw new Error("announced a code");
    });
    expect(await withAdminEmail.openIfNeeded()).toBeNull();
    expect(await withAdminEmail.isOpen()).toBe(false);
  });

  it(`answers 429 after ${SETUP_MAX_WRONG_PER_MINUTE} wrong codes in a minute, even for the right one`, async () => {
    // Its own instance (as another process would be), so the app's own limit stays untouched.
    const codes: string[] = [];
    const guessed = new FirstAdminSetup(server.database.db, false, (c) => codes.push(c));
    const right = await guessed.openIfNeeded();
    expect(codes).toEqual([right]);
    for (let i = 0; i < SETUP_MAX_WRONG_PER_MINUTE; i++) {
      await expect(guessed.complete({ ...person, code: `WRONG-${i}` })).rejects.toMatchObject({
        statusCode: 403,
      });
    }
    await expect(guessed.complete({ ...person, code: right as string })).rejects.toMatchObject({
      statusCode: 429,
    });
    expect(await guessed.isOpen()).toBe(true);
  });

  it("refuses an address that already has an account (409) and stays open", async () => {
    const taken = await createTestUser(server, { email: "taken@example.com" });
    const guessed = new FirstAdminSetup(server.database.db, false);
    const right = (await guessed.openIfNeeded()) as string;
    await expect(guessed.complete({ ...person, email: taken.email, code: right })).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(await guessed.isOpen()).toBe(true);
  });

  it("is closed until the server has announced a code, then the product's address leads to /setup", async () => {
    expect(await status(server)).toBe(false);
    expect((await post(server, { code: "AAAA-AAAA-AAAA", ...person })).statusCode).toBe(409);
    code = await openSetup(server);
    expect(await status(server)).toBe(true);
    // Announced once: asking again (a second start path) makes no second code.
    expect(await server.app.firstAdminSetup.openIfNeeded()).toBeNull();
    const home = await server.app.inject({ method: "GET", url: "/" });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe("/setup");
    expect((await server.app.inject({ method: "GET", url: "/?utm=x" })).headers.location).toBe("/setup");
    // Only the address itself: the API and other pages are not redirected.
    expect((await server.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });

  it("refuses a wrong code (403) and bad input (400), creating nothing", async () => {
    const wrong = await post(server, { code: "CCCC-CCCC-CCCC", ...person });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toMatch(/setup code/);
    for (const bad of [
      { ...person },
      { code, ...person, email: "not-an-email" },
      { code, ...person, password: "short" },
      { code, ...person, displayName: "   " },
      { code, ...person, roles: ["ROLE_SUPER_ADMIN"] },
      { code: 42, displayName: person.displayName, email: person.email, password: person.password },
    ]) {
      const res = await post(server, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const broken = await server.app.inject({
      method: "POST",
      url: "/api/setup",
      payload: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(broken.statusCode).toBe(400);
    expect((await signIn(server, person.email, person.password)).statusCode).toBe(401);
    expect(await status(server)).toBe(true);
  });

  it("creates the first super admin with the code (typed loosely), who can sign in at once", async () => {
    const typed = ` ${code.toLowerCase().replace(/-/g, " ")} `;
    const res = await post(server, { ...person, code: typed });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ email: person.email });
    const login = await signIn(server, person.email, person.password);
    expect(login.statusCode).toBe(200);
    const claims = decodeJwt(login.json().token);
    expect(claims.roles).toContain(ROLES.SUPER_ADMIN);
    expect(claims.displayName).toBe(person.displayName);
  });

  it("then never again: the code is spent, the page closed, the address no longer redirected", async () => {
    expect(await status(server)).toBe(false);
    const again = await post(server, { ...person, email: "mallory@example.com", code });
    expect(again.statusCode).toBe(409);
    expect((await signIn(server, "mallory@example.com", person.password)).statusCode).toBe(401);
    expect((await server.app.inject({ method: "GET", url: "/" })).statusCode).toBe(404);
    // A later start with a super admin in the database announces nothing.
    expect(await server.app.firstAdminSetup.openIfNeeded()).toBeNull();
  });
});

describe("two people with the code at once", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 180_000);
  afterAll(async () => server?.close());

  it("make exactly one administrator", async () => {
    const code = await openSetup(server);
    const [a, b] = await Promise.all([
      post(server, { ...person, email: "first@example.com", code }),
      post(server, { ...person, email: "second@example.com", code }),
    ]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([201, 409]);
    const ok = [
      (await signIn(server, "first@example.com", person.password)).statusCode,
      (await signIn(server, "second@example.com", person.password)).statusCode,
    ].sort();
    expect(ok).toEqual([200, 401]);
  });

  it("and with a super admin in the database (the first one, or the demo's), a start announces no code", async () => {
    const restarted = new FirstAdminSetup(server.database.db, false, () => {
      throw new Error("announced a code");
    });
    expect(await restarted.openIfNeeded()).toBeNull();
    expect(await status(server)).toBe(false);
  });
});
