import { and, asc, count, desc, eq, inArray, isNull, notInArray, type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { FileStatus } from "../../../domain/files/statuses";
import type { Db } from "../../db/client";
import {
  companies,
  extractionPages,
  extractionResults,
  jobs,
  properties,
  statementFiles,
} from "../../db/schema";
import { splitTotal, totalOver } from "../../db/total-over";
import { extractJobKey } from "./extraction-job";
import type { DocumentType } from "./schemas";

/** Statement files' rows: finding, listing, recording an upload, deleting; and their API shape. */

export type FileRow = typeof statementFiles.$inferSelect;

/** Statuses whose extraction is waiting or running: not queued again. */
export const BUSY: readonly string[] = ["queued", "extracting"];

export function fileToApi(row: FileRow) {
  return {
    id: row.id,
    fileName: row.fileName,
    bblId: row.propertyId,
    companyId: row.companyId,
    documentType: row.documentType as DocumentType,
    statementYear: row.statementYear,
    contentType: row.contentType,
    kind: row.kind,
    size: row.size,
    sha256: row.sha256,
    status: row.status,
    failureReason: row.failureReason,
    pageCount: row.pageCount,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Any file by id, deleted or not, of any company (the caller checks who may see it). */
export async function fileById(db: Db, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(statementFiles).where(eq(statementFiles.id, id));
  return row;
}

/** True when the property exists in the company and is not deleted. */
export async function companyHasProperty(db: Db, companyId: string, propertyId: string): Promise<boolean> {
  const [property] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(
      and(eq(properties.id, propertyId), eq(properties.companyId, companyId), isNull(properties.deletedAt)),
    );
  return !!property;
}

/** The company's live file of the property with these bytes, if it uploaded them before. */
export async function findSameUpload(
  db: Db,
  of: { companyId: string; propertyId: string; sha256: string },
): Promise<FileRow | undefined> {
  const [existing] = await db
    .select()
    .from(statementFiles)
    .where(
      and(
        eq(statementFiles.companyId, of.companyId),
        eq(statementFiles.propertyId, of.propertyId),
        eq(statementFiles.sha256, of.sha256),
        isNull(statementFiles.deletedAt),
      ),
    )
    .limit(1);
  return existing;
}

/** Records an uploaded file (status `uploaded`). */
export async function insertFile(
  db: Db,
  values: Omit<typeof statementFiles.$inferInsert, "id" | "status">,
): Promise<FileRow> {
  const [row] = await db
    .insert(statementFiles)
    .values({ id: uuidv7(), ...values, status: "uploaded" })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

/** The company's live files, newest first (at most 1,000). */
export async function companyFiles(
  db: Db,
  companyId: string,
  filter: { propertyId?: string; status?: FileStatus },
): Promise<FileRow[]> {
  const where: SQL[] = [eq(statementFiles.companyId, companyId), isNull(statementFiles.deletedAt)];
  if (filter.propertyId) where.push(eq(statementFiles.propertyId, filter.propertyId));
  if (filter.status) where.push(eq(statementFiles.status, filter.status));
  return db
    .select()
    .from(statementFiles)
    .where(and(...where))
    .orderBy(desc(statementFiles.createdAt))
    .limit(1000);
}

/** The company's live files not extracted (uploaded and waiting, or failed): how many, oldest first. */
export async function filesWaiting(db: Db, companyId: string, limit: number) {
  const rows = await db
    .select({
      id: statementFiles.id,
      fileName: statementFiles.fileName,
      status: sql<"uploaded" | "failed">`${statementFiles.status}`,
      total: totalOver(),
    })
    .from(statementFiles)
    .where(
      and(
        eq(statementFiles.companyId, companyId),
        isNull(statementFiles.deletedAt),
        inArray(statementFiles.status, ["uploaded", "failed"]),
      ),
    )
    .orderBy(asc(statementFiles.createdAt))
    .limit(limit);
  return splitTotal(rows);
}

/** Staff: every company's files with the company's name, one page, and how many match. */
export async function allFiles(
  db: Db,
  q: { status?: FileStatus; companyId?: string; includeDeleted?: boolean; page: number; rowsPerPage: number },
) {
  const where: SQL[] = [];
  if (!q.includeDeleted) where.push(isNull(statementFiles.deletedAt));
  if (q.status) where.push(eq(statementFiles.status, q.status));
  if (q.companyId) where.push(eq(statementFiles.companyId, q.companyId));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ file: statementFiles, companyName: companies.name })
      .from(statementFiles)
      .innerJoin(companies, eq(companies.id, statementFiles.companyId))
      .where(cond)
      .orderBy(desc(statementFiles.createdAt))
      .limit(q.rowsPerPage)
      .offset(q.page * q.rowsPerPage),
    db.select({ n: count() }).from(statementFiles).where(cond),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Live files whose extraction is not waiting or running (optionally only those in one status). */
export async function filesToExtractAgain(db: Db, status?: FileStatus): Promise<FileRow[]> {
  const where: SQL[] = [isNull(statementFiles.deletedAt), notInArray(statementFiles.status, [...BUSY])];
  if (status) where.push(eq(statementFiles.status, status));
  return db
    .select()
    .from(statementFiles)
    .where(and(...where));
}

/** The file's extracted pages (in order) and its result (line items, notes), if any. */
export async function extractionOf(db: Db, fileId: string) {
  const [pages, [result]] = await Promise.all([
    db
      .select()
      .from(extractionPages)
      .where(eq(extractionPages.fileId, fileId))
      .orderBy(extractionPages.number),
    db.select().from(extractionResults).where(eq(extractionResults.fileId, fileId)),
  ]);
  return { pages, result };
}

/**
 * Deletes the company's live file (soft: staff still see it) and cancels its queued
 * extraction. False when the company has no such live file.
 */
export async function deleteFile(db: Db, id: string, companyId: string): Promise<boolean> {
  const [row] = await db
    .update(statementFiles)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(statementFiles.id, id),
        eq(statementFiles.companyId, companyId),
        isNull(statementFiles.deletedAt),
      ),
    )
    .returning({ id: statementFiles.id });
  if (!row) return false;
  await db
    .update(jobs)
    .set({ status: "done", lastError: "file deleted", updatedAt: sql`now()` })
    .where(and(eq(jobs.key, extractJobKey(row.id)), inArray(jobs.status, ["queued"])));
  return true;
}
