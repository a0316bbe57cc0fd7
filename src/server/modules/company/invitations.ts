import { and, asc, count, eq, gt, gte, isNull, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { ERROR_CODES } from "../../../domain/errors";
import type { CompanyRole } from "../../../domain/roles";
import type { ServerContext } from "../../context";
import type { Db } from "../../db/client";
import { auditLog, companies, companyInvitations, companyMembers, users } from "../../db/schema";
import { httpError } from "../../plugins/errors";
import { randomToken, sha256 } from "../auth/secrets";
import { notify } from "../notifications/store";
import { COMPANY_NOT_FOUND } from "./service";

/** An invitation link works for 7 days. */
const INVITATION_TTL_SECONDS = 7 * 24 * 3600;
/** At most this many invitations per company within INVITATION_RATE_WINDOW_SECONDS (429 beyond). */
export const INVITATION_RATE_LIMIT = 30;
const INVITATION_RATE_WINDOW_SECONDS = 3600;

const INVITATION_NOT_FOUND = "Invitation not found";
const INVALID = "This invitation link is not valid. Ask the company admin for a new one.";
const EXPIRED = "This invitation has expired. Ask the company admin to invite you again.";
const USED = "This invitation has already been accepted.";
const REVOKED = "This invitation was withdrawn. Ask the company admin for a new one.";

type Invitation = typeof companyInvitations.$inferSelect;

export interface PendingInvitation {
  id: string;
  email: string;
  roles: string[];
  invitedBy: { id: string; displayName: string } | null;
  createdAt: string;
  expiresAt: string;
}

/** Why an invitation cannot be used any more (null while it is pending). */
function closedReason(row: Invitation, now = Date.now()) {
  if (row.acceptedAt) return { reason: "used", message: USED } as const;
  if (row.revokedAt) return { reason: "revoked", message: REVOKED } as const;
  if (row.expiresAt.getTime() <= now) return { reason: "expired", message: EXPIRED } as const;
  return null;
}

/**
 * Invites an address to the company with one role and mails the link. An address that
 * is already a member answers 409; a pending invitation for the same address is
 * replaced (its link stops working). Rate-limited per company (429).
 */
export async function createInvitation(
  ctx: ServerContext,
  input: { companyId: string; email: string; role: CompanyRole; invitedBy: string },
): Promise<{ invitation: PendingInvitation; token: string }> {
  const { db } = ctx;
  const email = input.email.trim().toLowerCase();
  const token = randomToken();
  const now = new Date();
  const id = uuidv7();

  const { companyName, inviterName } = await db.transaction(async (tx) => {
    // One invitation at a time per company: the rate count and the replacement cannot race.
    const [company] = await tx
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, input.companyId))
      .for("update");
    if (!company) throw httpError(404, COMPANY_NOT_FOUND);

    const [recent] = await tx
      .select({ n: count() })
      .from(companyInvitations)
      .where(
        and(
          eq(companyInvitations.companyId, input.companyId),
          gte(companyInvitations.createdAt, new Date(now.getTime() - INVITATION_RATE_WINDOW_SECONDS * 1000)),
        ),
      );
    if (Number(recent?.n ?? 0) >= INVITATION_RATE_LIMIT) {
      throw httpError(
        429,
        `This company has sent ${INVITATION_RATE_LIMIT} invitations within the last hour. Please try again later.`,
      );
    }

    const [member] = await tx
      .select({ id: users.id })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(and(eq(companyMembers.companyId, input.companyId), sql`lower(${users.email}) = ${email}`))
      .limit(1);
    if (member) throw httpError(409, `${email} is already a member of this company`);

    await tx
      .update(companyInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(companyInvitations.companyId, input.companyId),
          eq(companyInvitations.email, email),
          isNull(companyInvitations.acceptedAt),
          isNull(companyInvitations.revokedAt),
        ),
      );
    await tx.insert(companyInvitations).values({
      id,
      companyId: input.companyId,
      email,
      roles: [input.role],
      invitedBy: input.invitedBy,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + INVITATION_TTL_SECONDS * 1000),
      createdAt: now,
    });
    await tx.insert(auditLog).values({
      id: uuidv7(),
      action: "company-invitation-sent",
      userId: input.invitedBy,
      companyId: input.companyId,
      detail: { invitationId: id, email, roles: [input.role] },
    });
    const [inviter] = await tx
      .select({ displayName: users.displayName })
      .from(users)
      .where(eq(users.id, input.invitedBy));
    return { companyName: company.name, inviterName: inviter?.displayName ?? "" };
  });

  await sendInvitationMail(ctx, email, companyName, inviterName, token);
  return {
    token,
    invitation: {
      id,
      email,
      roles: [input.role],
      invitedBy: { id: input.invitedBy, displayName: inviterName },
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + INVITATION_TTL_SECONDS * 1000).toISOString(),
    },
  };
}

/** The company's pending invitations (not accepted, not revoked, not expired), oldest first. */
export async function listPendingInvitations(db: Db, companyId: string): Promise<PendingInvitation[]> {
  const rows = await db
    .select({
      id: companyInvitations.id,
      email: companyInvitations.email,
      roles: companyInvitations.roles,
      invitedById: companyInvitations.invitedBy,
      invitedByName: users.displayName,
      createdAt: companyInvitations.createdAt,
      expiresAt: companyInvitations.expiresAt,
    })
    .from(companyInvitations)
    .leftJoin(users, eq(users.id, companyInvitations.invitedBy))
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        isNull(companyInvitations.acceptedAt),
        isNull(companyInvitations.revokedAt),
        gt(companyInvitations.expiresAt, new Date()),
      ),
    )
    .orderBy(asc(companyInvitations.createdAt), asc(companyInvitations.id));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    roles: r.roles,
    invitedBy: r.invitedById ? { id: r.invitedById, displayName: r.invitedByName ?? "" } : null,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  }));
}

