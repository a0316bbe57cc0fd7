import type { FastifyInstance } from "fastify";
import { CHAT_EVENT } from "../../../domain/chat/types";
import { KANBAN_ATTACHMENTS_EVENT } from "../../../domain/kanban/board";
import { NOTIFICATIONS_CHANGED_EVENT } from "../../../domain/notifications/types";
import { hasAnyRole, ROLES } from "../../../domain/roles";
import { SYNC_CHANGED_EVENT } from "../../../domain/sync/feed";
import { openEventStream } from "../../live/event-stream";
import { liveUser } from "../../live/plugin";
import { openChatNotices } from "../chat/live";
import { openKanbanAttachmentNotices } from "../kanban/live";
import { openNotificationNotices } from "../notifications/live";
import { openSyncNotices } from "../sync/live";
import { openFileStatusNotices } from "./live";

const BOARD_MEMBERS = [ROLES.COMPANY_EMPLOYEE, ROLES.MARKETPLACE] as const;

/**
 * GET /api/events: a Server-Sent Events stream of `file-status` events for the caller's
 * company (every company for super admins) and `sync-changed` for the synced records of their
 * active company and their own. Each event passes the live hub's check when it is sent, and the
 * stream ends at once when the caller's access changes (src/server/live, docs/security.md).
 */
export async function eventsRoute(app: FastifyInstance, opts: { heartbeatMs?: number }) {
  // Statement files' status changes, made by this process, another replica or a worker: modules/files/live.ts.
  const fileStatus = await openFileStatusNotices(app.ctx.database);
  app.addHook("onClose", async () => fileStatus.close());
  // Committed changes of synced types (database notifications, from every replica): modules/sync/live.ts.
  const synced = await openSyncNotices(app.ctx.database);
  app.addHook("onClose", async () => synced.close());
  // Changes of each user's notifications (the bell), likewise: modules/notifications/live.ts.
  const bell = await openNotificationNotices(app.ctx.database);
  app.addHook("onClose", async () => bell.close());
  // Chat threads' new messages and read places, likewise: modules/chat/live.ts.
  const chat = await openChatNotices(app.ctx.database);
  app.addHook("onClose", async () => chat.close());
  // Files attached to or removed from kanban tasks (not a synced type), likewise: modules/kanban/live.ts.
  const taskFiles = await openKanbanAttachmentNotices(app.ctx.database);
  app.addHook("onClose", async () => taskFiles.close());

  app.get(
    "/api/events",
    {
      config: { auth: "public" },
      schema: {
        tags: ["files"],
        summary: "Live file status and changes of synced records (Server-Sent Events)",
        description:
          "Signed in: `Authorization: Bearer <token>` or `?access_token=<token>`. Sends `event: file-status` with `{ fileId, companyId, propertyId, fileName, status, failureReason, pageCount, at }` for the caller's active company (all companies for super admins), `event: sync-changed` with `{ entity, companyId }` (or `{ entity, userId }` for the caller's private records) after every committed change of a synced type of the caller's active company (pull GET /api/sync/changes from your own cursor), `event: notifications-changed` with `{ userId }` when the caller's notifications change (new, read, removed; read GET /api/notifications again), `event: chat` with `{ threadId, companyId, kind, reason }` when a chat thread the caller may see got a message, an edit or a deletion (`reason` `message`) or a reader's place moved (`seen`): its company's members and the staff of its area hear it (read GET /api/chat/threads/{id}/messages?since= from your cursor), `event: kanban-attachments` with `{ taskId, companyId }` when a file was attached to or removed from a task of the caller's active company (members who may use its boards; read GET /api/kanban/tasks/{taskId}/attachments again), and a comment line every 25 s as a heartbeat. The stream ends when the token expires; EventSource reconnects (`retry: 5000`). It ends at once, after `event: access-ended` with `{ reason }` (`signed-out`, `account`, `membership`, `role`), when the caller is removed from the company, loses a role, switches company, signs out, changes or resets the password, or the account is disabled.",
        querystring: {
          type: "object",
          properties: { access_token: { type: "string", maxLength: 4096 } },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const user = await liveUser(request, app.ctx.config);
      const connection = await app.live.connect(user, { requireCompany: true });
      const exp = (user as unknown as { exp?: number }).exp;
      const stream = openEventStream(request, reply, connection, {
        heartbeatMs: opts.heartbeatMs,
        expiresAt: exp ? exp * 1000 : undefined,
      });
      const unsubscribeFiles = fileStatus.subscribe((event) => {
        stream.send({ companyId: event.companyId }, "file-status", event, `${event.fileId}:${event.at}`);
      });
      const unsubscribeSynced = synced.subscribe(
        { companyId: connection.grant.companyId, userId: connection.grant.userId },
        (event) => {
          const audience = event.companyId ? { companyId: event.companyId } : { userId: event.userId ?? "" };
          stream.send(audience, SYNC_CHANGED_EVENT, event);
        },
      );
      const me = connection.grant.userId;
      const unsubscribeBell = bell.subscribe(me, () => {
        stream.send({ userId: me }, NOTIFICATIONS_CHANGED_EVENT, { userId: me });
      });
      // Marketplace staff (not super admins, who hear every company) hear the support threads.
      const marketplaceStaff = hasAnyRole({ roles: connection.grant.globalRoles }, [ROLES.MARKETPLACE]);
      const unsubscribeChat = chat.subscribe((event) => {
        const audience =
          event.kind === "support-marketplace" && marketplaceStaff
            ? { userId: me }
            : { companyId: event.companyId };
        stream.send(audience, CHAT_EVENT, event);
      });
      // Board members only (employees and admins; staff), like the attachment routes themselves.
      const unsubscribeTaskFiles = taskFiles.subscribe((event) => {
        stream.send({ companyId: event.companyId, roles: BOARD_MEMBERS }, KANBAN_ATTACHMENTS_EVENT, event);
      });
      connection.onEnd(() => {
        unsubscribeTaskFiles();
        unsubscribeChat();
        unsubscribeFiles();
        unsubscribeSynced();
        unsubscribeBell();
      });
    },
  );
}
