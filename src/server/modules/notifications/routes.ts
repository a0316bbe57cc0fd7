import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import {
  NOTIFICATION_TYPES,
  NOTIFICATIONS_PAGE_DEFAULT,
  NOTIFICATIONS_PAGE_MAX,
  NOTIFICATIONS_PATH,
  type NotificationPage,
} from "../../../domain/notifications/types";
import { currentUser } from "../../plugins/auth";
import { ErrorBody, httpError } from "../../plugins/errors";
import { createPruneRunner, ensurePruneScheduled } from "./prune-job";
import { createPushRunner } from "./push-job";
import { pushRoutes } from "./push-routes";
import {
  decodeCursor,
  encodeCursor,
  listNotifications,
  markAllRead,
  markRead,
  removeNotification,
  restoreNotification,
  unreadCount,
} from "./store";

const NOT_FOUND = "Notification not found";

const Notification = Type.Object({
  id: Type.String({ format: "uuid" }),
  type: Type.Union(NOTIFICATION_TYPES.map((t) => Type.Literal(t))),
  createdAt: Type.String({ format: "date-time" }),
  author: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  job: Type.Union([Type.String(), Type.Null()]),
  company: Type.String(),
  companyId: Type.String({ format: "uuid" }),
  description: Type.String(),
  link: Type.Union([Type.String(), Type.Null()]),
  read: Type.Boolean(),
});
const Page = Type.Object({
  items: Type.Array(Notification),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
  unread: Type.Integer(),
});
const ListQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: NOTIFICATIONS_PAGE_MAX, default: NOTIFICATIONS_PAGE_DEFAULT }),
    ),
    cursor: Type.Optional(Type.String({ maxLength: 100 })),
    unread: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const IdParams = Type.Object({ id: Type.String({ format: "uuid" }) });
const Unread = Type.Object({ unread: Type.Integer() });
const AllRead = Type.Object({ changed: Type.Integer(), unread: Type.Integer() });

/**
 * The signed-in user's own notifications (the bell, docs/notifications.md). Every route answers
 * only the caller's rows of companies they belong to: another user's id answers 404, as an
 * unknown one does. Changes reach the user's open tabs as `notifications-changed` on /api/events.
 */
export async function notificationRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    NOTIFICATIONS_PATH,
    {
      config: { auth: [] },
      schema: {
        tags: ["notifications"],
        summary: "My notifications, newest first, paged by cursor, with the unread count",
        description: `\`limit\` 1 to ${NOTIFICATIONS_PAGE_MAX} (default ${NOTIFICATIONS_PAGE_DEFAULT}); pass the answer's \`nextCursor\` as \`cursor\` for older ones (null on the last page). \`unread=true\` lists unread ones only.`,
        querystring: ListQuery,
        response: { 200: Page, 400: ErrorBody },
      },
    },
    async (request): Promise<NotificationPage> => {
      const me = currentUser(request).id;
      const { limit = NOTIFICATIONS_PAGE_DEFAULT, cursor, unread } = request.query;
      const after = cursor ? decodeCursor(cursor) : null;
      if (cursor && !after) {
        throw httpError(400, 'Invalid query: "cursor" must be a nextCursor this list answered');
      }
      const page = await listNotifications(db, me, { limit, after, unreadOnly: unread });
      return {
        items: page.items,
        nextCursor: page.next ? encodeCursor(page.next) : null,
        unread: await unreadCount(db, me),
      };
    },
  );

  app.get(
    `${NOTIFICATIONS_PATH}/unread-count`,
    {
      config: { auth: [] },
      schema: {
        tags: ["notifications"],
        summary: "How many of my notifications are unread",
        response: { 200: Unread },
      },
    },
    async (request) => ({ unread: await unreadCount(db, currentUser(request).id) }),
  );

  app.post<{ Params: Static<typeof IdParams> }>(
    `${NOTIFICATIONS_PATH}/:id/read`,
    {
      config: { auth: [] },
      schema: {
        tags: ["notifications"],
        summary: "Mark one of my notifications read (again is harmless)",
        params: IdParams,
        response: { 200: Unread, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const me = currentUser(request).id;
      if (!(await markRead(db, me, request.params.id))) throw httpError(404, NOT_FOUND);
      return { unread: await unreadCount(db, me) };
    },
  );

  app.post(
    `${NOTIFICATIONS_PATH}/read-all`,
    {
      config: { auth: [] },
      schema: {
        tags: ["notifications"],
        summary: "Mark all my notifications read",
        response: { 200: AllRead },
      },
    },
    async (request) => {
      const me = currentUser(request).id;
      const changed = await markAllRead(db, me);
      return { changed, unread: await unreadCount(db, me) };
    },
  );

  app.delete<{ Params: Static<typeof IdParams> }>(
    `${NOTIFICATIONS_PATH}/:id`,
    {
      config: { auth: [] },
      schema: {
        tags: ["notifications"],
        summary: "Remove one of my notifications",
        description: "Hidden at once; POST /api/notifications/{id}/restore brings it back for a day.",
        params: IdParams,
        response: { 204: Type.Null(), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      if (!(await removeNotification(db, currentUser(request).id, request.params.id))) {
        throw httpError(404, NOT_FOUND);
      }
      return reply.status(204).send();
    },
  );

  app.post<{ Params: Static<typeof IdParams> }>(
    `${NOTIFICATIONS_PATH}/:id/restore`,
    {
      config: { auth: [] },
      schema: {
        tags: ["notifications"],
        summary: "Bring back one of my notifications I removed (the undo of DELETE)",
        description:
          "At its place, with its read state. Possible for a day after the removal; again, or on one never removed, is harmless.",
        params: IdParams,
        response: { 204: Type.Null(), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      if (!(await restoreNotification(db, currentUser(request).id, request.params.id))) {
        throw httpError(404, NOT_FOUND);
      }
      return reply.status(204).send();
    },
  );

  await pushRoutes(app);

  if (config.push.generated && config.databaseUrl) {
    app.log.warn(
      "Web Push keys were generated into DATA_DIR: with more than one server set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (docs/scaling.md)",
    );
  }

  if (config.jobsInProcess) {
    const runner = createPruneRunner(app.ctx, app.log);
    const pushes = createPushRunner(app.ctx, app.log);
    app.addHook("onReady", async () => {
      await ensurePruneScheduled(db);
      runner.start();
      pushes.start();
    });
    app.addHook("onClose", async () => {
      await Promise.all([runner.stop(3000), pushes.stop(3000)]);
    });
  }
}
