import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  ADMIN_CHAT_PAGE,
  ADMIN_CHAT_PATH,
  type AdminChatPage,
  CHAT_BODY_MAX,
  CHAT_EDIT_WINDOW_MS,
  CHAT_MESSAGES_PAGE,
  CHAT_PATH,
  CHAT_SUBJECT_MAX,
  CHAT_THREAD_KINDS,
  type ChatMessagePage,
  type ChatThreadKind,
} from "../../../domain/chat/types";
import { ERROR_CODES } from "../../../domain/errors";
import { ROLES } from "../../../domain/roles";
import { currentUser } from "../../plugins/auth";
import { ErrorBody, httpError } from "../../plugins/errors";
import { ChatAttachment } from "./attachment-routes";
import { withAttachments } from "./attachment-store";
import { cleanBody, MessageBody, messageInput } from "./message-input";
import { postInOrder } from "./post-in-order";
import {
  accessTo,
  assignThread,
  type ChatViewer,
  changeMessage,
  companyExists,
  createThread,
  findMessage,
  isStaffFor,
  lastMessage,
  listContacts,
  listMyThreads,
  listReaders,
  listStaff,
  listStaffThreads,
  loadViewer,
  markSeen,
  messageApi,
  readMessages,
  supportThread,
  threadApi,
  viewerAndThread,
} from "./store";

const THREAD_NOT_FOUND = "Chat thread not found";

