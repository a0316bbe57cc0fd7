import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TASK_TYPE } from "../../domain/kanban/synced-types";
import { type BatchWrite, WRITE_BATCH_PATH } from "../../domain/sync/write-batch";
import { newId, putRecord } from "../../sync/outbox";
import { fetchTransport } from "../../sync/transport";
import { queueTaskFile } from "./attachment-uploads";
import { type BlocklotDb, createDb } from "./db";
import { createSwAuth } from "./sw-auth";
import { startPhotoUploadReplay } from "./sw-photo-replay";
import { SYNC_MESSAGE, SYNC_TAG, startOutboxReplay } from "./sw-replay";
import { createAppSyncEngine as createSyncEngine, SYNCED_TYPES } from "./synced-types";
import { itemWrites } from "./test-writes";

function jwt(claims: Record<string, unknown>) {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${enc({ alg: "HS256" })}.${enc(claims)}.sig`;
}
const nowS = () => Math.floor(Date.now() / 1000);
const validToken = (id = 1, tag = "a") => jwt({ id, tag, email: "a@b.c", iat: nowS(), exp: nowS() + 600 });

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

const fields = (sku: string) => ({
  batchId: null,
  productId: null,
  sku,
  barcode: null,
  title: `Item ${sku}`,
  description: "d",
  quantity: 1,
  condition: 13 as const,
  price: 100,
  category: "inventory" as const,
  dimensions: { length: null, width: null, height: null, unit: "INCH" as const },
  weight: { value: null, unit: "POUND" as const },
  location: null,
  status: "new" as const,
  publicationStatus: 0 as const,
  photos: [],
  notes: null,
});

/**
 * A server for the outbox: stores rows by id, honours Idempotency-Key (a replay gets the
 * stored answer), and accepts only `Bearer <accepted token>`.
 */
function fakeServer(accepted: () => string | null) {
  const rows = new Map<string, Record<string, unknown>>();
  const keys = new Map<string, { status: number; body: unknown }>();
  const writes: string[] = [];
  /** Every write request, replays included. */
  const requests: string[] = [];
  /** One write, as the single route answers it. */
  const one = (method: string, u: string, key: string | undefined, bodyText: string | undefined) => {
    requests.push(`${method} ${u}`);
    if (key && keys.has(key)) return keys.get(key) as { status: number; body: unknown };
    const id = u.split("/").pop()?.split("?")[0] as string;
    let status = 200;
    let body: unknown = null;
    if (method === "PUT") {
      const existing = rows.get(id);
      const row = {
        ...(JSON.parse(String(bodyText)) as object),
        id,
        version: (existing?.version as number) ?? 1,
      };
      rows.set(id, row);
      writes.push(`PUT ${id}`);
      status = existing ? 200 : 201;
      body = row;
    } else if (method === "DELETE") {
      rows.delete(id);
      writes.push(`DELETE ${id}`);
      status = 204;
    }
    if (key) keys.set(key, { status, body });
    return { status, body };
  };
  const fetchFn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const u = String(url);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    if (u === "/auth-jwt/token/refresh") return json(404, {});
    if (headers.Authorization !== `Bearer ${accepted()}`) return json(401, { message: "Unauthorized" });
    if (u === WRITE_BATCH_PATH) {
      // a write batch: each write as if sent alone, up to the first that is not a 2xx
      const { writes: batch } = JSON.parse(String(init?.body)) as { writes: BatchWrite[] };
      const answers = [];
      for (const w of batch) {
        const a = one(w.method, w.url, w.idempotencyKey, w.body ? JSON.stringify(w.body) : undefined);
        answers.push(a);
        if (a.status >= 300) break;
      }
      return json(200, { answers });
    }
    if (init?.method === "GET") return json(404, {});
    const a = one(
      String(init?.method),
      u,
      headers["Idempotency-Key"],
      init?.body ? String(init.body) : undefined,
    );
    return json(a.status, a.body);
  });
  return { rows, writes, requests, fetch: fetchFn as unknown as typeof fetch, calls: fetchFn };
}

type Fetch = typeof fetch;

class FakeScope {
  listeners = new Map<string, ((e: Event) => void)[]>();
  windows: { postMessage(m: unknown, t: Transferable[]): void }[] = [];
  cache = new Map<string, Response>();
  csrf: string | null = null;
  constructor(public fetch: Fetch) {}
  addEventListener(type: string, fn: (e: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  clients = { matchAll: async () => this.windows };
  caches = {
    open: async () =>
      ({
        put: async (k: string, r: Response) => void this.cache.set(k, r),
        match: async (k: string) => this.cache.get(k),
        delete: async (k: string) => this.cache.delete(k),
      }) as unknown as Cache,
  };
  cookieStore = {
    get: async (name: string) => (name === "csrfToken" && this.csrf ? { value: this.csrf } : null),
  };
  /** Dispatches an extendable event and returns what it waited for. */
  fire(type: string, props: Record<string, unknown>): Promise<unknown> {
    let waited: Promise<unknown> = Promise.resolve();
    const e = Object.assign(new Event(type), props, {
      waitUntil: (p: Promise<unknown>) => {
        waited = p;
      },
    });
    for (const fn of this.listeners.get(type) ?? []) fn(e);
    return waited;
  }
}

/** A page that answers the SW's token requests with `token`. */
const pageWith = (token: string | null) => ({
  postMessage: (_m: unknown, transfer: Transferable[]) => (transfer[0] as MessagePort).postMessage({ token }),
});

let db: BlocklotDb;
let n = 0;
beforeEach(async () => {
  db = createDb(`sw-replay-${++n}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const ctx = () => ({ db });

describe("service worker replay", () => {
  it("replays the outbox at SW start with an open page's token", async () => {
    const token = validToken();
    const server = fakeServer(() => token);
    await itemWrites.create(ctx(), "c1", fields("A"));
    await itemWrites.create(ctx(), "c1", fields("B"));
    const scope = new FakeScope(server.fetch);
    scope.windows = [pageWith(token)];
    const { drain } = startOutboxReplay(scope, { db });
    await drain();
    expect(server.rows.size).toBe(2);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.items.toArray()).every((i) => i.version === 1)).toBe(true);
  });

  it("drains on the sync tag, and fails the sync event while offline so the browser fires it again", async () => {
    const token = validToken();
    let online = false;
    const server = fakeServer(() => token);
    const fetchFn = (async (u: string, i?: RequestInit) => {
      if (!online) throw new TypeError("Failed to fetch");
      return server.fetch(u, i);
    }) as typeof fetch;
    const scope = new FakeScope(fetchFn);
    scope.windows = [pageWith(token)];
    const { drain } = startOutboxReplay(scope, { db });
    await drain();
    await itemWrites.create(ctx(), "c1", fields("A"));
    await expect(scope.fire("sync", { tag: SYNC_TAG })).rejects.toThrow(/no network/);
    expect(await db.outbox.count()).toBe(1);
    await expect(scope.fire("sync", { tag: "something-else" })).resolves.toBeUndefined();
    online = true;
    await expect(scope.fire("sync", { tag: SYNC_TAG })).resolves.toBeUndefined();
    expect(server.writes).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it("drains on the page's SYNC_OUTBOX message with the token it carries, once even when a sync event comes at the same time", async () => {
    const token = validToken();
    const server = fakeServer(() => token);
    const scope = new FakeScope(server.fetch); // no page answers token requests
    const { drain } = startOutboxReplay(scope, { db, askTimeoutMs: 50 });
    await drain();
    for (const sku of ["A", "B", "C"]) await itemWrites.create(ctx(), "c1", fields(sku));
    await Promise.all([
      scope.fire("message", { data: { type: SYNC_MESSAGE, token } }),
      scope.fire("sync", { tag: SYNC_TAG }),
      scope.fire("message", { data: { type: SYNC_MESSAGE, token } }),
    ]);
    expect(server.writes.sort()).toEqual((await db.items.toArray()).map((i) => `PUT ${i.id}`).sort());
    expect(server.writes).toHaveLength(3);
  });

  it("a page's engine and the SW's never send the same write twice when they drain at once", async () => {
    const token = validToken();
    const server = fakeServer(() => token);
    const slow = (async (u: string, i?: RequestInit) => {
      await new Promise((r) => setTimeout(r, 5));
      return server.fetch(u, i);
    }) as typeof fetch;
    for (const sku of ["A", "B", "C", "D"]) await itemWrites.create(ctx(), "c1", fields(sku));
    const scope = new FakeScope(slow);
    scope.windows = [pageWith(token)];
    const sw = startOutboxReplay(scope, { db });
    const page = createSyncEngine({ db, transport: fetchTransport({ fetch: slow, getToken: () => token }) });
    await Promise.all([page.drain(), sw.drain(), scope.fire("sync", { tag: SYNC_TAG }), page.drain()]);
    expect(server.writes).toHaveLength(4);
    // not even a replay: the Web Lock (here its in-realm stand-in) kept the drains apart
    expect(server.requests).toHaveLength(4);
    expect(await db.outbox.count()).toBe(0);
  });

  it("sends the files waiting for a task made offline right after the outbox drain that sent the task", async () => {
    const token = validToken();
    const server = fakeServer(() => token);
    let online = false;
    const fetchFn = (async (u: string, i?: RequestInit) => {
      if (!online) throw new TypeError("Failed to fetch");
      if (String(u).endsWith("/attachments")) {
        server.requests.push(`POST ${u}`);
        // the server knows the task only once its create arrived
        const taskId = String(u).split("/")[4] as string;
        return server.rows.has(taskId)
          ? json(201, { id: "att-1" })
          : json(404, { message: "Task not found" });
      }
      return server.fetch(u, i);
    }) as typeof fetch;
    const taskId = newId();
    await putRecord({ db, types: SYNCED_TYPES }, TASK_TYPE.entity, "c1", taskId, {
      boardId: newId(),
      columnId: newId(),
      title: "Made offline",
      position: "a0",
    });
    const fileId = await queueTaskFile(db, taskId, {
      name: "quote.pdf",
      type: "application/pdf",
      size: 4,
      bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46]).buffer,
    });
    const scope = new FakeScope(fetchFn);
    scope.windows = [pageWith(token)];
    const outbox = startOutboxReplay(scope, { db });
    const files = startPhotoUploadReplay(scope, { db, getToken: outbox.getToken, drainOutbox: outbox.drain });
    outbox.onDrained(() => files.drain());
    await outbox.drain(); // the start-up drains found no network
    await files.drain();
    expect(await db.photoUploads.get(fileId)).toMatchObject({ state: "waiting" });

    // back online: only the outbox's Background Sync fires (not the file queue's)
    online = true;
    await scope.fire("sync", { tag: SYNC_TAG });
    expect(server.writes).toEqual([`PUT ${taskId}`]);
    expect(server.requests.at(-1)).toBe(`POST /api/kanban/tasks/${taskId}/attachments`);
    expect(await db.photoUploads.get(fileId)).toMatchObject({ state: "done", photoId: "att-1" });
  });

  it("with no page open, refreshes from the cookie with the CSRF header and hands the new pair to the pages", async () => {
    const fresh = validToken(1, "from-cookie");
    const base = fakeServer(() => fresh);
    const refreshCalls: RequestInit[] = [];
    const fetchFn = (async (u: string, i?: RequestInit) => {
      if (u === "/auth-jwt/token/refresh") {
        refreshCalls.push(i as RequestInit);
        return json(200, { token: fresh, refreshToken: "r2" });
      }
      return base.fetch(u, i);
    }) as typeof fetch;
    const scope = new FakeScope(fetchFn);
    scope.csrf = "csrf-1";
    await itemWrites.create(ctx(), "c1", fields("A"));
    const { drain } = startOutboxReplay(scope, { db, askTimeoutMs: 50 });
    await drain();
    expect(base.writes).toHaveLength(1);
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0]?.credentials).toBe("same-origin");
    expect((refreshCalls[0]?.headers as Record<string, string> | undefined)?.["x-csrf-token"]).toBe("csrf-1");
    const handed = [...scope.cache.values()][0];
    expect(await handed?.json()).toEqual({ token: fresh, refreshToken: "r2" });
  });

  it("leaves the writes waiting when no token can be had (signed out): nothing is lost", async () => {
    const server = fakeServer(() => "never");
    const scope = new FakeScope(server.fetch); // no page, no CSRF cookie
    await itemWrites.create(ctx(), "c1", fields("A"));
    const { drain } = startOutboxReplay(scope, { db, askTimeoutMs: 50 });
    const r = await drain();
    expect(r.stopped).toBe("auth");
    const [entry] = await db.outbox.toArray();
    expect(entry?.state).toBe("waiting");
    expect(server.writes).toHaveLength(0);
  });
});

