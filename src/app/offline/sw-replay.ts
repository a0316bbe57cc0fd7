/**
 * The service worker's outbox replay (docs/offline.md, "Service worker replays"): an engine on
 * the same Dexie database and the same entries as the pages, sending with `fetchTransport` and
 * a token from `createSwAuth`. It drains on the Background Sync tag, on the page's
 * SYNC_OUTBOX message and when the SW starts; after such a drain that sent something, the work that
 * waited for it runs at once (`onDrained`: files of a task made offline, files-after-outbox.ts). The
 * engine's Web Lock ("blocklot-outbox", shared
 * with every tab) keeps two drains from ever running at once; the Idempotency-Keys make even a
 * replay whose answer was lost harmless.
 */

import type { DrainResult } from "../../sync/engine";
import { fetchTransport } from "../../sync/transport";
import type { TokenPair } from "../lib/session/tokens";
import { handOffTokens } from "../lib/token-handoff";
import { type BlocklotDb, getDb } from "./db";
import { createSwAuth, type SwAuthDeps } from "./sw-auth";
import { type AppSyncEngine, createAppSyncEngine } from "./synced-types";

export const SYNC_TAG = "blocklot-outbox";
export const SYNC_MESSAGE = "SYNC_OUTBOX";

interface ExtendableEventLike extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface SyncEventLike extends ExtendableEventLike {
  tag: string;
}
interface MessageEventLike extends ExtendableEventLike {
  data: unknown;
}

/** What the replay needs of the service worker's global scope (tests pass a fake). */
export interface ReplayScope {
  addEventListener(type: "sync" | "message", fn: (e: Event) => void): void;
  clients: { matchAll(opts: { type: "window"; includeUncontrolled?: boolean }): Promise<readonly unknown[]> };
  fetch: typeof fetch;
  caches?: Pick<CacheStorage, "open">;
  cookieStore?: { get(name: string): Promise<{ value: string } | null | undefined> };
  navigator?: { locks?: LockManager };
}

export interface ReplayOptions {
  db?: BlocklotDb;
  /** Replaces the lock for the token refresh (tests). */
  withLock?: SwAuthDeps["withLock"];
  askTimeoutMs?: number;
}

export function startOutboxReplay(
  scope: ReplayScope,
  opts: ReplayOptions = {},
): {
  engine: AppSyncEngine;
  /** One drain (nothing after it: the file replay's own outbox drain). */
  drain(): Promise<DrainResult>;
  getToken(): Promise<string | null>;
  /**
   * `fn` runs after every drain of the SW's own triggers (tag, message, start) that sent something,
   * inside the event's waitUntil: the kanban files waiting for their task go at once instead of at
   * their own next sync.
   */
  onDrained(fn: (r: DrainResult) => Promise<unknown>): void;
} {
  const locks = scope.navigator?.locks;
  const auth = createSwAuth({
    windows: () =>
      scope.clients.matchAll({ type: "window", includeUncontrolled: true }) as ReturnType<
        SwAuthDeps["windows"]
      >,
    fetch: (...a) => scope.fetch(...a),
    csrfToken: async () => (await scope.cookieStore?.get("csrfToken"))?.value ?? null,
    handOff: (pair: TokenPair) => handOffTokens(pair, scope.caches),
    withLock:
      opts.withLock ??
      (<T>(name: string, fn: () => Promise<T>) => (locks ? (locks.request(name, fn) as Promise<T>) : fn())),
    askTimeoutMs: opts.askTimeoutMs,
  });
  const engine = createAppSyncEngine({
    db: opts.db ?? getDb(),
    transport: fetchTransport({ fetch: scope.fetch, getToken: auth.getToken, refreshToken: auth.refresh }),
  });

  const drain = () => engine.drain();
  const followers: ((r: DrainResult) => Promise<unknown>)[] = [];
  const drainAndFollow = async () => {
    const r = await drain();
    if (r.sent > 0) for (const fn of followers) await fn(r).catch(() => undefined);
    return r;
  };

  scope.addEventListener("sync", (event) => {
    const e = event as SyncEventLike;
    if (e.tag !== SYNC_TAG) return;
    // Rejecting tells the browser the sync did not finish: it fires the tag again later
    e.waitUntil(
      drainAndFollow().then((r) => {
        if (r.stopped === "offline") throw new Error("Outbox replay stopped: no network");
      }),
    );
  });

  scope.addEventListener("message", (event) => {
    const e = event as MessageEventLike;
    const data = e.data as { type?: unknown; token?: unknown } | null;
    if (data?.type !== SYNC_MESSAGE) return;
    auth.remember(data.token);
    e.waitUntil(drainAndFollow().catch(() => undefined));
  });

  // SW start (also covers browsers without Background Sync: every wake-up replays)
  void drainAndFollow().catch(() => undefined);
  return {
    engine,
    drain,
    getToken: async () => (await auth.getToken()) ?? null,
    onDrained: (fn) => void followers.push(fn),
  };
}
