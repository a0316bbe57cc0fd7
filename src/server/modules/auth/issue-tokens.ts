import type { FastifyInstance, FastifyReply } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { signAccessToken } from "../../plugins/access-token";
import { httpError } from "../../plugins/errors";
import { buildClaims } from "../users/claims";
import { setAuthCookies } from "./cookies";
import { createRefreshToken } from "./refresh-tokens";

export interface TokenPair {
  token: string;
  refreshToken: string;
}

/**
 * Signs the user in: a fresh access token (claims rebuilt from the database, so role
 * and active-company changes show up), a new refresh token (in `familyId` when
 * rotating, else a new family) and the refresh/CSRF cookies. Other modules call this
 * to re-issue tokens, e.g. after switching the active company.
 */
export async function issueTokens(
  app: FastifyInstance,
  reply: FastifyReply,
  userId: string,
  familyId?: string,
): Promise<TokenPair> {
  const { db, config } = app.ctx;
  const claims = await buildClaims(db, userId);
  if (!claims) throw httpError(401, "This account is not available. Please contact support.");
  const sid = familyId ?? uuidv7();
  const token = await signAccessToken({ ...claims, sid }, config.jwtSecret, config.accessTokenTtlSeconds);
  const refreshToken = await createRefreshToken(db, userId, sid, config.refreshTokenTtlSeconds);
  setAuthCookies(reply, config, refreshToken);
  return { token, refreshToken };
}
