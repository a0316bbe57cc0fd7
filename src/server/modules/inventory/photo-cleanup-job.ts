import { and, eq, inArray } from "drizzle-orm";
import type { ServerContext } from "../../context";
import type { Db } from "../../db/client";
import { jobs } from "../../db/schema";
import { enqueue } from "../../jobs/queue";
import { createJobRunner, type JobLog, type JobRunner } from "../../jobs/runner";
import type { FileStore } from "../../storage";
import { cleanupArticleImages } from "../articles/image-cleanup";
import { nextSlot } from "../filing/reminder-job";
import { cleanupInventoryPhotos } from "./photo-cleanup";

/**
 * The photo cleanup (photo-cleanup.ts, and article images' image-cleanup.ts) as a job in the `jobs` table, like the filing reminders:
 * runs are queued at whole multiples of INVENTORY_PHOTO_CLEANUP_EVERY_MINUTES with the slot as
 * the job's key, so replicas queue one run per slot and one process runs it; the chain survives
 * restarts. Run by the API process (JOBS_IN_PROCESS) or by `worker.js`.
 */
export const PHOTO_CLEANUP_JOB = "inventory-photo-cleanup";

function schedulePhotoCleanup(db: Db, at: Date) {
  return enqueue(db, {
    kind: PHOTO_CLEANUP_JOB,
    key: `${PHOTO_CLEANUP_JOB}@${at.toISOString()}`,
    payload: { at: at.toISOString() },
    runAt: at,
  });
}

/** Makes sure a cleanup run is queued (on every start); a start that finds one adds nothing. */
export async function ensurePhotoCleanupScheduled(db: Db, everyMinutes: number, now = new Date()) {
  const [pending] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, PHOTO_CLEANUP_JOB), inArray(jobs.status, ["queued", "running"])))
    .limit(1);
  if (pending) return null;
  return schedulePhotoCleanup(db, nextSlot(now, everyMinutes));
}

/** The job: queue the next run first (a failing run never ends the chain), then clean up. */
export function photoCleanupHandler(ctx: ServerContext, store: FileStore, log: JobLog) {
  return async () => {
    const now = new Date();
    await schedulePhotoCleanup(ctx.db, nextSlot(now, ctx.config.inventoryPhotoCleanupEveryMinutes));
    const result = await cleanupInventoryPhotos(ctx.db, store, {
      graceHours: ctx.config.inventoryPhotoGraceHours,
      now,
      log,
    });
    if (result.marked || result.restored || result.deleted || result.failed) {
      log.info({ ...result }, "inventory photo cleanup");
    }
    // Article images no article names share the run (docs/articles.md "Images").
    const images = await cleanupArticleImages(ctx.db, store, {
      graceHours: ctx.config.articleImageGraceHours,
      now,
      log,
    });
    if (images.deleted || images.failed) log.info({ ...images }, "article image cleanup");
    // A photo or image whose file could not be deleted stays; the job is retried (with backoff) to try again.
    if (result.failed > 0 || images.failed > 0)
      throw new Error(
        `${result.failed} photo(s) and ${images.failed} article image(s) could not be deleted; kept for a retry`,
      );
  };
}

/** A runner that claims only photo cleanup jobs (one at a time). */
export function createPhotoCleanupRunner(ctx: ServerContext, store: FileStore, log: JobLog): JobRunner {
  return createJobRunner({
    db: ctx.db,
    log,
    concurrency: 1,
    pollMs: 15_000,
    handlers: { [PHOTO_CLEANUP_JOB]: photoCleanupHandler(ctx, store, log) },
  });
}
