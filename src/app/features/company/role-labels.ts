import { useLingui } from "@lingui/react/macro";
import { type CompanyRole, ROLES } from "../../../domain/roles";

/** The spec's role labels (section 6): Employee, Company Admin, Admin (full access). */
export function useRoleLabel() {
  const { t } = useLingui();
  return (role: string): string => {
    switch (role) {
      case ROLES.COMPANY_EMPLOYEE:
        return t`Employee`;
      case ROLES.COMPANY_ADMIN:
        return t`Company Admin`;
      case ROLES.SUPER_ADMIN:
        return t`Admin (full access)`;
      default:
        return role;
    }
  };
}

/** The roles a company admin can give: Employee and Company Admin, labelled. */
export function useRoleOptions() {
  const label = useRoleLabel();
  return [ROLES.COMPANY_EMPLOYEE, ROLES.COMPANY_ADMIN].map((value) => ({ value, label: label(value) }));
}

/** A member's company role from their roles (Company Admin wins). */
export const companyRoleOf = (roles: readonly string[]): CompanyRole =>
  roles.includes(ROLES.COMPANY_ADMIN) ? ROLES.COMPANY_ADMIN : ROLES.COMPANY_EMPLOYEE;
