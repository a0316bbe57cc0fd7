import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { COUNT_CAP } from "../../src/server/plugins/paged-list";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

/**
 * A broad search of the admin's user list stops counting COUNT_CAP rows past the page's start
 * ("More than 1,000 results"); a narrow one and the unsearched list count exactly.
 */
let server: TestServer;
let root: TestUser;
const CROWD = COUNT_CAP + 30;

beforeAll(async () => {
  server = await startTestServer();
  root = await createTestUser(server, { email: "root@blocklot.test", roles: ["ROLE_SUPER_ADMIN"] });
  const rows = Array.from({ length: CROWD }, (_, i) => ({
    id: uuidv7(),
    email: `crowd-${String(i).padStart(4, "0")}@crowd.test`,
    displayName: `Crowd ${i}`,
    roles: ["ROLE_USER"],
    emailConfirmedAt: new Date(),
  }));
  for (let i = 0; i < rows.length; i += 500)
    await server.database.db.insert(users).values(rows.slice(i, i + 500));
});
afterAll(async () => server.close());

const list = async (query: string, path = "all-user/list") => {
  const res = await server.app.inject({
    method: "GET",
    url: `/api/admin/${path}?sortBy=email&sortDir=asc&${query}`,
    headers: root.auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { rows: { email: string }[]; total: number; totalCapped?: boolean };
};

describe("the all-user list's count", () => {
  it("stops at the cap for a broad search, and still pages on past it", async () => {
    const first = await list("query=crowd&rowsPerPage=25");
    expect(first).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect(first.rows[0]?.email).toBe("crowd-0000@crowd.test");
    // Page 41 starts at row 1,000: the count moves with the page, and the rows are all there.
    const far = await list("query=crowd&rowsPerPage=25&page=41");
    expect(far.total).toBe(CROWD);
    expect(far.totalCapped).toBeUndefined();
    expect(far.rows.map((r) => r.email)).toEqual(
      Array.from({ length: 5 }, (_, i) => `crowd-${1025 + i}@crowd.test`),
    );
  });

  it("counts exactly under the cap and without a search term", async () => {
    const narrow = await list("query=crowd-00");
    expect(narrow.total).toBe(100);
    expect(narrow.totalCapped).toBeUndefined();
    const all = await list("");
    expect(all.total).toBe(CROWD + 1);
    expect(all.totalCapped).toBeUndefined();
  });

  it("caps the confirmed user list's count the same way", async () => {
    const broad = await list("query=crowd", "user/list");
    expect(broad).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect(broad.rows).toHaveLength(25);
    const narrow = await list("query=crowd-000", "user/list");
    expect(narrow.total).toBe(10);
    expect(narrow.totalCapped).toBeUndefined();
  });
});
