import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasAnyRole, type Role } from "../../domain/roles";
import type { Config } from "../config";
import { type AccessClaims, TokenError, verifyAccessToken } from "./access-token";
import { httpError } from "./errors";

/**
 * Who may call a route. Every route must declare it in `config.auth`; the server
 * refuses to start with a route that does not.
 * - "public": anyone
 * - Role[]: a signed-in user holding any of the roles (inherited roles count); [] = any signed-in user
 */
type RouteAuth = "public" | readonly Role[];

declare module "fastify" {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    /** The verified access-token claims; set on every route that is not public. */
    user: AccessClaims | null;
  }
}

/** Reads and verifies the bearer token; null when none was sent. */
export async function readBearer(request: FastifyRequest, config: Config): Promise<AccessClaims | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw httpError(401, "Authorization header must be 'Bearer <token>'");
  try {
    return await verifyAccessToken(match[1], config.jwtSecret);
  } catch (err) {
    throw httpError(401, err instanceof TokenError ? err.message : "Access token is invalid");
  }
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    app.decorateRequest("user", null);

    app.addHook("onRoute", (route) => {
      const auth = route.config?.auth;
      if (
        auth === undefined &&
        !route.url.startsWith("/api/docs") &&
        route.url !== "/*" &&
        route.method !== "HEAD"
      ) {
        throw new Error(`Route ${route.method} ${route.url} does not declare config.auth`);
      }
    });

    app.addHook("onRequest", async (request: FastifyRequest, _reply: FastifyReply) => {
      const auth = request.routeOptions.config?.auth;
      if (auth === undefined || auth === "public") {
        // Public routes still see who is calling when a valid token is sent.
        if (auth === "public" && request.headers.authorization) {
          request.user = await readBearer(request, opts.config).catch(() => null);
        }
        return;
      }
      const user = await readBearer(request, opts.config);
      if (!user) throw httpError(401, "Sign in to continue: no access token was sent");
      if (!hasAnyRole(user, auth)) throw httpError(403, "You do not have permission to do this");
      request.user = user;
    });
  },
  { name: "auth" },
);

/** The signed-in user of a route that requires one. */
export function currentUser(request: FastifyRequest): AccessClaims {
  if (!request.user) throw httpError(401, "Sign in to continue");
  return request.user;
}
