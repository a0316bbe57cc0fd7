/**
 * The sync engine (DESIGN.md section 4, docs/offline.md): drains the outbox to the API and pulls
 * the change feed into Dexie, for every synced type the app declares. The same code runs in the
 * page and in the service worker; it needs a Dexie database with the engine's tables, the synced
 * types (src/domain/sync/entity.ts), a SyncTransport and, for chunks of creates, a ChunkSender.
 *
 * Its parts: outbox.ts (the write path, held writes), drain.ts (the sender and its answer
 * rules), merge.ts (what answers do to the device's rows), feed.ts (the pull). Here: one drain
 * at a time under the "blocklot-outbox" lock (Web Locks are shared by tabs and the SW, so two
 * drains never run at once anywhere), retries after a backoff, and the user's actions.
 */
import { v7 as uuidv7 } from "uuid";
import { type BackoffPolicy, QUEUE_BACKOFF } from "../app/lib/server-answer";
import { type SyncedTypes, typeOf } from "../domain/sync/entity";
import { SYNC_PAGE_DEFAULT } from "../domain/sync/feed";
import { WRITE_BATCH_MAX } from "../domain/sync/write-batch";
import type { ChunkSender } from "./chunks";
import type { EngineContext, Loose } from "./context";
import { type LocalRow, recordTable, type SyncDb } from "./db";
import { type RecordDependents, withDependentTables } from "./dependents";
import { createSender, type DrainResult } from "./drain";
import { type PullResult, pullFeed } from "./feed";
import { withExclusiveLock } from "./lock";
import { type ConflictChoice, resolveConflictEntry } from "./merge";
import { appendRecord, deleteRecord, patchRecord, putRecord, type WriteContext } from "./outbox";
import type { SyncTransport } from "./transport";

const OUTBOX_LOCK = "blocklot-outbox";
const PULL_LOCK = "blocklot-pull";

export interface SyncEngineOptions<D extends SyncDb = SyncDb> {
  db: D;
  types: SyncedTypes;
  transport: SyncTransport;
  /** How entries with `bulk` are sent and settled (inventory's import chunks). */
  chunks?: ChunkSender;
  /** Epoch ms (tests move it). */
  now?: () => number;
  newKey?: () => string;
  lock?: (name: string, fn: () => Promise<DrainResult>) => Promise<DrainResult>;
  /** Schedules a drain after a backoff; return a cancel function. Default setTimeout; tests pass a no-op. */
  schedule?: (ms: number, fn: () => void) => () => void;
  /** Sync feed page size. */
  pageSize?: number;
  /** Backoff of busy or failing answers (default QUEUE_BACKOFF: 1 s doubling to 5 min, jittered). */
  backoff?: BackoffPolicy;
  /**
   * A send with no answer after this long counts as no answer (ms, default 60 s): a hung
   * request must not hold the outbox lock, and the replay with the same key is safe.
   */
  sendTimeoutMs?: number;
  /** What goes with a record that leaves the device without reaching the server (dependents.ts). */
  dependents?: RecordDependents;
  /** Most writes sent in one write batch (default WRITE_BATCH_MAX; 1 sends every write alone). */
  batchSize?: number;
}

export type { ConflictChoice, DrainResult, PullResult };

