/**
 * Files on chat messages (docs/chat.md "Attachments"). An upload goes to a thread first through
 * the statement upload's checks (readFilePart: streamed into the file store's staging area, typed
 * by its first bytes, size-limited) and is stored content-addressed in the same file store; the
 * message that names it in `attachmentIds` claims it. Downloads only for those who can see the
 * thread (its company's members, the staff of its area); anyone else gets 404, like an unknown id.
 */
import multipart from "@fastify/multipart";
import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { CHAT_ATTACHMENT_MAX_BYTES } from "../../../domain/chat/attachments";
import { CHAT_PATH } from "../../../domain/chat/types";
import { isUuidV7 } from "../../../domain/inventory/validate";
import { currentUser } from "../../plugins/auth";
import { ErrorBody, httpError } from "../../plugins/errors";
import { createFileStore } from "../../storage";
import { sendDownload } from "../files/send-file";
import { UNSUPPORTED_TYPE_MESSAGE } from "../files/sniff";
import { keepOrDiscard, readFilePart, storedFileColumns } from "../files/upload";
import { attachmentApi, attachmentById, insertAttachment } from "./attachment-store";
import { accessTo, viewerAndThread } from "./store";

export const ChatAttachment = Type.Object({
  id: Type.String({ format: "uuid" }),
  threadId: Type.String({ format: "uuid" }),
  fileName: Type.String(),
  contentType: Type.String(),
  kind: Type.String(),
  size: Type.Integer(),
  createdAt: Type.String({ format: "date-time" }),
});
const IdParams = Type.Object({ id: Type.String({ format: "uuid" }) });
const NO_FIELDS: ReadonlySet<string> = new Set();
const NOT_FOUND = "Chat thread not found";

export async function chatAttachmentRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;
  const store = createFileStore(config);
  const maxBytes = Math.min(CHAT_ATTACHMENT_MAX_BYTES, config.maxUploadBytes);
  const maxMb = Math.round(maxBytes / (1024 * 1024));
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 2, fieldSize: 1000, parts: 4, headerPairs: 100 },
  });

  /** The thread if the caller may see it; 404 for unknown and unreachable alike. */
  async function reach(request: FastifyRequest, threadId: string) {
    const { viewer, thread } = await viewerAndThread(db, currentUser(request).id, { id: threadId });
    if (!viewer) throw httpError(401, "Sign in to continue");
    if (!thread || !accessTo(viewer, thread)) throw httpError(404, NOT_FOUND);
    return { viewer, thread };
  }

  app.post<{ Params: Static<typeof IdParams> }>(
    `${CHAT_PATH}/threads/:id/attachments`,
    {
      config: { auth: [] },
      schema: {
        tags: ["chat"],
        summary: "Upload a file for a message of this thread (multipart `file`)",
        description: `One file per request, at most ${maxMb} MB, typed by its content: ${UNSUPPORTED_TYPE_MESSAGE.replace(/^Unsupported file type: only /, "")}. 201 with the attachment; send its id in the message's \`attachmentIds\`. An \`Idempotency-Key\` that is a UUIDv7 becomes the attachment's id: a replay by the same uploader to the same thread answers 200 with the first upload and stores nothing (an offline device's queue); the key used by anyone else or for another thread is 409.`,
        consumes: ["multipart/form-data"],
        params: IdParams,
        response: {
          200: ChatAttachment,
          201: ChatAttachment,
          400: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw httpError(415, "Send the file as multipart/form-data");
      // the thread is checked before the bytes are read: an unreachable thread costs no upload
      const { viewer, thread } = await reach(request, request.params.id);
      const key = request.headers["idempotency-key"];
      const clientId = typeof key === "string" && isUuidV7(key) ? key : null;
      const part = await readFilePart(request, store, maxBytes, NO_FIELDS, "attachment");
      return keepOrDiscard(store, part.file, async (keep) => {
        if (clientId) {
          const earlier = await attachmentById(db, clientId);
          if (earlier) {
            if (earlier.threadId !== thread.id || earlier.uploadedBy !== viewer.userId)
              throw httpError(409, "This Idempotency-Key was used for another upload");
            return reply.status(200).header("idempotent-replayed", "true").send(attachmentApi(earlier));
          }
        }
        const stored = await keep();
        const row = await insertAttachment(db, {
          id: clientId ?? uuidv7(),
          threadId: thread.id,
          messageId: null,
          uploadedBy: viewer.userId,
          ...storedFileColumns(part, stored),
        });
        return reply.status(201).send(attachmentApi(row));
      });
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    `${CHAT_PATH}/attachments/:id`,
    {
      config: { auth: [] },
      schema: {
        tags: ["chat"],
        summary: "Download a file of a message (the bytes as uploaded)",
        params: IdParams,
        response: { 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const row = await attachmentById(db, request.params.id);
      const gone = () => httpError(404, "Attachment not found");
      if (!row) throw gone();
      const { viewer } = await reach(request, row.threadId).catch((err: { statusCode?: number }) => {
        throw err.statusCode === 404 ? gone() : err;
      });
      // before it is on a message only its uploader sees it
      if (!row.messageId && row.uploadedBy !== viewer.userId) throw gone();
      const stream = await store.get(row.storageKey).catch(() => {
        throw httpError(404, "The stored file is missing");
      });
      return sendDownload(reply, stream, row);
    },
  );
}
