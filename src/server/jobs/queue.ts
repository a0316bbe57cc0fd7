import { and, eq, sql } from "drizzle-orm";
import type { NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import type { PgDatabase } from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "../db/client";
import type * as schema from "../db/schema";
import { jobs } from "../db/schema";
import { BOOT_ID, ownerDead } from "../process-heartbeat";

export interface Job {
  id: string;
  kind: string;
  key: string | null;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

/** Postgres unique violation: another queued or running job holds the same key. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

/**
 * Adds a job (due now, or at `runAt`). With a key, at most one queued or running job per key exists; enqueueing a
 * second one answers null (the caller reports "already running").
 */
export async function enqueue(
  db: Db,
  job: { kind: string; key?: string; payload: Record<string, unknown>; maxAttempts?: number; runAt?: Date },
): Promise<string | null> {
  const id = uuidv7();
  try {
    await db.insert(jobs).values({
      id,
      kind: job.kind,
      key: job.key ?? null,
      payload: job.payload,
      maxAttempts: job.maxAttempts ?? 3,
      ...(job.runAt ? { runAt: job.runAt } : {}),
    });
    return id;
  } catch (err) {
    if (job.key && isUniqueViolation(err)) return null;
    throw err;
  }
}

/**
 * Adds keyed jobs, skipping any whose key a queued or running job already holds; answers the ids
 * of the jobs added. Safe inside a
 * caller's transaction on PostgreSQL (ON CONFLICT DO NOTHING: no unique violation aborts it), so an
 * event can queue its background work in the transaction that records it.
 */
export async function enqueueUnlessQueued(
  q: PgDatabase<NodePgQueryResultHKT, typeof schema>,
  list: ReadonlyArray<{ kind: string; key: string; payload: Record<string, unknown>; maxAttempts?: number }>,
): Promise<string[]> {
  if (list.length === 0) return [];
  const added = await q
    .insert(jobs)
    .values(
      list.map((job) => ({
        id: uuidv7(),
        kind: job.kind,
        key: job.key,
        payload: job.payload,
        maxAttempts: job.maxAttempts ?? 3,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return added.map((j) => j.id);
}

/** A running job's lock is stale: its lease ran out, or its process is dead (process-heartbeat.ts). */
const stale = sql`(locked_until < now() or ${ownerDead(sql.raw("jobs.locked_boot"))})`;

function rowsOf(result: unknown): Record<string, unknown>[] {
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

/**
 * Claims the next due job for `workerId`: queued jobs whose run_at has come, or running
 * jobs whose worker died (its heartbeat is stale) or whose lock expired (the last resort). `FOR UPDATE SKIP LOCKED` lets several
 * processes claim from one PostgreSQL database without taking the same job.
 */
export async function claimJob(
  db: Db,
  workerId: string,
  leaseMs: number,
  kinds?: string[],
): Promise<Job | null> {
  const kindFilter = kinds?.length
    ? sql`and kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute(sql`
    update jobs set status = 'running', attempts = attempts + 1, locked_by = ${workerId},
      locked_boot = ${BOOT_ID},
      locked_until = now() + (${leaseMs}::int * interval '1 millisecond'), updated_at = now()
    where id = (
      select id from jobs
      where ((status = 'queued' and run_at <= now())
        or (status = 'running' and ${stale} and attempts < max_attempts))
      ${kindFilter}
      order by run_at, id
      limit 1
      for update skip locked
    )
    returning id, kind, key, payload, attempts, max_attempts`);
  const row = rowsOf(result)[0];
  if (!row) return null;
  const payload = typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload;
  return {
    id: String(row.id),
    kind: String(row.kind),
    key: row.key === null ? null : String(row.key),
    payload: payload as Record<string, unknown>,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
  };
}

/** Keeps a long job's lock alive. */
export async function extendLease(db: Db, id: string, workerId: string, leaseMs: number) {
  await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + (${leaseMs}::int * interval '1 millisecond')` })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, "running")));
}

export async function completeJob(db: Db, id: string) {
  await db
    .update(jobs)
    .set({ status: "done", lockedBy: null, lockedUntil: null, lockedBoot: null, updatedAt: sql`now()` })
    .where(eq(jobs.id, id));
}

/** Seconds before retry n (1-based): 5 s, 20 s, 80 s, ... capped at 30 minutes. */
export function backoffSeconds(attempt: number, baseSeconds = 5): number {
  return Math.min(30 * 60, baseSeconds * 4 ** Math.max(0, attempt - 1));
}

/** Records a failed attempt: back to the queue after a backoff, or failed for good after the last attempt. */
export async function failJob(db: Db, job: Job, error: string, opts: { baseSeconds?: number } = {}) {
  const final = job.attempts >= job.maxAttempts;
  const delay = backoffSeconds(job.attempts, opts.baseSeconds);
  await db
    .update(jobs)
    .set({
      status: final ? "failed" : "queued",
      lastError: error.slice(0, 2000),
      lockedBy: null,
      lockedUntil: null,
      lockedBoot: null,
      runAt: final ? sql`run_at` : sql`now() + (${delay}::int * interval '1 second')`,
      updatedAt: sql`now()`,
    })
    .where(eq(jobs.id, job.id));
  return { final };
}

/**
 * Jobs whose worker died on their last attempt (lock expired, no attempts left) are marked
 * failed and returned, so their owner can be told (e.g. the file is marked failed). Without
 * this a file that crashes its process every time would be retried forever.
 */
export async function reapExhaustedJobs(db: Db, kinds?: string[]): Promise<Job[]> {
  const kindFilter = kinds?.length
    ? sql`and kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute(sql`
    update jobs set status = 'failed', last_error = 'worker stopped during the last attempt',
      locked_by = null, locked_until = null, locked_boot = null, updated_at = now()
    where status = 'running' and ${stale} and attempts >= max_attempts ${kindFilter}
    returning id, kind, key, payload, attempts, max_attempts`);
  return rowsOf(result).map((row) => ({
    id: String(row.id),
    kind: String(row.kind),
    key: row.key === null ? null : String(row.key),
    payload: (typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload) as Record<
      string,
      unknown
    >,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
  }));
}
