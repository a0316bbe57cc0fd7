import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { knownDevices } from "../../db/schema";
import { REFRESH_COOKIE_PATH } from "./cookies";
import { randomToken, sha256 } from "./secrets";

/** httpOnly cookie naming the browser a user signed in from (only its hash is stored). */
const DEVICE_COOKIE = "device";
const DEVICE_TTL_SECONDS = 365 * 24 * 3600;
/** Devices kept per user (the least recently used are forgotten). */
const MAX_DEVICES = 20;

/** The hash of this request's device cookie, or null when it has none that looks like ours. */
export function deviceHashOf(request: FastifyRequest): string | null {
  const value = request.cookies[DEVICE_COOKIE];
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? sha256(value) : null;
}

export async function isKnownDevice(db: Db, userId: string, deviceHash: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)))
    .limit(1);
  return !!row;
}

/**
 * After a successful sign-in: this browser becomes (or stays) a known device of the user. The
 * cookie is sent only to /auth-jwt, httpOnly, for a year; one browser shared by several users
 * carries one cookie known to each of them.
 */
export async function rememberDevice(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  userId: string,
) {
  let value = request.cookies[DEVICE_COOKIE];
  if (!value || !/^[A-Za-z0-9_-]{43}$/.test(value)) value = randomToken();
  await db
    .insert(knownDevices)
    .values({ userId, deviceHash: sha256(value) })
    .onConflictDoUpdate({
      target: [knownDevices.userId, knownDevices.deviceHash],
      set: { lastUsedAt: sql`now()` },
    });
  const keep = await db
    .select({ at: knownDevices.lastUsedAt })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .orderBy(desc(knownDevices.lastUsedAt))
    .offset(MAX_DEVICES - 1)
    .limit(1);
  if (keep[0]) {
    await db
      .delete(knownDevices)
      .where(and(eq(knownDevices.userId, userId), lt(knownDevices.lastUsedAt, keep[0].at)));
  }
  reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: "lax",
    path: REFRESH_COOKIE_PATH,
    maxAge: DEVICE_TTL_SECONDS,
  });
}
