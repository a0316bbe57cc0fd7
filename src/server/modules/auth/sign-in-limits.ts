import { eq, like, or } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context";
import type { Db } from "../../db/client";
import { authAttempts } from "../../db/schema";
import { deviceHashOf, isKnownDevice } from "./known-devices";
import { sendSignInAlertMail } from "./mails";
import { assertUnderLimits, countAttempts, KEEP_SECONDS, RATE_LIMITS, recordKeys } from "./rate-limit";

const { windowSeconds, perSource, perIp, alertAfter } = RATE_LIMITS.login;

/**
 * Where a sign-in attempt comes from: a device the account's owner signed in from before (the
 * `device` cookie, known for this account), else the client's IP. Failures are counted per
 * account and source, so the source that keeps failing gets 429 while the owner, from a known
 * device or any other source, still signs in with the right password.
 */
export interface SignInSource {
  /** "device:<hash>" or "ip:<address>". */
  key: string;
  ip: string;
  knownDevice: boolean;
}

export async function signInSource(
  db: Db,
  request: FastifyRequest,
  userId: string | null,
): Promise<SignInSource> {
  const device = deviceHashOf(request);
  if (device && userId && (await isKnownDevice(db, userId, device))) {
    return { key: `device:${device}`, ip: request.ip, knownDevice: true };
  }
  return { key: `ip:${request.ip}`, ip: request.ip, knownDevice: false };
}

const sourceKey = (account: string, source: SignInSource) => `login:source:${account}:${source.key}`;
const accountKey = (account: string) => `login:account:${account}`;
const alertKey = (account: string) => `login-alert:account:${account}`;

/**
 * 429 with Retry-After when this source has failed `perSource` times on the account within the
 * window, or (for sources that are not a known device) this IP has failed `perIp` times on any
 * accounts. The account itself is never locked for other sources.
 */
export async function assertSignInAllowed(
  db: Db,
  reply: FastifyReply,
  account: string,
  source: SignInSource,
) {
  const limits: { key: string; limit: number }[] = [{ key: sourceKey(account, source), limit: perSource }];
  if (!source.knownDevice) limits.push({ key: `login:ip:${source.ip}`, limit: perIp });
  await assertUnderLimits(db, reply, windowSeconds, limits);
}

/**
 * Counts a failed sign-in (per account and source, per IP, per account) and, when the account
 * has seen `alertAfter` failures within the window, mails its owner, at most once a day.
 */
export async function recordSignInFailure(
  ctx: ServerContext,
  account: string,
  source: SignInSource,
  owner: { email: string; displayName: string } | null,
) {
  const { db } = ctx;
  const keys = [sourceKey(account, source), accountKey(account)];
  if (!source.knownDevice) keys.push(`login:ip:${source.ip}`);
  await recordKeys(db, keys);
  if (!owner) return;
  const failures = await countAttempts(db, accountKey(account), windowSeconds);
  if (failures < alertAfter) return;
  if ((await countAttempts(db, alertKey(account), KEEP_SECONDS)) > 0) return;
  await recordKeys(db, [alertKey(account)]);
  await sendSignInAlertMail(ctx, owner.email, owner.displayName, failures);
}

/** After a successful sign-in: this source starts afresh (other sources keep their counts). */
export async function clearSourceFailures(db: Db, account: string, source: SignInSource) {
  await db.delete(authAttempts).where(eq(authAttempts.key, sourceKey(account, source)));
}

/** After a password reset: every source starts afresh on this account (the old password is gone). */
export async function clearAccountFailures(db: Db, account: string) {
  await db
    .delete(authAttempts)
    .where(
      or(
        like(authAttempts.key, `${escapeLike(`login:source:${account}:`)}%`),
        eq(authAttempts.key, accountKey(account)),
      ),
    );
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
