// Over 600 lines on purpose: one behaviour table of the engine (outbox, drain, merge, feed) on one shared fake server and device database.
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonBodyText } from "../app/lib/json-text";
import { bulkBodyKey, openImport, queueItemChunk } from "../app/offline/bulk";
import { type BlocklotDb, createDb } from "../app/offline/db";
import { createAppSyncEngine as createSyncEngine } from "../app/offline/synced-types";
import { itemWrites } from "../app/offline/test-writes";
import { CHAT_MESSAGE_BATCH_PATH } from "../domain/chat/types";
import { BULK_ITEMS_PATH, type BulkItemResult, type BulkItemsResponse } from "../domain/inventory/bulk";
import type { Item, ItemFields, InventoryChange as SyncChange } from "../domain/inventory/item";
import { testItemFields } from "../domain/inventory/test-items";
import type { SyncPage } from "../domain/sync/feed";
import {
  type AppendWrite,
  type BatchWrite,
  type BatchWriteAnswer,
  WRITE_BATCH_PATH,
} from "../domain/sync/write-batch";
import { cursorKey } from "./db";
import type { SyncEngineOptions } from "./engine";
import { newId } from "./outbox";
import { NetworkError, type SyncRequest, type SyncResponse, type SyncTransport } from "./transport";

const COMPANY = "c1";

/**
 * A tiny in-memory implementation of the inventory API contract (items only, plus the sync
 * feed): PUT creates/replaces, PATCH/DELETE check `version` (409 with current), every mutation
 * honours Idempotency-Key (replay → same answer, same key other body → 422).
 */
class FakeApi {
  rows = new Map<string, Item>();
  log: { seq: number; change: SyncChange }[] = [];
  seq = 0;
  keys = new Map<string, { body: string; res: SyncResponse }>();
  /** Every request that reached the server, in order. */
  requests: SyncRequest[] = [];
  /** Write batches received (each write in one is also in `requests`, as if sent alone). */
  batches: BatchWrite[][] = [];
  /** Mutations that changed data (replays excluded). */
  writes = 0;
  offline = false;
  /** Answers to force for the next mutations (status and body). */
  forced: SyncResponse[] = [];
  /** Called after the server handled a request, before the client sees the answer. */
  afterHandle: ((req: SyncRequest, res: SyncResponse) => Promise<void> | void) | null = null;
  delayMs = 0;
  clock = 0;

  transport: SyncTransport = {
    send: async (sent) => {
      if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
      if (this.offline) throw new NetworkError("offline");
      // what reaches the server: the JSON the body encodes to
      const req: SyncRequest = {
        ...sent,
        body: sent.body == null ? sent.body : JSON.parse(jsonBodyText(sent.body)),
      };
      // a write batch's writes are listed one by one (writeBatch)
      if (req.url !== WRITE_BATCH_PATH) this.requests.push(structuredClone(req));
      const res = this.handle(req);
      await this.afterHandle?.(req, res);
      return structuredClone(res);
    },
  };

  private record(row: Item | null, id: string) {
    this.seq++;
    const change: SyncChange = row
      ? { entity: "item", id, deleted: false, row: structuredClone(row) }
      : { entity: "item", id, deleted: true, row: null };
    this.log = this.log.filter((l) => l.change.id !== id);
    this.log.push({ seq: this.seq, change });
  }

  /** Another user's edit, straight on the server. */
  edit(id: string, changes: Partial<ItemFields>) {
    const row = this.rows.get(id);
    if (!row) throw new Error("no row");
    const next = { ...row, ...changes, version: row.version + 1, updatedAt: this.stamp() };
    this.rows.set(id, next);
    this.record(next, id);
    return next;
  }
  remove(id: string) {
    this.rows.delete(id);
    this.record(null, id);
  }
  private stamp() {
    return new Date(Date.UTC(2026, 0, 1) + ++this.clock * 1000).toISOString();
  }

  handle(req: SyncRequest): SyncResponse {
    const url = new URL(req.url, "http://x");
    if (req.method === "GET" && url.pathname === "/api/sync/changes") {
      const since = Number(url.searchParams.get("since") ?? 0);
      const limit = Number(url.searchParams.get("limit") ?? 100);
      const after = this.log.filter((l) => l.seq > since);
      const page = after.slice(0, limit);
      const body: SyncPage<SyncChange> = {
        changes: page.map((l) => l.change),
        cursor: String(page.at(-1)?.seq ?? since),
        hasMore: after.length > limit,
      };
      return { status: 200, data: body };
    }
    if (req.method === "POST" && url.pathname === WRITE_BATCH_PATH) return this.writeBatch(req);
    if (req.method === "POST" && url.pathname === BULK_ITEMS_PATH)
      return this.keyed(req, () => this.bulk(req));
    const m = /^\/api\/inventory\/items\/([^/]+)$/.exec(url.pathname);
    if (!m?.[1]) return { status: 404, data: { message: "Not found" } };
    const id = decodeURIComponent(m[1]);
    if (req.method === "GET") {
      const row = this.rows.get(id);
      return row ? { status: 200, data: row } : { status: 404, data: { message: "Not found" } };
    }
    const key = req.idempotencyKey;
    if (!key) return { status: 400, data: { message: "Idempotency-Key required" } };
    const bodyText = JSON.stringify([req.method, req.url, req.body]);
    const seen = this.keys.get(key);
    if (seen) {
      if (seen.body !== bodyText)
        return { status: 422, data: { message: "Idempotency-Key reused with another body" } };
      return seen.res;
    }
    const body = { ...((req.body ?? {}) as Record<string, unknown>) };
    if (req.method === "DELETE" && url.searchParams.has("version"))
      body.version = Number(url.searchParams.get("version"));
    const res = this.forced.shift() ?? this.mutate(req.method, id, body);
    // answers are kept per key, except 5xx and the "still running" 409 (as the server does)
    const inFlight = res.status === 409 && (res.data as { code?: string } | null)?.code === "IN_FLIGHT";
    if (res.status < 500 && !inFlight) this.keys.set(key, { body: bodyText, res });
    return res;
  }

  /** POST /api/sync/writes: each write as if sent alone, in order, up to the first that is not a 2xx. */
  private writeBatch(req: SyncRequest): SyncResponse {
    const { writes } = req.body as { writes: BatchWrite[] };
    this.batches.push(structuredClone(writes));
    const answers: BatchWriteAnswer[] = [];
    const from = String(this.seq);
    for (const w of writes) {
      const single: SyncRequest = {
        method: w.method,
        url: w.url,
        body: w.body ?? undefined,
        idempotencyKey: w.idempotencyKey,
      };
      this.requests.push(structuredClone(single));
      const res = this.handle(single);
      answers.push({ status: res.status, body: res.data ?? null });
      if (res.status >= 300) break;
    }
    return { status: 200, data: { answers, cursor: { from, to: String(this.seq) } } };
  }

  /** Idempotency-Key handling for the bulk route (as handle() does for the item routes). */
  private keyed(req: SyncRequest, run: () => SyncResponse): SyncResponse {
    const key = req.idempotencyKey as string;
    const bodyText = JSON.stringify([req.method, req.url, req.body]);
    const seen = this.keys.get(key);
    if (seen) {
      return seen.body === bodyText
        ? seen.res
        : { status: 422, data: { message: "Idempotency-Key reused with another body" } };
    }
    const res = this.forced.shift() ?? run();
    if (res.status < 500) this.keys.set(key, { body: bodyText, res });
    return res;
  }

