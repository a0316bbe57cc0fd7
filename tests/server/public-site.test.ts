import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "../../src/domain/roles";
import { contactMessages, demoRequests, mailOutbox } from "../../src/server/db/schema";
import { buildClaims } from "../../src/server/modules/users/claims";
import { createUserWithCompany } from "../../src/server/modules/users/create";
import { signAccessToken } from "../../src/server/plugins/access-token";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
async function tokenFor(roles: (typeof ROLES)[keyof typeof ROLES][], email: string) {
  const { userId } = await createUserWithCompany(server.database.db, {
    email,
    displayName: email,
    roles,
    emailConfirmed: true,
  });
  const claims = await buildClaims(server.database.db, userId);
  if (!claims) throw new Error("no claims");
  return signAccessToken(claims, server.config.jwtSecret, 900);
}

beforeAll(async () => {
  server = await startTestServer({ STAFF_EMAIL: "staff@example.com" });
});
afterAll(async () => server.close());

describe("POST /api/contact", () => {
  it("stores the message and mails staff a copy", async () => {
    const res = await server.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: {
        name: "Ana Ruiz",
        email: "ana@example.com",
        message: "Can you file for 12 buildings in Queens?",
      },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await server.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, res.json().id));
    expect(row?.message).toBe("Can you file for 12 buildings in Queens?");
    const mails = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "staff@example.com"));
    expect(
      mails.some((m) => m.text.includes("12 buildings in Queens") && m.text.includes("ana@example.com")),
    ).toBe(true);
  });

  it.each([
    ["a malformed email", { name: "A", email: "not-an-email", message: "hi" }, /email/],
    ["a missing message", { name: "A", email: "a@example.com" }, /message/],
    [
      "an unknown field",
      { name: "A", email: "a@example.com", message: "hi", admin: true },
      /unknown field "admin"/,
    ],
    ["a wrong type", { name: 42, email: "a@example.com", message: "hi" }, /name/],
    ["an empty name", { name: "", email: "a@example.com", message: "hi" }, /name/],
  ])("refuses %s with a 400 and stores nothing", async (_label, payload, pattern) => {
    const before = await server.database.db.select().from(contactMessages);
    const res = await server.app.inject({ method: "POST", url: "/api/contact", payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(pattern);
    expect(await server.database.db.select().from(contactMessages)).toHaveLength(before.length);
  });

  it("refuses malformed JSON with a 400", async () => {
    const res = await server.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json" },
      payload: '{"name": "A", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/JSON/);
  });
});

describe("demo requests", () => {
  it("are stored and listed, newest first, for super admins only", async () => {
    for (const name of ["First Co", "Second Co"]) {
      const res = await server.app.inject({
        method: "POST",
        url: "/api/demo-requests",
        payload: { name, email: `${name.split(" ")[0]?.toLowerCase()}@example.com`, interest: "rpie" },
      });
      expect(res.statusCode).toBe(201);
    }
    expect(await server.database.db.select().from(demoRequests)).toHaveLength(2);

    const anonymous = await server.app.inject({ method: "GET", url: "/api/admin/demo-requests" });
    expect(anonymous.statusCode).toBe(401);

    const owner = await tokenFor([], "owner@example.com");
    const forbidden = await server.app.inject({
      method: "GET",
      url: "/api/admin/demo-requests",
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(forbidden.statusCode).toBe(403);

    const admin = await tokenFor([ROLES.SUPER_ADMIN], "root@example.com");
    const list = await server.app.inject({
      method: "GET",
      url: "/api/admin/demo-requests?page=0&rowsPerPage=10",
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(2);
    expect(list.json().rows.map((r: { name: string }) => r.name)).toEqual(["Second Co", "First Co"]);

    const badPage = await server.app.inject({
      method: "GET",
      url: "/api/admin/demo-requests?rowsPerPage=1000",
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(badPage.statusCode).toBe(400);
  });

  it("refuses an interest outside the list", async () => {
    const res = await server.app.inject({
      method: "POST",
      url: "/api/demo-requests",
      payload: { name: "X", email: "x@example.com", interest: "crypto" },
    });
    expect(res.statusCode).toBe(400);
  });
});
