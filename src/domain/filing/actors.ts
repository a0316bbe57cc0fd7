import { hasAnyRole, ROLES } from "../roles";

/**
 * Who acts on a filing: the owner (a member of the filing's company), staff
 * (ROLE_SUPER_ADMIN) or the system (a payment provider's confirmed webhook).
 */
export type FilingActor = "owner" | "staff" | "system";

/**
 * The actor a signed-in user is for a filing: staff when they hold ROLE_SUPER_ADMIN,
 * the owner when they are a member of the filing's company, otherwise nobody (null).
 */
export function actorFor(
  user: { roles: readonly string[] } | null | undefined,
  isMemberOfFilingCompany: boolean,
): FilingActor | null {
  if (!user) return null;
  if (hasAnyRole(user, [ROLES.SUPER_ADMIN])) return "staff";
  return isMemberOfFilingCompany ? "owner" : null;
}
