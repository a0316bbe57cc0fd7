import { and, eq, isNull } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "../../db/client";
import { emailTokens } from "../../db/schema";
import { httpError } from "../../plugins/errors";
import { randomToken, sha256 } from "./secrets";

export type EmailTokenKind = "confirm" | "reset";

const EMAIL_TOKEN_TTL_SECONDS: Record<EmailTokenKind, number> = {
  confirm: 24 * 3600,
  reset: 3600,
};

const MESSAGES: Record<EmailTokenKind, { invalid: string; expired: string; used: string }> = {
  confirm: {
    invalid: "This confirmation link is not valid. Please request a new one.",
    expired: "This confirmation link has expired. Please request a new one.",
    used: "This confirmation link has already been used.",
  },
  reset: {
    invalid: "This password reset link is not valid. Please request a new one.",
    expired: "This password reset link has expired. Please request a new one.",
    used: "This password reset link has already been used. Please request a new one.",
  },
};

/**
 * Makes a one-time link token for the user; only its SHA-256 is stored. Earlier
 * unused tokens of the same kind stop working, so only the newest mail's link does.
 */
export async function createEmailToken(db: Db, userId: string, kind: EmailTokenKind): Promise<string> {
  const token = randomToken();
  const now = new Date();
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)));
  await db.insert(emailTokens).values({
    id: uuidv7(),
    userId,
    kind,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_SECONDS[kind] * 1000),
  });
  return token;
}

/** The stored row for a token, whatever its state (null when unknown). */
export async function findEmailToken(db: Db, token: string, kind: EmailTokenKind) {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, sha256(token)), eq(emailTokens.kind, kind)))
    .limit(1);
  return row ?? null;
}

/**
 * Spends a token: it must exist, be unused and unexpired; marking it used is atomic,
 * so two requests with the same link cannot both succeed. Failures are 409 (the
 * app's invalid/expired-link page). Returns the user's id.
 */
export async function consumeEmailToken(db: Db, token: string, kind: EmailTokenKind): Promise<string> {
  const row = await findEmailToken(db, token, kind);
  const msg = MESSAGES[kind];
  if (!row) throw httpError(409, msg.invalid, { reason: "invalid" });
  if (row.usedAt) throw httpError(409, msg.used, { reason: "used" });
  if (row.expiresAt.getTime() <= Date.now()) throw httpError(409, msg.expired, { reason: "expired" });
  const spent = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.id, row.id), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  if (spent.length === 0) throw httpError(409, msg.used, { reason: "used" });
  return row.userId;
}

/** Spends every unused token of this kind of the user (a reset ends the other reset links). */
export async function spendEmailTokens(db: Db, userId: string, kind: EmailTokenKind): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)));
}
