import { and, eq, isNull } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ERROR_CODES } from "../../../domain/errors";
import type { ServerContext } from "../../context";
import { emailTokens, users } from "../../db/schema";
import { httpError } from "../../plugins/errors";
import { createUserWithCompany } from "../users/create";
import { audit } from "./audit";
import { isUniqueViolation } from "./db-errors";
import { normalizeEmail } from "./email";
import type { GoogleIdentity } from "./google";
import { verifyPassword } from "./passwords";
import {
  assertSignInAllowed,
  clearSourceFailures,
  recordSignInFailure,
  signInSource,
} from "./sign-in-limits";
import { findUserByEmail, findUserByGoogleSub } from "./users";

const INVALID_CREDENTIALS = "Invalid email or password";
const EMAIL_NOT_CONFIRMED = "Please confirm your email address before signing in. We sent you a link.";

/** Email + password. Returns the user's id; failures are counted for rate limiting and audited. */
export async function passwordSignIn(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  rawEmail: string,
  password: string,
): Promise<string> {
  const { db } = ctx;
  const email = normalizeEmail(rawEmail);
  const user = await findUserByEmail(db, email);
  const source = await signInSource(db, request, user?.id ?? null);
  await assertSignInAllowed(db, reply, email, source);
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    await recordSignInFailure(ctx, email, source, user);
    await audit(db, "sign-in-failed", {
      userId: user?.id,
      detail: {
        email,
        ip: request.ip,
        knownDevice: source.knownDevice,
        reason: user ? "wrong-password" : "unknown-email",
      },
    });
    throw httpError(401, INVALID_CREDENTIALS);
  }
  // Only someone who knows the password learns the account's state.
  if (user.disabledAt) throw httpError(403, "This account has been disabled. Please contact support.");
  if (!user.emailConfirmedAt)
    throw httpError(401, EMAIL_NOT_CONFIRMED, { code: ERROR_CODES.EMAIL_NOT_CONFIRMED });
  await clearSourceFailures(db, email, source);
  await audit(db, "sign-in", { userId: user.id, detail: { method: "password", ip: request.ip } });
  return user.id;
}

/**
 * A verified Google identity: the user linked to that Google account, else the user
 * with that email (now linked; Google has verified the address), else a new
 * confirmed user with their own company.
 */
export async function googleSignIn(
  ctx: ServerContext,
  request: FastifyRequest,
  identity: GoogleIdentity,
): Promise<string> {
  const { db } = ctx;
  const userId = await findOrCreateGoogleUser(ctx, identity).catch(async (err) => {
    // Two first sign-ins at once: the loser finds the winner's row.
    if (isUniqueViolation(err)) return findOrCreateGoogleUser(ctx, identity);
    throw err;
  });
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (user?.disabledAt) throw httpError(403, "This account has been disabled. Please contact support.");
  await audit(db, "sign-in", { userId, detail: { method: "google", ip: request.ip } });
  return userId;
}

async function findOrCreateGoogleUser(ctx: ServerContext, identity: GoogleIdentity): Promise<string> {
  const { db } = ctx;
  const bySub = await findUserByGoogleSub(db, identity.sub);
  if (bySub) return bySub.id;
  const byEmail = await findUserByEmail(db, identity.email);
  if (byEmail) {
    if (byEmail.googleSub && byEmail.googleSub !== identity.sub) {
      throw httpError(409, "This email address is already linked to a different Google account");
    }
    // An unconfirmed account's password was set by someone who never proved they own
    // the address (maybe not this person): it is dropped, so it cannot be used to get in.
    const unconfirmed = !byEmail.emailConfirmedAt;
    await db
      .update(users)
      .set({
        googleSub: identity.sub,
        emailConfirmedAt: byEmail.emailConfirmedAt ?? new Date(),
        ...(unconfirmed ? { passwordHash: null } : {}),
        photo: byEmail.photo ?? identity.picture,
        updatedAt: new Date(),
      })
      .where(eq(users.id, byEmail.id));
    if (unconfirmed) {
      await db
        .update(emailTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(emailTokens.userId, byEmail.id), isNull(emailTokens.usedAt)));
    }
    return byEmail.id;
  }
  const { userId } = await createUserWithCompany(db, {
    email: identity.email,
    displayName: identity.name ?? identity.email.split("@")[0] ?? identity.email,
    googleSub: identity.sub,
    photo: identity.picture,
    emailConfirmed: true,
  });
  await audit(db, "register", { userId, detail: { method: "google" } });
  return userId;
}
