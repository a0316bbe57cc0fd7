/**
 * Files attached to kanban tasks (docs/kanban.md "Attachments"). The bytes go through the
 * statement upload's path (readFilePart: streamed into the file store's staging area, typed by
 * their first bytes, size-limited) and are stored content-addressed in the same file store; rows
 * in `kanban_attachments` name them per company and task. Online only: not a synced type.
 */
import multipart from "@fastify/multipart";
import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { KANBAN_LIMITS as L } from "../../../domain/kanban/board";
import { ErrorBody, httpError } from "../../plugins/errors";
import { createFileStore } from "../../storage";
import { sendDownload } from "../files/send-file";
import { UNSUPPORTED_TYPE_MESSAGE } from "../files/sniff";
import { keepOrDiscard, readFilePart, storedFileColumns } from "../files/upload";
import {
  countLive,
  insertAttachment,
  listLive,
  liveTask,
  markRemoved,
  sameBytes,
  toApi,
  visibleAttachment,
} from "./attachment-store";
import { member } from "./routes";

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
      return keepOrDiscard(store, part.file, async (keep) => {
        const same = await sameBytes(db, scope.companyId, taskId, part.file.sha256);
        if (same) return reply.status(200).send(toApi(same));
        if ((await countLive(db, scope.companyId, taskId)) >= L.attachmentsMax)
          throw httpError(
            422,
            `This task already has ${L.attachmentsMax} files; remove one to attach another`,
          );
        const stored = await keep();
        const row = await insertAttachment(db, {
          id: uuidv7(),
          companyId: scope.companyId,
          taskId,
          uploadedBy: scope.userId,
          ...storedFileColumns(part, stored),
        });
        return reply.status(201).send(toApi(row));
      });
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
      return (await listLive(db, scope.companyId, request.params.taskId)).map(toApi);
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
      await markRemoved(db, row.id);
      return reply.status(204).send();
    },
  );
}
