/**
 * Roles and the role check of spec section 6. Shared by the app's guards and the
 * server's route checks; the server is the authority.
 */
export const ROLES = {
  USER: "ROLE_USER",
  COMPANY_EMPLOYEE: "ROLE_COMPANY_EMPLOYEE",
  COMPANY_ADMIN: "ROLE_COMPANY_ADMIN",
  SUPER_ADMIN: "ROLE_SUPER_ADMIN",
  MARKETPLACE: "ROLE_MARKETPLACE",
} as const;

export type Role = (typeof ROLES)[keyof typeof ROLES];

const ALL_ROLES: readonly Role[] = Object.values(ROLES);

/** The hierarchy, lowest first: each role inherits every role before it. */
const HIERARCHY: readonly Role[] = [
  ROLES.USER,
  ROLES.COMPANY_EMPLOYEE,
  ROLES.COMPANY_ADMIN,
  ROLES.SUPER_ADMIN,
];

/** Roles a member can hold inside a company. */
export const COMPANY_ROLES = [ROLES.COMPANY_EMPLOYEE, ROLES.COMPANY_ADMIN] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ALL_ROLES as readonly string[]).includes(value);
}

/** Every role a user effectively has: their own plus every role below each in the hierarchy. */
export function effectiveRoles(roles: readonly string[]): Set<Role> {
  const out = new Set<Role>();
  for (const role of roles) {
    if (!isRole(role)) continue;
    out.add(role);
    const rank = HIERARCHY.indexOf(role);
    for (let i = 0; i < rank; i++) out.add(HIERARCHY[i] as Role);
  }
  return out;
}

/**
 * The role check: passes when no role is required, or when the user's roles
 * (inherited ones included) contain any required role. No user fails.
 */
export function hasAnyRole(
  user: { roles: readonly string[] } | null | undefined,
  required: readonly Role[],
): boolean {
  if (!user) return false;
  if (required.length === 0) return true;
  const mine = effectiveRoles(user.roles);
  return required.some((r) => mine.has(r));
}

/** Route guards of spec section 6. */
export const AREA_ROLES = {
  admin: [ROLES.SUPER_ADMIN],
  marketplace: [ROLES.SUPER_ADMIN, ROLES.MARKETPLACE],
} as const satisfies Record<string, readonly Role[]>;
