/**
 * The sync engine (issue 6, DESIGN.md section 4): drains the outbox to the API and pulls the
 * sync feed into Dexie. The same code runs in the page and, later, in the service worker (it
 * needs only a Dexie database and a SyncTransport; see docs/offline.md).
 *
 * Drain rules: entries go in `seq` order under the "blocklot-outbox" lock (Web Locks are shared
 * by tabs and the SW, so two drains never run at once anywhere); each write carries the entry's
 * Idempotency-Key, which stays the same on every replay of that write. Consecutive single-record
 * writes (at most one per record, up to WRITE_BATCH_MAX) go together in one write batch
 * (`POST /api/inventory/writes`): the server answers each as if it had been sent alone and stops
 * after the first that is not a 2xx, so every answer is settled by the rules below, the 2xx ones
 * in one Dexie transaction; the writes after the stop are sent again. A lone write and an import
 * chunk are sent as their own request.
 * - 2xx: the server row replaces the local one, the entry is dropped (one transaction);
 * - no answer: the entry stays waiting, the drain stops (the next trigger replays it);
 * - 401: waiting, drain stops (signed out or token refresh failed — replays after sign-in);
 * - 409: three-way merge; no conflicts → the merged fields are sent again on the server's
 *   version (same logical write, new key); conflicts → the entry waits for the user; a 409
 *   saying the same key is still being processed → retried shortly with the same key;
 * - 408/425/429/5xx: waiting with a backoff, drain stops (order is kept);
 * - other 4xx: rejected with the server's message; the user's data stays.
 * A rejected or conflicting entry holds back later entries of the same record only.
 */
import { v7 as uuidv7 } from "uuid";
import type { SyncEntity, SyncPage } from "../../domain/inventory/item";
import {
  changedFields,
  type MergeResult,
  mergeFields,
  pickFields,
  resolveConflicts,
} from "../../domain/inventory/merge";
import {
  type BatchWrite,
  type BatchWriteAnswer,
  WRITE_BATCH_MAX,
  WRITE_BATCH_PATH,
  type WriteBatchResponse,
} from "../../domain/inventory/write-batch";
import { acknowledgeBulk, bulkRequestBody, chunkSent, discardBulk, nextQueuedChunk } from "./bulk";
import {
  advanceCursor,
  type BlocklotDb,
  type ConflictRecord,
  cursorKey,
  type OutboxEntry,
  tableOf,
} from "./db";
import { ENTITIES, recordUrl } from "./entities";
import { withExclusiveLock } from "./lock";
import { deleteRecord, patchRecord, putRecord, rebaseQueuedWrites, type WriteContext } from "./mutations";
import { messageOf, NetworkError, type SyncTransport } from "./transport";

type Loose = Record<string, unknown>;

export const OUTBOX_LOCK = "blocklot-outbox";

export interface SyncEngineOptions {
  db: BlocklotDb;
  transport: SyncTransport;
  /** Epoch ms (tests move it). */
  now?: () => number;
  newKey?: () => string;
  lock?: (name: string, fn: () => Promise<DrainResult>) => Promise<DrainResult>;
  /** Schedules a drain after a backoff; return a cancel function. Default setTimeout; tests pass a no-op. */
  schedule?: (ms: number, fn: () => void) => () => void;
  /** Sync feed page size. */
  pageSize?: number;
  /** Backoff after the n-th failed attempt (ms). */
  backoff?: (attempts: number) => number;
  /**
   * A send with no answer after this long counts as no answer (ms, default 60 s): a hung
   * request must not hold the outbox lock, and the replay with the same key is safe.
   */
  sendTimeoutMs?: number;
  /** Most writes sent in one write batch (default WRITE_BATCH_MAX; 1 sends every write alone). */
  batchSize?: number;
}

export type DrainStop = "offline" | "auth" | "backoff" | null;

export interface DrainResult {
  /** Entries the server acknowledged in this drain. */
  sent: number;
  /** Why the drain stopped before the outbox was empty of sendable entries (null: it was). */
  stopped: DrainStop;
}

export interface PullResult {
  applied: number;
  skipped: number;
  pages: number;
}

export type ConflictChoice = Record<string, "mine" | "theirs">;

export const defaultBackoff = (attempts: number) =>
  Math.min(5 * 60_000, 1000 * 2 ** Math.max(0, attempts - 1)) * (0.75 + Math.random() * 0.5);

