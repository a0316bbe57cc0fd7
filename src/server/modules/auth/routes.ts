import type { FastifyInstance } from "fastify";
import { safeReturnPath } from "../../../domain/return-path";
import { currentUser } from "../../plugins/auth";
import { httpError } from "../../plugins/errors";
import { createUserWithCompany } from "../users/create";
import { audit } from "./audit";
import { clearAuthCookies, refreshTokenFrom } from "./cookies";
import { isForeignKeyViolation, isUniqueViolation } from "./db-errors";
import { normalizeEmail } from "./email";
import { consumeEmailToken, createEmailToken, findEmailToken, spendEmailTokens } from "./email-tokens";
import { createGoogleVerifier } from "./google";
import { issueTokens } from "./issue-tokens";
import { rememberDevice } from "./known-devices";
import { sendConfirmationMail, sendResetMail } from "./mails";
import { assertPasswordStrength, hashPassword } from "./passwords";
import { assertNotRateLimited, clearAccountAttempts, recordAttempt } from "./rate-limit";
import { findRefreshToken, revokeAllForUser, revokeFamily, spendRefreshToken } from "./refresh-tokens";
import {
  ClarityBody,
  EmailBody,
  HashBody,
  Message,
  RefreshBody,
  RegisterBody,
  Registered,
  ResendBody,
  ResetBody,
  SignInBody,
  Tokens,
} from "./schemas";
import { googleSignIn, passwordSignIn } from "./sign-in";
import { clearAccountFailures } from "./sign-in-limits";
import { confirmEmail, findUserByEmail, findUserById, resetPassword, saveClarityId } from "./users";

const ACCOUNT_EXISTS = "An account with this email already exists";
const ALREADY_CONFIRMED = "This email is already confirmed";
const CONFIRMATION_SENT = "If an account with this email is waiting for confirmation, we sent it a new link.";

/**
 * The page a confirmation link leads back to: a same-origin path only (no open redirect), or
 * null when none was asked for; anything else is refused with 400.
 */
function checkedReturnTo(value: string | undefined): string | null {
  if (value === undefined) return null;
  const path = safeReturnPath(value);
  if (!path) throw httpError(400, "returnTo must be a path on this site, such as /invitation/{hash}");
  return path;
}

