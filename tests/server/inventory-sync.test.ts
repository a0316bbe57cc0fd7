import type { InjectOptions } from "fastify";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { itemBody, pullAll, putItem, uuidv7 } from "./inventory-helpers";

let server: TestServer;
let base: string;
let alice: TestUser;
let emp: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  base = await server.app.listen({ port: 0, host: "127.0.0.1" });
  alice = await createTestUser(server);
  emp = await createTestUser(server);
  await addMember(server, alice.companyId, emp.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
  bob = await createTestUser(server);
});
afterAll(async () => server?.close());

const inject = (opts: InjectOptions) => server.app.inject(opts);

describe("GET /api/sync/changes", () => {
  it("starts from the beginning without a cursor, shows updates once and deletions as tombstones", async () => {
    const empty = await pullAll(server, alice.auth, undefined);
    expect(empty.changes).toEqual([]);
    const start = empty.cursor;

    const a = await putItem(server, alice.auth, itemBody("FEED-1"));
    const b = await putItem(server, alice.auth, itemBody("FEED-2"));
    await inject({
      method: "PATCH",
      url: `/api/inventory/items/${a.id}`,
      headers: alice.auth,
      payload: { version: 1, quantity: 4 },
    });
    await inject({ method: "DELETE", url: `/api/inventory/items/${b.id}`, headers: alice.auth });
    const batch = await inject({
      method: "POST",
      url: "/api/inventory/batches",
      headers: alice.auth,
      payload: { name: "B" },
    });
    const product = await inject({
      method: "POST",
      url: "/api/inventory/products",
      headers: alice.auth,
      payload: { title: "P", description: "D" },
    });

    const { changes, cursor } = await pullAll(server, alice.auth, start);
    // Oldest change first; each row once, in its current state.
    expect(changes.map((c) => [c.entity, c.id, c.deleted])).toEqual([
      ["item", a.id, false],
      ["item", b.id, true],
      ["batch", batch.json().id, false],
      ["product", product.json().id, false],
    ]);
    expect(changes[0]?.row).toMatchObject({ quantity: 4, version: 2, sku: "FEED-1" });
    expect(changes[1]).toEqual({ entity: "item", id: b.id, deleted: true, row: null });
    expect(changes[2]?.row).toMatchObject({ name: "B", createdBy: alice.userId });

    // Nothing new since the cursor; a full pull from nothing sees the same.
    expect((await pullAll(server, alice.auth, cursor)).changes).toEqual([]);
    const all = await pullAll(server, emp.auth, "");
    expect(all.changes).toEqual(changes);
  });

  it("paging with a small limit returns every change exactly once", async () => {
    const { cursor: start } = await pullAll(server, alice.auth, undefined);
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const r = await putItem(server, alice.auth, itemBody(`PAGE-${i}`));
      ids.push(r.id);
    }
    // Re-touch a few so they move to the end of the feed.
    for (const id of ids.slice(0, 5)) {
      await inject({
        method: "PATCH",
        url: `/api/inventory/items/${id}`,
        headers: alice.auth,
        payload: { version: 1, quantity: 2 },
      });
    }
    const bulk = await inject({
      method: "POST",
      url: "/api/inventory/items/bulk-status",
      headers: alice.auth,
      payload: { ids: ids.slice(10, 20), status: "sold" },
    });
    expect(bulk.statusCode).toBe(200);
    const paged = await pullAll(server, alice.auth, start, 4);
    expect(paged.pages).toBe(Math.ceil(23 / 4));
    expect(paged.changes.map((c) => c.id).sort()).toEqual([...ids].sort());
    const byId = new Map(paged.changes.map((c) => [c.id, c.row]));
    expect(byId.get(ids[0] as string)).toMatchObject({ quantity: 2, version: 2 });
    expect(byId.get(ids[12] as string)).toMatchObject({ status: "sold", version: 2 });
  });

  it("a reader pulling while many writes run concurrently sees every change once", async () => {
    const { cursor: start } = await pullAll(server, emp.auth, undefined);
    let cursor = start;
    const seen: { id: string; version: number | null }[] = [];
    let writing = true;
    const reader = (async () => {
      for (;;) {
        const done = !writing;
        const page = await pullAll(server, emp.auth, cursor, 7);
        for (const c of page.changes)
          seen.push({ id: c.id, version: c.row ? (c.row.version as number) : null });
        cursor = page.cursor;
        if (done) return;
        // A real client's next pull arrives from the network (a new event-loop task). Without
        // this, inject() and PGlite answer a pull entirely in microtasks once the access token
        // is remembered, and the loop never lets the writers' requests start.
        await new Promise((r) => setImmediate(r));
      }
    })();
    const ids = Array.from({ length: 40 }, () => uuidv7());
    await Promise.all(
      ids.map((id, i) => putItem(server, i % 2 ? emp.auth : alice.auth, itemBody(`CONC-${i}`), id)),
    );
    await Promise.all(
      ids.slice(0, 20).map((id) =>
        inject({
          method: "PATCH",
          url: `/api/inventory/items/${id}`,
          headers: emp.auth,
          payload: { version: 1, quantity: 3 },
        }),
      ),
    );
    await Promise.all(
      ids
        .slice(30)
        .map((id) => inject({ method: "DELETE", url: `/api/inventory/items/${id}`, headers: alice.auth })),
    );
    writing = false;
    await reader;

    // None duplicated: a (row, version) is delivered at most once.
    const keys = seen.map((s) => `${s.id}@${s.version}`);
    expect(new Set(keys).size).toBe(keys.length);
    // None skipped: the last thing seen of each row is its final state.
    const last = new Map(seen.map((s) => [s.id, s.version]));
    expect([...last.keys()].sort()).toEqual([...ids].sort());
    ids.forEach((id, i) => {
      expect(last.get(id), id).toBe(i < 20 ? 2 : i < 30 ? 1 : null);
    });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "a transaction holding a seq blocks its company's other writers until it commits (PostgreSQL)",
    async () => {
      const pool = (server.database.db as unknown as { $client: pg.Pool }).$client;
      const insert = (companyId: string, sku: string, id = uuidv7()) => ({
        text: `insert into inventory_items (id, company_id, sku, title, description, quantity, condition, category, dim_unit, weight_unit, status)
               values ($1, $2, $3, 't', 'd', 1, 13, 'inventory', 'INCH', 'POUND', 'new')`,
        values: [id, companyId, sku],
      });
      const c1 = await pool.connect();
      const c2 = await pool.connect();
      try {
        const { cursor: start } = await pullAll(server, alice.auth, undefined);
        const id1 = uuidv7();
        await c1.query("begin");
        await c1.query(insert(alice.companyId, "LOCK-1", id1));
        // Another writer of the same company cannot take a seq (and commit it first) meanwhile…
        await c2.query("begin");
        await c2.query("set local lock_timeout = '300ms'");
        await expect(c2.query(insert(alice.companyId, "LOCK-2"))).rejects.toThrow(/lock timeout/);
        await c2.query("rollback");
        // …while another company's writer is not held up.
        await c2.query(insert(bob.companyId, "LOCK-B"));
        expect((await pullAll(server, alice.auth, start)).changes).toEqual([]);
        await c1.query("commit");
        expect((await pullAll(server, alice.auth, start)).changes.map((c) => c.id)).toEqual([id1]);
      } finally {
        await c1.query("rollback").catch(() => {});
        c1.release();
        c2.release();
      }
    },
  );

  it("never shows another company's rows; a cursor of another company starts over", async () => {
    const { id } = await putItem(server, bob.auth, itemBody("BOB-1"));
    const aliceFeed = await pullAll(server, alice.auth, undefined);
    expect(aliceFeed.changes.some((c) => c.id === id)).toBe(false);
    const bobFeed = await pullAll(server, bob.auth, undefined);
    expect(bobFeed.changes.map((c) => c.id)).toContain(id);
    expect(bobFeed.changes.every((c) => c.row === null || c.row.companyId === bob.companyId)).toBe(true);

    const res = await inject({
      method: "GET",
      url: `/api/sync/changes?since=${aliceFeed.cursor}`,
      headers: bob.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().reset).toBe(true);
    expect(res.json().changes).toEqual(bobFeed.changes);
  });

  it("a malformed cursor is 400", async () => {
    for (const since of ["x!", "bm9wZQ", Buffer.from("i1:nope:1").toString("base64url"), "a".repeat(300)]) {
      const res = await inject({
        method: "GET",
        url: `/api/sync/changes?since=${since}`,
        headers: alice.auth,
      });
      expect(res.statusCode, since).toBe(400);
    }
    expect(
      (await inject({ method: "GET", url: "/api/sync/changes?limit=0", headers: alice.auth })).statusCode,
    ).toBe(400);
  });
});

describe("live channel: sync-changed on GET /api/events", () => {
  async function listen(token: string) {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/events?access_token=${encodeURIComponent(token)}`, {
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const stream = {
      raw: "",
      events: [] as { entity: string; companyId: string }[],
      close: () => controller.abort(),
    };
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          stream.raw += decoder.decode(value, { stream: true });
          stream.events = stream.raw
            .split("\n\n")
            .filter((b) => b.startsWith("event: sync-changed"))
            .map((b) => JSON.parse(b.split("\ndata: ")[1] as string));
        }
      } catch {
        // aborted
      }
    })();
    await expect.poll(() => stream.raw).toContain(": connected");
    return stream;
  }

  it("tells the company's connected apps after each committed change, with the type that changed", async () => {
    const mine = await listen(emp.token);
    const other = await listen(bob.token);
    const before = await pullAll(server, emp.auth, undefined);
    await putItem(server, alice.auth, itemBody("LIVE-1"));
    await expect.poll(() => mine.events.length).toBeGreaterThanOrEqual(1);
    const event = mine.events.at(-1);
    expect(event).toEqual({ entity: "item", companyId: alice.companyId });
    const after = await pullAll(server, emp.auth, before.cursor);
    expect(after.changes).toHaveLength(1);

    // A rolled-back change (a 409) says nothing; another company hears nothing of ours.
    const count = mine.events.length;
    await putItem(server, alice.auth, itemBody("LIVE-1"));
    await putItem(server, bob.auth, itemBody("LIVE-B"));
    await expect.poll(() => other.events.length).toBe(1);
    await putItem(server, alice.auth, itemBody("LIVE-2"));
    await expect.poll(() => mine.events.length).toBe(count + 1);
    expect(other.events.every((e) => e.companyId === bob.companyId)).toBe(true);
    mine.close();
    other.close();
  });
});
