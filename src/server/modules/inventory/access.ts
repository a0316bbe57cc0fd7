import type { FastifyRequest } from "fastify";
import { type CompanyScope, companyMember } from "../../plugins/company-scope";

/**
 * Who works on a company's inventory (items, batches, products, item photos): Company
 * Employees and Admins of the active company; Marketplace staff and super admins within the
 * company they are a member of; and marketplace staff working for a seller that turned on
 * Managed listing (the seller scope of request.companyScope, docs/marketplace.md). Company roles
 * come from the membership row, global roles from the access token.
 */
export const inventoryMember = (request: FastifyRequest): Promise<CompanyScope> =>
  companyMember(request, "Only members of the company can see or change its inventory", {
    sellerInventory: true,
  });
