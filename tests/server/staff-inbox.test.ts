/**
 * The staff inbox lists (issue 17): /admin/demo-requests (sent by the form),
 * /admin/email-demo-requests (an e-mail address only) and /admin/contact-messages, super admins
 * only, paged, sorted, searched and exported through plugins/paged-list, with a state and notes
 * whose changes record who and when.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "../../src/domain/roles";
import { authAttempts, demoRequests } from "../../src/server/db/schema";
import { buildClaims } from "../../src/server/modules/users/claims";
import { createUserWithCompany } from "../../src/server/modules/users/create";
import { signAccessToken } from "../../src/server/plugins/access-token";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
let admin: string;
let adminId: string;

async function tokenFor(roles: (typeof ROLES)[keyof typeof ROLES][], email: string) {
  const { userId } = await createUserWithCompany(server.database.db, {
    email,
    displayName: email,
    roles,
    emailConfirmed: true,
  });
  const claims = await buildClaims(server.database.db, userId);
  if (!claims) throw new Error("no claims");
  return { token: await signAccessToken(claims, server.config.jwtSecret, 900), userId };
}
const get = (url: string, token?: string) =>
  server.app.inject({ method: "GET", url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const patch = (url: string, payload: object, token = admin) =>
  server.app.inject({ method: "PATCH", url, payload, headers: { authorization: `Bearer ${token}` } });
const names = (res: { json(): { rows: { name: string; email: string }[] } }) =>
  res.json().rows.map((r) => r.name || r.email);

beforeAll(async () => {
  server = await startTestServer({ STAFF_EMAIL: "staff@example.com" });
  ({ token: admin, userId: adminId } = await tokenFor([ROLES.SUPER_ADMIN], "root@example.com"));
  const send = async (url: string, payload: object, i: number) => {
    const res = await server.app.inject({ method: "POST", url, payload, remoteAddress: `10.0.0.${i}` });
    expect(res.statusCode).toBe(201);
  };
  const demo = [
    { name: "Alma Quist", email: "alma@quist.test", company: "Quist Holdings", message: "Queens portfolio" },
    { name: "Bo Chen", email: "bo@chen.test", company: "Chen Realty" },
    { name: "Cara Diaz", email: "cara@diaz.test", interest: "inventory" },
  ];
  for (const [i, d] of demo.entries()) await send("/api/demo-requests", d, i);
  await send("/api/demo-requests/email", { email: "only-email@lead.test" }, 10);
  await send("/api/contact", { name: "Dan Eve", email: "dan@eve.test", message: "Penalty question" }, 20);
  await server.database.db.delete(authAttempts);
});
afterAll(async () => server.close());

describe("staff inbox access", () => {
  it.each(["/api/admin/demo-requests", "/api/admin/email-demo-requests", "/api/admin/contact-messages"])(
    "%s answers 401 to a guest and 403 to company admins and marketplace staff",
    async (url) => {
      expect((await get(url)).statusCode).toBe(401);
      const companyAdmin = await tokenFor([ROLES.COMPANY_ADMIN], `ca-${url.length}-${Math.random()}@x.test`);
      expect((await get(url, companyAdmin.token)).statusCode).toBe(403);
      const user = await tokenFor([], `u-${url.length}-${Math.random()}@x.test`);
      expect((await get(url, user.token)).statusCode).toBe(403);
      expect((await get(`${url}/export.csv`, user.token)).statusCode).toBe(403);
      const [row] = await server.database.db.select().from(demoRequests).limit(1);
      const denied = await patch(`${url}/${row?.id}`, { state: "closed" }, user.token);
      expect(denied.statusCode).toBe(403);
    },
  );
});

describe("staff inbox lists", () => {
  it("split demo requests by form and by e-mail address only", async () => {
    const form = await get("/api/admin/demo-requests", admin);
    expect(form.statusCode).toBe(200);
    expect(form.json().total).toBe(3);
    expect(names(form)).toEqual(["Cara Diaz", "Bo Chen", "Alma Quist"]);
    const email = await get("/api/admin/email-demo-requests", admin);
    expect(names(email)).toEqual(["only-email@lead.test"]);
    const contact = await get("/api/admin/contact-messages", admin);
    expect(names(contact)).toEqual(["Dan Eve"]);
    expect(contact.json().rows[0]).toMatchObject({ state: "new", notes: "", message: "Penalty question" });
  });

  it("page, sort and search on the server", async () => {
    const page1 = await get("/api/admin/demo-requests?sortBy=name&sortDir=asc&rowsPerPage=2&page=1", admin);
    expect(page1.json()).toMatchObject({ total: 3, page: 1, rowsPerPage: 2 });
    expect(names(page1)).toEqual(["Cara Diaz"]);
    const byCompany = await get("/api/admin/demo-requests?sortBy=company&sortDir=desc", admin);
    expect(names(byCompany)).toEqual(["Alma Quist", "Bo Chen", "Cara Diaz"]);
    const found = await get("/api/admin/demo-requests?query=queens", admin);
    expect(names(found)).toEqual(["Alma Quist"]);
    const literal = await get("/api/admin/demo-requests?query=%25", admin);
    expect(literal.json().total).toBe(0);
  });

  it.each([
    ["page=-1", /page/],
    ["rowsPerPage=101", /rowsPerPage/],
    ["sortBy=password", /sortBy/],
    ["state=lost", /state/],
    ["bogus=1", /bogus/],
  ])("refuse %s with a 400 naming the field", async (qs, pattern) => {
    const res = await get(`/api/admin/contact-messages?${qs}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(pattern);
  });

  it("change state and notes, recording who and when, and filter by state", async () => {
    const [bo] = (await get("/api/admin/demo-requests?query=bo%40chen", admin)).json().rows;
    const res = await patch(`/api/admin/demo-requests/${bo.id}`, { state: "contacted", notes: "Called Tue" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: "contacted", notes: "Called Tue", stateChangedBy: adminId });
    expect(Date.parse(res.json().stateChangedAt)).toBeGreaterThan(Date.now() - 60_000);
    const [stored] = await server.database.db.select().from(demoRequests).where(eq(demoRequests.id, bo.id));
    expect(stored).toMatchObject({ state: "contacted", notes: "Called Tue", notesChangedBy: adminId });

    const contacted = await get("/api/admin/demo-requests?state=contacted", admin);
    expect(names(contacted)).toEqual(["Bo Chen"]);
    expect(names(await get("/api/admin/demo-requests?query=called", admin))).toEqual(["Bo Chen"]);
  });

  it("refuse a bad change with a 4xx and change nothing", async () => {
    const [cara] = (await get("/api/admin/demo-requests?query=cara", admin)).json().rows;
    expect((await patch(`/api/admin/demo-requests/${cara.id}`, { state: "won" })).statusCode).toBe(400);
    expect((await patch(`/api/admin/demo-requests/${cara.id}`, {})).statusCode).toBe(400);
    expect((await patch(`/api/admin/demo-requests/not-a-uuid`, { state: "closed" })).statusCode).toBe(400);
    // A demo request is not in the e-mail-only list, nor among contact messages.
    expect((await patch(`/api/admin/email-demo-requests/${cara.id}`, { state: "closed" })).statusCode).toBe(
      404,
    );
    expect((await patch(`/api/admin/contact-messages/${cara.id}`, { state: "closed" })).statusCode).toBe(404);
    const after = (await get("/api/admin/demo-requests?query=cara", admin)).json().rows[0];
    expect(after.state).toBe("new");
  });

  it("export the filtered list as a streamed CSV", async () => {
    const res = await get("/api/admin/demo-requests/export.csv?sortBy=name&sortDir=asc", admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/csv/);
    expect(res.headers["content-disposition"]).toContain("demo-requests.csv");
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("id,created_at,name,email,company,phone,interest,message,state,notes");
    expect(lines.slice(1).map((l) => l.split(",")[2])).toEqual(["Alma Quist", "Bo Chen", "Cara Diaz"]);
    const contact = await get("/api/admin/contact-messages/export.csv?query=penalty", admin);
    expect(contact.body).toContain("Penalty question");
  });
});