  /** POST /api/inventory/items/bulk: each item created, unchanged, or refused for a taken SKU. */
  private bulk(req: SyncRequest): SyncResponse {
    const { items } = req.body as { items: (ItemFields & { id: string })[] };
    const results: BulkItemResult[] = items.map(({ id, ...f }) => {
      const existing = this.rows.get(id);
      const stamps = (r: Item) => ({ version: r.version, createdAt: r.createdAt, updatedAt: r.updatedAt });
      if (existing) return { id, status: "unchanged", ...stamps(existing) };
      const holder = [...this.rows.values()].find((r) => r.sku === f.sku);
      if (holder) {
        return {
          id,
          status: "duplicate-sku",
          message: `SKU "${f.sku}" is already used by another item in your company`,
          conflictingId: holder.id,
        };
      }
      const now = this.stamp();
      const row = { ...f, id, companyId: COMPANY, version: 1, createdAt: now, updatedAt: now } as Item;
      this.rows.set(id, row);
      this.record(row, id);
      this.writes++;
      return { id, status: "created", ...stamps(row) };
    });
    const count = (st: string) => results.filter((r) => r.status === st).length;
    const body: BulkItemsResponse = {
      results,
      created: count("created"),
      updated: 0,
      unchanged: count("unchanged"),
      refused: count("duplicate-sku"),
    };
    return { status: 200, data: body };
  }

  private mutate(method: string, id: string, body: Record<string, unknown>): SyncResponse {
    const row = this.rows.get(id);
    if (method === "PUT") {
      if (typeof body.title !== "string" || !body.title.trim()) {
        return { status: 422, data: { message: "title: Inventory title is required" } };
      }
      if (body.version !== undefined && (typeof body.version !== "number" || body.version < 1)) {
        return { status: 400, data: { message: "body/version must be >= 1" } };
      }
      const { version, ...put } = body;
      if (row && version === undefined) {
        const same = Object.entries(put).every(
          ([k, v]) => JSON.stringify(v) === JSON.stringify(row[k as keyof Item]),
        );
        if (!same)
          return { status: 409, data: { message: "Exists; send its version to replace it", current: row } };
        return { status: 200, data: row };
      }
      if (row && version !== row.version)
        return { status: 409, data: { message: "Changed by someone else", current: row } };
      const now = this.stamp();
      const next = {
        ...(put as unknown as ItemFields),
        id,
        companyId: COMPANY,
        version: (row?.version ?? 0) + 1,
        createdAt: row?.createdAt ?? now,
        updatedAt: now,
      } as Item;
      this.rows.set(id, next);
      this.record(next, id);
      this.writes++;
      return { status: row ? 200 : 201, data: next };
    }
    if (!row) return { status: 404, data: { message: "Not found" } };
    // DELETE without ?version= is unconditional
    if (body.version !== row.version && !(method === "DELETE" && body.version === undefined)) {
      return { status: 409, data: { message: "Changed by someone else", current: row } };
    }
    if (method === "DELETE") {
      this.remove(id);
      this.writes++;
      return { status: 204, data: undefined };
    }
    const { version: _v, ...changes } = body;
    if ("quantity" in changes && (changes.quantity as number) < 0) {
      return { status: 400, data: { message: "quantity: Quantity cannot be negative" } };
    }
    this.writes++;
    return { status: 200, data: this.edit(id, changes as Partial<ItemFields>) };
  }
}

const fields = (over: Partial<ItemFields> = {}): ItemFields =>
  testItemFields({ sku: "SKU", title: "Lamp", description: "Brass", price: 1000, ...over });

let api: FakeApi;
let db: BlocklotDb;
let dbName: string;
let n = 0;
let clock: number;

function engine(over: Partial<SyncEngineOptions<BlocklotDb>> = {}) {
  return createSyncEngine({
    db,
    transport: api.transport,
    now: () => clock,
    schedule: () => () => undefined,
    backoff: { firstMs: 1000, maxMs: 1000, jitter: [1, 1] },
    ...over,
  });
}

