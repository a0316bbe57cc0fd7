/** Actions on the unregistered list: resend and delete, for accounts and invitations. */
import { and, eq, isNull } from "drizzle-orm";
import { ROLES } from "../../../domain/roles";
import type { ServerContext } from "../../context";
import { companyInvitations, users } from "../../db/schema";
import { httpError } from "../../plugins/errors";
import { createEmailToken } from "../auth/email-tokens";
import { sendConfirmationMail } from "../auth/mails";
import { createInvitation } from "../company/invitations";
import { deleteUnconfirmedUser } from "./lists";

export type UnregisteredKind = "account" | "invitation";

const openInvitation = (id: string) =>
  and(
    eq(companyInvitations.id, id),
    isNull(companyInvitations.acceptedAt),
    isNull(companyInvitations.revokedAt),
  );

/** Mails the confirmation link (account) or a fresh invitation replacing the old one. */
export async function resendUnregistered(
  ctx: ServerContext,
  actorId: string,
  kind: UnregisteredKind,
  id: string,
) {
  const { db } = ctx;
  if (kind === "account") {
    const [u] = await db.select().from(users).where(eq(users.id, id));
    if (!u) throw httpError(404, "User not found");
    if (u.emailConfirmedAt) throw httpError(409, "This email address is already confirmed.");
    await sendConfirmationMail(ctx, u.email, u.displayName, await createEmailToken(db, u.id, "confirm"));
    return { message: `We sent a new confirmation link to ${u.email}.` };
  }
  const [inv] = await db.select().from(companyInvitations).where(openInvitation(id));
  if (!inv) throw httpError(404, "No open invitation with this id");
  const role = inv.roles.includes(ROLES.COMPANY_ADMIN) ? ROLES.COMPANY_ADMIN : ROLES.COMPANY_EMPLOYEE;
  await createInvitation(ctx, { companyId: inv.companyId, email: inv.email, role, invitedBy: actorId });
  return { message: `We sent the invitation to ${inv.email} again.` };
}

/** Deletes an unconfirmed account (with companies only it belongs to) or withdraws an invitation. */
export async function deleteUnregistered(ctx: ServerContext, kind: UnregisteredKind, id: string) {
  if (kind === "account") {
    const done = await deleteUnconfirmedUser(ctx.db, id);
    if (done === "missing") throw httpError(404, "User not found");
    if (done === "confirmed")
      throw httpError(409, "This account is confirmed: it is no longer unregistered.");
    return;
  }
  const done = await ctx.db
    .update(companyInvitations)
    .set({ revokedAt: new Date() })
    .where(openInvitation(id))
    .returning({ id: companyInvitations.id });
  if (done.length === 0) throw httpError(404, "No open invitation with this id");
}
