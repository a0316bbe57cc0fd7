import { and, asc, count, eq, gte, inArray, lt } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "../../db/client";
import { authAttempts } from "../../db/schema";
import { httpError } from "../../plugins/errors";

/**
 * Attempts are counted in the auth_attempts table, so every replica sees the same
 * counts. Each limit is "at most N recorded attempts within the window".
 */
export const RATE_LIMITS = {
  /**
   * Failed password sign-ins: per account and source (an IP, or a device the user signed in from
   * before) and per IP across accounts; `alertAfter` failures on one account from any sources
   * mail its owner once a day. The account itself is never locked (sign-in-limits.ts).
   */
  login: { windowSeconds: 15 * 60, perSource: 10, perIp: 50, alertAfter: 20 },
  /** Password-reset mails requested, and reset attempts with a bad token. */
  reset: { windowSeconds: 15 * 60, perAccount: 5, perIp: 20 },
  /** Confirmation mails re-sent. */
  resend: { windowSeconds: 15 * 60, perAccount: 5, perIp: 20 },
  /** Contact messages and demo requests sent through the public forms (public-site/spam.ts). */
  publicForm: { windowSeconds: 60 * 60, perAccount: 5, perIp: 20 },
} as const;

/** Actions limited per account and per IP alike (sign-in has its own rules, sign-in-limits.ts). */
export type LimitedAction = "reset" | "resend" | "publicForm";

/** Rows older than this are deleted now and then. */
export const KEEP_SECONDS = 24 * 3600;

export interface AttemptSubject {
  ip: string;
  /** The (normalised) email the attempt was about, when there is one. */
  account?: string;
}

function keys(action: LimitedAction, who: AttemptSubject) {
  const out: { key: string; limit: number }[] = [
    { key: `${action}:ip:${who.ip}`, limit: RATE_LIMITS[action].perIp },
  ];
  if (who.account)
    out.push({ key: `${action}:account:${who.account}`, limit: RATE_LIMITS[action].perAccount });
  return out;
}

/** Throws 429 (with Retry-After) when the IP or the account has used up its attempts. */
export async function assertNotRateLimited(
  db: Db,
  reply: FastifyReply,
  action: LimitedAction,
  who: AttemptSubject,
) {
  await assertUnderLimits(db, reply, RATE_LIMITS[action].windowSeconds, keys(action, who));
}

/** Throws 429 (with Retry-After) when any key has `limit` attempts within the window. */
export async function assertUnderLimits(
  db: Db,
  reply: FastifyReply,
  windowSeconds: number,
  limits: { key: string; limit: number }[],
) {
  const since = new Date(Date.now() - windowSeconds * 1000);
  for (const { key, limit } of limits) {
    const [row] = await db
      .select({ n: count() })
      .from(authAttempts)
      .where(and(eq(authAttempts.key, key), gte(authAttempts.createdAt, since)));
    const n = Number(row?.n ?? 0);
    if (n < limit) continue;
    // The window frees up when the oldest attempt that still counts falls out of it.
    const [oldest] = await db
      .select({ at: authAttempts.createdAt })
      .from(authAttempts)
      .where(and(eq(authAttempts.key, key), gte(authAttempts.createdAt, since)))
      .orderBy(asc(authAttempts.createdAt))
      .offset(n - limit)
      .limit(1);
    const freeAt = (oldest?.at.getTime() ?? Date.now()) + windowSeconds * 1000;
    const retryAfter = Math.max(1, Math.ceil((freeAt - Date.now()) / 1000));
    reply.header("retry-after", String(retryAfter));
    const minutes = Math.ceil(retryAfter / 60);
    throw httpError(
      429,
      `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
      { retryAfter },
    );
  }
}

/** Counts one attempt against the IP and the account; now and then deletes old rows. */
export async function recordAttempt(db: Db, action: LimitedAction, who: AttemptSubject) {
  await recordKeys(
    db,
    keys(action, who).map(({ key }) => key),
  );
}

/** Counts one attempt under each key; now and then deletes old rows. */
export async function recordKeys(db: Db, keyList: string[]) {
  await db.insert(authAttempts).values(keyList.map((key) => ({ id: uuidv7(), key })));
  if (Math.random() < 0.05) await pruneAttempts(db);
}

/** How many attempts a key has within the window. */
export async function countAttempts(db: Db, key: string, windowSeconds: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.key, key),
        gte(authAttempts.createdAt, new Date(Date.now() - windowSeconds * 1000)),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Forgets an account's failed attempts (after it resets its password). */
export async function clearAccountAttempts(db: Db, actions: LimitedAction[], account: string) {
  await db.delete(authAttempts).where(
    inArray(
      authAttempts.key,
      actions.map((a) => `${a}:account:${account}`),
    ),
  );
}

export async function pruneAttempts(db: Db) {
  await db.delete(authAttempts).where(lt(authAttempts.createdAt, new Date(Date.now() - KEEP_SECONDS * 1000)));
}
