/**
 * The role a super admin assigns from the user detail (spec section 6: "Role options when
 * creating or assigning: Employee, Company Admin, Admin (full access)"), plus the separate
 * marketplace role. Employee and Company Admin are the user's role in their primary company;
 * Admin is the global ROLE_SUPER_ADMIN.
 */
import { ROLES } from "../roles";

export const ROLE_LEVELS = ["employee", "companyAdmin", "admin"] as const;
export type RoleLevel = (typeof ROLE_LEVELS)[number];

export interface RoleSetting {
  role: RoleLevel;
  marketplace: boolean;
}

export const isRoleLevel = (v: unknown): v is RoleLevel =>
  typeof v === "string" && (ROLE_LEVELS as readonly string[]).includes(v);

/** The setting a user has now, from their global roles and their primary company's roles. */
export function roleSettingOf(
  globalRoles: readonly string[],
  primaryCompanyRoles: readonly string[],
): RoleSetting {
  const marketplace = globalRoles.includes(ROLES.MARKETPLACE);
  if (globalRoles.includes(ROLES.SUPER_ADMIN)) return { role: "admin", marketplace };
  return {
    role: primaryCompanyRoles.includes(ROLES.COMPANY_ADMIN) ? "companyAdmin" : "employee",
    marketplace,
  };
}

/** The global roles after applying `next` (ROLE_USER always stays). */
export function globalRolesFor(current: readonly string[], next: RoleSetting): string[] {
  const keep = current.filter((r) => r !== ROLES.SUPER_ADMIN && r !== ROLES.MARKETPLACE);
  const out = keep.includes(ROLES.USER) ? keep : [ROLES.USER, ...keep];
  if (next.role === "admin") out.push(ROLES.SUPER_ADMIN);
  if (next.marketplace) out.push(ROLES.MARKETPLACE);
  return out;
}
