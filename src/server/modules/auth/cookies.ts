import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config";
import { httpError } from "../../plugins/errors";
import { randomToken, safeEqual } from "./secrets";

const REFRESH_COOKIE = "refreshToken";
const CSRF_COOKIE = "csrfToken";
const CSRF_HEADER = "x-csrf-token";
export const REFRESH_COOKIE_PATH = "/auth-jwt";

/**
 * The refresh token rides in an httpOnly cookie scoped to /auth-jwt; beside it a
 * readable csrfToken cookie that the app echoes in the x-csrf-token header when it
 * refreshes by cookie (double submit).
 */
export function setAuthCookies(reply: FastifyReply, config: Config, refreshToken: string) {
  const common = {
    secure: config.cookieSecure,
    sameSite: "lax" as const,
    maxAge: config.refreshTokenTtlSeconds,
  };
  reply.setCookie(REFRESH_COOKIE, refreshToken, { ...common, httpOnly: true, path: REFRESH_COOKIE_PATH });
  reply.setCookie(CSRF_COOKIE, randomToken(), { ...common, httpOnly: false, path: "/" });
}

export function clearAuthCookies(reply: FastifyReply, config: Config) {
  const common = { secure: config.cookieSecure, sameSite: "lax" as const };
  reply.clearCookie(REFRESH_COOKIE, { ...common, httpOnly: true, path: REFRESH_COOKIE_PATH });
  reply.clearCookie(CSRF_COOKIE, { ...common, path: "/" });
}

/**
 * The refresh token of a request: from the body when given (no CSRF risk: a forged
 * cross-site request cannot know it), else from the cookie, which then requires the
 * x-csrf-token header to equal the csrfToken cookie.
 */
export function refreshTokenFrom(
  request: FastifyRequest,
  bodyToken: string | undefined,
  opts: { requireCsrf: boolean },
): string | null {
  if (bodyToken) return bodyToken;
  const cookieToken = request.cookies[REFRESH_COOKIE];
  if (!cookieToken) return null;
  if (opts.requireCsrf) {
    const header = request.headers[CSRF_HEADER];
    const cookie = request.cookies[CSRF_COOKIE];
    if (typeof header !== "string" || !cookie || !safeEqual(header, cookie)) {
      throw httpError(403, "Missing or invalid CSRF token");
    }
  }
  return cookieToken;
}