export function createSyncEngine<D extends SyncDb>(opts: SyncEngineOptions<D>) {
  const { db } = opts;
  const now = opts.now ?? Date.now;
  const newKey = opts.newKey ?? uuidv7;
  const lock = opts.lock ?? withExclusiveLock;
  const schedule =
    opts.schedule ??
    ((ms: number, fn: () => void) => {
      const t = setTimeout(fn, ms);
      return () => clearTimeout(t);
    });
  const ctx: EngineContext = {
    db,
    types: opts.types,
    transport: opts.transport,
    now,
    newKey,
    sendTimeoutMs: opts.sendTimeoutMs ?? 60_000,
    chunks: opts.chunks,
  };
  const writeCtx: WriteContext<D> = {
    db,
    types: opts.types,
    newKey,
    now: () => new Date(now()).toISOString(),
    dependents: opts.dependents,
  };

  let running: Promise<DrainResult> | null = null;
  let rerun = false;
  let cancelRetry: (() => void) | null = null;
  const pulling = new Map<string, Promise<PullResult>>();

  function scheduleRetry(ms: number) {
    cancelRetry?.();
    cancelRetry = schedule(Math.max(0, ms), () => {
      cancelRetry = null;
      void drain();
    });
  }

  const sender = createSender(ctx, {
    batchSize: opts.batchSize ?? WRITE_BATCH_MAX,
    backoff: opts.backoff ?? QUEUE_BACKOFF,
    scheduleRetry,
  });

  /**
   * Sends every waiting entry it can. Calls while a drain runs in this realm join it (and make
   * it look once more at the end); the lock keeps other tabs and the SW out meanwhile.
   */
  function drain(): Promise<DrainResult> {
    if (running) {
      rerun = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      let last: DrainResult;
      do {
        rerun = false;
        last = await lock(OUTBOX_LOCK, sender.drainOnce);
        total += last.sent;
        // a call that joined a drain which then stopped (offline, signed out) may come from the
        // very trigger that fixes it (`online`, sign-in): look once more instead of losing it
      } while (rerun);
      return { sent: total, stopped: last.stopped };
    })().finally(() => {
      running = null;
    });
    return running;
  }

  /**
   * Applies the change feed since the stored cursor, page by page, for one company (single-flight
   * here; the "blocklot-pull:{company}" Web Lock keeps the page's pull worker, other tabs and
   * this page from reading the same cursor at once, which would apply pages twice).
   */
  function pull(companyId: string): Promise<PullResult> {
    const inFlight = pulling.get(companyId);
    if (inFlight) return inFlight;
    const p = withExclusiveLock(`${PULL_LOCK}:${companyId}`, () =>
      pullFeed(ctx, companyId, opts.pageSize ?? SYNC_PAGE_DEFAULT),
    ).finally(() => pulling.delete(companyId));
    pulling.set(companyId, p);
    return p;
  }

  /** Sends a rejected entry again (new key: the server kept its answer for the old one) or a backed-off one now. */
  async function retry(seq: number): Promise<DrainResult> {
    const e = await db.outbox.get(seq);
    if (e?.state === "rejected") {
      await db.outbox.update(seq, {
        state: "waiting",
        idempotencyKey: newKey(),
        error: null,
        notBefore: null,
      });
    } else if (e?.state === "waiting" || e?.state === "sending") {
      await db.outbox.update(seq, { notBefore: null });
    }
    return drain();
  }

  /**
   * Drops a held write and puts back what the server has: the 409's row for a conflict, else
   * the row as it was before the write (then refreshed from the server when online). Discarding
   * a create also drops the record's later writes (they cannot apply without it).
   */
  async function discard(seq: number): Promise<void> {
    const e = await db.outbox.get(seq);
    if (!e) return;
    if (e.bulk) {
      if (ctx.chunks) await ctx.chunks.discard(db, e);
      else await db.outbox.delete(seq);
      return;
    }
    const table = recordTable(db, typeOf(ctx.types, e.entity));
    const dropAll = e.method === "PUT" && e.baseVersion === null;
    let refresh = false;
    const tables = withDependentTables(db, [table, db.outbox, db.conflicts], opts.dependents);
    await db.transaction("rw", tables, async () => {
      const conflict = await db.conflicts.get(seq);
      const all = await db.outbox.where("[entity+id]").equals([e.entity, e.id]).sortBy("seq");
      const drop = dropAll ? all.filter((x) => (x.seq as number) >= seq) : [e];
      await db.outbox.bulkDelete(drop.map((x) => x.seq as number));
      await db.conflicts.bulkDelete(drop.map((x) => x.seq as number));
      if (all.length > drop.length) return;
      if (conflict) await table.put(conflict.theirs as never);
      else if (e.base) {
        await table.put(e.base as never);
        refresh = true;
      } else {
        // nothing of it on the server: what waits beside it would only be refused
        await table.delete(e.id);
        await opts.dependents?.forget(db, e.entity, e.id);
      }
    });
    if (refresh) await refreshRecord(e.entity, e.id, e.companyId).catch(() => undefined);
  }

  /** Reads one record from the server into Dexie (404 → removed), unless a write of it is queued. */
  async function refreshRecord(entity: string, id: string, companyId?: string) {
    const type = typeOf(ctx.types, entity);
    const res = await opts.transport.send({
      method: "GET",
      url: `${type.path}/${encodeURIComponent(id)}`,
      companyId,
    });
    const table = recordTable(db, type);
    await db.transaction("rw", [table, db.outbox], async () => {
      if ((await db.outbox.where("[entity+id]").equals([entity, id]).count()) > 0) return;
      if (res.status === 404) await table.delete(id);
      else if (res.status === 200 && res.data && typeof res.data === "object")
        await table.put(res.data as never);
    });
  }

  /**
   * The user's answer to a conflict. Update: per conflicting field "mine" or "theirs" (missing:
   * theirs). Delete: "delete" deletes anyway, "keep" keeps the server's record.
   */
  async function resolveConflict(
    seq: number,
    choice: ConflictChoice | "delete" | "keep",
  ): Promise<DrainResult> {
    if (choice === "keep") await discard(seq);
    else await resolveConflictEntry(ctx, seq, choice);
    return drain();
  }

  /** Starts a drain without waiting; its failures show up as entry states, not as exceptions here. */
  function kick() {
    drain().catch(() => undefined);
  }

  /** Write helpers: change Dexie + queue in one transaction, then try to send. */
  const write = {
    put: async <T extends object = LocalRow>(
      entity: string,
      companyId: string,
      id: string,
      fields: object,
    ) => {
      const row = await putRecord<T>(writeCtx, entity, companyId, id, fields as Loose);
      kick();
      return row;
    },
    patch: async <T extends object = LocalRow>(entity: string, id: string, changes: object) => {
      const row = await patchRecord<T>(writeCtx, entity, id, changes as Loose);
      if (row) kick();
      return row;
    },
    remove: async (entity: string, id: string) => {
      await deleteRecord(writeCtx, entity, id);
      kick();
    },
    /** A record the server numbers itself, posted once to `post.url` (outbox.ts `appendRecord`). */
    append: async (
      entity: string,
      companyId: string,
      id: string,
      post: { url: string; body: object; row: object },
    ) => {
      await appendRecord(writeCtx, entity, companyId, id, post as { url: string; body: Loose; row: Loose });
      kick();
    },
  };

  /** Resolves when no drain runs in this realm (at once if none does). */
  function whenIdle(): Promise<void> {
    return running
      ? running.then(
          () => undefined,
          () => undefined,
        )
      : Promise.resolve();
  }

  return {
    db,
    types: opts.types,
    drain,
    pull,
    retry,
    discard,
    resolveConflict,
    refreshRecord,
    whenIdle,
    write,
    writeContext: writeCtx,
  };
}

export type SyncEngine<D extends SyncDb = SyncDb> = ReturnType<typeof createSyncEngine<D>>;
