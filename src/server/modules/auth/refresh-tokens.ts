import { and, eq, isNull } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "../../db/client";
import { refreshTokens } from "../../db/schema";
import { httpError } from "../../plugins/errors";
import { audit } from "./audit";
import { randomToken, sha256 } from "./secrets";

/** Stores a new refresh token (hashed) in the given family and returns the token itself. */
export async function createRefreshToken(
  db: Db,
  userId: string,
  familyId: string,
  ttlSeconds: number,
): Promise<string> {
  const token = randomToken();
  await db.insert(refreshTokens).values({
    id: uuidv7(),
    userId,
    familyId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return token;
}

/** Revokes every live token of a family (of `userId`'s only, when given); true when any was live. */
export async function revokeFamily(db: Db, familyId: string, userId?: string) {
  const done = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
        userId ? eq(refreshTokens.userId, userId) : undefined,
      ),
    )
    .returning({ id: refreshTokens.id });
  return done.length > 0;
}

export async function revokeAllForUser(db: Db, userId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function findRefreshToken(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)))
    .limit(1);
  return row ?? null;
}

/**
 * Spends a refresh token (rotation): returns its user and family so a new token can
 * be issued in the same family. A token that was already spent means it leaked (or
 * was replayed): the whole family is revoked and the caller must sign in again.
 */
export async function spendRefreshToken(
  db: Db,
  token: string,
): Promise<{ userId: string; familyId: string }> {
  const row = await findRefreshToken(db, token);
  if (!row) throw httpError(401, "Refresh token is not valid. Please sign in again.");
  if (row.revokedAt) throw httpError(401, "Refresh token has been revoked. Please sign in again.");
  const reuse = async () => {
    await revokeFamily(db, row.familyId);
    await audit(db, "refresh-token-reuse", { userId: row.userId, detail: { familyId: row.familyId } });
    return httpError(401, "Refresh token was already used. For your safety, please sign in again.");
  };
  if (row.usedAt) throw await reuse();
  if (row.expiresAt.getTime() <= Date.now()) {
    throw httpError(401, "Refresh token has expired. Please sign in again.");
  }
  const spent = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (spent.length === 0) throw await reuse();
  return { userId: row.userId, familyId: row.familyId };
}
