import { describe, expect, it } from "vitest";
import { AREA_ROLES, effectiveRoles, hasAnyRole, ROLES } from "./roles";

describe("role check", () => {
  it("fails without a user, even when nothing is required", () => {
    expect(hasAnyRole(null, [])).toBe(false);
    expect(hasAnyRole(undefined, [ROLES.USER])).toBe(false);
  });

  it("passes any user when no role is required", () => {
    expect(hasAnyRole({ roles: [] }, [])).toBe(true);
  });

  it("counts inherited roles", () => {
    const admin = { roles: [ROLES.COMPANY_ADMIN] };
    expect(hasAnyRole(admin, [ROLES.COMPANY_EMPLOYEE])).toBe(true);
    expect(hasAnyRole(admin, [ROLES.USER])).toBe(true);
    expect(hasAnyRole(admin, [ROLES.SUPER_ADMIN])).toBe(false);
    expect([...effectiveRoles([ROLES.SUPER_ADMIN])].sort()).toEqual(
      [ROLES.USER, ROLES.COMPANY_EMPLOYEE, ROLES.COMPANY_ADMIN, ROLES.SUPER_ADMIN].sort(),
    );
  });

  it("keeps the marketplace role apart from the hierarchy", () => {
    const seller = { roles: [ROLES.MARKETPLACE] };
    expect(hasAnyRole(seller, [ROLES.COMPANY_EMPLOYEE])).toBe(false);
    expect(hasAnyRole(seller, AREA_ROLES.marketplace)).toBe(true);
    expect(hasAnyRole(seller, AREA_ROLES.admin)).toBe(false);
    expect(hasAnyRole({ roles: [ROLES.SUPER_ADMIN] }, AREA_ROLES.marketplace)).toBe(true);
    expect(hasAnyRole({ roles: [ROLES.SUPER_ADMIN] }, [ROLES.MARKETPLACE])).toBe(false);
  });

  it("ignores unknown role names", () => {
    expect(hasAnyRole({ roles: ["ROLE_GOD"] }, [ROLES.USER])).toBe(false);
  });
});
