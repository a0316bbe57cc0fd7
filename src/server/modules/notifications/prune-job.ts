import { and, eq, inArray } from "drizzle-orm";
import type { ServerContext } from "../../context";
import type { Db } from "../../db/client";
import { jobs } from "../../db/schema";
import { enqueue } from "../../jobs/queue";
import { createJobRunner, type JobLog, type JobRunner } from "../../jobs/runner";
import { nextSlot } from "../filing/reminder-job";
import { pruneReadNotifications } from "./store";

/**
 * Read notifications older than 90 days, and removed ones a day after their removal (past their
 * undo), are deleted once a day, as a job in the `jobs` table like
 * the filing reminders and the photo cleanup: one run per slot (the slot is the job's key, so
 * replicas queue it once), the next queued before this one works, surviving restarts. Run by the
 * API process (JOBS_IN_PROCESS) or by `worker.js`.
 */
const NOTIFICATION_PRUNE_JOB = "notifications-prune";
const EVERY_MINUTES = 24 * 60;

function schedulePrune(db: Db, at: Date) {
  return enqueue(db, {
    kind: NOTIFICATION_PRUNE_JOB,
    key: `${NOTIFICATION_PRUNE_JOB}@${at.toISOString()}`,
    payload: { at: at.toISOString() },
    runAt: at,
  });
}

/** Makes sure a prune run is queued (on every start); a start that finds one adds nothing. */
export async function ensurePruneScheduled(db: Db, now = new Date()) {
  const [pending] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, NOTIFICATION_PRUNE_JOB), inArray(jobs.status, ["queued", "running"])))
    .limit(1);
  if (pending) return null;
  return schedulePrune(db, nextSlot(now, EVERY_MINUTES));
}

/** The job: queue the next run first (a failing run never ends the chain), then prune. */
export function pruneHandler(
  ctx: Pick<ServerContext, "db">,
  log: JobLog,
  clock: () => Date = () => new Date(),
) {
  return async () => {
    const now = clock();
    await schedulePrune(ctx.db, nextSlot(now, EVERY_MINUTES));
    const deleted = await pruneReadNotifications(ctx.db, now);
    if (deleted) log.info({ deleted }, "old read and removed notifications pruned");
  };
}

/** A runner that claims only prune jobs (one at a time). */
export function createPruneRunner(ctx: Pick<ServerContext, "db">, log: JobLog): JobRunner {
  return createJobRunner({
    db: ctx.db,
    log,
    concurrency: 1,
    pollMs: 60_000,
    handlers: { [NOTIFICATION_PRUNE_JOB]: pruneHandler(ctx, log) },
  });
}