/** Accounts and sign-in: /auth-jwt/* and the analytics id call. See docs/auth.md. */
export async function authRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const { db } = ctx;
  const verifyGoogle = createGoogleVerifier(ctx.config);
  // Refresh and sign-out may come with no body at all (cookie only).
  app.addHook("preValidation", async (request) => {
    if (request.body === undefined && request.method === "POST") request.body = {};
  });

  app.post<{ Body: RegisterBody }>(
    "/auth-jwt/register",
    {
      config: { auth: "public" },
      schema: {
        tags: ["auth"],
        summary: "Create an account (unconfirmed) with its own company and mail a confirmation link",
        description: "Answers 201 { message, email }; tokens are issued by confirm-email, not here.",
        body: RegisterBody,
        response: { 201: Registered },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const email = normalizeEmail(b.email);
      const returnTo = checkedReturnTo(b.returnTo);
      assertPasswordStrength(b.password);
      const displayName = b.displayName.trim();
      if (!displayName) throw httpError(400, "Please enter your name");
      if (await findUserByEmail(db, email)) throw httpError(409, ACCOUNT_EXISTS);
      let userId: string;
      try {
        ({ userId } = await createUserWithCompany(db, {
          email,
          displayName,
          passwordHash: await hashPassword(b.password),
          companyName: b.companyName,
        }));
      } catch (err) {
        if (isUniqueViolation(err)) throw httpError(409, ACCOUNT_EXISTS);
        throw err;
      }
      await audit(db, "register", { userId, detail: { method: "password", ip: request.ip } });
      const hash = await createEmailToken(db, userId, "confirm");
      await sendConfirmationMail(ctx, email, displayName, hash, returnTo);
      return reply.status(201).send({
        message: "Registration successful. We sent you an email: open its link to confirm your address.",
        email,
      });
    },
  );

  app.post<{ Body: HashBody }>(
    "/auth-jwt/confirm-email",
    {
      config: { auth: "public" },
      schema: {
        tags: ["auth"],
        summary: "Confirm the email address with the mailed link's hash, and sign in",
        body: HashBody,
        response: { 200: Tokens },
      },
    },
    async (request, reply) => {
      const userId = await consumeEmailToken(db, request.body.hash, "confirm");
      await confirmEmail(db, userId);
      await audit(db, "email-confirmed", { userId, detail: { ip: request.ip } });
      await rememberDevice(db, request, reply, ctx.config, userId);
      return issueTokens(app, reply, userId);
    },
  );

  app.post<{ Body: ResendBody }>(
    "/auth-jwt/resend-confirmation-email",
    {
      config: { auth: "public" },
      schema: {
        tags: ["auth"],
        summary: "Mail a fresh confirmation link (by an old link's hash, or by email address)",
        body: ResendBody,
        response: { 200: Message },
      },
    },
    async (request, reply) => {
      const { hash, email: rawEmail } = request.body;
      if (hash && rawEmail) throw httpError(400, "Send either hash or email, not both");
      const returnTo = checkedReturnTo(request.body.returnTo);
      if (hash) {
        const row = await findEmailToken(db, hash, "confirm");
        const user = row && (await findUserById(db, row.userId));
        if (!user) throw httpError(409, "This confirmation link is not valid. Please register again.");
        if (user.emailConfirmedAt) throw httpError(409, ALREADY_CONFIRMED);
        await assertNotRateLimited(db, reply, "resend", { ip: request.ip, account: user.email });
        await recordAttempt(db, "resend", { ip: request.ip, account: user.email });
        await sendConfirmationMail(
          ctx,
          user.email,
          user.displayName,
          await createEmailToken(db, user.id, "confirm"),
          returnTo,
        );
        return { message: `We sent a new confirmation link to ${user.email}.` };
      }
      if (!rawEmail) throw httpError(400, "Send the hash of your confirmation link or your email address");
      const email = normalizeEmail(rawEmail);
      // The same answer whether or not the account exists or is confirmed.
      await assertNotRateLimited(db, reply, "resend", { ip: request.ip, account: email });
      await recordAttempt(db, "resend", { ip: request.ip, account: email });
      const user = await findUserByEmail(db, email);
      if (user && !user.emailConfirmedAt && !user.disabledAt) {
        await sendConfirmationMail(
          ctx,
          user.email,
          user.displayName,
          await createEmailToken(db, user.id, "confirm"),
          returnTo,
        );
      }
      return { message: CONFIRMATION_SENT };
    },
  );

  app.post<{ Body: SignInBody }>(
    "/auth-jwt/connect/google/check",
    {
      config: { auth: "public" },
      schema: {
        tags: ["auth"],
        summary: "Sign in with a Google ID token, or with email and password",
        body: SignInBody,
        response: { 200: Tokens },
      },
    },
    async (request, reply) => {
      const { token, email, password } = request.body;
      let userId: string;
      if (token !== undefined) {
        if (email !== undefined || password !== undefined) {
          throw httpError(400, "Send either a Google token or an email and password, not both");
        }
        userId = await googleSignIn(ctx, request, await verifyGoogle(token));
      } else if (email !== undefined && password !== undefined) {
        userId = await passwordSignIn(ctx, request, reply, email, password);
      } else {
        throw httpError(400, "Send a Google token, or both email and password");
      }
      await rememberDevice(db, request, reply, ctx.config, userId);
      return issueTokens(app, reply, userId);
    },
  );

  app.post<{ Body: RefreshBody }>(
    "/auth-jwt/token/refresh",
    {
      config: { auth: "public" },
      schema: {
        tags: ["auth"],
        summary: "Swap a refresh token (body or cookie + x-csrf-token header) for new tokens",
        body: RefreshBody,
        response: { 200: Tokens },
      },
    },
    async (request, reply) => {
      const raw = refreshTokenFrom(request, request.body.refresh_token, { requireCsrf: true });
      if (!raw) throw httpError(401, "No refresh token was sent. Please sign in again.");
      const { userId, familyId } = await spendRefreshToken(db, raw);
      return issueTokens(app, reply, userId, familyId);
    },
  );

  app.post<{ Body: RefreshBody }>(
    "/auth-jwt/logout",
    {
      config: { auth: "public" },
      schema: {
        tags: ["auth"],
        summary: "Sign out: revoke the refresh token's family and clear the cookies",
        body: RefreshBody,
        response: { 200: Message },
      },
    },
    async (request, reply) => {
      const raw = refreshTokenFrom(request, request.body.refresh_token, { requireCsrf: false });
      const row = raw ? await findRefreshToken(db, raw) : null;
      if (row) await revokeFamily(db, row.familyId);
      clearAuthCookies(reply, ctx.config);
      return { message: "Signed out" };
    },
  );

  app.post<{ Body: EmailBody }>(
    "/auth-jwt/forgot-password",
    {
      config: { auth: "public" },
      schema: {
        tags: ["auth"],
        summary: "Mail a password reset link (valid 1 hour)",
        body: EmailBody,
        response: { 200: Message },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const who = { ip: request.ip, account: email };
      await assertNotRateLimited(db, reply, "reset", who);
      await recordAttempt(db, "reset", who);
      const user = await findUserByEmail(db, email);
      if (!user || user.disabledAt) throw httpError(404, "User not found");
      await sendResetMail(ctx, user.email, user.displayName, await createEmailToken(db, user.id, "reset"));
      return { message: "Password reset link has been sent to your email" };
    },
  );

  app.post<{ Body: ResetBody }>(
    "/auth-jwt/reset-password",
    {
      config: { auth: "public" },
      schema: {
        tags: ["auth"],
        summary: "Set a new password with the mailed reset token",
        body: ResetBody,
        response: { 200: Message },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      assertPasswordStrength(password);
      await assertNotRateLimited(db, reply, "reset", { ip: request.ip });
      let userId: string;
      try {
        userId = await consumeEmailToken(db, token, "reset");
      } catch (err) {
        await recordAttempt(db, "reset", { ip: request.ip });
        throw err;
      }
      const email = await resetPassword(db, userId, await hashPassword(password));
      // Sessions and other reset links from before the reset stop working.
      await revokeAllForUser(db, userId);
      await spendEmailTokens(db, userId, "reset");
      if (email) {
        await clearAccountAttempts(db, ["reset"], email.toLowerCase());
        await clearAccountFailures(db, email.toLowerCase());
      }
      await audit(db, "password-reset", { userId, detail: { ip: request.ip } });
      return { message: "Password reset now you can sign in" };
    },
  );

  app.post<{ Body: ClarityBody }>(
    "/api/trade/user-property/clarity",
    {
      config: { auth: [] },
      schema: {
        tags: ["auth"],
        summary: "Remember the analytics (Clarity) id of the signed-in user",
        security: [{ bearer: [] }],
        body: ClarityBody,
        response: { 200: Message, 201: Message },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      try {
        if (!(await saveClarityId(db, user.id, request.body.clarityId)))
          return reply.status(200).send({ message: "Analytics id already saved" });
      } catch (err) {
        if (isForeignKeyViolation(err)) throw httpError(401, "This account no longer exists");
        throw err;
      }
      return reply.status(201).send({ message: "Analytics id saved" });
    },
  );
}
