import { and, eq, inArray } from "drizzle-orm";
import type { ServerContext } from "../../context";
import type { Db } from "../../db/client";
import { jobs } from "../../db/schema";
import { enqueue } from "../../jobs/queue";
import { createJobRunner, type JobLog, type JobRunner } from "../../jobs/runner";
import { runFilingReminders } from "./reminders";

export const REMINDER_JOB = "filing-reminders";

/** The next run time after `now`: the next whole multiple of `everyMinutes` (UTC epoch). */
export function nextSlot(now: Date, everyMinutes: number): Date {
  const step = everyMinutes * 60_000;
  return new Date((Math.floor(now.getTime() / step) + 1) * step);
}

/**
 * Queues the run at `at`. The key names the slot, so replicas scheduling the same slot create
 * one job (the queue allows one queued or running job per key).
 */
export function scheduleReminders(db: Db, at: Date) {
  return enqueue(db, {
    kind: REMINDER_JOB,
    key: `${REMINDER_JOB}@${at.toISOString()}`,
    payload: { at: at.toISOString() },
    runAt: at,
  });
}

/**
 * Makes sure a reminder run is queued (on every start): the chain lives in the jobs table,
 * so it survives restarts; a start finds the queued run and adds nothing.
 */
export async function ensureRemindersScheduled(db: Db, everyMinutes: number, now = new Date()) {
  const [pending] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, REMINDER_JOB), inArray(jobs.status, ["queued", "running"])))
    .limit(1);
  if (pending) return null;
  return scheduleReminders(db, nextSlot(now, everyMinutes));
}

/** The job: queue the next run first (so a failing run never ends the chain), then remind. */
export function reminderHandler(ctx: ServerContext, clock: () => Date = () => new Date()) {
  return async () => {
    const now = clock();
    await scheduleReminders(ctx.db, nextSlot(now, ctx.config.filingRemindersEveryMinutes));
    await runFilingReminders(ctx, now);
  };
}

/** A runner that claims only reminder jobs (one at a time). */
export function createReminderRunner(ctx: ServerContext, log: JobLog): JobRunner {
  return createJobRunner({
    db: ctx.db,
    log,
    concurrency: 1,
    pollMs: 15_000,
    handlers: { [REMINDER_JOB]: reminderHandler(ctx) },
  });
}
