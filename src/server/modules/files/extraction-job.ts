import { eq, sql } from "drizzle-orm";
import type { FileStatus } from "../../../domain/files/statuses";
import type { Db } from "../../db/client";
import { extractionPages, extractionResults, statementFiles } from "../../db/schema";
import { ExtractionCrash, type ExtractionPool } from "../../extraction/pool";
import type { Job } from "../../jobs/queue";
import type { FileStore } from "../../storage";
import { notify } from "../notifications/store";
import { publishFileStatus } from "./live";
import type { FileKind } from "./sniff";

export const EXTRACT_JOB = "extract-file";
/** The extraction job's key: one queued extraction per file. */
export const extractJobKey = (fileId: string) => `extract:${fileId}`;

export const UNEXPECTED_FAILURE =
  "We could not read this file: extraction stopped unexpectedly several times. Try Re-OCR later, or upload the statement as a PDF.";

export interface ExtractionDeps {
  db: Db;
  store: FileStore;
  pool: () => ExtractionPool;
  maxPages: number;
  /** The extraction threads' memory ceiling (for the failure reason). */
  memoryMb?: number;
}

/** A file whose reading hit the thread's memory ceiling: no retry, the owner is told why. */
function outOfMemoryReason(memoryMb: number): string {
  return `This file needs more memory to read than one file may use (${memoryMb.toLocaleString("en-US")} MB), so reading it was stopped. Split it into smaller files, or save it again as a plain PDF or .csv, and upload it again.`;
}

/**
 * Sets a file's status (and reason/page count) and tells live listeners of every replica
 * (modules/files/live.ts), in one transaction: the notice goes out when the change commits.
 */
export async function setFileStatus(
  deps: Pick<ExtractionDeps, "db">,
  fileId: string,
  status: FileStatus,
  extra: { failureReason?: string | null; pageCount?: number | null } = {},
) {
  const row = await deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(statementFiles)
      .set({
        status,
        failureReason: extra.failureReason ?? null,
        ...(extra.pageCount !== undefined ? { pageCount: extra.pageCount } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(statementFiles.id, fileId))
      .returning();
    if (changed) {
      await publishFileStatus(tx, {
        fileId: changed.id,
        companyId: changed.companyId,
        propertyId: changed.propertyId,
        fileName: changed.fileName,
        status: changed.status as FileStatus,
        failureReason: changed.failureReason,
        pageCount: changed.pageCount,
        at: new Date().toISOString(),
      });
    }
    return changed;
  });
  if (row && (status === "extracted" || status === "failed")) await notifyRead(deps.db, row);
}

/** Tells whoever uploaded a statement (every member when unknown) that it was read, or why not. */
async function notifyRead(db: Db, row: typeof statementFiles.$inferSelect) {
  const extracted = row.status === "extracted";
  const pages = row.pageCount === 1 ? "1 page" : `${row.pageCount ?? 0} pages`;
  await notify(db, {
    type: extracted ? "statement_extracted" : "statement_failed",
    companyId: row.companyId,
    recipients: row.uploadedBy ? [row.uploadedBy] : "members",
    description: extracted
      ? `${row.fileName} was read: ${pages}`
      : `We could not read ${row.fileName}: ${row.failureReason ?? "extraction failed"}`,
    link: `/dashboard/files/${row.id}`,
  });
}

/** Runs one extraction job: stored file → worker thread → pages and line items in the database. */
export function extractionHandler(deps: ExtractionDeps) {
  return async (job: Job) => {
    const fileId = String(job.payload.fileId);
    const [file] = await deps.db.select().from(statementFiles).where(eq(statementFiles.id, fileId));
    if (!file || file.deletedAt) return;
    await setFileStatus(deps, fileId, "extracting");
    try {
      const copy = await deps.store.localCopy(file.storageKey);
      let outcome: Awaited<ReturnType<ExtractionPool["run"]>>;
      try {
        outcome = await deps
          .pool()
          .run({ path: copy.path, kind: file.kind as FileKind, maxPages: deps.maxPages });
      } catch (err) {
        if (err instanceof ExtractionCrash && err.outOfMemory) {
          await setFileStatus(deps, fileId, "failed", {
            failureReason: outOfMemoryReason(deps.memoryMb ?? 1024),
          });
          return;
        }
        throw err;
      } finally {
        await copy.release();
      }
      if (!outcome.ok) {
        await setFileStatus(deps, fileId, "failed", { failureReason: outcome.reason });
        return;
      }
      const { pages, lineItems, layout, notes } = outcome;
      await deps.db.transaction(async (tx) => {
        await tx.delete(extractionPages).where(eq(extractionPages.fileId, fileId));
        await tx.delete(extractionResults).where(eq(extractionResults.fileId, fileId));
        for (let i = 0; i < pages.length; i += 200) {
          await tx.insert(extractionPages).values(
            pages.slice(i, i + 200).map((p) => ({
              fileId,
              number: p.number,
              source: p.source,
              name: p.name ?? null,
              text: p.text.replaceAll("\u0000", ""),
            })),
          );
        }
        await tx.insert(extractionResults).values({ fileId, lineItems, layout, notes });
      });
      await setFileStatus(deps, fileId, "extracted", { pageCount: pages.length });
    } catch (err) {
      const final = job.attempts >= job.maxAttempts;
      await setFileStatus(deps, fileId, final ? "failed" : "queued", {
        failureReason: final ? UNEXPECTED_FAILURE : null,
      });
      throw err;
    }
  };
}
