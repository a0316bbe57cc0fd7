import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type BlocklotDb, createDb } from "../app/offline/db";
import { createAppSyncEngine as createSyncEngine } from "../app/offline/synced-types";
import { readOutboxStatus } from "../app/offline/use-outbox-status";
import type { SyncPage } from "../domain/sync/feed";
import { NetworkError, type SyncRequest } from "./transport";
import { LIVE_PULL_GAP_MS, onSyncChanged, startSync } from "./triggers";

let db: BlocklotDb;
let n = 0;
beforeEach(async () => {
  db = createDb(`triggers-${++n}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

class Target {
  handlers = new Map<string, Set<() => void>>();
  addEventListener(t: string, fn: () => void) {
    if (!this.handlers.has(t)) this.handlers.set(t, new Set());
    this.handlers.get(t)?.add(fn);
  }
  removeEventListener(t: string, fn: () => void) {
    this.handlers.get(t)?.delete(fn);
  }
  fire(t: string) {
    for (const fn of this.handlers.get(t) ?? []) fn();
  }
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe("sync triggers", () => {
  it("syncs on start, focus, online and the live poke; stop removes the listeners", async () => {
    const seen: SyncRequest[] = [];
    let offline = false;
    const engine = createSyncEngine({
      db,
      transport: {
        send: async (req) => {
          if (offline) throw new NetworkError();
          seen.push(req);
          const page: SyncPage = { changes: [], cursor: "1", hasMore: false };
          return { status: 200, data: page };
        },
      },
      schedule: () => () => undefined,
    });
    const target = new Target();
    let bgSync = 0;
    const stop = startSync(engine, "c1", { target, requestBackgroundSync: () => bgSync++ });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    target.fire("focus");
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    target.fire("online");
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    onSyncChanged();
    await vi.waitFor(() => expect(seen).toHaveLength(4));
    expect(seen.map((r) => r.url)).toEqual([
      "/api/sync/changes?limit=500",
      "/api/sync/changes?since=1&limit=500",
      "/api/sync/changes?since=1&limit=500",
      "/api/sync/changes?since=1&limit=500",
    ]);
    // offline with a queued write: the SW is asked for a background replay, errors are swallowed
    offline = true;
    await engine.write.put("item", "c1", "0190f0a0-0000-7000-8000-00000000000a", { title: "x" });
    await vi.waitFor(async () => expect((await db.outbox.toArray())[0]?.lastStatus).toBe(0));
    target.fire("focus");
    await vi.waitFor(() => expect(bgSync).toBe(1));
    stop();
    expect(target.handlers.get("focus")?.size).toBe(0);
    offline = false;
    onSyncChanged(); // no active sync: nothing happens
    await settle();
    expect(seen).toHaveLength(4);
  });

  it("coalesces a burst of live pokes: one pull at once, one after the gap, none lost during a pull", async () => {
    const pulls: number[] = [];
    let release: (() => void) | null = null;
    const engine = createSyncEngine({
      db,
      transport: {
        send: async () => {
          pulls.push(Date.now());
          // the second pull is slow: pokes arrive while it runs
          if (pulls.length === 2) await new Promise<void>((r) => (release = r));
          const page: SyncPage = { changes: [], cursor: "1", hasMore: false };
          return { status: 200, data: page };
        },
      },
      schedule: () => () => undefined,
    });
    const stop = startSync(engine, "c1", { target: new Target() });
    await vi.waitFor(() => expect(pulls).toHaveLength(1)); // the start
    const start = Date.now();
    for (let i = 0; i < 50; i++) onSyncChanged();
    await vi.waitFor(() => expect(pulls).toHaveLength(2)); // at once
    expect(pulls[1] as number).toBeLessThan(start + LIVE_PULL_GAP_MS / 2);
    for (let i = 0; i < 50; i++) onSyncChanged(); // during the slow pull
    await settle();
    expect(pulls).toHaveLength(2);
    (release as (() => void) | null)?.();
    await vi.waitFor(() => expect(pulls).toHaveLength(3), { timeout: LIVE_PULL_GAP_MS * 3 });
    expect(pulls[2] as number).toBeGreaterThanOrEqual((pulls[1] as number) + LIVE_PULL_GAP_MS - 5);
    await new Promise((r) => setTimeout(r, LIVE_PULL_GAP_MS + 100));
    expect(pulls).toHaveLength(3); // nothing new came: no more pulls
    stop();
  });

  it("readOutboxStatus counts waiting, rejected and conflicts per company", async () => {
    const base = {
      entity: "item" as const,
      id: "i",
      method: "PATCH" as const,
      url: "/u",
      body: {},
      idempotencyKey: "k",
      baseVersion: 1,
      base: null,
      error: null,
      lastStatus: null,
      createdAt: "t",
      attempts: 0,
      notBefore: null,
    };
    await db.outbox.bulkAdd([
      { ...base, companyId: "c1", state: "waiting" },
      { ...base, companyId: "c1", state: "sending" },
      { ...base, companyId: "c1", state: "rejected" },
      { ...base, companyId: "c1", state: "conflict" },
      { ...base, companyId: "c2", state: "rejected" },
    ]);
    expect(await readOutboxStatus(db, "c1")).toEqual({ waiting: 2, rejected: 1, conflicts: 1 });
    expect(await readOutboxStatus(db)).toEqual({ waiting: 2, rejected: 2, conflicts: 1 });
  });
});
