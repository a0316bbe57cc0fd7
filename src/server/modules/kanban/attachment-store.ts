/**
 * The kanban attachments' data (`kanban_attachments`), for attachment-routes.ts: rows name a
 * stored file per company and task; a removed attachment keeps its row with `deletedAt`. The same
 * rows are the read-only synced type `kanban-attachment` (`ATTACHMENT`): the change feed carries
 * them to the devices, written only here.
 */
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { KanbanAttachment, TaskAttachment } from "../../../domain/kanban/board";
import { ATTACHMENT_TYPE } from "../../../domain/kanban/synced-types";
import type { Db } from "../../db/client";
import { kanbanAttachments, kanbanTasks } from "../../db/schema";
import { httpError } from "../../plugins/errors";
import type { SyncKind } from "../sync/store";

type Row = typeof kanbanAttachments.$inferSelect;
export type NewAttachment = Omit<typeof kanbanAttachments.$inferInsert, "createdAt" | "deletedAt">;

export const toApi = (r: Row): TaskAttachment => ({
  id: r.id,
  taskId: r.taskId,
  fileName: r.fileName,
  contentType: r.contentType,
  size: r.size,
  uploadedBy: r.uploadedBy,
  createdAt: r.createdAt.toISOString(),
});

/** The row as the feed carries it (what the device keeps to list a task's files offline). */
const toSynced = (r: Row): KanbanAttachment => ({
  ...toApi(r),
  companyId: r.companyId,
  kind: r.kind,
  version: r.version,
  updatedAt: r.updatedAt.toISOString(),
});

/** The read-only synced type: no fields a person edits through the outbox (SyncedTypeDecl.readOnly). */
export const ATTACHMENT: SyncKind<Record<string, never>, KanbanAttachment> = {
  decl: ATTACHMENT_TYPE,
  label: "Attachment",
  table: kanbanAttachments,
  toApi: toSynced as (row: never) => KanbanAttachment,
  defaults: {},
  fieldsOf: () => ({}),
  columns: () => ({}),
  validate: () => ({ record: "Attachments are attached and removed through their own routes" }),
  appendOnly: true,
};

/** 404 unless the task is a live task of the company. */
export async function liveTask(db: Db, companyId: string, taskId: string) {
  const [task] = await db
    .select({ id: kanbanTasks.id })
    .from(kanbanTasks)
    .where(
      and(eq(kanbanTasks.id, taskId), eq(kanbanTasks.companyId, companyId), isNull(kanbanTasks.deletedAt)),
    );
  if (!task) throw httpError(404, "Task not found");
}

const liveOfTask = (companyId: string, taskId: string) =>
  and(
    eq(kanbanAttachments.companyId, companyId),
    eq(kanbanAttachments.taskId, taskId),
    isNull(kanbanAttachments.deletedAt),
  );

/** A live attachment of the company (another company's, removed or unknown: 404). */
export async function visibleAttachment(db: Db, companyId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(kanbanAttachments)
    .where(
      and(
        eq(kanbanAttachments.id, id),
        eq(kanbanAttachments.companyId, companyId),
        isNull(kanbanAttachments.deletedAt),
      ),
    );
  if (!row) throw httpError(404, "Attachment not found");
  return row;
}

/** The task's live attachment with these bytes, if there is one. */
export async function sameBytes(db: Db, companyId: string, taskId: string, sha256: string) {
  const [same] = await db
    .select()
    .from(kanbanAttachments)
    .where(and(liveOfTask(companyId, taskId), eq(kanbanAttachments.sha256, sha256)));
  return same ?? null;
}

/** How many live attachments the task has. */
export async function countLive(db: Db, companyId: string, taskId: string): Promise<number> {
  const [counted] = await db
    .select({ n: count() })
    .from(kanbanAttachments)
    .where(liveOfTask(companyId, taskId));
  return counted?.n ?? 0;
}

export async function insertAttachment(db: Db, values: NewAttachment): Promise<Row> {
  const [row] = await db.insert(kanbanAttachments).values(values).returning();
  return row as Row;
}

/** The task's live attachments, oldest first. */
export function listLive(db: Db, companyId: string, taskId: string): Promise<Row[]> {
  return db
    .select()
    .from(kanbanAttachments)
    .where(liveOfTask(companyId, taskId))
    .orderBy(asc(kanbanAttachments.createdAt), asc(kanbanAttachments.id));
}

export async function markRemoved(db: Db, id: string) {
  const now = new Date();
  await db
    .update(kanbanAttachments)
    .set({ deletedAt: now, updatedAt: now, version: sql`${kanbanAttachments.version} + 1` })
    .where(eq(kanbanAttachments.id, id));
}