beforeEach(async () => {
  api = new FakeApi();
  dbName = `sync-test-${++n}`;
  db = createDb(dbName);
  await db.open();
  clock = 1_000_000;
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** Keys the server saw per URL+method, to check replays reuse them. */
const keysFor = (url: string) => [
  ...new Set(api.requests.filter((r) => r.url === url).map((r) => r.idempotencyKey)),
];

describe("write path", () => {
  it("a mutation writes Dexie and queues exactly one outbox entry with a key", async () => {
    const e = engine();
    api.offline = true;
    const row = await e.write.put("item", COMPANY, newId(), fields());
    expect(await db.items.get(row.id)).toMatchObject({ title: "Lamp", version: 0 });
    const queued = await db.outbox.toArray();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ method: "PUT", entity: "item", id: row.id, state: "waiting" });
    expect(queued[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("offline, then online: one server write per mutation, same key on every retry, in order", async () => {
    const e = engine();
    api.offline = true;
    const a = newId();
    const b = newId();
    await e.write.put("item", COMPANY, a, fields({ sku: "A", title: "A" }));
    await e.write.patch("item", a, { quantity: 5 });
    await e.write.put("item", COMPANY, b, fields({ sku: "B", title: "B" }));
    await e.write.patch("item", a, { title: "A2" });
    await e.write.remove("item", b);
    // several offline drains (triggers) change nothing on the server
    for (let i = 0; i < 3; i++) expect((await e.drain()).stopped).toBe("offline");
    expect(api.requests).toHaveLength(0);
    // b was created and deleted before ever reaching the server: nothing to send for it
    expect(await db.outbox.count()).toBe(3);

    api.offline = false;
    const r = await e.drain();
    expect(r).toEqual({ sent: 3, stopped: null });
    expect(api.writes).toBe(3);
    expect(
      api.requests.map((q) => [q.method, (q.body as Record<string, unknown> | undefined)?.title]),
    ).toEqual([
      ["PUT", "A"],
      ["PATCH", undefined],
      ["PATCH", "A2"],
    ]);
    // the PATCHes were based on the version the server gave the create, then the first PATCH
    expect(api.requests.slice(1).map((q) => (q.body as { version: number }).version)).toEqual([1, 2]);
    expect(api.rows.get(a)).toMatchObject({ title: "A2", quantity: 5, version: 3 });
    expect(api.rows.has(b)).toBe(false);
    expect(await db.items.get(a)).toMatchObject({ title: "A2", quantity: 5, version: 3 });
    expect(await db.outbox.count()).toBe(0);
  });

  it("a network failure mid-queue keeps the key: the retry of that write is the same request", async () => {
    const e = engine();
    const ids = [newId(), newId(), newId()];
    for (const [i, id] of ids.entries())
      await e.write.put("item", COMPANY, id, fields({ sku: `S${i}`, title: `T${i}` }));
    await e.drain();
    api.requests = [];
    let calls = 0;
    const flaky: SyncTransport = {
      send: async (req) => {
        calls++;
        if (calls === 2) throw new NetworkError("dropped");
        return api.transport.send(req);
      },
    };
    const e2 = engine({ transport: flaky });
    for (const id of ids) await e2.write.patch("item", id, { quantity: 7 });
    await e2.drain().catch(() => undefined);
    await e2.drain();
    expect(api.requests.map((q) => q.url)).toEqual(ids.map((id) => `/api/inventory/items/${id}`));
    for (const id of ids) expect(keysFor(`/api/inventory/items/${id}`)).toHaveLength(1);
    expect([...api.rows.values()].map((r) => r.quantity)).toEqual([7, 7, 7]);
  });

  it("a crash between the server's answer and the stored ack: the replay uses the same key, one row", async () => {
    const id = newId();
    // first process: the server handles the PUT, then the app dies before storing the ack
    const crashed = engine({
      lock: (_n, fn) => fn(),
      transport: {
        send: async (req) => {
          await api.transport.send(req);
          return new Promise<SyncResponse>(() => {}); // never returns: the tab is gone
        },
      },
    });
    await crashed.write.put("item", COMPANY, id, fields({ title: "Once" }));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.writes).toBe(1);
    expect((await db.outbox.toArray())[0]).toMatchObject({ state: "sending", attempts: 1 });

    // restart: a new database connection and engine replay the entry
    const db2 = createDb(dbName);
    await db2.open();
    const restarted = createSyncEngine({
      db: db2,
      transport: api.transport,
      schedule: () => () => undefined,
    });
    expect(await restarted.drain()).toEqual({ sent: 1, stopped: null });
    expect(api.requests).toHaveLength(2);
    expect(keysFor(`/api/inventory/items/${id}`)).toHaveLength(1);
    expect(api.writes).toBe(1);
    expect(api.rows.size).toBe(1);
    expect(await db2.items.get(id)).toMatchObject({ title: "Once", version: 1 });
    expect(await db2.outbox.count()).toBe(0);
    db2.close();
  });

  it("5xx: backs off with the same key, then succeeds", async () => {
    const e = engine();
    api.forced.push({ status: 503, data: { message: "Maintenance" } });
    const id = newId();
    await e.write.put("item", COMPANY, id, fields());
    expect(await e.drain()).toEqual({ sent: 0, stopped: "backoff" });
    expect((await db.outbox.toArray())[0]).toMatchObject({
      state: "waiting",
      lastStatus: 503,
      error: "Maintenance",
      notBefore: clock + 1000,
    });
    // too early: nothing sent
    expect(await e.drain()).toEqual({ sent: 0, stopped: "backoff" });
    expect(api.requests).toHaveLength(1);
    clock += 1000;
    expect(await e.drain()).toEqual({ sent: 1, stopped: null });
    expect(keysFor(`/api/inventory/items/${id}`)).toHaveLength(1);
    expect(api.writes).toBe(1);
  });

  it("a request that never answers times out, releases the lock and is replayed with the same key", async () => {
    const id = newId();
    let hang = true;
    const e = engine({
      sendTimeoutMs: 30,
      transport: {
        send: (req) => (hang ? new Promise<SyncResponse>(() => {}) : api.transport.send(req)),
      },
    });
    await e.write.put("item", COMPANY, id, fields());
    expect(await e.drain()).toEqual({ sent: 0, stopped: "offline" });
    // the write's own drain and the drain asked for while it ran each tried once
    expect((await db.outbox.toArray())[0]).toMatchObject({ state: "waiting", attempts: 2 });
    hang = false;
    expect(await e.drain()).toEqual({ sent: 1, stopped: null });
    expect(api.rows.get(id)?.version).toBe(1);
  });

  it("a 409 IN_FLIGHT (key still being processed) retries after Retry-After with the same key", async () => {
    const e = engine();
    const id = newId();
    api.forced.push({
      status: 409,
      retryAfter: "1",
      data: { message: "A request with this Idempotency-Key is still being processed", code: "IN_FLIGHT" },
    });
    await e.write.put("item", COMPANY, id, fields());
    expect(await e.drain()).toEqual({ sent: 0, stopped: "backoff" });
    expect((await db.outbox.toArray())[0]).toMatchObject({ state: "waiting", notBefore: clock + 1000 });
    clock += 1000;
    expect(await e.drain()).toEqual({ sent: 1, stopped: null });
    expect(keysFor(`/api/inventory/items/${id}`)).toHaveLength(1);
  });

  it("a PUT replacing a synced record carries its version; a create then replace offline is rebased", async () => {
    const e = engine();
    const id = newId();
    api.offline = true;
    await e.write.put("item", COMPANY, id, fields({ title: "v1" }));
    await e.write.put("item", COMPANY, id, fields({ title: "v2" }));
    api.offline = false;
    await e.drain();
    expect(api.requests.map((r) => (r.body as { version?: number }).version)).toEqual([undefined, 1]);
    await e.write.put("item", COMPANY, id, fields({ title: "v3" }));
    await e.drain();
    expect((api.requests.at(-1)?.body as { version?: number } | undefined)?.version).toBe(2);
    expect(api.rows.get(id)).toMatchObject({ title: "v3", version: 3 });
  });

  it("DELETE sends its version in the query", async () => {
    const e = engine();
    const id = newId();
    await e.write.put("item", COMPANY, id, fields());
    await e.drain();
    await e.write.remove("item", id);
    await e.drain();
    expect(api.requests.at(-1)).toMatchObject({
      method: "DELETE",
      url: `/api/inventory/items/${id}?version=1`,
    });
    expect(api.requests.at(-1)?.body).toBeUndefined();
  });

  it("401 keeps the write waiting and stops the drain", async () => {
    const e = engine();
    api.forced.push({ status: 401, data: { message: "Unauthorized" } });
    await e.write.put("item", COMPANY, newId(), fields());
    expect((await e.drain()).stopped).toBe("auth");
    expect((await db.outbox.toArray())[0]?.state).toBe("waiting");
  });
});

describe("concurrency", () => {
  it("concurrent drain calls never send an entry twice", async () => {
    const e = engine();
    api.offline = true;
    for (let i = 0; i < 5; i++) await e.write.put("item", COMPANY, newId(), fields({ sku: `S${i}` }));
    api.offline = false;
    api.delayMs = 5;
    const results = await Promise.all([e.drain(), e.drain(), e.drain(), e.drain()]);
    expect(results.every((r) => r.stopped === null)).toBe(true);
    expect(api.requests).toHaveLength(5);
    expect(api.writes).toBe(5);
  });

  it("two engines on one database (two tabs) take turns under the lock", async () => {
    const e1 = engine();
    const e2 = engine();
    api.offline = true;
    for (let i = 0; i < 6; i++) await e1.write.put("item", COMPANY, newId(), fields({ sku: `S${i}` }));
    api.offline = false;
    api.delayMs = 3;
    const [r1, r2] = await Promise.all([e1.drain(), e2.drain()]);
    expect(r1.sent + r2.sent).toBe(6);
    expect(api.requests).toHaveLength(6);
    expect(new Set(api.requests.map((r) => r.idempotencyKey)).size).toBe(6);
  });

  it("a drain asked for while a drain is failing offline is not lost (the `online` trigger)", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let first = true;
    const e = engine({
      transport: {
        send: async (req) => {
          if (first) {
            first = false;
            await gate;
            throw new NetworkError("offline");
          }
          return api.transport.send(req);
        },
      },
    });
    // the write's own drain is now waiting for an answer that will be "no network"
    await e.write.put("item", COMPANY, newId(), fields());
    const online = e.drain();
    release();
    expect(await online).toEqual({ sent: 1, stopped: null });
    expect(api.writes).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it("a write queued during a drain is sent by that drain's follow-up pass", async () => {
    const e = engine();
    const first = newId();
    const second = newId();
    api.afterHandle = async (req) => {
      if (req.url.endsWith(first)) {
        api.afterHandle = null;
        await e.write.put("item", COMPANY, second, fields({ sku: "2" }));
      }
    };
    await e.write.put("item", COMPANY, first, fields({ sku: "1" }));
    await e.drain(); // joins the drain the write started
    await new Promise((r) => setTimeout(r, 20));
    expect(api.rows.size).toBe(2);
    expect(api.requests).toHaveLength(2);
  });
});

describe("409", () => {
  async function synced(e: ReturnType<typeof engine>, over: Partial<ItemFields> = {}) {
    const id = newId();
    await e.write.put("item", COMPANY, id, fields(over));
    await e.drain();
    api.requests = [];
    return id;
  }

  it("merges disjoint changes and re-sends on the server's version with a new key", async () => {
    const e = engine();
    const id = await synced(e);
    api.offline = true;
    await e.write.patch("item", id, { quantity: 9 });
    api.edit(id, { title: "Renamed by a colleague" });
    api.offline = false;
    expect(await e.drain()).toEqual({ sent: 1, stopped: null });
    expect(api.requests.map((r) => [r.method, r.body])).toEqual([
      ["PATCH", { quantity: 9, version: 1 }],
      ["PATCH", { quantity: 9, version: 2 }],
    ]);
    expect(api.requests[0]?.idempotencyKey).not.toBe(api.requests[1]?.idempotencyKey);
    expect(api.rows.get(id)).toMatchObject({ title: "Renamed by a colleague", quantity: 9, version: 3 });
    expect(await db.items.get(id)).toMatchObject({
      title: "Renamed by a colleague",
      quantity: 9,
      version: 3,
    });
    expect(await db.conflicts.count()).toBe(0);
  });

  it("the same change on both sides needs no write", async () => {
    const e = engine();
    const id = await synced(e);
    api.offline = true;
    await e.write.patch("item", id, { quantity: 4 });
    api.edit(id, { quantity: 4 });
    api.offline = false;
    await e.drain();
    expect(api.requests).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.items.get(id)).toMatchObject({ quantity: 4, version: 2 });
  });

  it("a field both changed becomes a conflict the user resolves; nothing is dropped", async () => {
    const e = engine();
    const id = await synced(e);
    api.offline = true;
    await e.write.patch("item", id, { title: "Mine", quantity: 2 });
    api.edit(id, { title: "Theirs", price: 5 });
    api.offline = false;
    expect(await e.drain()).toEqual({ sent: 0, stopped: null });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ state: "conflict", lastStatus: 409 });
    const conflict = await db.conflicts.get(entry?.seq as number);
    expect(conflict).toMatchObject({
      kind: "update",
      fields: ["title"],
      mine: { title: "Mine", quantity: 2 },
      theirs: { title: "Theirs", version: 2 },
    });
    expect(conflict?.merged).toMatchObject({ title: "Theirs", quantity: 2, price: 5 });
    // the user's data stays on screen meanwhile
    expect(await db.items.get(id)).toMatchObject({ title: "Mine", quantity: 2 });

    await e.resolveConflict(entry?.seq as number, { title: "mine" });
    expect(api.rows.get(id)).toMatchObject({ title: "Mine", quantity: 2, price: 5, version: 3 });
    expect(await db.items.get(id)).toMatchObject({ title: "Mine", quantity: 2, price: 5, version: 3 });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.conflicts.count()).toBe(0);
  });

  it("later writes of a conflicting record wait; other records go on", async () => {
    const e = engine();
    const id = await synced(e, { sku: "X" });
    const other = newId();
    api.offline = true;
    await e.write.patch("item", id, { title: "Mine" });
    await e.write.patch("item", id, { notes: "later" });
    await e.write.put("item", COMPANY, other, fields({ sku: "Y" }));
    api.edit(id, { title: "Theirs" });
    api.offline = false;
    expect(await e.drain()).toEqual({ sent: 1, stopped: null });
    expect(api.rows.has(other)).toBe(true);
    expect((await db.outbox.toArray()).map((x) => x.state)).toEqual(["conflict", "waiting"]);
  });

  it("a delete of a record someone changed asks; 'keep' restores the server's record", async () => {
    const e = engine();
    const id = await synced(e);
    api.offline = true;
    await e.write.remove("item", id);
    api.edit(id, { price: 1 });
    api.offline = false;
    await e.drain();
    const [entry] = await db.outbox.toArray();
    expect(entry?.state).toBe("conflict");
    expect(await db.conflicts.get(entry?.seq as number)).toMatchObject({ kind: "delete", fields: ["price"] });
    await e.resolveConflict(entry?.seq as number, "keep");
    expect(await db.items.get(id)).toMatchObject({ price: 1, version: 2 });
    expect(api.rows.has(id)).toBe(true);
  });

  it("'delete' deletes anyway on the server's version", async () => {
    const e = engine();
    const id = await synced(e);
    api.offline = true;
    await e.write.remove("item", id);
    api.edit(id, { price: 1 });
    api.offline = false;
    await e.drain();
    const [entry] = await db.outbox.toArray();
    await e.resolveConflict(entry?.seq as number, "delete");
    expect(api.rows.has(id)).toBe(false);
    expect(await db.items.get(id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });
});

describe("409 on a replace (PUT)", () => {
  it("merges like a PATCH and re-sends every field on the server's version", async () => {
    const e = engine();
    const id = newId();
    await e.write.put("item", COMPANY, id, fields());
    await e.drain();
    api.offline = true;
    await e.write.put("item", COMPANY, id, fields({ quantity: 6 }));
    api.edit(id, { location: "Shelf 9" });
    api.offline = false;
    await e.drain();
    expect(api.rows.get(id)).toMatchObject({ quantity: 6, location: "Shelf 9", version: 3 });
    expect(await db.items.get(id)).toMatchObject({ quantity: 6, location: "Shelf 9", version: 3 });
  });
});

describe("rejections", () => {
  it("422 → rejected with the server's message, the user's data kept; retry uses a new key; discard restores", async () => {
    const e = engine();
    const id = newId();
    await e.write.put("item", COMPANY, id, fields({ title: " " }));
    await e.drain();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      state: "rejected",
      lastStatus: 422,
      error: "title: Inventory title is required",
    });
    expect(await db.items.get(id)).toMatchObject({ title: " " });
    // retry as is: the server refuses again (new key, so it is a real second attempt)
    await e.retry(entry?.seq as number);
    expect(new Set(api.requests.map((r) => r.idempotencyKey)).size).toBe(2);
    expect((await db.outbox.toArray())[0]?.state).toBe("rejected");
    // discarding a create removes the local row
    await e.discard(entry?.seq as number);
    expect(await db.items.get(id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    expect(api.writes).toBe(0);
  });

  it("400 on an update → rejected; discard puts back the server's row", async () => {
    const e = engine();
    const id = newId();
    await e.write.put("item", COMPANY, id, fields({ quantity: 3 }));
    await e.drain();
    await e.write.patch("item", id, { quantity: -1 });
    await e.drain();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      state: "rejected",
      lastStatus: 400,
      error: "quantity: Quantity cannot be negative",
    });
    expect((await db.items.get(id))?.quantity).toBe(-1);
    await e.discard(entry?.seq as number);
    expect(await db.items.get(id)).toMatchObject({ quantity: 3, version: 1 });
  });

  it("a duplicate SKU 409 (no current row) is rejected with the server's words", async () => {
    const e = engine();
    api.forced.push({
      status: 409,
      data: { message: 'SKU "A" is already used by another item in your company', field: "sku" },
    });
    await e.write.put("item", COMPANY, newId(), fields({ sku: "A" }));
    await e.drain();
    expect((await db.outbox.toArray())[0]).toMatchObject({
      state: "rejected",
      error: 'SKU "A" is already used by another item in your company',
    });
  });

  it("a DELETE answered 404 is done (already gone)", async () => {
    const e = engine();
    const id = newId();
    await e.write.put("item", COMPANY, id, fields());
    await e.drain();
    api.rows.delete(id);
    await e.write.remove("item", id);
    expect(await e.drain()).toEqual({ sent: 1, stopped: null });
    expect(await db.outbox.count()).toBe(0);
  });
});

