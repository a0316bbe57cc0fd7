import { and, eq, isNull } from "drizzle-orm";
import {
  COMPANY_ROLES,
  type CompanyRole,
  effectiveRoles,
  hasAnyRole,
  isRole,
  ROLES,
  type Role,
} from "../../domain/roles";
import type { Db } from "../db/client";
import { companyMembers, refreshTokens, users } from "../db/schema";

/**
 * What a live connection (event stream today; chat, notifications, kanban, mail later) may
 * receive, read from the database when it opens and again whenever the user's access changes.
 */
export interface LiveGrant {
  userId: string;
  /** The sign-in session (refresh-token family) behind the access token; null for tokens without one. */
  sessionId: string | null;
  /** The active company, null when the user belongs to none (staff may still listen). */
  companyId: string | null;
  /** Roles in that company (ROLE_COMPANY_ADMIN / ROLE_COMPANY_EMPLOYEE). */
  companyRoles: CompanyRole[];
  /** Global roles (ROLE_USER, ROLE_SUPER_ADMIN, ROLE_MARKETPLACE). */
  globalRoles: Role[];
}

/** Who an event is for. Each channel names the audience of every event it sends. */
export type Audience =
  /** Members of a company (optionally only those holding one of `roles` there); staff hear every company. */
  | { companyId: string; roles?: readonly Role[] }
  /** One user, on every device they are signed in on. */
  | { userId: string }
  /** Super admins only. */
  | { staff: true };

function isStaff(grant: LiveGrant): boolean {
  return hasAnyRole({ roles: grant.globalRoles }, [ROLES.SUPER_ADMIN]);
}

/**
 * The one rule for every live channel: whether a connection holding `grant` may receive an
 * event meant for `audience`.
 */
export function mayReceive(grant: LiveGrant, audience: Audience): boolean {
  if ("staff" in audience) return isStaff(grant);
  if ("userId" in audience) return audience.userId === grant.userId;
  if (isStaff(grant)) return true;
  if (audience.companyId !== grant.companyId) return false;
  if (!audience.roles || audience.roles.length === 0) return true;
  return hasAnyRole({ roles: [...grant.globalRoles, ...grant.companyRoles] }, audience.roles);
}

const isCompanyRole = (r: string): r is CompanyRole => (COMPANY_ROLES as readonly string[]).includes(r);

/** Why a grant stopped being valid (sent to the client as the reason the stream closed). */
export type EndReason = "signed-out" | "account" | "membership" | "role" | "expired" | "server";

/**
 * The user's grant as it stands in the database now: null with the reason when the account is
 * gone or disabled, or the session was signed out or revoked.
 */
export async function loadGrant(
  db: Db,
  userId: string,
  sessionId: string | null,
): Promise<{ grant: LiveGrant } | { grant: null; reason: EndReason }> {
  const [user] = await db
    .select({ roles: users.roles, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || user.disabledAt) return { grant: null, reason: "account" };
  if (sessionId) {
    const [live] = await db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)))
      .limit(1);
    if (!live) return { grant: null, reason: "signed-out" };
  }
  const [member] = await db
    .select({ companyId: companyMembers.companyId, roles: companyMembers.roles })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, userId), eq(companyMembers.isPrimary, true)))
    .limit(1);
  return {
    grant: {
      userId,
      sessionId,
      companyId: member?.companyId ?? null,
      companyRoles: member ? member.roles.filter(isCompanyRole) : [],
      globalRoles: user.roles.filter(isRole),
    },
  };
}

/**
 * Whether `now` takes away anything `before` allowed: another (or no) active company, a role
 * lost in it or globally. A grant that only gained rights is not lowered (the connection keeps
 * what it had; new rights come with the next connection).
 */
export function loweredBy(before: LiveGrant, now: LiveGrant): EndReason | null {
  if (before.companyId !== null && now.companyId !== before.companyId) return "membership";
  const lost = (had: readonly string[], has: readonly string[]) => {
    const mine = effectiveRoles(has);
    return had.some((r) => !mine.has(r as Role));
  };
  if (lost(before.companyRoles, now.companyRoles) || lost(before.globalRoles, now.globalRoles)) return "role";
  return null;
}
