import { describe, expect, it } from "vitest";
import { ROLES } from "../../domain/roles";
import { type LiveGrant, loweredBy, mayReceive } from "./grant";
import { parseAccessNotice } from "./hub";

const A = "0192f000-0000-7000-8000-00000000000a";
const B = "0192f000-0000-7000-8000-00000000000b";
const grant = (over: Partial<LiveGrant> = {}): LiveGrant => ({
  userId: "u1",
  sessionId: "s1",
  companyId: A,
  companyRoles: [ROLES.COMPANY_EMPLOYEE],
  globalRoles: [ROLES.USER],
  ...over,
});

describe("mayReceive", () => {
  it("lets members hear their company, not another one", () => {
    expect(mayReceive(grant(), { companyId: A })).toBe(true);
    expect(mayReceive(grant(), { companyId: B })).toBe(false);
    expect(mayReceive(grant({ companyId: null }), { companyId: A })).toBe(false);
  });

  it("checks company roles when the audience names them (inherited roles count)", () => {
    const adminsOnly = { companyId: A, roles: [ROLES.COMPANY_ADMIN] };
    expect(mayReceive(grant(), adminsOnly)).toBe(false);
    expect(mayReceive(grant({ companyRoles: [ROLES.COMPANY_ADMIN] }), adminsOnly)).toBe(true);
    expect(
      mayReceive(grant({ companyRoles: [ROLES.COMPANY_ADMIN] }), {
        companyId: A,
        roles: [ROLES.COMPANY_EMPLOYEE],
      }),
    ).toBe(true);
  });

  it("sends personal events to their user only, and staff events to super admins only", () => {
    expect(mayReceive(grant(), { userId: "u1" })).toBe(true);
    expect(mayReceive(grant(), { userId: "u2" })).toBe(false);
    expect(mayReceive(grant(), { staff: true })).toBe(false);
    const staff = grant({ companyId: null, globalRoles: [ROLES.USER, ROLES.SUPER_ADMIN] });
    expect(mayReceive(staff, { staff: true })).toBe(true);
    expect(mayReceive(staff, { companyId: B })).toBe(true);
  });
});

describe("loweredBy", () => {
  it("names what was taken away", () => {
    expect(loweredBy(grant(), grant({ companyId: B }))).toBe("membership");
    expect(loweredBy(grant(), grant({ companyId: null, companyRoles: [] }))).toBe("membership");
    expect(loweredBy(grant({ companyRoles: [ROLES.COMPANY_ADMIN] }), grant())).toBe("role");
    expect(loweredBy(grant({ globalRoles: [ROLES.USER, ROLES.SUPER_ADMIN] }), grant())).toBe("role");
  });

  it("keeps a connection whose rights only grew or stayed", () => {
    expect(loweredBy(grant(), grant())).toBeNull();
    expect(loweredBy(grant(), grant({ companyRoles: [ROLES.COMPANY_ADMIN] }))).toBeNull();
    expect(loweredBy(grant({ companyId: null, companyRoles: [] }), grant())).toBeNull();
  });
});

describe("parseAccessNotice", () => {
  it("reads the three kinds and ignores anything else", () => {
    expect(parseAccessNotice(`user:${A}`)).toEqual({ kind: "user", id: A });
    expect(parseAccessNotice(`password:${A}`)).toEqual({ kind: "password", id: A });
    expect(parseAccessNotice(`session:${B}`)).toEqual({ kind: "session", id: B });
    expect(parseAccessNotice("user:nope")).toBeNull();
    expect(parseAccessNotice(A)).toBeNull();
  });
});
