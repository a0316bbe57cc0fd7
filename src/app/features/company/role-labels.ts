import { useLingui } from "@lingui/react/macro";
import { ROLES } from "../../../domain/roles";

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
