import { eq } from "drizzle-orm";
import { ROLES } from "../../../domain/roles";
import type { ServerContext } from "../../context";
import { users } from "../../db/schema";
import { createUserWithCompany } from "../users/create";
import { audit } from "./audit";
import { isUniqueViolation } from "./db-errors";
import { isEmail } from "./email";
import { hashPassword, PASSWORD_MIN_LENGTH, verifyPassword } from "./passwords";
import { findUserByEmail } from "./users";

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD: makes sure that account exists, is confirmed and
 * enabled, holds ROLE_SUPER_ADMIN and has that password. Safe to run on every start
 * and on several replicas at once.
 */
export async function ensureBootstrapAdmin(
  ctx: ServerContext,
): Promise<"created" | "updated" | "unchanged" | "skipped"> {
  const { adminEmail, adminPassword } = ctx.config;
  if (!adminEmail || !adminPassword) return "skipped";
  const email = adminEmail.trim().toLowerCase();
  if (!isEmail(email)) throw new Error(`ADMIN_EMAIL is not a valid email address: "${adminEmail}"`);
  if (adminPassword.length < PASSWORD_MIN_LENGTH) {
    throw new Error(`ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await findUserByEmail(ctx.db, email);
    if (!existing) {
      try {
        const { userId } = await createUserWithCompany(ctx.db, {
          email,
          displayName: "Administrator",
          passwordHash: await hashPassword(adminPassword),
          roles: [ROLES.SUPER_ADMIN],
          emailConfirmed: true,
          companyName: "Blocklot",
        });
        await audit(ctx.db, "admin-bootstrap", { userId, detail: { change: "created" } });
        return "created";
      } catch (err) {
        if (isUniqueViolation(err)) continue; // another replica created it first
        throw err;
      }
    }
    const change: Partial<typeof users.$inferInsert> = {};
    if (!existing.roles.includes(ROLES.SUPER_ADMIN)) change.roles = [...existing.roles, ROLES.SUPER_ADMIN];
    if (!existing.emailConfirmedAt) change.emailConfirmedAt = new Date();
    if (existing.disabledAt) change.disabledAt = null;
    if (!(await verifyPassword(existing.passwordHash, adminPassword))) {
      change.passwordHash = await hashPassword(adminPassword);
    }
    if (Object.keys(change).length === 0) return "unchanged";
    await ctx.db
      .update(users)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(users.id, existing.id));
    await audit(ctx.db, "admin-bootstrap", { userId: existing.id, detail: { change: Object.keys(change) } });
    return "updated";
  }
  throw new Error("Could not create the ADMIN_EMAIL account");
}