/** Withdraws a pending invitation of the company; 404 for another company's or a closed one. */
export async function revokeInvitation(db: Db, actorId: string, companyId: string, invitationId: string) {
  await db.transaction(async (tx) => {
    const done = await tx
      .update(companyInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(companyInvitations.id, invitationId),
          eq(companyInvitations.companyId, companyId),
          isNull(companyInvitations.acceptedAt),
          isNull(companyInvitations.revokedAt),
        ),
      )
      .returning({ email: companyInvitations.email });
    if (done.length === 0) throw httpError(404, INVITATION_NOT_FOUND);
    await tx.insert(auditLog).values({
      id: uuidv7(),
      action: "company-invitation-revoked",
      userId: actorId,
      companyId,
      detail: { invitationId, email: done[0]?.email },
    });
  });
}

async function findByToken(db: Db, token: string) {
  const [row] = await db
    .select({ invitation: companyInvitations, companyName: companies.name })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(eq(companyInvitations.tokenHash, sha256(token)))
    .limit(1);
  return row ?? null;
}

/** What the invitation page shows (spec section 3): 409 when the link cannot be used. */
export async function describeInvitation(db: Db, token: string) {
  const row = await findByToken(db, token);
  if (!row) throw httpError(409, INVALID, { reason: "invalid" });
  const closed = closedReason(row.invitation);
  if (closed) throw httpError(409, closed.message, { reason: closed.reason });
  return {
    email: row.invitation.email,
    companyName: row.companyName,
    invitationId: row.invitation.id,
    roles: row.invitation.roles,
    expiresAt: row.invitation.expiresAt.toISOString(),
  };
}

/**
 * The signed-in user accepts: their email must be the invited one (403 otherwise); they
 * join the company with the invited roles and it becomes their active company. The
 * invitation is spent atomically, so a link works once.
 */
export async function acceptInvitation(db: Db, token: string, userId: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.tokenHash, sha256(token)))
      .for("update");
    if (!row) throw httpError(409, INVALID, { reason: "invalid" });
    const closed = closedReason(row);
    if (closed) throw httpError(409, closed.message, { reason: closed.reason });
    const [user] = await tx
      .select({ email: users.email, disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!user || user.disabledAt) throw httpError(401, "Sign in to continue");
    if (user.email.toLowerCase() !== row.email) {
      throw httpError(
        403,
        `This invitation is for ${row.email}, but you are signed in as ${user.email}. Sign out and sign in with ${row.email} to accept it.`,
        { code: ERROR_CODES.INVITATION_EMAIL_MISMATCH },
      );
    }
    // Lock the user's memberships so the switch of the active company cannot race.
    const mine = await tx
      .select({ companyId: companyMembers.companyId })
      .from(companyMembers)
      .where(eq(companyMembers.userId, userId))
      .for("update");
    if (mine.some((m) => m.companyId === row.companyId)) {
      throw httpError(409, "You are already a member of this company", { reason: "member" });
    }
    const now = new Date();
    await tx
      .update(companyInvitations)
      .set({ acceptedAt: now, acceptedBy: userId })
      .where(eq(companyInvitations.id, row.id));
    await tx.update(companyMembers).set({ isPrimary: false }).where(eq(companyMembers.userId, userId));
    await tx
      .insert(companyMembers)
      .values({ companyId: row.companyId, userId, roles: row.roles, isPrimary: true });
    await tx.insert(auditLog).values({
      id: uuidv7(),
      action: "company-invitation-accepted",
      userId,
      companyId: row.companyId,
      detail: { invitationId: row.id, roles: row.roles },
    });
    const [company] = await tx
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, row.companyId));
    await notify(tx, {
      type: "invitation_accepted",
      companyId: row.companyId,
      recipients: "admins",
      authorId: userId,
      description: `${user.email} accepted the invitation and joined ${company?.name ?? "the company"}`,
      link: "/dashboard/company-account",
    });
    return { companyId: row.companyId, companyName: company?.name ?? "", roles: row.roles };
  });
}

async function sendInvitationMail(
  ctx: ServerContext,
  to: string,
  companyName: string,
  inviterName: string,
  token: string,
) {
  const link = `${ctx.config.publicUrl}/invitation/${token}`;
  const who = inviterName ? `${inviterName} invited you` : "You are invited";
  await ctx.mailer.send({
    to,
    kind: "company-invitation",
    subject: `You're invited to join ${companyName} on Blocklot`,
    text: [
      "Hello,",
      "",
      `${who} to join ${companyName} on Blocklot. To accept, open:`,
      "",
      link,
      "",
      `Sign in (or create your account) with ${to}. The link works for 7 days. If you did not expect this, you can ignore this mail.`,
    ].join("\n"),
    html: `<p>Hello,</p><p>${escapeHtml(who)} to join <strong>${escapeHtml(companyName)}</strong> on Blocklot.</p><p><a href="${link}">Accept the invitation</a></p><p>Sign in (or create your account) with ${escapeHtml(to)}. The link works for 7 days. If you did not expect this, you can ignore this mail.</p>`,
  });
}

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
