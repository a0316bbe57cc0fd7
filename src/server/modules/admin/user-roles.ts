import { and, eq, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { globalRolesFor, type RoleSetting, roleSettingOf } from "../../../domain/admin/user-roles";
import { ROLES } from "../../../domain/roles";
import type { Db } from "../../db/client";
import { auditLog, companyMembers, users } from "../../db/schema";
import { httpError } from "../../plugins/errors";
import { ROLE_CHANGE_ACTION } from "./users";

const LAST_SUPER_ADMIN = "This is the last super admin: make someone else a super admin first.";
const LAST_COMPANY_ADMIN =
  "This user is the only Company Admin of their company: make another member Company Admin first.";

/**
 * Sets a user's role (Employee / Company Admin in their primary company, or Admin = super admin)
 * and the marketplace role, in one transaction with its audit entry (who, when, before, after).
 * The super admins are locked first, so two admins demoting each other cannot both succeed.
 */
export async function changeUserRoles(
  db: Db,
  actor: { id: string; email: string },
  userId: string,
  next: RoleSetting,
) {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`${ROLES.SUPER_ADMIN} = any(${users.roles}) and ${users.disabledAt} is null`)
      .for("update");
    const [user] = await tx
      .select({ roles: users.roles })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) throw httpError(404, "User not found");
    const [primary] = await tx
      .select({ companyId: companyMembers.companyId, roles: companyMembers.roles })
      .from(companyMembers)
      .where(and(eq(companyMembers.userId, userId), eq(companyMembers.isPrimary, true)));
    const before = roleSettingOf(user.roles, primary?.roles ?? []);
    if (before.role === next.role && before.marketplace === next.marketplace) return before;

    const wasAdmin = user.roles.includes(ROLES.SUPER_ADMIN);
    if (wasAdmin && next.role !== "admin" && admins.length <= 1 && admins.some((a) => a.id === userId))
      throw httpError(409, LAST_SUPER_ADMIN);

    if (next.role !== "admin") {
      if (!primary)
        throw httpError(409, "This user belongs to no company: they cannot be an Employee or Company Admin.");
      const companyRole = next.role === "companyAdmin" ? ROLES.COMPANY_ADMIN : ROLES.COMPANY_EMPLOYEE;
      if (!primary.roles.includes(companyRole) || primary.roles.length !== 1) {
        if (companyRole === ROLES.COMPANY_EMPLOYEE && primary.roles.includes(ROLES.COMPANY_ADMIN)) {
          const [others] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(companyMembers)
            .where(
              and(
                eq(companyMembers.companyId, primary.companyId),
                sql`${ROLES.COMPANY_ADMIN} = any(${companyMembers.roles})`,
                sql`${companyMembers.userId} <> ${userId}`,
              ),
            );
          if (Number(others?.n ?? 0) === 0) throw httpError(409, LAST_COMPANY_ADMIN);
        }
        await tx
          .update(companyMembers)
          .set({ roles: [companyRole] })
          .where(and(eq(companyMembers.userId, userId), eq(companyMembers.companyId, primary.companyId)));
      }
    }
    await tx
      .update(users)
      .set({ roles: globalRolesFor(user.roles, next), updatedAt: new Date() })
      .where(eq(users.id, userId));
    const after = { role: next.role, marketplace: next.marketplace };
    await tx.insert(auditLog).values({
      id: uuidv7(),
      action: ROLE_CHANGE_ACTION,
      userId,
      companyId: primary?.companyId ?? null,
      detail: { byId: actor.id, byEmail: actor.email, before, after },
    });
    return after;
  });
}
