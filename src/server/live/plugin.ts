import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config";
import { type AccessClaims, TokenError, verifyAccessToken } from "../plugins/access-token";
import { readBearer } from "../plugins/auth";
import { httpError } from "../plugins/errors";
import { createLiveHub, type LiveHub } from "./hub";

declare module "fastify" {
  interface FastifyInstance {
    /** Every live connection of this server and the check each event passes (src/server/live/hub.ts). */
    live: LiveHub;
  }
}

/**
 * The signed-in user of a live channel. Browsers cannot send headers with EventSource (or a
 * WebSocket), so the access token may come as `?access_token=`; it is verified exactly like a
 * bearer token. 401 without a valid one.
 */
export async function liveUser(request: FastifyRequest, config: Config): Promise<AccessClaims> {
  const q = request.query as { access_token?: string } | undefined;
  let user: AccessClaims | null;
  if (q?.access_token) {
    try {
      user = await verifyAccessToken(q.access_token, config.jwtSecret);
    } catch (err) {
      throw httpError(401, err instanceof TokenError ? err.message : "Access token is invalid");
    }
  } else {
    user = await readBearer(request, config);
  }
  if (!user) throw httpError(401, "Sign in to continue: no access token was sent");
  return user;
}

/** Registers the live hub as `app.live`; connections end before the server closes. */
export const livePlugin = fp(
  async (app: FastifyInstance) => {
    const hub = await createLiveHub(app.ctx.database, app.log);
    app.decorate("live", hub);
    app.addHook("preClose", async () => hub.endAll("server"));
    app.addHook("onClose", async () => hub.close());
  },
  { name: "live" },
);
