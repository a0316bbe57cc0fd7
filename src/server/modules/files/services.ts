import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { OcrSetup } from "../../extraction/ocr";
import { createExtractionPool, type ExtractionPool } from "../../extraction/pool";
import { enqueueUnlessQueued } from "../../jobs/queue";
import { createJobRunner, type JobLog, type JobRunner } from "../../jobs/runner";
import { createFileStore, type FileStore } from "../../storage";
import {
  EXTRACT_JOB,
  extractionHandler,
  extractJobKey,
  setFileStatus,
  UNEXPECTED_FAILURE,
} from "./extraction-job";

/** Everything the file module needs besides the database: storage, jobs, threads. */
export interface FileServices {
  store: FileStore;
  runner: JobRunner | null;
  /**
   * Queues the file's extraction, marks it queued (live listeners are told) and wakes the job
   * runner (when jobs run in this process). False when its extraction is queued already.
   */
  queueExtraction(fileId: string): Promise<boolean>;
  /**
   * Threads for preview page images: separate from extraction, so a long OCR job never keeps a
   * preview waiting; short timeout and a smaller memory limit, since one page is small work.
   */
  previewPool(): ExtractionPool;
  close(): Promise<void>;
}

export function createFileServices(
  ctx: { config: Config; db: Db },
  log: JobLog,
  /** `ocr`: the engine chosen at start (extraction/ocr-setup.ts `startOcr`) where jobs run. */
  opts: { runJobs: boolean; ocr?: OcrSetup },
) {
  const store = createFileStore(ctx.config);
  let pool: ExtractionPool | null = null;
  const getPool = () => {
    pool ??= createExtractionPool({
      size: ctx.config.extractionWorkers,
      memoryMb: ctx.config.extractionMemoryMb,
      ocr: opts.ocr,
    });
    return pool;
  };
  let preview: ExtractionPool | null = null;
  const previewPool = () => {
    preview ??= createExtractionPool({
      size: Math.min(2, ctx.config.extractionWorkers),
      timeoutMs: 30_000,
      memoryMb: 512,
    });
    return preview;
  };
  const runner = opts.runJobs
    ? createJobRunner({
        db: ctx.db,
        log,
        concurrency: ctx.config.extractionWorkers,
        onExhausted: async (job) => {
          await setFileStatus({ db: ctx.db }, String(job.payload.fileId), "failed", {
            failureReason: UNEXPECTED_FAILURE,
          });
        },
        handlers: {
          [EXTRACT_JOB]: extractionHandler({
            db: ctx.db,
            store,
            pool: getPool,
            maxPages: ctx.config.extractionMaxPages,
            memoryMb: ctx.config.extractionMemoryMb,
          }),
        },
      })
    : null;
  const services: FileServices = {
    store,
    runner,
    async queueExtraction(fileId) {
      const queued = await ctx.db.transaction(async (tx) => {
        const [jobId] = await enqueueUnlessQueued(tx, [
          { kind: EXTRACT_JOB, key: extractJobKey(fileId), payload: { fileId } },
        ]);
        if (!jobId) return false;
        // In the job's transaction: no worker can claim the job (and say "extracting") before the
        // file says "queued"; written after the commit, "queued" could overwrite "extracting".
        await setFileStatus({ db: tx }, fileId, "queued");
        return true;
      });
      if (queued) runner?.wake();
      return queued;
    },
    previewPool,
    async close() {
      const stopping = runner?.stop(3000);
      await Promise.all([pool?.close(), preview?.close()]);
      await stopping;
    },
  };
  return services;
}
