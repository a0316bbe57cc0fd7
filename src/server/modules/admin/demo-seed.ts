import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { ROLES, type Role } from "../../../domain/roles";
import type { Db } from "../../db/client";
import { companies, companyMembers, users } from "../../db/schema";
import { hashPassword } from "../auth/passwords";
import { createUserWithCompany } from "../users/create";

export const DEMO_COMPANY = "Demo Realty LLC";

export const DEMO_ACCOUNTS = {
  companyAdmin: { email: "admin@demo-realty.example", displayName: "Dana Admin (demo)" },
  employee: { email: "employee@demo-realty.example", displayName: "Eli Employee (demo)" },
  marketplace: { email: "seller@demo-realty.example", displayName: "Mara Seller (demo)" },
  superAdmin: { email: "superadmin@demo-realty.example", displayName: "Sam Super Admin (demo)" },
} as const;

export type DemoAccountKey = keyof typeof DEMO_ACCOUNTS;

export interface SeededAccount {
  key: DemoAccountKey;
  email: string;
  password: string;
  userId: string;
  roles: string[];
}

export interface SeedResult {
  companyId: string;
  accounts: SeededAccount[];
}

/** A random password people can type: 18 URL-safe characters (108 bits). */
const newPassword = () => randomBytes(14).toString("base64url").slice(0, 18);

/**
 * Makes one demo account exist, confirmed and enabled, holding `roles` globally, with
 * a new password. Created accounts get their own company like any sign-up.
 */
async function ensureAccount(db: Db, key: DemoAccountKey, roles: Role[], companyName?: string) {
  const { email, displayName } = DEMO_ACCOUNTS[key];
  const password = newPassword();
  const passwordHash = await hashPassword(password);
  const [existing] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  if (!existing) {
    const { userId } = await createUserWithCompany(db, {
      email,
      displayName,
      passwordHash,
      roles,
      emailConfirmed: true,
      companyName,
    });
    return { userId, password, created: true };
  }
  const globalRoles = [...new Set([...existing.roles, ROLES.USER, ...roles])];
  await db
    .update(users)
    .set({
      passwordHash,
      roles: globalRoles,
      emailConfirmedAt: existing.emailConfirmedAt ?? new Date(),
      disabledAt: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, existing.id));
  return { userId: existing.id, password, created: false };
}

/** Makes the membership exist with exactly these roles; `primary` makes it the user's only active company. */
async function ensureMembership(
  db: Db,
  companyId: string,
  userId: string,
  roles: string[],
  primary: boolean,
) {
  await db.transaction(async (tx) => {
    if (primary) {
      await tx.update(companyMembers).set({ isPrimary: false }).where(eq(companyMembers.userId, userId));
    }
    await tx
      .insert(companyMembers)
      .values({ companyId, userId, roles, isPrimary: primary })
      .onConflictDoUpdate({
        target: [companyMembers.companyId, companyMembers.userId],
        set: { roles, ...(primary ? { isPrimary: true } : {}) },
      });
  });
}

/**
 * The demo data of `npm run seed`: the company "Demo Realty LLC" with a company admin
 * and an employee (whose active company it is), a marketplace user and a super
 * admin, all confirmed. Safe to run again: nothing is duplicated, and every demo
 * account gets a new password (returned, so the caller can print it).
 */
export async function seedDemo(db: Db): Promise<SeedResult> {
  const admin = await ensureAccount(db, "companyAdmin", [], DEMO_COMPANY);
  // The demo company is the one named so in which the demo admin is a member (created with them).
  const [found] = await db
    .select({ id: companies.id })
    .from(companies)
    .innerJoin(companyMembers, eq(companyMembers.companyId, companies.id))
    .where(and(eq(companies.name, DEMO_COMPANY), eq(companyMembers.userId, admin.userId)))
    .limit(1);
  let companyId = found?.id;
  if (!companyId) {
    companyId = uuidv7();
    await db.insert(companies).values({ id: companyId, name: DEMO_COMPANY });
  }
  await ensureMembership(db, companyId, admin.userId, [ROLES.COMPANY_ADMIN], true);

  const employee = await ensureAccount(db, "employee", []);
  await ensureMembership(db, companyId, employee.userId, [ROLES.COMPANY_EMPLOYEE], true);

  const seller = await ensureAccount(db, "marketplace", [ROLES.MARKETPLACE]);
  const superAdmin = await ensureAccount(db, "superAdmin", [ROLES.SUPER_ADMIN]);

  const roleList = async (userId: string) => {
    const [u] = await db.select({ roles: users.roles }).from(users).where(eq(users.id, userId));
    const [m] = await db
      .select({ roles: companyMembers.roles })
      .from(companyMembers)
      .where(and(eq(companyMembers.userId, userId), eq(companyMembers.isPrimary, true)));
    return [...new Set([...(u?.roles ?? []), ...(m?.roles ?? [])])];
  };
  const accounts: SeededAccount[] = [];
  for (const [key, acc] of [
    ["companyAdmin", admin],
    ["employee", employee],
    ["marketplace", seller],
    ["superAdmin", superAdmin],
  ] as const) {
    accounts.push({
      key,
      email: DEMO_ACCOUNTS[key].email,
      password: acc.password,
      userId: acc.userId,
      roles: await roleList(acc.userId),
    });
  }
  return { companyId, accounts };
}
