import type { FastifyInstance } from "fastify";
import { hasAnyRole, ROLES } from "../../../domain/roles";
import { SYNC_CHANGED_EVENT } from "../../../domain/sync/feed";
import { type AccessClaims, TokenError, verifyAccessToken } from "../../plugins/access-token";
import { readBearer } from "../../plugins/auth";
import { loadCompanyScope } from "../../plugins/company-scope";
import { httpError } from "../../plugins/errors";
import { openSyncNotices } from "../sync/live";
import type { FileStatusEvent, StatusBus } from "./status-bus";

export const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events: a Server-Sent Events stream of `file-status` events for the caller's
 * company (every company for super admins). EventSource cannot send headers, so the access
 * token may come as `?access_token=`; it is verified exactly like a bearer token.
 */
export async function eventsRoute(app: FastifyInstance, opts: { bus: StatusBus; heartbeatMs?: number }) {
  const open = new Set<() => void>();
  // Committed changes of synced types (database notifications, from every replica): modules/sync/live.ts.
  const synced = await openSyncNotices(app.ctx.database);
  app.addHook("preClose", async () => {
    for (const end of [...open]) end();
  });
  app.addHook("onClose", async () => synced.close());

  app.get(
    "/api/events",
    {
      // Signed in: checked below, because the token may come in the query string.
      config: { auth: "public" },
      schema: {
        tags: ["files"],
        summary: "Live file status and changes of synced records (Server-Sent Events)",
        description:
          "Signed in: `Authorization: Bearer <token>` or `?access_token=<token>`. Sends `event: file-status` with `{ fileId, companyId, propertyId, fileName, status, failureReason, pageCount, at }` for the caller's active company (all companies for super admins), `event: sync-changed` with `{ entity, companyId }` (or `{ entity, userId }` for the caller's private records) after every committed change of a synced type of the caller's active company (pull GET /api/sync/changes from your own cursor), and a comment line every 25 s as a heartbeat. The stream ends when the token expires; EventSource reconnects (`retry: 5000`).",
        querystring: {
          type: "object",
          properties: { access_token: { type: "string", maxLength: 4096 } },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const q = request.query as { access_token?: string };
      let user: AccessClaims | null;
      if (q.access_token) {
        try {
          user = await verifyAccessToken(q.access_token, app.ctx.config.jwtSecret);
        } catch (err) {
          throw httpError(401, err instanceof TokenError ? err.message : "Access token is invalid");
        }
      } else {
        user = await readBearer(request, app.ctx.config);
      }
      if (!user) throw httpError(401, "Sign in to continue: no access token was sent");
      const all = hasAnyRole(user, [ROLES.SUPER_ADMIN]);
      const scope = await loadCompanyScope(app.ctx.db, user.id);
      if (!all && !scope) throw httpError(403, "You are not a member of any company");

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      res.write("retry: 5000\n: connected\n\n");
      const send = (event: FileStatusEvent) => {
        if (!all && event.companyId !== scope?.companyId) return;
        res.write(`event: file-status\nid: ${event.fileId}:${event.at}\ndata: ${JSON.stringify(event)}\n\n`);
      };
      const unsubscribeFiles = opts.bus.subscribe(send);
      const unsubscribeSynced = synced.subscribe(
        { companyId: scope?.companyId ?? null, userId: user.id },
        (event) => {
          res.write(`event: ${SYNC_CHANGED_EVENT}\ndata: ${JSON.stringify(event)}\n\n`);
        },
      );
      const unsubscribe = () => {
        unsubscribeFiles();
        unsubscribeSynced();
      };
      const heartbeat = setInterval(
        () => res.write(`: heartbeat ${Date.now()}\n\n`),
        opts.heartbeatMs ?? HEARTBEAT_MS,
      );
      const expMs = ((user as unknown as { exp?: number }).exp ?? 0) * 1000;
      const expiry = expMs ? setTimeout(() => end(), Math.max(0, expMs - Date.now())) : null;
      const end = () => {
        clearInterval(heartbeat);
        if (expiry) clearTimeout(expiry);
        unsubscribe();
        open.delete(end);
        if (!res.writableEnded) res.end();
      };
      open.add(end);
      request.raw.on("close", end);
      res.on("error", end);
    },
  );
}
