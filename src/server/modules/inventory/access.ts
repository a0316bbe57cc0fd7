import type { FastifyRequest } from "fastify";
import { effectiveRoles, hasAnyRole, ROLES } from "../../../domain/roles";
import type { CompanyScope } from "../../plugins/company-scope";
import { httpError } from "../../plugins/errors";

/**
 * Who works on a company's inventory (items, batches, products, item photos): Company
 * Employees and Admins of the active company; Marketplace staff and super admins within the
 * company they are a member of; and marketplace staff working for a seller that turned on
 * Managed listing (the seller scope of request.companyScope, docs/marketplace.md). Company roles
 * come from the membership row, global roles from the access token.
 */
export async function inventoryMember(request: FastifyRequest): Promise<CompanyScope> {
  const scope = await request.companyScope({ sellerInventory: true });
  if (scope.seller) return scope;
  const staff = !!request.user && hasAnyRole(request.user, [ROLES.MARKETPLACE, ROLES.SUPER_ADMIN]);
  if (!staff && !effectiveRoles(scope.roles).has(ROLES.COMPANY_EMPLOYEE)) {
    throw httpError(403, "Only members of the company can see or change its inventory");
  }
  return scope;
}
