import type { ServerContext } from "../../context";

/** The link of a confirmation mail; `returnTo` (a checked same-origin path) rides in its query. */
function confirmationLink(publicUrl: string, hash: string, returnTo: string | null = null): string {
  const link = `${publicUrl}/confirmation-email/${encodeURIComponent(hash)}`;
  return returnTo ? `${link}?returnTo=${encodeURIComponent(returnTo)}` : link;
}

/**
 * The confirmation mail: a link to the app's /confirmation-email/{hash} page, valid 24 hours.
 * With `returnTo` (already checked by safeReturnPath), the page goes there after confirming —
 * e.g. back to the invitation the person registered from.
 */
export async function sendConfirmationMail(
  ctx: ServerContext,
  to: string,
  name: string,
  hash: string,
  returnTo: string | null = null,
) {
  const link = confirmationLink(ctx.config.publicUrl, hash, returnTo);
  await ctx.mailer.send({
    to,
    kind: "confirm-email",
    subject: "Confirm your email address for Blocklot",
    text: [
      `Hello ${name},`,
      "",
      "Please confirm your email address to finish creating your Blocklot account:",
      "",
      link,
      "",
      "The link works for 24 hours. If you did not sign up, you can ignore this mail.",
    ].join("\n"),
    html: `<p>Hello ${escapeHtml(name)},</p><p>Please confirm your email address to finish creating your Blocklot account:</p><p><a href="${escapeHtml(link)}">Confirm my email address</a></p><p>The link works for 24 hours. If you did not sign up, you can ignore this mail.</p>`,
  });
}

/** The password reset mail: a link to /auth/google/reset-pwd/{token}, valid 1 hour. */
export async function sendResetMail(ctx: ServerContext, to: string, name: string, token: string) {
  const link = `${ctx.config.publicUrl}/auth/google/reset-pwd/${token}`;
  await ctx.mailer.send({
    to,
    kind: "reset-password",
    subject: "Reset your Blocklot password",
    text: [
      `Hello ${name},`,
      "",
      "Someone asked to reset the password of your Blocklot account. To choose a new password, open:",
      "",
      link,
      "",
      "The link works for 1 hour. If it was not you, ignore this mail: your password stays as it is.",
    ].join("\n"),
    html: `<p>Hello ${escapeHtml(name)},</p><p>Someone asked to reset the password of your Blocklot account.</p><p><a href="${link}">Choose a new password</a></p><p>The link works for 1 hour. If it was not you, ignore this mail: your password stays as it is.</p>`,
  });
}

/**
 * Many failed sign-ins on an account (sign-in-limits.ts): its owner is told once a day. The
 * account is not locked, so the mail says so and what to do if it was not them.
 */
export async function sendSignInAlertMail(ctx: ServerContext, to: string, name: string, failures: number) {
  const reset = `${ctx.config.publicUrl}/auth/google/data-user-forgot-password`;
  const lines = [
    `Hello ${name},`,
    "",
    `Someone tried to sign in to your Blocklot account with a wrong password ${failures} times in the last 15 minutes.`,
    "Your account is not locked: you can still sign in as usual. The computers that keep failing are slowed down.",
    "",
    "If this was you and you forgot your password, choose a new one here:",
    "",
    reset,
    "",
    "If it was not you, nothing is needed; make sure your password is not one you use anywhere else.",
  ];
  await ctx.mailer.send({
    to,
    kind: "sign-in-alert",
    subject: "Failed sign-in attempts on your Blocklot account",
    text: lines.join("\n"),
    html: `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(lines[2] as string)}</p><p>${escapeHtml(lines[3] as string)}</p><p>If this was you and you forgot your password, <a href="${escapeHtml(reset)}">choose a new one</a>.</p><p>${escapeHtml(lines[9] as string)}</p>`,
  });
}

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