const Thread = Type.Object({
  id: Type.String({ format: "uuid" }),
  hash: Type.String(),
  kind: Type.Union(CHAT_THREAD_KINDS.map((k) => Type.Literal(k))),
  companyId: Type.String({ format: "uuid" }),
  companyName: Type.String(),
  subject: Type.String(),
  assignedTo: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()]),
  unreadCount: Type.Integer(),
  lastMessage: Type.Union([
    Type.Object({ body: Type.String(), author: Type.String(), createdAt: Type.String() }),
    Type.Null(),
  ]),
  createdAt: Type.String({ format: "date-time" }),
  updatedAt: Type.String({ format: "date-time" }),
});
const Message = Type.Object({
  id: Type.String({ format: "uuid" }),
  threadId: Type.String({ format: "uuid" }),
  seq: Type.Integer(),
  rev: Type.Integer(),
  authorId: Type.Union([Type.String(), Type.Null()]),
  author: Type.String(),
  staff: Type.Boolean(),
  body: Type.String(),
  createdAt: Type.String({ format: "date-time" }),
  editedAt: Type.Union([Type.String(), Type.Null()]),
  deletedAt: Type.Union([Type.String(), Type.Null()]),
  attachments: Type.Optional(Type.Array(ChatAttachment)),
});
const Reader = Type.Object({
  userId: Type.String({ format: "uuid" }),
  name: Type.String(),
  staff: Type.Boolean(),
  seenSeq: Type.Integer(),
  seenAt: Type.String({ format: "date-time" }),
});
const CompanyParams = Type.Object({ companyId: Type.String({ format: "uuid" }) });
const Contact = Type.Object({
  id: Type.String(),
  name: Type.String(),
  photo: Type.Union([Type.String(), Type.Null()]),
  role: Type.Union([Type.Literal("member"), Type.Literal("staff")]),
});
const IdParams = Type.Object({ id: Type.String({ format: "uuid" }) });
const HashParams = Type.Object({ hash: Type.String({ pattern: "^[A-Za-z0-9_-]{8,64}$" }) });
const MessageParams = Type.Object({
  id: Type.String({ format: "uuid" }),
  messageId: Type.String({ format: "uuid" }),
});
const NewThread = Type.Object(
  {
    subject: Type.String({ minLength: 1, maxLength: CHAT_SUBJECT_MAX }),
    body: Type.Optional(Type.String({ maxLength: CHAT_BODY_MAX * 2 })),
  },
  { additionalProperties: false },
);
const MessagesQuery = Type.Object(
  {
    before: Type.Optional(Type.Integer({ minimum: 1 })),
    since: Type.Optional(Type.Integer({ minimum: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    query: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
const AdminQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
    query: Type.Optional(Type.String({ maxLength: 200 })),
    kind: Type.Optional(Type.Union(CHAT_THREAD_KINDS.map((k) => Type.Literal(k)))),
  },
  { additionalProperties: false },
);
const Assign = Type.Object(
  { userId: Type.Union([Type.String({ format: "uuid" }), Type.Null()]) },
  { additionalProperties: false },
);

const tags = ["chat"];
const signedIn = { auth: [] };

/**
 * Chat (docs/chat.md). Every route reads the caller's memberships and staff roles from the
 * database: a company's members reach its threads, staff the threads of their area (super admins
 * every kind, marketplace staff the support-marketplace kind). A thread the caller may not see
 * answers 404 exactly like an unknown one, so no route tells whether another company's thread
 * exists. Changes reach the apps as `chat` events on GET /api/events.
 */
export async function chatRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  async function viewerOf(request: FastifyRequest): Promise<ChatViewer> {
    const viewer = await loadViewer(db, currentUser(request).id);
    if (!viewer) throw httpError(401, "Sign in to continue");
    return viewer;
  }

  /** The thread and how the caller reaches it; 404 for unknown and unreachable alike. */
  async function reach(request: FastifyRequest, by: { id: string } | { hash: string }) {
    const { viewer, thread } = await viewerAndThread(db, currentUser(request).id, by);
    if (!viewer) throw httpError(401, "Sign in to continue");
    const access = thread ? accessTo(viewer, thread) : null;
    if (!thread || !access) throw httpError(404, THREAD_NOT_FOUND);
    return { viewer, thread, access };
  }

  async function threadOut(viewerId: string, threadId: string) {
    const out = await threadApi(db, viewerId, threadId);
    if (!out) throw httpError(404, THREAD_NOT_FOUND);
    return out;
  }

  app.get(
    `${CHAT_PATH}/threads`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: "The threads of my companies, newest first, with my unread counts",
        response: { 200: Type.Object({ items: Type.Array(Thread) }) },
      },
    },
    async (request) => ({ items: await listMyThreads(db, await viewerOf(request)) }),
  );

  app.get(
    `${CHAT_PATH}/contacts`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Who I chat with: my companies' members and the staff who answer our threads",
        response: { 200: Type.Object({ items: Type.Array(Contact) }) },
      },
    },
    async (request) => ({ items: await listContacts(db, await viewerOf(request)) }),
  );

  app.post<{ Body: Static<typeof NewThread> }>(
    `${CHAT_PATH}/threads`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Start a thread of my active company with the filing staff",
        description: `\`subject\` 1 to ${CHAT_SUBJECT_MAX} characters; \`body\`, when given, is the first message. 201 with the thread.`,
        body: NewThread,
        response: { 201: Thread, 400: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const { companyId, userId } = await request.companyScope();
      const subject = request.body.subject.trim();
      if (!subject) throw httpError(400, "A thread needs a subject");
      const first = request.body.body === undefined ? null : cleanBody(request.body.body);
      const viewer = await viewerOf(request);
      const thread = await createThread(db, { companyId, kind: "user", subject, createdBy: userId });
      if (first)
        await postInOrder(db, viewer, [{ thread, access: "member", body: first, attachmentIds: [] }]);
      return reply.status(201).send(await threadOut(userId, thread.id));
    },
  );

  app.post(
    `${CHAT_PATH}/support`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: "My active company's one thread with the marketplace staff (created on first use)",
        response: { 200: Thread, 403: ErrorBody },
      },
    },
    async (request) => {
      const { companyId, userId } = await request.companyScope();
      const thread = await supportThread(db, companyId, userId);
      return threadOut(userId, thread.id);
    },
  );

  app.get<{ Params: Static<typeof HashParams> }>(
    `${CHAT_PATH}/by-hash/:hash`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: "A thread by its link id (hash)",
        params: HashParams,
        response: { 200: Thread, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const { viewer, thread } = await reach(request, { hash: request.params.hash });
      return threadOut(viewer.userId, thread.id);
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    `${CHAT_PATH}/threads/:id`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: "One thread",
        params: IdParams,
        response: { 200: Thread, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const { viewer, thread } = await reach(request, { id: request.params.id });
      return threadOut(viewer.userId, thread.id);
    },
  );

  app.get<{ Params: Static<typeof IdParams>; Querystring: Static<typeof MessagesQuery> }>(
    `${CHAT_PATH}/threads/:id/messages`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: "A thread's messages, oldest first",
        description: `Without parameters the newest ${CHAT_MESSAGES_PAGE}; \`before\` (the answer's \`older\`) pages back. \`since\` (an earlier answer's \`cursor\`) answers every message written, edited or deleted after that read, for catch-up after a reconnect; merge them by id. \`query\` (up to 200 characters) searches the thread: the standing messages whose text contains it, case-insensitively, oldest first, paged back with \`before\` like the rest.`,
        params: IdParams,
        querystring: MessagesQuery,
        response: {
          200: Type.Object({
            items: Type.Array(Message),
            older: Type.Union([Type.Integer(), Type.Null()]),
            cursor: Type.Integer(),
          }),
          400: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request): Promise<ChatMessagePage> => {
      const { before, since, limit } = request.query;
      const query = request.query.query?.trim();
      if (before !== undefined && since !== undefined) {
        throw httpError(400, 'Invalid query: pass "before" or "since", not both');
      }
      if (query !== undefined && since !== undefined) {
        throw httpError(400, 'Invalid query: "query" searches back with "before", not "since"');
      }
      if (query === "") throw httpError(400, 'Invalid query: "query" must not be empty');
      const { thread } = await reach(request, { id: request.params.id });
      const page = await readMessages(db, thread, { before, since, limit, query });
      return { ...page, items: await withAttachments(db, page.items) };
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof MessageBody> }>(
    `${CHAT_PATH}/threads/:id/messages`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Write a message",
        description: `Plain text, 1 to ${CHAT_BODY_MAX} characters after trimming. Send an \`Idempotency-Key\` header (e.g. a UUID per message): the same key again answers the first message (200, \`Idempotent-Replayed: true\`) and adds nothing; the same key with another text or thread is 422. The body's \`id\` (optional) is the device's id for the message; without a key, the same id, text and thread again answers the first message too; an id already on another message is 409. 201 with the message.`,
        params: IdParams,
        body: MessageBody,
        response: {
          200: Message,
          201: Message,
          400: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          422: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const header = request.headers["idempotency-key"];
      const input = messageInput(request.body, Array.isArray(header) ? header[0] : header);
      const { viewer, thread, access } = await reach(request, { id: request.params.id });
      const [answer] = await postInOrder(db, viewer, [{ thread, access, ...input }]);
      if (!answer) throw new Error("a message was not answered");
      if ("error" in answer) throw answer.error;
      if (answer.status === 200) reply.header("idempotent-replayed", "true");
      return reply.status(answer.status).send(answer.message);
    },
  );

  app.post<{ Params: Static<typeof IdParams> }>(
    `${CHAT_PATH}/threads/:id/seen`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Mark a thread seen: my unread count of it becomes 0",
        params: IdParams,
        response: { 200: Type.Object({ unreadCount: Type.Integer() }), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const { viewer, thread } = await reach(request, { id: request.params.id });
      await markSeen(db, thread.id, viewer.userId, thread.lastSeq);
      return { unreadCount: (await threadOut(viewer.userId, thread.id)).unreadCount };
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    `${CHAT_PATH}/threads/:id/reads`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Where each person's reading of the thread stands (read receipts)",
        description:
          "Everyone who has seen part of the thread, furthest first: `seenSeq` is the last message `seq` they have seen; `staff` says they are not a member of the thread's company. A `chat` live event with reason `seen` tells that one moved.",
        params: IdParams,
        response: { 200: Type.Object({ items: Type.Array(Reader) }), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const { thread } = await reach(request, { id: request.params.id });
      return { items: await listReaders(db, thread) };
    },
  );

  /** The caller's own message, the thread's last, within the edit window; 403/404/409 otherwise. */
  async function ownLast(request: FastifyRequest<{ Params: Static<typeof MessageParams> }>) {
    const { viewer, thread } = await reach(request, { id: request.params.id });
    const message = await findMessage(db, thread.id, request.params.messageId);
    if (!message || message.deletedAt) throw httpError(404, "Message not found");
    if (message.authorId !== viewer.userId) throw httpError(403, "Only the author may change a message");
    const last = await lastMessage(db, thread.id);
    if (last?.id !== message.id) {
      throw httpError(409, "Only the thread's last message can be changed", { code: ERROR_CODES.CONFLICT });
    }
    if (Date.now() - message.createdAt.getTime() > CHAT_EDIT_WINDOW_MS) {
      throw httpError(409, "A message can be changed only within 5 minutes of writing it", {
        code: ERROR_CODES.CONFLICT,
      });
    }
    return message;
  }

  app.patch<{ Params: Static<typeof MessageParams>; Body: Static<typeof MessageBody> }>(
    `${CHAT_PATH}/threads/:id/messages/:messageId`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Edit my last message (within 5 minutes)",
        params: MessageParams,
        body: MessageBody,
        response: { 200: Message, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const body = cleanBody(request.body.body);
      const message = await ownLast(request);
      return (await withAttachments(db, [messageApi(await changeMessage(db, message, body))]))[0];
    },
  );

  app.delete<{ Params: Static<typeof MessageParams> }>(
    `${CHAT_PATH}/threads/:id/messages/:messageId`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Delete my last message (within 5 minutes)",
        params: MessageParams,
        response: { 200: Message, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) =>
      (await withAttachments(db, [messageApi(await changeMessage(db, await ownLast(request), null))]))[0],
  );

  const staffOnly = { auth: [ROLES.SUPER_ADMIN, ROLES.MARKETPLACE] };

  app.get<{ Querystring: Static<typeof AdminQuery> }>(
    `${ADMIN_CHAT_PATH}/threads`,
    {
      config: staffOnly,
      schema: {
        tags,
        summary: "Staff: the threads of my area, newest first, paged and searchable",
        description: `\`page\` from 0, ${ADMIN_CHAT_PAGE} threads a page; \`hasMore\` says whether page + 1 has any. \`query\` searches subjects and company names, or finds a thread by its hash. Super admins see every kind, marketplace staff the support-marketplace threads.`,
        querystring: AdminQuery,
        response: {
          200: Type.Object({ items: Type.Array(Thread), page: Type.Integer(), hasMore: Type.Boolean() }),
          400: ErrorBody,
        },
      },
    },
    async (request): Promise<AdminChatPage> => {
      const viewer = await viewerOf(request);
      if (viewer.staffKinds.length === 0) throw httpError(403, "You do not have permission to do this");
      const { page, query, kind } = request.query;
      const out = await listStaffThreads(db, viewer, { page, size: ADMIN_CHAT_PAGE, query, kind });
      return { ...out, page };
    },
  );

  app.get(
    `${ADMIN_CHAT_PATH}/staff`,
    {
      config: staffOnly,
      schema: {
        tags,
        summary: "Staff: who can be assigned a thread, with the kinds each may serve",
        response: {
          200: Type.Object({
            items: Type.Array(
              Type.Object({
                id: Type.String(),
                name: Type.String(),
                kinds: Type.Array(Type.Union(CHAT_THREAD_KINDS.map((k) => Type.Literal(k)))),
              }),
            ),
          }),
        },
      },
    },
    async () => ({ items: await listStaff(db) }),
  );

  app.post<{ Params: Static<typeof CompanyParams> }>(
    `${ADMIN_CHAT_PATH}/support/:companyId`,
    {
      config: staffOnly,
      schema: {
        tags,
        summary: "Staff: a seller company's one support-marketplace thread (created on first use)",
        description:
          "For the links from the marketplace staff's seller pages to /marketplace/chat. Marketplace staff and super admins only (403 otherwise); an unknown company is 404.",
        params: CompanyParams,
        response: { 200: Thread, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      if (!viewer.staffKinds.includes("support-marketplace")) {
        throw httpError(403, "You do not have permission to do this");
      }
      if (!(await companyExists(db, request.params.companyId))) throw httpError(404, "Company not found");
      const thread = await supportThread(db, request.params.companyId, viewer.userId);
      return threadOut(viewer.userId, thread.id);
    },
  );

  app.put<{ Params: Static<typeof IdParams>; Body: Static<typeof Assign> }>(
    `${ADMIN_CHAT_PATH}/threads/:id/assignee`,
    {
      config: staffOnly,
      schema: {
        tags,
        summary: "Staff: assign a thread to a staff member of its area (null: nobody)",
        params: IdParams,
        body: Assign,
        response: { 200: Thread, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const { viewer, thread, access } = await reach(request, { id: request.params.id });
      if (access !== "staff" && !viewer.staffKinds.includes(thread.kind as ChatThreadKind)) {
        throw httpError(404, THREAD_NOT_FOUND);
      }
      const { userId } = request.body;
      if (userId && !(await isStaffFor(db, userId, thread.kind as ChatThreadKind))) {
        throw httpError(400, "Only staff of this thread's area can be assigned");
      }
      await assignThread(db, thread.id, userId);
      return threadOut(viewer.userId, thread.id);
    },
  );
}
