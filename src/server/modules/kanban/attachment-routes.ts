/**
 * Files attached to kanban tasks (docs/kanban.md "Attachments"). The bytes go through the
 * statement upload's path (readFilePart: streamed into the file store's staging area, typed by
 * their first bytes, size-limited) and are stored content-addressed in the same file store; rows
 * in `kanban_attachments` name them per company and task. Online only: not a synced type.
 */
import multipart from "@fastify/multipart";
import { type Static, Type } from "@sinclair/typebox";
import { and, asc, count, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { KANBAN_LIMITS as L, type TaskAttachment } from "../../../domain/kanban/board";
import type { Db } from "../../db/client";
import { kanbanAttachments, kanbanTasks } from "../../db/schema";
import { ErrorBody, httpError } from "../../plugins/errors";
import { createFileStore } from "../../storage";
import { sendDownload } from "../files/send-file";
import { CONTENT_TYPES, UNSUPPORTED_TYPE_MESSAGE } from "../files/sniff";
import { readFilePart } from "../files/upload";
import { member } from "./routes";

type Row = typeof kanbanAttachments.$inferSelect;

const toApi = (r: Row): TaskAttachment => ({
  id: r.id,
  taskId: r.taskId,
  fileName: r.fileName,
  contentType: r.contentType,
  size: r.size,
  uploadedBy: r.uploadedBy,
  createdAt: r.createdAt.toISOString(),
});

const Attachment = Type.Object({
  id: Type.String({ format: "uuid" }),
  taskId: Type.String({ format: "uuid" }),
  fileName: Type.String(),
  contentType: Type.String(),
  size: Type.Integer(),
  uploadedBy: Type.Union([Type.String({ format: "uuid" }), Type.Null()]),
  createdAt: Type.String({ format: "date-time" }),
});
const TaskParams = Type.Object({ taskId: Type.String({ format: "uuid" }) });
const IdParams = Type.Object({ id: Type.String({ format: "uuid" }) });
const NO_FIELDS: ReadonlySet<string> = new Set();

/** 404 unless the task is a live task of the company. */
async function liveTask(db: Db, companyId: string, taskId: string) {
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
async function visibleAttachment(db: Db, companyId: string, id: string): Promise<Row> {
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

export async function kanbanAttachmentRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;
  const store = createFileStore(config);
  const maxBytes = Math.min(L.attachmentMaxBytes, config.maxUploadBytes);
  const maxMb = Math.round(maxBytes / (1024 * 1024));
  await app.register(multipart, {
    // A stray text field reaches readFilePart, which names it.
    limits: { fileSize: maxBytes, files: 1, fields: 2, fieldSize: 1000, parts: 4, headerPairs: 100 },
  });

  app.post<{ Params: Static<typeof TaskParams> }>(
    "/api/kanban/tasks/:taskId/attachments",
    {
      config: { auth: [] },
      schema: {
        tags: ["kanban"],
        summary: "Attach a file to a task (multipart `file`)",
        description: `One file per request, at most ${maxMb} MB, typed by its content: ${UNSUPPORTED_TYPE_MESSAGE.replace(/^Unsupported file type: only /, "")}. A task holds at most ${L.attachmentsMax} files. The same bytes attached again to the same task answer 200 with the earlier attachment (a resent upload adds nothing).`,
        consumes: ["multipart/form-data"],
        params: TaskParams,
        response: {
          200: Attachment,
          201: Attachment,
          400: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
          422: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw httpError(415, "Send the file as multipart/form-data");
      const scope = await member(request);
      const { taskId } = request.params;
      // The task is checked before the bytes are read: an unknown task costs no upload.
      await liveTask(db, scope.companyId, taskId);
      const part = await readFilePart(request, store, maxBytes, NO_FIELDS, "attachment");
      let committed = false;
      try {
        const [same] = await db
          .select()
          .from(kanbanAttachments)
          .where(and(liveOfTask(scope.companyId, taskId), eq(kanbanAttachments.sha256, part.file.sha256)));
        if (same) return reply.status(200).send(toApi(same));
        const [counted] = await db
          .select({ n: count() })
          .from(kanbanAttachments)
          .where(liveOfTask(scope.companyId, taskId));
        if ((counted?.n ?? 0) >= L.attachmentsMax)
          throw httpError(
            422,
            `This task already has ${L.attachmentsMax} files; remove one to attach another`,
          );
        const stored = await store.commit(part.file);
        committed = true;
        const [row] = await db
          .insert(kanbanAttachments)
          .values({
            id: uuidv7(),
            companyId: scope.companyId,
            taskId,
            uploadedBy: scope.userId,
            fileName: part.fileName,
            contentType: CONTENT_TYPES[part.kind],
            kind: part.kind,
            size: stored.size,
            sha256: stored.sha256,
            storageKey: stored.key,
          })
          .returning();
        return reply.status(201).send(toApi(row as Row));
      } finally {
        if (!committed) await part.file.discard();
      }
    },
  );

  app.get<{ Params: Static<typeof TaskParams> }>(
    "/api/kanban/tasks/:taskId/attachments",
    {
      config: { auth: [] },
      schema: {
        tags: ["kanban"],
        summary: "A task's attached files, oldest first",
        params: TaskParams,
        response: { 200: Type.Array(Attachment), 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const scope = await member(request);
      await liveTask(db, scope.companyId, request.params.taskId);
      const rows = await db
        .select()
        .from(kanbanAttachments)
        .where(liveOfTask(scope.companyId, request.params.taskId))
        .orderBy(asc(kanbanAttachments.createdAt), asc(kanbanAttachments.id));
      return rows.map(toApi);
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    "/api/kanban/attachments/:id",
    {
      config: { auth: [] },
      schema: {
        tags: ["kanban"],
        summary: "Download an attached file (the bytes as uploaded)",
        params: IdParams,
        response: { 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const scope = await member(request);
      const row = await visibleAttachment(db, scope.companyId, request.params.id);
      const stream = await store.get(row.storageKey).catch(() => {
        throw httpError(404, "The stored file is missing");
      });
      return sendDownload(reply, stream, row);
    },
  );

  app.delete<{ Params: Static<typeof IdParams> }>(
    "/api/kanban/attachments/:id",
    {
      config: { auth: [] },
      schema: {
        tags: ["kanban"],
        summary: "Remove an attached file from its task",
        params: IdParams,
        response: { 204: Type.Null(), 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const scope = await member(request);
      const row = await visibleAttachment(db, scope.companyId, request.params.id);
      await db
        .update(kanbanAttachments)
        .set({ deletedAt: new Date() })
        .where(eq(kanbanAttachments.id, row.id));
      return reply.status(204).send();
    },
  );
}
