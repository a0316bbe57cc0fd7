/**
 * The sender: one pass over the outbox (docs/offline.md "Drain rules"). Entries go in `seq`
 * order, each with its own Idempotency-Key, unchanged on every replay of the same write.
 * Consecutive single-record writes of one company (at most one per record, up to
 * WRITE_BATCH_MAX) go together in one write batch (`POST /api/sync/writes`): the server answers
 * each as if it had been sent alone and stops after the first that is not a 2xx, so every answer
 * is settled by the same rule, the 2xx ones in one Dexie transaction; the writes after the stop
 * are sent again. Consecutive appended records (chat messages) of one company whose type has an
 * append batch (SyncedTypeDecl.appendBatchPath) go together the same way, to that path. A lone
 * write, an append of a type without one and a chunk of creates go as their own request.
 *
 * Every answer is read by the app's one answer rule (lib/server-answer.ts):
 * - done: the server row replaces the local one, the entry is dropped (merge.ts); a DELETE
 *   answered 404 is done too (already gone);
 * - retry: no answer → waiting, the pass stops (the next trigger replays it); 401 → waiting, stop
 *   (replays after sign-in); IN_FLIGHT, busy, 5xx → waiting until `notBefore`, stop (order kept);
 * - conflict: the three-way merge (merge.ts);
 * - rejected: held with the server's message; the user's data stays.
 * A rejected or conflicting entry holds back later entries of the same record only.
 */
import { type BackoffPolicy, type NextStep, nextStep } from "../app/lib/server-answer";
import {
  type AppendWrite,
  type BatchWrite,
  type BatchWriteAnswer,
  WRITE_BATCH_MAX,
  WRITE_BATCH_PATH,
  type WriteBatchResponse,
} from "../domain/sync/write-batch";
import { type EngineContext, isoNow } from "./context";
import { advanceCursor, type OutboxEntry } from "./db";
import { acknowledge, acknowledgeMany, acknowledgeTables, onConflict } from "./merge";
import { NetworkError, type SyncResponse, withTimeout } from "./transport";

export type DrainStop = "offline" | "auth" | "backoff" | null;

export interface DrainResult {
  /** Entries the server acknowledged in this drain. */
  sent: number;
  /** Why the drain stopped before the outbox was empty of sendable entries (null: it was). */
  stopped: DrainStop;
}

type SendOutcome = "sent" | "again" | "held" | "offline" | "auth" | "backoff";

/** A sent entry (attempts counted) and its coming answer or failure. */
interface Flight {
  e: OutboxEntry;
  answer: Promise<{ res: SyncResponse } | { err: unknown }>;
}

export interface SenderOptions {
  /** Most writes in one write batch (1 sends every write alone). */
  batchSize: number;
  backoff: BackoffPolicy;
  /** Asks for another drain after `ms` (a write waits for its backoff). */
  scheduleRetry(ms: number): void;
}

const key = (e: { entity: string; id: string }) => `${e.entity}:${e.id}`;

/** The request an entry stands for (DELETE is conditional through `?version=`; no version yet: unconditional). */
function urlOf(e: OutboxEntry) {
  return e.method === "DELETE" && e.baseVersion ? `${e.url}?version=${e.baseVersion}` : e.url;
}

function noAnswer(err: unknown): Partial<OutboxEntry> {
  return {
    state: "waiting",
    lastStatus: 0,
    error: err instanceof NetworkError ? "Waiting for the network" : `Could not send: ${String(err)}`,
  };
}