describe("pull", () => {
  it("applies pages of changes and tombstones since the stored cursor", async () => {
    const e = engine({ pageSize: 2 });
    const ids = [newId(), newId(), newId()];
    const s = engine();
    for (const [i, id] of ids.entries()) await s.write.put("item", COMPANY, id, fields({ sku: `P${i}` }));
    await s.drain();
    await db.items.clear(); // a fresh device
    expect(await e.pull(COMPANY)).toEqual({ applied: 3, skipped: 0, pages: 2 });
    expect(await db.items.count()).toBe(3);
    expect((await db.meta.get(cursorKey(COMPANY)))?.value).toBe("3");

    api.remove(ids[0] as string);
    api.edit(ids[1] as string, { title: "Edited elsewhere" });
    api.requests = [];
    expect(await e.pull(COMPANY)).toEqual({ applied: 2, skipped: 0, pages: 1 });
    expect(api.requests[0]?.url).toBe("/api/sync/changes?since=3&limit=2");
    expect(await db.items.get(ids[0] as string)).toBeUndefined();
    expect((await db.items.get(ids[1] as string))?.title).toBe("Edited elsewhere");
    // nothing new: an empty page, cursor unchanged
    expect(await e.pull(COMPANY)).toEqual({ applied: 0, skipped: 0, pages: 1 });
  });

  it("two engines on one database (the page's and its pull worker's) pull one after the other", async () => {
    const s = engine();
    for (const sku of ["W1", "W2", "W3"]) await s.write.put("item", COMPANY, newId(), fields({ sku }));
    await s.drain();
    await db.items.clear();
    await db.meta.delete(cursorKey(COMPANY));
    api.requests = [];
    api.delayMs = 20;
    const [a, b] = await Promise.all([engine().pull(COMPANY), engine().pull(COMPANY)]);
    // the second read the feed from where the first left it, instead of applying the same page again
    expect(api.requests.map((r) => r.url)).toEqual([
      "/api/sync/changes?limit=500",
      "/api/sync/changes?since=3&limit=500",
    ]);
    expect([a.applied, b.applied]).toEqual([3, 0]);
    expect(await db.items.count()).toBe(3);
  });

  it("a row with a queued write keeps the user's version until the write is acknowledged", async () => {
    const e = engine();
    const id = newId();
    await e.write.put("item", COMPANY, id, fields());
    await e.drain();
    api.offline = true;
    await e.write.patch("item", id, { quantity: 8 });
    api.edit(id, { title: "Theirs" });
    api.offline = false;
    // pull before the drain: the local edit is not overwritten
    const r = await e.pull(COMPANY);
    expect(r.skipped).toBe(1);
    expect(await db.items.get(id)).toMatchObject({ quantity: 8, title: "Lamp" });
    // a pulled tombstone does not remove it either
    await e.drain();
    expect(await db.items.get(id)).toMatchObject({ quantity: 8, title: "Theirs" });
  });

  it("writes a large page in slices; a page cut short keeps the old cursor and is read again", async () => {
    const s = engine();
    const ids = Array.from({ length: 250 }, () => newId());
    for (const [i, id] of ids.entries()) await s.write.put("item", COMPANY, id, fields({ sku: `L${i}` }));
    await s.drain();
    await db.items.clear(); // a fresh device
    await db.meta.clear();
    // the device's storage refuses the page's third slice (quota): the pull stops there
    const items = db.table("items");
    const bulkPut = items.bulkPut.bind(items);
    let puts = 0;
    const refuse = vi.spyOn(items, "bulkPut").mockImplementation((...args) => {
      if (++puts === 3) throw new Error("QuotaExceededError");
      return bulkPut(...args);
    });
    const e = engine({ pageSize: 500 });
    await expect(e.pull(COMPANY)).rejects.toThrow("QuotaExceededError");
    refuse.mockRestore();
    expect(await db.items.count()).toBe(200); // two slices of 100 were written
    expect(await db.meta.get(cursorKey(COMPANY))).toBeUndefined(); // the cursor did not pass them
    expect(await e.pull(COMPANY)).toEqual({ applied: 250, skipped: 0, pages: 1 });
    expect(await db.items.count()).toBe(250);
    expect((await db.meta.get(cursorKey(COMPANY)))?.value).toBe(String(api.seq));
  });

  it("a row already at the feed's version is not written again; a newer one is", async () => {
    const e = engine();
    const [a, b] = [newId(), newId()];
    await e.write.put("item", COMPANY, a, fields({ sku: "SAME-A" }));
    await e.write.put("item", COMPANY, b, fields({ sku: "SAME-B" }));
    await e.drain();
    api.edit(b, { title: "Changed elsewhere" });
    const written: string[] = [];
    const onUpdate = (_: unknown, key: string) => {
      written.push(key);
    };
    db.items.hook("updating", onUpdate);
    try {
      expect(await e.pull(COMPANY)).toMatchObject({ applied: 2, skipped: 0 });
    } finally {
      db.items.hook("updating").unsubscribe(onUpdate);
    }
    expect(written).toEqual([b]);
    expect((await db.items.get(b))?.title).toBe("Changed elsewhere");
  });

  it("never replaces a newer local row with an older copy from the feed", async () => {
    const e = engine();
    const id = newId();
    await e.write.put("item", COMPANY, id, fields());
    await e.drain();
    api.edit(id, { title: "v2" });
    await db.items.put({ ...(api.rows.get(id) as Item), version: 5, title: "newer" });
    await e.pull(COMPANY);
    expect((await db.items.get(id))?.title).toBe("newer");
  });
});

