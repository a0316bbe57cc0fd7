import { and, eq } from "drizzle-orm";
import { isRole, type Role } from "../../../domain/roles";
import type { Db } from "../../db/client";
import { companyMembers, ebayConnections, users } from "../../db/schema";
import type { AccessClaims } from "../../plugins/access-token";

/**
 * The access-token claims for a user: their profile, their global roles plus the
 * roles they hold in their active (primary) company, and that company's id.
 * Returns null for an unknown or disabled user.
 */
export async function buildClaims(db: Db, userId: string): Promise<AccessClaims | null> {
  const rows = await db
    .select({
      user: users,
      companyId: companyMembers.companyId,
      companyRoles: companyMembers.roles,
      ebay: ebayConnections.id,
    })
    .from(users)
    .leftJoin(companyMembers, and(eq(companyMembers.userId, users.id), eq(companyMembers.isPrimary, true)))
    .leftJoin(ebayConnections, eq(ebayConnections.companyId, companyMembers.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  if (!row || row.user.disabledAt) return null;
  const roles = new Set<Role>();
  for (const r of [...row.user.roles, ...(row.companyRoles ?? [])]) if (isRole(r)) roles.add(r);
  const u = row.user;
  return {
    id: u.id,
    email: u.email,
    displayName: u.displayName,
    photo: u.photo,
    phoneNumber: u.phoneNumber,
    createdAt: u.createdAt.toISOString(),
    // The active company has an eBay account connected (docs/ebay.md); the users column is kept for old rows.
    hasEbayAccount: u.hasEbayAccount || row.ebay !== null,
    roles: [...roles],
    showWelcomePage: u.showWelcomePage,
    companyId: row.companyId ?? null,
  };
}
