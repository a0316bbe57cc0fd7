/**
 * Spam protection for the public forms (spec section 2, no third-party captcha): a honeypot
 * field people never see, and a limit per e-mail address and per IP counted in auth_attempts so
 * every replica sees the same counts (auth/rate-limit.ts, RATE_LIMITS.publicForm).
 */
import { Type } from "@sinclair/typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { assertNotRateLimited, recordAttempt } from "../auth/rate-limit";

/** The honeypot's field name: plausible to a bot, hidden from people and screen readers. */
const HONEYPOT_FIELD = "website";

/** The honeypot in a form body's schema. */
export const honeypotSchema = { [HONEYPOT_FIELD]: Type.Optional(Type.String({ maxLength: 500 })) };

/** True when the hidden field was filled: the sender is a bot, answered as usual but ignored. */
export const isBot = (body: { [HONEYPOT_FIELD]?: string }) => Boolean(body[HONEYPOT_FIELD]?.trim());

/** Throws 429 when the address or the IP has sent too many forms; otherwise counts this one. */
export async function countFormSend(db: Db, request: FastifyRequest, reply: FastifyReply, email: string) {
  const who = { ip: request.ip, account: email.trim().toLowerCase() };
  await assertNotRateLimited(db, reply, "publicForm", who);
  await recordAttempt(db, "publicForm", who);
}
