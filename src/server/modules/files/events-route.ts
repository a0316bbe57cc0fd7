import type { FastifyInstance } from "fastify";
import { openEventStream } from "../../live/event-stream";
import { liveUser } from "../../live/plugin";
import { openInventoryFeed } from "../inventory/live";
import type { StatusBus } from "./status-bus";

export { HEARTBEAT_MS } from "../../live/event-stream";

/**
 * GET /api/events: a Server-Sent Events stream of `file-status` events for the caller's
 * company (every company for super admins) and `inventory-changed` for their active company.
 * Each event passes the live hub's check when it is sent, and the stream ends at once when the
 * caller's access changes (src/server/live, docs/security.md).
 */
export async function eventsRoute(app: FastifyInstance, opts: { bus: StatusBus; heartbeatMs?: number }) {
  // Committed inventory changes (database notifications, from every replica): docs/inventory.md.
  const inventory = await openInventoryFeed(app.ctx.database);
  app.addHook("onClose", async () => inventory.close());

  app.get(
    "/api/events",
    {
      // Signed in: checked below, because the token may come in the query string.
      config: { auth: "public" },
      schema: {
        tags: ["files"],
        summary: "Live file status and inventory changes (Server-Sent Events)",
        description:
          "Signed in: `Authorization: Bearer <token>` or `?access_token=<token>`. Sends `event: file-status` with `{ fileId, companyId, propertyId, fileName, status, failureReason, pageCount, at }` for the caller's active company (all companies for super admins), `event: inventory-changed` with `{ companyId, cursor }` after every committed inventory change of the caller's active company (pull GET /api/sync/changes from your own cursor), and a comment line every 25 s as a heartbeat. The stream ends when the token expires; EventSource reconnects (`retry: 5000`). It ends at once, after `event: access-ended` with `{ reason }` (`signed-out`, `account`, `membership`, `role`), when the caller is removed from the company, loses a role, switches company, signs out, changes or resets the password, or the account is disabled.",
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
      const unsubscribeFiles = opts.bus.subscribe((event) => {
        stream.send({ companyId: event.companyId }, "file-status", event, `${event.fileId}:${event.at}`);
      });
      const companyId = connection.grant.companyId;
      const unsubscribeInventory = companyId
        ? inventory.subscribe(companyId, (event) => {
            stream.send({ companyId: event.companyId }, "inventory-changed", event);
          })
        : () => {};
      connection.onEnd(() => {
        unsubscribeFiles();
        unsubscribeInventory();
      });
    },
  );
}
