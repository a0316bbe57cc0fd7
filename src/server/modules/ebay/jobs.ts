import type { EbayConfig } from "../../config";
import type { Db } from "../../db/client";
import { createJobRunner, type JobLog, type JobRunner } from "../../jobs/runner";
import { LISTING_JOB, type ListingDeps, listingJobHandler } from "./listing-job";
import { ensureOrderSyncsScheduled, ORDERS_JOB, ordersJobHandler } from "./orders-job";

/**
 * The eBay jobs' runner: listing work (one job per company) and order syncs, from the jobs table,
 * in the API process (JOBS_IN_PROCESS) or in worker.js. Several companies run side by side.
 */
export function createEbayRunner(deps: ListingDeps, log: JobLog): JobRunner {
  return createJobRunner({
    db: deps.db,
    log,
    concurrency: 4,
    pollMs: 500,
    leaseMs: 120_000,
    backoffBaseSeconds: 5,
    handlers: { [LISTING_JOB]: listingJobHandler(deps), [ORDERS_JOB]: ordersJobHandler(deps) },
  });
}

export async function ensureEbayJobs(db: Db, ebay: EbayConfig) {
  await ensureOrderSyncsScheduled(db, ebay.orderSyncMinutes);
}