describe("import chunks (POST /api/inventory/items/bulk)", () => {
  const chunk = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: newId(),
      fields: fields({ sku: `${prefix}-${i}`, title: `${prefix} ${i}` }),
    }));

  it("consecutive chunks go one at a time, in order (one request of the queue at a time)", async () => {
    let inFlight = 0;
    let most = 0;
    const slow: SyncTransport = {
      send: async (req) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 15));
        try {
          return await api.transport.send(req);
        } finally {
          inFlight--;
        }
      },
    };
    const e = engine({ transport: slow });
    for (const p of ["P1", "P2", "P3", "P4", "P5"])
      await queueItemChunk(e.writeContext, COMPANY, chunk(p, 20));
    expect(await e.drain()).toEqual({ sent: 5, stopped: null });
    expect(most).toBe(1);
    expect(api.rows.size).toBe(100);
    expect(api.requests.map((r) => (r.body as { items: { sku: string }[] }).items[0]?.sku)).toEqual([
      "P1-0",
      "P2-0",
      "P3-0",
      "P4-0",
      "P5-0",
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it("while an import of the page is still writing, the sender waits for its next chunk in the same pass", async () => {
    const e = engine();
    const close = openImport();
    await queueItemChunk(e.writeContext, COMPANY, chunk("F1", 10));
    let drained = false;
    const draining = e.drain().then((r) => {
      drained = true;
      return r;
    });
    await expect.poll(() => api.rows.size).toBe(10);
    await expect.poll(() => db.outbox.count()).toBe(0);
    // the first chunk is stored; the pass does not end while the import goes on
    await new Promise((r) => setTimeout(r, 20));
    expect(drained).toBe(false);
    await queueItemChunk(e.writeContext, COMPANY, chunk("F2", 10));
    await expect.poll(() => api.rows.size).toBe(20);
    close();
    expect(await draining).toEqual({ sent: 2, stopped: null });
    expect(await db.outbox.count()).toBe(0);
  });

  it("a write queued between two chunks of an import is sent between them", async () => {
    const e = engine();
    const other = newId();
    await e.write.put("item", COMPANY, other, fields({ sku: "OTHER", title: "Other" }));
    expect(await e.drain()).toEqual({ sent: 1, stopped: null });
    const close = openImport();
    await queueItemChunk(e.writeContext, COMPANY, chunk("G1", 5));
    const draining = e.drain();
    await expect.poll(() => api.rows.size).toBe(6);
    await e.write.patch("item", other, { quantity: 7 });
    await queueItemChunk(e.writeContext, COMPANY, chunk("G2", 5));
    close();
    await draining;
    await e.drain();
    expect(
      api.requests
        .slice(1)
        .map(
          (r) =>
            `${r.method} ${r.method === "POST" ? (r.body as { items: { sku: string }[] }).items[0]?.sku : r.url}`,
        ),
    ).toEqual(["POST G1-0", `PATCH /api/inventory/items/${other}`, "POST G2-0"]);
    expect(api.rows.get(other)?.quantity).toBe(7);
    expect(await db.outbox.count()).toBe(0);
  });

  it("a chunk answered 503 waits for its retry with its key; the chunks after it wait too", async () => {
    const e = engine();
    for (const p of ["Q1", "Q2", "Q3"]) await queueItemChunk(e.writeContext, COMPANY, chunk(p, 5));
    api.forced = [{ status: 503, data: { message: "Busy" } }];
    expect((await e.drain()).stopped).toBe("backoff");
    const left = await db.outbox.orderBy("seq").toArray();
    expect(left.map((x) => [x.state, x.attempts, x.lastStatus])).toEqual([
      ["waiting", 1, 503],
      ["waiting", 0, null],
      ["waiting", 0, null],
    ]);
    expect(api.rows.size).toBe(0);
    const key = left[0]?.idempotencyKey;
    clock += 1000;
    expect(await e.drain()).toEqual({ sent: 3, stopped: null });
    expect(api.rows.size).toBe(15);
    expect(api.requests.filter((r) => r.idempotencyKey === key)).toHaveLength(2);
  });

  it("a chunk is one entry and one request; its items are written once, at the server's version", async () => {
    const e = engine();
    const items = chunk("CH", 50);
    api.offline = true;
    const seq = await queueItemChunk(e.writeContext, COMPANY, items, { batchId: null });
    expect(await db.items.count()).toBe(50);
    // saved at the version a created item has on the server, with the device's time
    const saved = await db.items.get(items[0]?.id as string);
    expect(saved).toMatchObject({ version: 1, createdAt: new Date(clock).toISOString() });
    expect(await db.outbox.toArray()).toMatchObject([
      { seq, method: "POST", url: BULK_ITEMS_PATH, state: "waiting", bulk: { count: 50, batchId: null } },
    ]);
    expect((await e.drain()).stopped).toBe("offline");
    api.offline = false;
    expect(await e.drain()).toEqual({ sent: 1, stopped: null });
    expect(api.requests.filter((r) => r.method === "POST")).toHaveLength(1);
    expect(api.rows.size).toBe(50);
    expect(await db.outbox.count()).toBe(0);
    const local = await db.items.bulkGet(items.map((i) => i.id));
    expect(local.every((r) => r?.version === 1)).toBe(true);
    // the row is the server's, but for the timestamps (the device's: not rewritten on the answer)
    const stamps = { createdAt: null, updatedAt: null };
    expect({ ...local[3], ...stamps }).toEqual({ ...api.rows.get(items[3]?.id as string), ...stamps });
    expect(local[3]?.updatedAt).toBe(saved?.updatedAt);
    // the chunk's body (kept beside the entry) is gone with it
    expect(await db.meta.count()).toBe(0);
  });

  it("a chunk queued by another page is sent from its stored body: JSON text, or the object an older app kept", async () => {
    const e = engine();
    const now = new Date(clock).toISOString();
    const queue = async (chunkId: string, items: ReturnType<typeof chunk>, stored: unknown) => {
      const inputs = items.map(({ id, fields }) => ({ id, ...fields }));
      await db.items.bulkPut(
        items.map(({ id, fields }) => ({
          ...fields,
          id,
          companyId: COMPANY,
          version: 1,
          createdAt: now,
          updatedAt: now,
        })),
      );
      await db.meta.put({
        key: bulkBodyKey(chunkId),
        value: stored === "text" ? JSON.stringify({ items: inputs }) : { items: inputs },
      });
      await db.outbox.add({
        companyId: COMPANY,
        entity: "item",
        id: chunkId,
        method: "POST",
        url: BULK_ITEMS_PATH,
        body: null,
        idempotencyKey: newId(),
        baseVersion: null,
        base: null,
        state: "waiting",
        error: null,
        lastStatus: null,
        createdAt: now,
        attempts: 0,
        notBefore: null,
        bulk: { count: items.length, batchId: null },
      });
    };
    const asText = chunk("TXT", 3);
    const asObject = chunk("OBJ", 2);
    await queue(newId(), asText, "text");
    await queue(newId(), asObject, "object");
    expect(await e.drain()).toEqual({ sent: 2, stopped: null });
    expect([...api.rows.values()].map((r) => r.sku).sort()).toEqual(
      [...asObject, ...asText].map((i) => i.fields.sku).sort(),
    );
    expect(await db.outbox.count()).toBe(0);
    expect(await db.meta.count()).toBe(0);
  });

  it("a lost answer is replayed with the same key and creates nothing twice", async () => {
    const e = engine();
    const items = chunk("LOST", 20);
    await queueItemChunk(e.writeContext, COMPANY, items);
    let drop = true;
    api.afterHandle = () => {
      if (drop) {
        drop = false;
        throw new NetworkError("connection reset after the server committed");
      }
    };
    expect((await e.drain()).stopped).toBe("offline");
    expect(api.rows.size).toBe(20);
    expect(await e.drain()).toEqual({ sent: 1, stopped: null });
    expect(keysFor(BULK_ITEMS_PATH)).toHaveLength(1);
    expect(api.writes).toBe(20);
    expect(await db.outbox.count()).toBe(0);
  });

  it("an item the server refuses becomes a rejected write with its reason; the others are stored", async () => {
    const e = engine();
    const held = newId();
    await e.write.put("item", COMPANY, held, fields({ sku: "TAKEN" }));
    await e.drain();
    const items = [...chunk("OK", 2), { id: newId(), fields: fields({ sku: "TAKEN", title: "Mine" }) }];
    await queueItemChunk(e.writeContext, COMPANY, items);
    expect(await e.drain()).toEqual({ sent: 1, stopped: null });
    const refused = items[2]?.id as string;
    expect(await db.outbox.toArray()).toMatchObject([
      {
        id: refused,
        entity: "item",
        method: "PUT",
        state: "rejected",
        lastStatus: 409,
        error: 'SKU "TAKEN" is already used by another item in your company',
        body: { sku: "TAKEN", title: "Mine" },
      },
    ]);
    // the user's row stays, with their data, until they discard or fix it
    expect(await db.items.get(refused)).toMatchObject({ title: "Mine", version: 0 });
    expect((await db.items.get(items[0]?.id as string))?.version).toBe(1);
    const [entry] = await db.outbox.toArray();
    await e.discard(entry?.seq as number);
    expect(await db.items.get(refused)).toBeUndefined();
    expect(api.rows.get(held)?.title).toBe("Lamp");
  });

  it("edits and deletes of imported items queued before the chunk is sent are based on the created version", async () => {
    const e = engine();
    const items = chunk("ED", 3);
    api.offline = true;
    await queueItemChunk(e.writeContext, COMPANY, items);
    const [a, b] = items.map((i) => i.id);
    await e.write.patch("item", a as string, { quantity: 9 });
    await e.write.remove("item", b as string);
    api.offline = false;
    expect(await e.drain()).toEqual({ sent: 3, stopped: null });
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST ${BULK_ITEMS_PATH}`,
      `PATCH /api/inventory/items/${a}`,
      `DELETE /api/inventory/items/${b}?version=1`,
    ]);
    expect(api.requests[1]?.body).toMatchObject({ version: 1, quantity: 9 });
    expect(api.rows.get(a as string)).toMatchObject({ quantity: 9, version: 2 });
    expect(api.rows.has(b as string)).toBe(false);
    expect(await db.items.get(a as string)).toMatchObject({ quantity: 9, version: 2 });
    expect(await db.items.get(b as string)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it("a chunk refused as a whole is rejected; discarding it removes its never-created items but not edited ones", async () => {
    const e = engine();
    const items = chunk("BAD", 3);
    api.offline = true;
    await queueItemChunk(e.writeContext, COMPANY, items);
    await e.write.patch("item", items[0]?.id as string, { title: "Edited" });
    api.offline = false;
    api.forced.push({
      status: 400,
      data: { message: 'Invalid request body: "items.1.quantity" must be >= 0' },
    });
    await e.drain();
    const chunkEntry = (await db.outbox.toArray()).find((x) => x.bulk);
    expect(chunkEntry).toMatchObject({
      state: "rejected",
      lastStatus: 400,
      error: expect.stringMatching(/quantity/),
    });
    await e.discard(chunkEntry?.seq as number);
    expect(await db.meta.count()).toBe(0);
    expect(await db.items.get(items[1]?.id as string)).toBeUndefined();
    expect(await db.items.get(items[2]?.id as string)).toBeUndefined();
    expect(await db.items.get(items[0]?.id as string)).toMatchObject({ title: "Edited" });
    expect(api.rows.size).toBe(0);
  });

  it("an answer that is not a bulk answer keeps the chunk, rejected, instead of dropping its items", async () => {
    const e = engine();
    await queueItemChunk(e.writeContext, COMPANY, chunk("ODD", 2));
    api.forced.push({ status: 200, data: { ok: true } });
    await e.drain();
    expect(await db.outbox.toArray()).toMatchObject([{ state: "rejected", bulk: { count: 2 } }]);
    expect(await db.items.count()).toBe(2);
  });
});

describe("write batches (POST /api/sync/writes)", () => {
  /** `n` items created and acknowledged, then `api.requests` and the batch log cleared. */
  async function syncedItems(e: ReturnType<typeof engine>, n: number) {
    const ids = Array.from({ length: n }, () => newId());
    for (const [i, id] of ids.entries())
      await itemWrites.create(e.writeContext, COMPANY, fields({ sku: `B${i}` }), id);
    await e.drain();
    api.requests = [];
    api.batches = [];
    api.writes = 0;
    return ids;
  }

  it("250 queued changes go in three requests of at most 100, each write once with its key, in order", async () => {
    const e = engine();
    // queued without a drain each (as an offline device leaves them)
    const ids = Array.from({ length: 250 }, () => newId());
    for (const [i, id] of ids.entries())
      await itemWrites.create(e.writeContext, COMPANY, fields({ sku: `M${i}` }), id);
    expect(await e.drain()).toEqual({ sent: 250, stopped: null });
    expect(api.batches.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(api.requests.map((r) => r.url)).toEqual(ids.map((id) => `/api/inventory/items/${id}`));
    expect(new Set(api.requests.map((r) => r.idempotencyKey)).size).toBe(250);
    expect(api.writes).toBe(250);
    // every local row took the server's version in the acknowledgement
    expect((await db.items.toArray()).every((r) => r.version === 1)).toBe(true);
    expect(await db.outbox.count()).toBe(0);
  });

  it("two writes of one record never share a batch: the second is based on the first's answer", async () => {
    const e = engine();
    const a = newId();
    const b = newId();
    await itemWrites.create(e.writeContext, COMPANY, fields({ sku: "A" }), a);
    await itemWrites.create(e.writeContext, COMPANY, fields({ sku: "B" }), b);
    await itemWrites.update(e.writeContext, a, { quantity: 3 });
    expect(await e.drain()).toEqual({ sent: 3, stopped: null });
    expect(api.batches.map((x) => x.map((w) => `${w.method} ${w.url.slice(-4)}`))).toEqual([
      [`PUT ${a.slice(-4)}`, `PUT ${b.slice(-4)}`],
    ]);
    // the PATCH went alone after the batch, rebased on version 1 (no 409 round trip)
    expect(api.requests.at(-1)).toMatchObject({ method: "PATCH", body: { quantity: 3, version: 1 } });
    expect(api.rows.get(a)).toMatchObject({ quantity: 3, version: 2 });
  });

  it("a 409 inside a batch: the writes before it are settled, it is merged and re-sent, the rest follow", async () => {
    const e = engine();
    const ids = await syncedItems(e, 5);
    for (const id of ids) await itemWrites.update(e.writeContext, id, { quantity: 4 });
    api.edit(ids[2] as string, { title: "Renamed by a colleague" });
    expect(await e.drain()).toEqual({ sent: 5, stopped: null });
    // first batch stopped at the third write; the merged write went alone; then the last two
    expect(api.batches.map((b) => b.length)).toEqual([5, 2]);
    expect(
      api.requests.map((r) => [
        ids.indexOf(r.url.split("/").pop() as string),
        (r.body as { version: number }).version,
      ]),
    ).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
      [2, 2],
      [3, 1],
      [4, 1],
    ]);
    expect(api.rows.get(ids[2] as string)).toMatchObject({ title: "Renamed by a colleague", quantity: 4 });
    expect(await db.items.get(ids[2] as string)).toMatchObject({
      title: "Renamed by a colleague",
      quantity: 4,
      version: 3,
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it("a rejected write holds back only its record; the rest of the batch goes on", async () => {
    const e = engine();
    const ids = await syncedItems(e, 3);
    const ctx = e.writeContext;
    await itemWrites.update(ctx, ids[0] as string, { quantity: 2 });
    await itemWrites.update(ctx, ids[1] as string, { quantity: -1 }); // the server refuses it (400)
    await itemWrites.update(ctx, ids[2] as string, { quantity: 2 });
    await itemWrites.update(ctx, ids[1] as string, { title: "After the refused one" });
    expect(await e.drain()).toEqual({ sent: 2, stopped: null });
    expect(api.rows.get(ids[0] as string)?.quantity).toBe(2);
    expect(api.rows.get(ids[2] as string)?.quantity).toBe(2);
    expect(api.rows.get(ids[1] as string)).toMatchObject({ quantity: 1, title: "Lamp" });
    const left = await db.outbox.orderBy("seq").toArray();
    expect(left.map((x) => [x.id, x.state])).toEqual([
      [ids[1], "rejected"],
      [ids[1], "waiting"],
    ]);
    expect(left[0]?.error).toMatch(/Quantity cannot be negative/);
    // the write after the stop was not run, so it was not counted as an attempt
    expect(api.requests.filter((r) => r.url.endsWith(ids[2] as string))).toHaveLength(1);
  });

  it("a batch with no answer: every write stays queued with its key; the replay applies each once", async () => {
    const e0 = engine();
    const ids = await syncedItems(e0, 4);
    let drop = true;
    const lossy: SyncTransport = {
      send: async (req) => {
        const res = await api.transport.send(req); // the server runs it…
        if (drop) {
          drop = false;
          throw new NetworkError("connection reset"); // …but the answer is lost
        }
        return res;
      },
    };
    const e = engine({ transport: lossy });
    for (const id of ids) await itemWrites.update(e.writeContext, id, { quantity: 6 });
    expect((await e.drain()).stopped).toBe("offline");
    const waiting = await db.outbox.toArray();
    expect(waiting.map((x) => [x.state, x.attempts])).toEqual(ids.map(() => ["waiting", 1]));
    expect(await e.drain()).toEqual({ sent: 4, stopped: null });
    for (const id of ids) expect(keysFor(`/api/inventory/items/${id}`)).toHaveLength(1);
    expect(api.writes).toBe(4);
    expect([...api.rows.values()].map((r) => [r.quantity, r.version])).toEqual(ids.map(() => [6, 2]));
    expect((await db.items.toArray()).map((r) => r.version)).toEqual(ids.map(() => 2));
  });

  it("a server that refuses write batches gets the same writes one at a time", async () => {
    const plain: SyncTransport = {
      send: async (req) =>
        req.url === WRITE_BATCH_PATH
          ? { status: 404, data: { message: "Route not found" } }
          : api.transport.send(req),
    };
    const e = engine({ transport: plain });
    for (const sku of ["X", "Y", "Z"]) await itemWrites.create(e.writeContext, COMPANY, fields({ sku }));
    expect(await e.drain()).toEqual({ sent: 3, stopped: null });
    expect(api.batches).toHaveLength(0);
    expect(api.requests.map((r) => r.method)).toEqual(["PUT", "PUT", "PUT"]);
    expect(await db.outbox.count()).toBe(0);
  });

  it("a 503 for the whole batch backs off with every key kept", async () => {
    const e = engine();
    for (const sku of ["P", "Q"]) await itemWrites.create(e.writeContext, COMPANY, fields({ sku }));
    const busy: SyncTransport = { send: async () => ({ status: 503, data: { message: "Busy" } }) };
    const keysBefore = (await db.outbox.toArray()).map((x) => x.idempotencyKey);
    expect((await engine({ transport: busy }).drain()).stopped).toBe("backoff");
    const after = await db.outbox.toArray();
    expect(after.map((x) => x.idempotencyKey)).toEqual(keysBefore);
    expect(after.map((x) => [x.state, x.attempts])).toEqual([
      ["waiting", 0],
      ["waiting", 0],
    ]);
    expect(after[0]?.notBefore).toBe(clock + 1000);
    clock += 1000;
    expect(await e.drain()).toEqual({ sent: 2, stopped: null });
  });
});

describe("own writes and the feed cursor", () => {
  it("a device that had read the whole feed skips its own batch's changes; one that had not reads them", async () => {
    const e = engine();
    await itemWrites.create(e.writeContext, COMPANY, fields({ sku: "F0" }));
    await e.drain();
    await e.pull(COMPANY);
    const cursor = async () => (await db.meta.get(cursorKey(COMPANY)))?.value;
    const before = await cursor();
    for (const sku of ["F1", "F2", "F3"]) await itemWrites.create(e.writeContext, COMPANY, fields({ sku }));
    await e.drain();
    expect(api.batches).toHaveLength(1);
    expect(await cursor()).toBe(String(api.seq));
    expect(await cursor()).not.toBe(before);
    expect(await e.pull(COMPANY)).toEqual({ applied: 0, skipped: 0, pages: 1 });

    // someone else changes a record first: the batch's range does not start at this cursor
    const [other] = [...api.rows.keys()];
    api.edit(other as string, { title: "Changed elsewhere" });
    for (const sku of ["F4", "F5"]) await itemWrites.create(e.writeContext, COMPANY, fields({ sku }));
    await e.drain();
    expect(await cursor()).toBe(String(api.seq - 3));
    const pulled = await e.pull(COMPANY);
    expect(pulled.applied).toBe(3);
    expect(await db.items.get(other as string)).toMatchObject({ title: "Changed elsewhere" });
  });
});

describe("appended records (chat messages written offline)", () => {
  /** A thread's messages route on top of the fake API: numbered by the server, keyed replays. */
  function chatServer(opts: { batchRoute?: boolean } = {}) {
    const posted: { key: string; body: string; id: string; seq: number }[] = [];
    /** The append batches received (their writes). */
    const batches: AppendWrite[][] = [];
    let failNext = false;
    const one = (req: SyncRequest): SyncResponse => {
      const body = String((req.body as { body: string }).body);
      if (!body) return { status: 400, data: { message: "A message cannot be empty" } };
      const earlier = posted.find((p) => p.key === req.idempotencyKey);
      const row = earlier ?? {
        key: req.idempotencyKey as string,
        body,
        id: newId(),
        seq: posted.length + 1,
      };
      if (!earlier) posted.push(row);
      return {
        status: earlier ? 200 : 201,
        data: { id: row.id, threadId: "t1", seq: row.seq, body: row.body },
      };
    };
    const answered = (res: SyncResponse) => {
      if (failNext) {
        failNext = false;
        throw new NetworkError("answer lost");
      }
      return res;
    };
    const transport: SyncTransport = {
      send: async (req) => {
        if (req.method === "POST" && req.url === CHAT_MESSAGE_BATCH_PATH) {
          if (api.offline) throw new NetworkError("offline");
          if (!opts.batchRoute) return { status: 404, data: { message: "No route" } };
          const writes = structuredClone((req.body as { writes: AppendWrite[] }).writes);
          batches.push(writes);
          const answers: BatchWriteAnswer[] = [];
          for (const w of writes) {
            const res = one({ method: "POST", url: w.url, body: w.body, idempotencyKey: w.idempotencyKey });
            answers.push({ status: res.status, body: res.data });
            if (res.status >= 300) break;
          }
          return answered({ status: 200, data: { answers } });
        }
        if (!(req.method === "POST" && /^\/api\/chat\/threads\/t1\/messages$/.test(req.url)))
          return api.transport.send(req);
        if (api.offline) throw new NetworkError("offline");
        api.requests.push(structuredClone(req));
        return answered(one(req));
      },
    };
    return { posted, batches, transport, loseNextAnswer: () => (failNext = true) };
  }
  const post = (body: string) => ({
    url: "/api/chat/threads/t1/messages",
    body: { body },
    row: { threadId: "t1", seq: 1e15, body },
  });

  it("queued offline, sent alone in order once online, each once even when an answer is lost; the server's row replaces the device's", async () => {
    const chat = chatServer();
    const e = engine({ transport: chat.transport });
    api.offline = true;
    await e.write.append("chat-message", COMPANY, "local-1", post("one"));
    await itemWrites.create(e.writeContext, COMPANY, fields({ sku: "CHAT-1" }));
    await e.write.append("chat-message", COMPANY, "local-2", post("two"));
    await e.drain();
    expect(await db.chatMessages.get("local-1")).toMatchObject({ body: "one", seq: 1e15 });
    expect(await db.outbox.count()).toBe(3);

    api.offline = false;
    chat.loseNextAnswer();
    await e.drain(); // the first answer is lost: the drain stops, the message stays queued
    await e.drain();
    expect(chat.posted.map((p) => p.body)).toEqual(["one", "two"]);
    const chatRequests = api.requests.filter((r) => r.url.startsWith("/api/chat/"));
    expect(chatRequests.map((r) => (r.body as { body: string }).body)).toEqual(["one", "one", "two"]);
    expect(chatRequests[0]?.idempotencyKey).toBe(chatRequests[1]?.idempotencyKey);
    expect(api.batches.flat().some((w) => w.url.startsWith("/api/chat/"))).toBe(false);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.chatMessages.get("local-1")).toBeUndefined();
    const stored = await db.chatMessages.toArray();
    expect(stored.map((m) => [m.body, m.seq])).toEqual([
      ["one", 1],
      ["two", 2],
    ]);
  });

  it("consecutive queued messages go together in order, each with its key, exactly once when an answer is lost", async () => {
    const chat = chatServer({ batchRoute: true });
    const e = engine({ transport: chat.transport });
    api.offline = true;
    for (const body of ["one", "two", "three"])
      await e.write.append("chat-message", COMPANY, `local-${body}`, post(body));
    await itemWrites.create(e.writeContext, COMPANY, fields({ sku: "CHAT-2" }));
    await e.write.append("chat-message", COMPANY, "local-four", post("four"));
    const keys = (await db.outbox.toArray()).filter((x) => x.append).map((x) => x.idempotencyKey);

    api.offline = false;
    chat.loseNextAnswer();
    await e.drain(); // the batch's answer is lost: all three stay queued and go again, same keys
    await e.drain();
    expect(chat.posted.map((p) => p.body)).toEqual(["one", "two", "three", "four"]);
    // the same batch twice (same keys), then the message after the item alone
    expect(chat.batches.map((b) => b.map((w) => [w.body?.body, w.idempotencyKey]))).toEqual([
      [
        ["one", keys[0]],
        ["two", keys[1]],
        ["three", keys[2]],
      ],
      [
        ["one", keys[0]],
        ["two", keys[1]],
        ["three", keys[2]],
      ],
    ]);
    const alone = api.requests.filter((r) => r.url.startsWith("/api/chat/"));
    expect(alone.map((r) => [(r.body as { body: string }).body, r.idempotencyKey])).toEqual([
      ["four", keys[3]],
    ]);
    expect(await db.outbox.count()).toBe(0);
    const stored = await db.chatMessages.toArray();
    expect(stored.map((m) => [m.body, m.seq])).toEqual([
      ["one", 1],
      ["two", 2],
      ["three", 3],
      ["four", 4],
    ]);
  });

  it("a refusal in a batch holds that message only; a server without the batch route gets them one at a time", async () => {
    const chat = chatServer({ batchRoute: true });
    const e = engine({ transport: chat.transport });
    api.offline = true;
    for (const body of ["a", "", "b"])
      await e.write.append("chat-message", COMPANY, `local-${body || "empty"}`, post(body));
    api.offline = false;
    await e.drain();
    expect(chat.posted.map((p) => p.body)).toEqual(["a", "b"]);
    expect(await db.outbox.toArray()).toMatchObject([
      { id: "local-empty", state: "rejected", error: "A message cannot be empty" },
    ]);

    const old = chatServer();
    const e2 = engine({ transport: old.transport });
    await e2.discard((await db.outbox.toArray())[0]?.seq as number);
    for (const body of ["x", "y"])
      await e2.write.append("chat-message", COMPANY, `local-${body}`, post(body));
    await e2.drain();
    expect(old.posted.map((p) => p.body)).toEqual(["x", "y"]);
    expect(await db.outbox.count()).toBe(0);
  });

  it("a refused message stays on the device, failed with the server's reason, until retried or discarded", async () => {
    const chat = chatServer();
    const e = engine({ transport: chat.transport });
    await e.write.append("chat-message", COMPANY, "local-x", post(""));
    await e.drain();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ state: "rejected", error: "A message cannot be empty", append: true });
    expect(await db.chatMessages.get("local-x")).toMatchObject({ body: "" });
    await e.discard(entry?.seq as number);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.chatMessages.get("local-x")).toBeUndefined();
  });
});