/** The sender of one engine: `drainOnce` runs one pass (the engine holds the outbox lock around it). */
export function createSender(ctx: EngineContext, opts: SenderOptions) {
  const { db, transport } = ctx;
  /** Batch paths the server refused as a whole (e.g. an older one without the route): send alone from then on. */
  const refusedPaths = new Set<string>();
  /** Where an entry may go together with others: the write batch, its type's append batch, or nowhere. */
  const batchPathOf = (e: OutboxEntry): string | null =>
    e.bulk ? null : e.append ? (ctx.types[e.entity]?.appendBatchPath ?? null) : WRITE_BATCH_PATH;

  const setEntry = (seq: number, changes: Partial<OutboxEntry>) => db.outbox.update(seq, changes);
  const send = (req: Parameters<typeof transport.send>[0]) =>
    withTimeout(transport.send(req), ctx.sendTimeoutMs);
  const read = (res: SyncResponse, attempts: number, goneIsDone = false): NextStep =>
    nextStep(
      { status: res.status, retryAfter: res.retryAfter, body: res.data },
      { attempts, backoff: opts.backoff, goneIsDone },
    );

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
      // a chunk keeps its body beside the entry (chunks.ts)
      const body = e.bulk ? await ctx.chunks?.requestBody(db, e) : e.body;
      const res = await send({
        method: e.method,
        url: urlOf(e),
        body: body ?? undefined,
        idempotencyKey: e.idempotencyKey,
        companyId: e.companyId,
      });
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

  /** Applies the server's answer to one sent entry (`e.attempts` already counts this send). */
  async function settle(e: OutboxEntry, res: SyncResponse): Promise<SendOutcome> {
    const seq = e.seq as number;
    const step = read(res, e.attempts, e.method === "DELETE");
    switch (step.kind) {
      case "done": {
        if (!e.bulk) {
          await acknowledge(ctx, e, res.status === 404 ? null : res.data);
          return "sent";
        }
        // a chunk: each record is answered on its own (chunks.ts)
        const chunkCtx = { db, newKey: ctx.newKey, now: () => isoNow(ctx) };
        if (ctx.chunks && (await ctx.chunks.acknowledge(chunkCtx, e, res.data))) return "sent";
        await setEntry(seq, {
          state: "rejected",
          lastStatus: res.status,
          error: "The server's answer to these imported items could not be read",
        });
        return "held";
      }
      case "conflict":
        return (await onConflict(ctx, e, step.current, step.message)) ? "again" : "held";
      case "rejected":
        await setEntry(seq, { state: "rejected", lastStatus: step.status, error: step.message });
        return "held";
      case "retry":
        if (step.reason === "signed-out") {
          await setEntry(seq, { state: "waiting", lastStatus: step.status, error: step.message });
          return "auth";
        }
        await setEntry(seq, {
          state: "waiting",
          lastStatus: step.status,
          error: step.message,
          notBefore: ctx.now() + (step.delayMs ?? 0),
        });
        return "backoff";
    }
  }

  interface GroupOutcome {
    /** The entries sent (those of the group still sendable when it went out). */
    group: OutboxEntry[];
    /** The outcome of each entry the server answered, in order. */
    outcomes: SendOutcome[];
    /** Set when the whole request failed (no answer, signed out, backoff) or could not be batched. */
    stop?: "offline" | "auth" | "backoff" | "single";
  }

  /** Sends consecutive entries (distinct records, no chunks) as one write batch, or one append batch. */
  async function sendGroup(candidates: OutboxEntry[]): Promise<GroupOutcome> {
    const path = batchPathOf(candidates[0] as OutboxEntry) ?? WRITE_BATCH_PATH;
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
    const writes: Array<BatchWrite | AppendWrite> = group.map((e) =>
      e.append
        ? { method: "POST" as const, url: e.url, body: e.body, idempotencyKey: e.idempotencyKey }
        : {
            method: e.method as BatchWrite["method"],
            url: urlOf(e),
            body: e.body,
            idempotencyKey: e.idempotencyKey,
          },
    );
    let res: SyncResponse;
    try {
      res = await send({
        method: "POST",
        url: path,
        body: { writes },
        companyId: (group[0] as OutboxEntry).companyId,
      });
    } catch (err) {
      // no answer: any of them may have been applied; they keep their keys and counted attempts
      await db.outbox.bulkUpdate(sent.map((e) => ({ key: e.seq as number, changes: noAnswer(err) })));
      return { group, outcomes: [], stop: "offline" };
    }
    const answers = (res.data as { answers?: unknown } | null)?.answers;
    if (res.status !== 200 || !Array.isArray(answers)) {
      const step = read(res, (group[0] as OutboxEntry).attempts + 1);
      if (step.kind === "retry" && step.reason === "signed-out") {
        await unsent(0, { lastStatus: step.status, error: step.message });
        return { group, outcomes: [], stop: "auth" };
      }
      if (step.kind === "retry") {
        await unsent(0, {
          lastStatus: step.status,
          error: step.message,
          notBefore: ctx.now() + (step.delayMs ?? 0),
        });
        return { group, outcomes: [], stop: "backoff" };
      }
      // refused as a whole (nothing was run): send them one at a time instead
      await unsent(0);
      refusedPaths.add(path);
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
      await db.transaction("rw", acknowledgeTables(ctx), async () => {
        await acknowledgeMany(
          ctx,
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

  /** One pass over the outbox (under the outbox lock). */
  async function drainOnce(): Promise<DrainResult> {
    let sent = 0;
    const limit = Math.max(1, Math.min(WRITE_BATCH_MAX, opts.batchSize));
    for (;;) {
      // Entries are read a window at a time as the pass reaches them (an old chunk may carry its
      // body, hundreds of KB).
      const seqs = await db.outbox.orderBy("seq").primaryKeys();
      const blocked = new Set<string>();
      let progressed = false;
      let group: OutboxEntry[] = [];
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
          if (later?.notBefore) opts.scheduleRetry(later.notBefore - ctx.now());
        }
        return outcome;
      };
      const sendAlone = async (e: OutboxEntry) => after(e, await sendOne(e.seq as number));
      /** Sends the group collected so far; returns why the drain must stop, or null. */
      const flush = async (): Promise<DrainStop | null> => {
        const g = group;
        group = [];
        if (g.length === 0) return null;
        if (g.length === 1 || refusedPaths.has(batchPathOf(g[0] as OutboxEntry) ?? "")) {
          for (const e of g) {
            if (blocked.has(key(e))) continue;
            const stop = await sendAlone(e);
            if (stop) return stop;
          }
          return null;
        }
        const out = await sendGroup(g);
        for (const [i, outcome] of out.outcomes.entries()) {
          const stop = await after(out.group[i] as OutboxEntry, outcome);
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
          if (first?.notBefore) opts.scheduleRetry(first.notBefore - ctx.now());
        }
        return out.stop ?? null;
      };
      /**
       * Consecutive chunks, one request at a time: as soon as a chunk's 2xx answer has arrived
       * the next chunk is sent, and the answer is stored while the server works on it. Past the
       * chunks read, the chunks this page's import is still queueing follow (`nextQueued`) as
       * long as nothing else was queued in between.
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
            const seq = ctx.chunks ? await ctx.chunks.nextQueued(db, last) : null;
            if (seq === null) return null;
            f = await begin(seq, last);
            if (f) last = seq;
          }
          if (f) ctx.chunks?.sent(f.e.seq as number);
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
          if (e.notBefore !== null && e.notBefore > ctx.now()) {
            const stop = await flush();
            if (stop) return { sent, stopped: stop };
            opts.scheduleRetry(e.notBefore - ctx.now());
            return { sent, stopped: "backoff" };
          }
          const path = batchPathOf(e);
          const joins =
            path !== null &&
            group.length < limit &&
            (group.length === 0 ||
              (group[0]?.companyId === e.companyId && batchPathOf(group[0] as OutboxEntry) === path)) &&
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
          if (e.append && path === null) {
            // an appended record's POST is no record route: never in a write batch
            const stop = await sendAlone(e);
            if (stop) return { sent, stopped: stop };
            continue;
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

  return { drainOnce, sendOne };
}