const RETRYABLE = new Set([408, 425, 429]);
/** The 409 the server answers while a request with the same Idempotency-Key still runs. */
const IN_FLIGHT = /still being processed/i;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NetworkError(`No answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

export function createSyncEngine(opts: SyncEngineOptions) {
  const { db, transport } = opts;
  const now = opts.now ?? Date.now;
  const newKey = opts.newKey ?? uuidv7;
  const lock = opts.lock ?? withExclusiveLock;
  const backoff = opts.backoff ?? defaultBackoff;
  const schedule =
    opts.schedule ??
    ((ms: number, fn: () => void) => {
      const t = setTimeout(fn, ms);
      return () => clearTimeout(t);
    });
  const writeCtx: WriteContext = { db, newKey, now: () => new Date(now()).toISOString() };

  let running: Promise<DrainResult> | null = null;
  let rerun = false;
  let cancelRetry: (() => void) | null = null;
  const pulling = new Map<string, Promise<PullResult>>();

  const key = (e: { entity: SyncEntity; id: string }) => `${e.entity}:${e.id}`;

  async function setEntry(seq: number, changes: Partial<OutboxEntry>) {
    await db.outbox.update(seq, changes);
  }

  /** 2xx: the server row becomes the local row (unless later writes of the user are queued). */
  async function acknowledge(e: OutboxEntry, data: unknown) {
    const table = tableOf(db, e.entity);
    await db.transaction("rw", [table, db.outbox, db.conflicts], async () => {
      await db.outbox.delete(e.seq as number);
      await db.conflicts.delete(e.seq as number);
      const later = (await db.outbox.where("[entity+id]").equals([e.entity, e.id]).sortBy("seq")).filter(
        (x) => (x.seq as number) > (e.seq as number),
      );
      if (e.method === "DELETE") {
        if (later.length === 0) await table.delete(e.id);
        return;
      }
      const row = data && typeof data === "object" && "id" in data ? (data as Loose) : null;
      if (!row) return;
      if (later.length === 0) {
        await table.put(row as never);
        return;
      }
      // The local row already shows the user's later edits: keep them, take the new version,
      // and base the later (never sent) writes on it.
      await rebaseQueuedWrites(db, e.entity, e.id, row.version as number, later);
    });
  }

  /**
   * Many 2xx answers at once (a write batch), with acknowledge's rules, in set operations: one
   * look-up of the records' remaining entries and one bulk write per table, instead of four
   * IndexedDB round trips per write. Records with later writes queued take acknowledge's path.
   */
  async function acknowledgeMany(done: { e: OutboxEntry; data: unknown }[]) {
    const seqs = done.map(({ e }) => e.seq as number);
    await db.transaction("rw", [db.items, db.products, db.batches, db.outbox, db.conflicts], async () => {
      const remaining = await db.outbox
        .where("[entity+id]")
        .anyOf(done.map(({ e }) => [e.entity, e.id]))
        .primaryKeys();
      const acked = new Set(seqs);
      const queued = new Set<number>(remaining.filter((seq) => !acked.has(seq)));
      const withLater = new Set<string>();
      if (queued.size > 0)
        for (const x of await db.outbox.bulkGet([...queued])) if (x) withLater.add(`${x.entity}:${x.id}`);
      await db.outbox.bulkDelete(seqs);
      await db.conflicts.bulkDelete(seqs);
      const puts = new Map<SyncEntity, Loose[]>();
      const gone = new Map<SyncEntity, string[]>();
      for (const { e, data } of done) {
        if (withLater.has(key(e))) {
          await acknowledge(e, data); // rebases the later writes (its own deletes are no-ops now)
          continue;
        }
        if (e.method === "DELETE") {
          gone.set(e.entity, [...(gone.get(e.entity) ?? []), e.id]);
          continue;
        }
        const row = data && typeof data === "object" && "id" in data ? (data as Loose) : null;
        if (row) puts.set(e.entity, [...(puts.get(e.entity) ?? []), row]);
      }
      for (const [entity, rows] of puts) await tableOf(db, entity).bulkPut(rows as never[]);
      for (const [entity, ids] of gone) await tableOf(db, entity).bulkDelete(ids);
    });
  }

  /** 409 with the server's current row: merge, re-queue or hold for the user. Returns true to send again now. */
  async function onConflict(e: OutboxEntry, data: unknown): Promise<boolean> {
    const current = (data as { current?: unknown } | null)?.current as Loose | undefined;
    const message = messageOf(data, "Someone else changed this record");
    if (!current || typeof current !== "object" || current.id !== e.id || !e.base) {
      // e.g. a SKU another record already has, or a create whose id exists
      await setEntry(e.seq as number, { state: "rejected", error: message, lastStatus: 409 });
      return false;
    }
    const fields = ENTITIES[e.entity].fields as (keyof Loose)[];
    const base = pickFields(e.base, fields);
    const theirs = pickFields(current, fields);
    const seq = e.seq as number;
    if (e.method === "DELETE") {
      await db.transaction("rw", [db.outbox, db.conflicts], async () => {
        await db.conflicts.put({
          seq,
          companyId: e.companyId,
          entity: e.entity,
          entityId: e.id,
          kind: "delete",
          fields: changedFields(base, theirs, fields) as string[],
          base: e.base,
          mine: null,
          theirs: current,
          merged: null,
          createdAt: new Date(now()).toISOString(),
        });
        await setEntry(seq, { state: "conflict", error: message, lastStatus: 409 });
      });
      return false;
    }
    const patch = pickFields(
      e.body ?? {},
      fields.filter((f) => f in (e.body ?? {})),
    );
    const mine = { ...base, ...patch };
    const result = mergeFields(base, mine, theirs, fields);
    if (result.conflicts.length > 0) {
      await db.transaction("rw", [db.outbox, db.conflicts], async () => {
        await db.conflicts.put({
          seq,
          companyId: e.companyId,
          entity: e.entity,
          entityId: e.id,
          kind: "update",
          fields: result.conflicts as string[],
          base: e.base,
          mine,
          theirs: current,
          merged: result.merged,
          createdAt: new Date(now()).toISOString(),
        });
        await setEntry(seq, { state: "conflict", error: message, lastStatus: 409 });
      });
      return false;
    }
    return requeueOnServerVersion(e, current, result.merged);
  }

  /**
   * Turns an entry into "write `wanted` on top of the server's `current`": the fields that
   * differ are sent with current.version under a new key (the body changed, and the server
   * refuses a reused key with another body). Nothing left to send → done, the server row wins.
   * Returns true when there is something to send.
   */
  async function requeueOnServerVersion(e: OutboxEntry, current: Loose, wanted: Loose): Promise<boolean> {
    const fields = ENTITIES[e.entity].fields as (keyof Loose)[];
    const theirs = pickFields(current, fields);
    const diff = changedFields(theirs, wanted, fields);
    const table = tableOf(db, e.entity);
    const seq = e.seq as number;
    return db.transaction("rw", [table, db.outbox, db.conflicts], async () => {
      await db.conflicts.delete(seq);
      const later = (await db.outbox.where("[entity+id]").equals([e.entity, e.id]).toArray()).filter(
        (x) => (x.seq as number) > seq,
      );
      const local = (await table.get(e.id)) as Loose | undefined;
      if (diff.length === 0) {
        await db.outbox.delete(seq);
        if (later.length === 0) await table.put(current as never);
        return false;
      }
      const version = current.version as number;
      await db.outbox.update(seq, {
        body:
          e.method === "PUT"
            ? { ...pickFields(wanted, fields), version }
            : { ...pickFields(wanted, diff), version },
        baseVersion: version,
        base: { ...current },
        idempotencyKey: newKey(),
        state: "waiting",
        error: null,
        lastStatus: 409,
        notBefore: null,
      });
      // show the server's other changes now; the user's later queued edits stay on top
      if (later.length === 0) await table.put({ ...(local ?? {}), ...current, ...wanted } as never);
      return true;
    });
  }

  type SendOutcome = "sent" | "again" | "held" | "offline" | "auth" | "backoff";

  /** The request an entry stands for (DELETE is conditional through `?version=`; no version yet: unconditional). */
  function urlOf(e: OutboxEntry) {
    return e.method === "DELETE" && e.baseVersion ? `${e.url}?version=${e.baseVersion}` : e.url;
  }

  /** A sent entry (attempts counted) and its coming answer or failure. */
  interface Flight {
    e: OutboxEntry;
    answer: Promise<{ res: { status: number; data: unknown } } | { err: unknown }>;
  }

  /**
   * Checks an entry is still sendable, marks it sending and sends it; null when it is not. With
   * `after`, also null unless nothing lies in the queue between entry `after` and this one.
   */
  async function begin(seq: number, after?: number): Promise<Flight | null> {
    // one transaction: while an import writes, every transaction on the outbox waits for its
    // current chunk
    const e = await db.transaction("rw", db.outbox, async () => {
      if (after !== undefined && (await db.outbox.where(":id").between(after, seq, false, false).count()) > 0)
        return null;
      const found = await db.outbox.get(seq);
      if (!found || (found.state !== "waiting" && found.state !== "sending")) return null;
      await db.outbox.update(seq, { state: "sending", attempts: found.attempts + 1 });
      return found;
    });
    if (!e) return null;
    const answer = (async () => {
      // an import chunk keeps its body beside the entry (bulk.ts)
      const body = e.bulk ? await bulkRequestBody(db, e) : e.body;
      const res = await withTimeout(
        transport.send({
          method: e.method,
          url: urlOf(e),
          body: body ?? undefined,
          idempotencyKey: e.idempotencyKey,
        }),
        opts.sendTimeoutMs ?? 60_000,
      );
      return { res };
    })().catch((err: unknown) => ({ err }));
    return { e: { ...e, attempts: e.attempts + 1 }, answer };
  }

  /** Settles a flight's answer (or its failure). */
  async function land(f: Flight): Promise<SendOutcome> {
    const a = await f.answer;
    if ("err" in a) {
      await setEntry(f.e.seq as number, noAnswer(a.err));
      return "offline";
    }
    return settle(f.e, a.res);
  }

  async function sendOne(seq: number): Promise<SendOutcome> {
    const f = await begin(seq);
    return f ? land(f) : "held";
  }

  function noAnswer(err: unknown): Partial<OutboxEntry> {
    const offline = err instanceof NetworkError;
    return {
      state: "waiting",
      lastStatus: 0,
      error: offline ? "Waiting for the network" : `Could not send: ${String(err)}`,
    };
  }

  /** Applies the server's answer to one sent entry (`e.attempts` already counts this send). */
  async function settle(e: OutboxEntry, res: { status: number; data: unknown }): Promise<SendOutcome> {
    const seq = e.seq as number;
    const { attempts } = e;
    const { status, data } = res;
    if (status >= 200 && status < 300) {
      if (e.bulk) {
        // an import chunk: each item is answered on its own (bulk.ts)
        const bulkCtx = { db, newKey, now: () => new Date(now()).toISOString() };
        if (await acknowledgeBulk(bulkCtx, e, data)) return "sent";
        await setEntry(seq, {
          state: "rejected",
          lastStatus: status,
          error: "The server's answer to these imported items could not be read",
        });
        return "held";
      }
      await acknowledge(e, data);
      return "sent";
    }
    if (status === 404 && e.method === "DELETE") {
      await acknowledge(e, null); // already gone: what the user wanted
      return "sent";
    }
    const inFlight = status === 409 && !(data as { current?: unknown } | null)?.current;
    if (inFlight && IN_FLIGHT.test(messageOf(data, ""))) {
      // the server still runs an earlier send of this very key (e.g. one that timed out here)
      await setEntry(seq, {
        state: "waiting",
        lastStatus: 409,
        error: messageOf(data, ""),
        notBefore: now() + 1000,
      });
      return "backoff";
    }
    if (status === 409) return (await onConflict(e, data)) ? "again" : "held";
    if (status === 401) {
      await setEntry(seq, { state: "waiting", lastStatus: 401, error: "Sign in again to send your changes" });
      return "auth";
    }
    if (status >= 500 || RETRYABLE.has(status)) {
      await setEntry(seq, {
        state: "waiting",
        lastStatus: status,
        error: messageOf(data, `The server answered ${status}; will retry`),
        notBefore: now() + backoff(attempts),
      });
      return "backoff";
    }
    await setEntry(seq, {
      state: "rejected",
      lastStatus: status,
      error: messageOf(data, `The server refused this change (${status})`),
    });
    return "held";
  }

  /** False once the server refused a write batch as a whole (e.g. one without the route): send alone from then on. */
  let batches = true;

  interface GroupOutcome {
    /** The entries sent (those of the group still sendable when it went out). */
    group: OutboxEntry[];
    /** The outcome of each entry the server answered, in order. */
    outcomes: SendOutcome[];
    /** Set when the whole request failed (no answer, signed out, backoff) or could not be batched. */
    stop?: "offline" | "auth" | "backoff" | "single";
  }

  /** Sends consecutive entries (distinct records, no import chunks) as one write batch. */
  async function sendGroup(candidates: OutboxEntry[]): Promise<GroupOutcome> {
    // read again and marked sending in one transaction: an entry discarded or changed since the
    // pass read it is not sent from a stale copy
    const group = await db.transaction("rw", db.outbox, async () => {
      const fresh = await db.outbox.bulkGet(candidates.map((e) => e.seq as number));
      const ok = fresh.filter(
        (e): e is OutboxEntry => !!e && (e.state === "waiting" || e.state === "sending"),
      );
      await db.outbox.bulkUpdate(
        ok.map((e) => ({
          key: e.seq as number,
          changes: { state: "sending" as const, attempts: e.attempts + 1 },
        })),
      );
      return ok;
    });
    if (group.length === 0) return { group, outcomes: [] };
    const sent = group.map((e) => ({ ...e, attempts: e.attempts + 1 }));
    // entries the server did not run go back as they were (not sent: their bodies may still be rebased)
    const unsent = (from: number, changes: Partial<OutboxEntry> = {}) =>
      db.outbox.bulkUpdate(
        group.slice(from).map((e) => ({
          key: e.seq as number,
          changes: { state: "waiting" as const, attempts: e.attempts, ...changes },
        })),
      );
    const writes: BatchWrite[] = group.map((e) => ({
      method: e.method as BatchWrite["method"],
      url: urlOf(e),
      body: e.body,
      idempotencyKey: e.idempotencyKey,
    }));
    let res: { status: number; data: unknown };
    try {
      res = await withTimeout(
        transport.send({ method: "POST", url: WRITE_BATCH_PATH, body: { writes } }),
        opts.sendTimeoutMs ?? 60_000,
      );
    } catch (err) {
      // no answer: any of them may have been applied; they keep their keys and counted attempts
      await db.outbox.bulkUpdate(sent.map((e) => ({ key: e.seq as number, changes: noAnswer(err) })));
      return { group, outcomes: [], stop: "offline" };
    }
    const answers = (res.data as { answers?: unknown } | null)?.answers;
    if (res.status !== 200 || !Array.isArray(answers)) {
      if (res.status === 401) {
        await unsent(0, { lastStatus: 401, error: "Sign in again to send your changes" });
        return { group, outcomes: [], stop: "auth" };
      }
      if (res.status >= 500 || RETRYABLE.has(res.status)) {
        await unsent(0, {
          lastStatus: res.status,
          error: messageOf(res.data, `The server answered ${res.status}; will retry`),
          notBefore: now() + backoff((group[0] as OutboxEntry).attempts + 1),
        });
        return { group, outcomes: [], stop: "backoff" };
      }
      // refused as a whole (nothing was run): send them one at a time instead
      await unsent(0);
      batches = false;
      return { group, outcomes: [], stop: "single" };
    }
    const given = (answers as BatchWriteAnswer[]).slice(0, group.length);
    const outcomes: SendOutcome[] = [];
    // the 2xx answers (all but possibly the last: the server stops at the first other one)
    // settle in one transaction, so the screens wake once for them
    let ok = 0;
    while (
      ok < given.length &&
      (given[ok] as BatchWriteAnswer).status >= 200 &&
      (given[ok] as BatchWriteAnswer).status < 300
    )
      ok++;
    if (ok > 0) {
      const tables = [db.items, db.products, db.batches, db.outbox, db.conflicts, db.meta];
      await db.transaction("rw", tables, async () => {
        await acknowledgeMany(
          sent.slice(0, ok).map((e, i) => ({ e, data: (given[i] as BatchWriteAnswer).body })),
        );
        // these were the request's only changes: the feed need not bring them back
        await advanceCursor(db, (group[0] as OutboxEntry).companyId, (res.data as WriteBatchResponse).cursor);
      });
      for (let i = 0; i < ok; i++) outcomes.push("sent");
    }
    for (let i = ok; i < given.length; i++) {
      const a = given[i] as BatchWriteAnswer;
      outcomes.push(await settle(sent[i] as OutboxEntry, { status: a.status, data: a.body }));
    }
    if (given.length < group.length) await unsent(given.length);
    return { group, outcomes };
  }

  async function drainOnce(): Promise<DrainResult> {
    let sent = 0;
    const limit = Math.max(1, Math.min(WRITE_BATCH_MAX, opts.batchSize ?? WRITE_BATCH_MAX));
    for (;;) {
      // Entries are read a window at a time as the pass reaches them (an old import chunk may
      // carry its body, hundreds of KB).
      const seqs = await db.outbox.orderBy("seq").primaryKeys();
      const blocked = new Set<string>();
      let progressed = false;
      let group: OutboxEntry[] = [];
      /** Sends the group collected so far; returns why the drain must stop, or null. */
      const flush = async (): Promise<DrainStop | null> => {
        const g = group;
        group = [];
        if (g.length === 0) return null;
        if (g.length === 1 || !batches) {
          for (const e of g) {
            if (blocked.has(key(e))) continue;
            const stop = await sendAlone(e);
            if (stop) return stop;
          }
          return null;
        }
        const out = await sendGroup(g);
        for (const [i, outcome] of out.outcomes.entries()) {
          const e = out.group[i] as OutboxEntry;
          const stop = await after(e, outcome);
          if (stop) return stop;
        }
        if (out.stop === "single") {
          // the server would not take a batch: the same entries, one at a time
          for (const e of out.group) {
            const stop = await sendAlone(e);
            if (stop) return stop;
          }
          return null;
        }
        if (out.stop === "backoff") {
          const first = await db.outbox.get(out.group[0]?.seq as number);
          if (first?.notBefore) scheduleRetry(first.notBefore - now());
        }
        return out.stop ?? null;
      };
      const sendAlone = async (e: OutboxEntry) => after(e, await sendOne(e.seq as number));
      /**
       * Consecutive import chunks, one request at a time: as soon as a chunk's 2xx answer has
       * arrived the next chunk is sent, and the answer is stored while the server works on it.
       * Past the chunks read, the chunks this page's import is still queueing follow (bulk.ts
       * `nextQueuedChunk`) as long as nothing else was queued in between.
       */
      const sendChunks = async (run: OutboxEntry[]): Promise<DrainStop | null> => {
        let next = 0;
        let last = -1;
        const beginNext = async (): Promise<Flight | null> => {
          let f: Flight | null;
          if (next < run.length) {
            last = (run[next++] as OutboxEntry).seq as number;
            f = await begin(last);
          } else {
            const seq = await nextQueuedChunk(db, last);
            if (seq === null) return null;
            f = await begin(seq, last);
            if (f) last = seq;
          }
          if (f) chunkSent(f.e.seq as number);
          return f;
        };
        let current = await beginNext();
        while (current) {
          const answered = await current.answer;
          const ok = "res" in answered && answered.res.status >= 200 && answered.res.status < 300;
          const following = ok ? beginNext() : null;
          const stop = await after(current.e, await land(current));
          const sentNext = following ? await following : null;
          if (stop) {
            if (sentNext) await after(sentNext.e, await land(sentNext));
            return stop;
          }
          current = sentNext ?? (ok ? null : await beginNext());
        }
        return null;
      };
      /** Counts one entry's outcome; "again" (re-queued after a merged 409) is sent at once. */
      const after = async (e: OutboxEntry, first: SendOutcome): Promise<DrainStop | null> => {
        let outcome = first;
        while (outcome === "again") outcome = await sendOne(e.seq as number);
        if (outcome === "sent") {
          sent++;
          progressed = true;
          return null;
        }
        if (outcome === "held") {
          blocked.add(key(e));
          progressed = true;
          return null;
        }
        if (outcome === "backoff") {
          const later = await db.outbox.get(e.seq as number);
          if (later?.notBefore) scheduleRetry(later.notBefore - now());
        }
        return outcome;
      };
      for (let w = 0; w < seqs.length; w += WRITE_BATCH_MAX) {
        const part = seqs.slice(w, w + WRITE_BATCH_MAX);
        let window = await db.outbox.bulkGet(part);
        for (let j = 0; j < window.length; j++) {
          let e = window[j];
          if (!e) continue;
          let k = key(e);
          if (e.state === "rejected" || e.state === "conflict") {
            blocked.add(k);
            continue;
          }
          if (blocked.has(k)) continue;
          if (e.notBefore !== null && e.notBefore > now()) {
            const stop = await flush();
            if (stop) return { sent, stopped: stop };
            scheduleRetry(e.notBefore - now());
            return { sent, stopped: "backoff" };
          }
          const joins =
            !e.bulk &&
            group.length < limit &&
            (group.length === 0 || group[0]?.companyId === e.companyId) &&
            !group.some((g) => key(g) === k);
          if (!joins && group.length > 0) {
            const stop = await flush();
            if (stop) return { sent, stopped: stop };
            // an acknowledgement rebases later writes of its record: read the rest again
            window = [...window.slice(0, j), ...(await db.outbox.bulkGet(part.slice(j)))];
            e = window[j];
            if (!e) continue;
            k = key(e);
            if (blocked.has(k) || e.state === "rejected" || e.state === "conflict") {
              blocked.add(k);
              continue;
            }
          }
          if (e.bulk) {
            const run = [e];
            for (let x = j + 1; x < window.length; x++) {
              const n = window[x];
              if (!n?.bulk || n.companyId !== e.companyId || n.state !== "waiting" || n.notBefore !== null)
                break;
              run.push(n);
            }
            const stop = await sendChunks(run);
            if (stop) return { sent, stopped: stop };
            j += run.length - 1;
            window = [...window.slice(0, j + 1), ...(await db.outbox.bulkGet(part.slice(j + 1)))];
            continue;
          }
          group.push(e);
        }
      }
      const stop = await flush();
      if (stop) return { sent, stopped: stop };
      // entries added while this pass ran are picked up by another pass
      if (!progressed) return { sent, stopped: null };
    }
  }

  function scheduleRetry(ms: number) {
    cancelRetry?.();
    cancelRetry = schedule(Math.max(0, ms), () => {
      cancelRetry = null;
      void drain();
    });
  }

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
        last = await lock(OUTBOX_LOCK, drainOnce);
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

  /** Applies the sync feed since the stored cursor, page by page, for one company. */
  function pull(companyId: string): Promise<PullResult> {
    const inFlight = pulling.get(companyId);
    if (inFlight) return inFlight;
    const p = (async () => {
      const result: PullResult = { applied: 0, skipped: 0, pages: 0 };
      for (;;) {
        const cursor = (await db.meta.get(cursorKey(companyId)))?.value as string | undefined;
        const qs = new URLSearchParams();
        if (cursor) qs.set("since", cursor);
        qs.set("limit", String(opts.pageSize ?? 500));
        const res = await withTimeout(
          transport.send({ method: "GET", url: `/api/sync/changes?${qs}` }),
          opts.sendTimeoutMs ?? 60_000,
        );
        if (res.status !== 200) throw new Error(messageOf(res.data, `Sync feed answered ${res.status}`));
        const page = res.data as SyncPage;
        result.pages++;
        await db.transaction("rw", [db.items, db.products, db.batches, db.outbox, db.meta], async () => {
          // Set-based: one outbox key lookup and one read per table for the page, not one of
          // each per change (a 50,000-item import comes back through the feed).
          // A record with a write of the user still queued keeps the user's version until acked.
          const queued = (await db.outbox
            .where("[entity+id]")
            .anyOf(page.changes.map((c) => [c.entity, c.id]))
            .keys()) as unknown as [SyncEntity, string][];
          const pending = new Set(queued.map(([entity, id]) => `${entity}:${id}`));
          for (const entity of ["batch", "product", "item"] as const) {
            const changes = page.changes.filter((c) => c.entity === entity);
            if (changes.length === 0) continue;
            const table = tableOf(db, entity);
            const mine = changes.filter((c) => !pending.has(`${entity}:${c.id}`));
            result.skipped += changes.length - mine.length;
            const gone = mine.filter((c) => c.deleted).map((c) => c.id);
            const rows = mine.flatMap((c) => (c.deleted ? [] : [c.row]));
            const locals = (await table.bulkGet(rows.map((r) => r.id))) as (Loose | undefined)[];
            const puts = rows.filter((row, i) => {
              const local = locals[i];
              // an older copy than the one the user's acknowledged write already put here
              if (local && (local.version as number) > row.version) {
                result.skipped++;
                return false;
              }
              result.applied++;
              // the same version is the same row (e.g. an import chunk's acknowledgement already
              // stored it): no rewrite of the row and its indexes
              return !(local?.version === row.version && local.updatedAt === row.updatedAt);
            });
            await table.bulkDelete(gone);
            result.applied += gone.length;
            await table.bulkPut(puts as never[]);
          }
          await db.meta.put({ key: cursorKey(companyId), value: page.cursor });
        });
        if (!page.hasMore) return result;
      }
    })().finally(() => pulling.delete(companyId));
    pulling.set(companyId, p);
    return p;
  }

  /** Sends a rejected entry again (new key: the server kept its answer for the old one) or a backed-off one now. */
  async function retry(seq: number): Promise<DrainResult> {
    const e = await db.outbox.get(seq);
    if (!e) return drain();
    if (e.state === "rejected") {
      await setEntry(seq, { state: "waiting", idempotencyKey: newKey(), error: null, notBefore: null });
    } else if (e.state === "waiting" || e.state === "sending") {
      await setEntry(seq, { notBefore: null });
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
    if (e.bulk) return discardBulk(db, e);
    const table = tableOf(db, e.entity);
    const dropAll = e.method === "PUT" && e.baseVersion === null;
    let refresh = false;
    await db.transaction("rw", [table, db.outbox, db.conflicts], async () => {
      const conflict = await db.conflicts.get(seq);
      const all = await db.outbox.where("[entity+id]").equals([e.entity, e.id]).sortBy("seq");
      const drop = dropAll ? all.filter((x) => (x.seq as number) >= seq) : [e];
      await db.outbox.bulkDelete(drop.map((x) => x.seq as number));
      await db.conflicts.bulkDelete(drop.map((x) => x.seq as number));
      const remaining = all.length - drop.length;
      if (remaining > 0) return;
      if (conflict) await table.put(conflict.theirs as never);
      else if (e.base) {
        await table.put(e.base as never);
        refresh = true;
      } else await table.delete(e.id);
    });
    if (refresh) await refreshRecord(e.entity, e.id).catch(() => undefined);
  }

  /** Reads one record from the server into Dexie (404 → removed), unless a write of it is queued. */
  async function refreshRecord(entity: SyncEntity, id: string) {
    const res = await transport.send({ method: "GET", url: recordUrl(entity, id) });
    const table = tableOf(db, entity);
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
    const c = await db.conflicts.get(seq);
    const e = await db.outbox.get(seq);
    if (!c || !e) return drain();
    if (c.kind === "delete") {
      if (choice === "keep") {
        await discard(seq);
        return drain();
      }
      await db.transaction("rw", [db.outbox, db.conflicts], async () => {
        await db.conflicts.delete(seq);
        await setEntry(seq, {
          body: null,
          baseVersion: c.theirs.version as number,
          base: { ...c.theirs },
          idempotencyKey: newKey(),
          state: "waiting",
          error: null,
        });
      });
      return drain();
    }
    const fields = ENTITIES[e.entity].fields as (keyof Loose)[];
    const result: MergeResult<Loose> = { merged: c.merged ?? {}, conflicts: c.fields };
    const wanted = resolveConflicts(
      result,
      c.mine ?? {},
      pickFields(c.theirs, fields),
      typeof choice === "object" ? choice : {},
    );
    await requeueOnServerVersion(e, c.theirs, wanted);
    return drain();
  }

  /** Starts a drain without waiting; its failures show up as entry states, not as exceptions here. */
  function kick() {
    drain().catch(() => undefined);
  }

  /** Write helpers: change Dexie + queue in one transaction, then try to send. */
  const write = {
    put: async (entity: SyncEntity, companyId: string, id: string, fields: object) => {
      const row = await putRecord(writeCtx, entity, companyId, id, fields as Loose);
      kick();
      return row;
    },
    patch: async (entity: SyncEntity, id: string, changes: object) => {
      const row = await patchRecord(writeCtx, entity, id, changes as Loose);
      if (row) kick();
      return row;
    },
    remove: async (entity: SyncEntity, id: string) => {
      await deleteRecord(writeCtx, entity, id);
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

export type SyncEngine = ReturnType<typeof createSyncEngine>;
export type { ConflictRecord };
