import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

const N = 10_000;
let server: TestServer;
let root: TestUser;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  root = await createTestUser(server, {
    email: "root@blocklot.test",
    displayName: "Root",
    roles: ["ROLE_SUPER_ADMIN"],
  });
  await server.database.db.execute(sql`
    insert into users (id, email, display_name, email_confirmed_at, created_at)
    select gen_random_uuid(), 'bulk' || lpad(i::text, 5, '0') || '@export.test', 'Bulk ' || i,
      now(), now() - (i || ' seconds')::interval
    from generate_series(1, ${N}) as i`);
  base = await server.app.listen({ port: 0, host: "127.0.0.1" });
}, 120_000);
afterAll(async () => server.close());

describe("CSV export of the user list", () => {
  it(`streams ${N} users in the list's order, chunked, with the current filter`, async () => {
    const res = await fetch(
      `${base}/api/admin/all-user/list/export.csv?sortBy=email&sortDir=asc&query=export.test`,
      {
        headers: root.auth,
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("transfer-encoding")).toBe("chunked");
    expect(res.headers.get("content-length")).toBeNull();
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = "";
    let chunks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      text += decoder.decode(value, { stream: true });
    }
    expect(chunks).toBeGreaterThan(5);
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("id,email,display_name,roles,email_confirmed,created_at,companies");
    expect(lines).toHaveLength(N + 1);
    const emails = lines.slice(1).map((l) => l.split(",")[1]);
    expect(emails[0]).toBe("bulk00001@export.test");
    expect(emails.at(-1)).toBe(`bulk${N}@export.test`);
    expect(new Set(emails).size).toBe(N);
    expect(emails).toEqual([...emails].sort());
  });

  it("keeps timestamps exact across batches when sorted by creation", async () => {
    const res = await fetch(`${base}/api/admin/all-user/list/export.csv?sortBy=createdAt&sortDir=desc`, {
      headers: root.auth,
    });
    const lines = (await res.text()).trimEnd().split("\r\n").slice(1);
    expect(lines).toHaveLength(N + 1);
    expect(new Set(lines.map((l) => l.split(",")[0])).size).toBe(N + 1);
  });

  it("answers 400 for an unknown sort and 401 without a token", async () => {
    expect(
      (await fetch(`${base}/api/admin/all-user/list/export.csv?sortBy=password_hash`, { headers: root.auth }))
        .status,
    ).toBe(400);
    expect((await fetch(`${base}/api/admin/all-user/list/export.csv`)).status).toBe(401);
  });
});
