/**
 * `POST /api/chat/messages/batch` (docs/chat.md "Offline"): the messages a device queued offline,
 * several in one request, in order. Each write is the `POST /api/chat/threads/{id}/messages` it
 * stands for (its body and Idempotency-Key) and is answered exactly as that request alone would
 * be; the answers stop after the first that is not a 2xx (the writes after it were not run: the
 * app sends them again), as the sync write batch does (domain/sync/write-batch.ts). A device that
 * comes back with a thousand queued messages sends ten requests, not a thousand, and the server
 * writes each run of them with one set of statements (post-in-order.ts).
 */
import { Type } from "@sinclair/typebox";
import type { ValidateFunction } from "ajv";
import type { FastifyInstance } from "fastify";
import { CHAT_MESSAGE_BATCH_PATH, CHAT_PATH } from "../../../domain/chat/types";
import { type AppendWrite, type BatchWriteAnswer, WRITE_BATCH_MAX } from "../../../domain/sync/write-batch";
import { currentUser } from "../../plugins/auth";
import { describeValidation, ErrorBody, errorBody, HttpError, httpError } from "../../plugins/errors";
import { bodyAjv } from "../../plugins/validators";
import { MessageBody, messageInput } from "./message-input";
import { type MessageToPost, postInOrder } from "./post-in-order";
import { accessTo, loadViewer, threadsByIds } from "./store";

const THREAD_URL = new RegExp(`^${CHAT_PATH}/threads/([^/?#]+)/messages$`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const Write = Type.Object(
  {
    method: Type.Literal("POST"),
    url: Type.String({ minLength: 1, maxLength: 200 }),
    body: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
    idempotencyKey: Type.String({ minLength: 1, maxLength: 255 }),
  },
  { additionalProperties: false },
);
const BatchBody = Type.Object(
  { writes: Type.Array(Write, { minItems: 1, maxItems: WRITE_BATCH_MAX }) },
  { additionalProperties: false },
);

export async function messageBatchRoute(app: FastifyInstance) {
  const { db } = app.ctx;
  let validateBody: ValidateFunction | null = null;

  /** The thread id of a write, or what its own request would have been refused with. */
  function threadIdOf(w: AppendWrite): string {
    const id = THREAD_URL.exec(w.url)?.[1];
    if (id === undefined) throw httpError(404, `No route for POST ${w.url.split("?")[0]}`);
    if (!UUID.test(id)) throw httpError(400, 'Invalid params: "id" must match format "uuid"');
    return id;
  }

  app.post<{ Body: { writes: AppendWrite[] } }>(
    CHAT_MESSAGE_BATCH_PATH,
    {
      config: { auth: [] },
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags: ["chat"],
        summary: `Up to ${WRITE_BATCH_MAX} messages in one request, in order, each answered as if sent alone`,
        description: [
          "For the app's outbox replay of messages written offline. `writes[i]`: `method` `POST`, `url` `/api/chat/threads/{id}/messages`, `body` (what that request alone would carry: `{ body, attachmentIds? }`) and `idempotencyKey` (its Idempotency-Key).",
          "The messages are written in order; `answers[i]` is `{ status, body }` exactly as `writes[i]` alone would have been answered: 201 with the message, 200 with the earlier message when its key was sent before (`replayed: true`), 400, 404 or 422 with the error.",
          "The first answer that is not a 2xx ends the batch: the writes before it are stored, the writes after it were not run and have no answer — send them again. Keys are shared with the single route.",
        ].join(" "),
        body: BatchBody,
        response: { 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const viewer = await loadViewer(db, currentUser(request).id);
      if (!viewer) throw httpError(401, "Sign in to continue");
      const writes = request.body.writes;
      const ids = writes.flatMap((w) => {
        const id = THREAD_URL.exec(w.url)?.[1];
        return id && UUID.test(id) ? [id] : [];
      });
      const threads = new Map((await threadsByIds(db, [...new Set(ids)])).map((t) => [t.id, t]));
      // Each write checked as its own request would be, up to the first refused one.
      const items: MessageToPost[] = [];
      let refused: HttpError | null = null;
      for (const w of writes) {
        try {
          const threadId = threadIdOf(w);
          validateBody ??= bodyAjv().compile(MessageBody as object);
          if (!validateBody(w.body)) {
            throw httpError(400, describeValidation("body", validateBody.errors ?? []));
          }
          const input = messageInput(w.body as { body: string; attachmentIds?: string[] }, w.idempotencyKey);
          const thread = threads.get(threadId);
          const access = thread ? accessTo(viewer, thread) : null;
          if (!thread || !access) throw httpError(404, "Chat thread not found");
          items.push({ thread, access, ...input });
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          refused = err;
          break;
        }
      }
      const answers: BatchWriteAnswer[] = (await postInOrder(db, viewer, items)).map((a) =>
        "error" in a
          ? { status: a.status, body: errorBody(a.status, a.error.message, a.error.data) }
          : { status: a.status, body: a.message, ...(a.status === 200 ? { replayed: true } : {}) },
      );
      if (refused && answers.length === items.length) {
        answers.push({
          status: refused.statusCode,
          body: errorBody(refused.statusCode, refused.message, refused.data),
        });
      }
      return reply.type("application/json; charset=utf-8").send(JSON.stringify({ answers }));
    },
  );
}