describe("the SW's token", () => {
  it("asks a page again after a 401 and never returns the refused token", async () => {
    const first = validToken(1, "first");
    const second = validToken(1, "second");
    let answer = first;
    const auth = createSwAuth({
      windows: async () => [
        pageWith(null),
        { postMessage: (_m, t) => (t[0] as MessagePort).postMessage({ token: answer }) },
      ],
      fetch: vi.fn() as unknown as typeof fetch,
      csrfToken: async () => null,
      handOff: async () => undefined,
      withLock: (_n, fn) => fn(),
      askTimeoutMs: 50,
    });
    expect(await auth.getToken()).toBe(first);
    expect(await auth.getToken()).toBe(first); // remembered, no second question
    answer = second;
    expect(await auth.refresh()).toBe(second);
    answer = second;
    expect(await auth.refresh()).toBeNull(); // the page has nothing newer than the refused one
  });

  it("ignores an expired token from a page", async () => {
    const expired = jwt({ id: 1, email: "a@b.c", iat: nowS() - 1000, exp: nowS() - 10 });
    const auth = createSwAuth({
      windows: async () => [pageWith(expired)],
      fetch: vi.fn() as unknown as typeof fetch,
      csrfToken: async () => null,
      handOff: async () => undefined,
      withLock: (_n, fn) => fn(),
      askTimeoutMs: 50,
    });
    expect(await auth.getToken()).toBeNull();
  });
});
