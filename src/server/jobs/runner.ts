import { hostname } from "node:os";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "../db/client";
import { claimJob, completeJob, extendLease, failJob, type Job, reapExhaustedJobs } from "./queue";

/** The few log methods the runner uses (Fastify's logger or a console-backed one). */
export interface JobLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export type JobHandler = (job: Job) => Promise<void>;

export interface JobRunner {
  readonly workerId: string;
  start(): void;
  /** Looks for work now (e.g. right after enqueueing) instead of at the next poll. */
  wake(): void;
  /** Stops claiming and waits for running jobs (at most `graceMs`). */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Claims and runs jobs from the `jobs` table. Runs inside the API process by default
 * (JOBS_IN_PROCESS=true) or in separate worker processes (`node dist/server/worker.js`):
 * both claim with FOR UPDATE SKIP LOCKED, so any number can share one database.
 * A handler that throws is retried with exponential backoff; a crashed process's jobs
 * are picked up again once their lock expires.
 */
export function createJobRunner(opts: {
  db: Db;
  handlers: Record<string, JobHandler>;
  concurrency: number;
  log: JobLog;
  pollMs?: number;
  leaseMs?: number;
  backoffBaseSeconds?: number;
  /** Called for a job whose worker died during its last attempt (it is now failed). */
  onExhausted?: (job: Job) => Promise<void>;
}): JobRunner {
  const workerId = `${hostname()}:${process.pid}:${uuidv7().slice(-8)}`;
  const pollMs = opts.pollMs ?? 1000;
  const leaseMs = opts.leaseMs ?? 120_000;
  const kinds = Object.keys(opts.handlers);
  const active = new Set<Promise<void>>();
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let looping = false;

  const runOne = async (job: Job) => {
    const heartbeat = setInterval(() => {
      extendLease(opts.db, job.id, workerId, leaseMs).catch(() => {});
    }, leaseMs / 3);
    heartbeat.unref();
    try {
      const handler = opts.handlers[job.kind];
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(job);
      await completeJob(opts.db, job.id);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      opts.log.warn({ job: job.id, kind: job.kind, attempt: job.attempts, err: message }, "job failed");
      await failJob(opts.db, job, message, { baseSeconds: opts.backoffBaseSeconds }).catch((e) =>
        opts.log.error({ err: e }, "could not record job failure"),
      );
    } finally {
      clearInterval(heartbeat);
    }
  };

  const loop = async () => {
    if (looping || !running) return;
    looping = true;
    try {
      for (const dead of await reapExhaustedJobs(opts.db, kinds)) {
        opts.log.warn(
          { job: dead.id, kind: dead.kind },
          "job abandoned: its worker stopped on the last attempt",
        );
        await opts.onExhausted?.(dead);
      }
      while (running && active.size < opts.concurrency) {
        const job = await claimJob(opts.db, workerId, leaseMs, kinds);
        if (!job) break;
        const p = runOne(job).finally(() => {
          active.delete(p);
          if (running) void loop();
        });
        active.add(p);
      }
    } catch (err) {
      if (running) opts.log.error({ err }, "job queue poll failed");
    } finally {
      looping = false;
    }
  };

  const schedule = () => {
    if (!running) return;
    timer = setTimeout(async () => {
      await loop();
      schedule();
    }, pollMs);
    timer.unref();
  };

  return {
    workerId,
    start() {
      if (running) return;
      running = true;
      void loop();
      schedule();
    },
    wake() {
      void loop();
    },
    async stop(graceMs = 5000) {
      running = false;
      if (timer) clearTimeout(timer);
      await Promise.race([
        Promise.allSettled([...active]),
        new Promise((r) => setTimeout(r, graceMs).unref()),
      ]);
    },
  };
}
