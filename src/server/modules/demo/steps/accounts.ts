import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { ROLES, type Role } from "../../../../domain/roles";
import { companies, companyMembers, users } from "../../../db/schema";
import { hashPassword } from "../../auth/passwords";
import { createUserWithCompany } from "../../users/create";
import { DEMO_ACCOUNTS, DEMO_COMPANY, type DemoAccountKey } from "../demo-accounts";
import type { DemoRun, DemoStep } from "../demo-run";

/** A random password people can type: 18 URL-safe characters (108 bits). */
const newPassword = () => randomBytes(14).toString("base64url").slice(0, 18);

type Credentials = { password: string; passwordHash: string };

/** Creates one demo account (with its own company, like any sign-up), confirmed, with a new password. */
async function createAccount(
  run: DemoRun,
  key: DemoAccountKey,
  roles: Role[],
  credentials: Credentials,
  companyName?: string,
) {
  const { email, displayName } = DEMO_ACCOUNTS[key];
  const [taken] = await run.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (taken) {
    throw new Error(
      `${email} belongs to an account that is not demo data; change that account's e-mail address before seeding`,
    );
  }
  const { userId, companyId } = await createUserWithCompany(run.db, {
    email,
    displayName,
    passwordHash: credentials.passwordHash,
    roles,
    emailConfirmed: true,
    companyName,
  });
  await run.db.update(users).set({ demo: true }).where(eq(users.id, userId));
  await run.db.update(companies).set({ demo: true }).where(eq(companies.id, companyId));
  return { userId, companyId, password: credentials.password };
}

/** The account's global roles and its roles in its active company, as sign-in puts them in the token. */
async function rolesOf(run: DemoRun, userId: string): Promise<string[]> {
  const [u] = await run.db.select({ roles: users.roles }).from(users).where(eq(users.id, userId));
  const [m] = await run.db
    .select({ roles: companyMembers.roles })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, userId), eq(companyMembers.isPrimary, true)));
  return [...new Set([...(u?.roles ?? []), ...(m?.roles ?? [])])];
}

/**
 * The demo company "Demo Realty LLC" with its Company Admin and an Employee (whose active company
 * it is), a Marketplace user and a Super Admin, all confirmed, each with a new password.
 */
export const accountsStep: DemoStep = {
  name: "accounts",
  describe: "Demo Realty LLC, its company admin and employee, a marketplace user and a super admin",
  async run(run) {
    // The four argon2 hashes at once (each takes a while, on libuv's threads).
    const [c1, c2, c3, c4] = (await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const password = newPassword();
        return { password, passwordHash: await hashPassword(password) };
      }),
    )) as [Credentials, Credentials, Credentials, Credentials];
    const admin = await createAccount(run, "companyAdmin", [], c1, DEMO_COMPANY);
    run.companyId = admin.companyId;
    const employee = await createAccount(run, "employee", [], c2);
    // The employee works in Demo Realty LLC: that membership is their active company.
    await run.db.transaction(async (tx) => {
      await tx
        .update(companyMembers)
        .set({ isPrimary: false })
        .where(eq(companyMembers.userId, employee.userId));
      await tx.insert(companyMembers).values({
        companyId: admin.companyId,
        userId: employee.userId,
        roles: [ROLES.COMPANY_EMPLOYEE],
        isPrimary: true,
      });
    });
    const seller = await createAccount(run, "marketplace", [ROLES.MARKETPLACE], c3);
    const superAdmin = await createAccount(run, "superAdmin", [ROLES.SUPER_ADMIN], c4);
    const made = { companyAdmin: admin, employee, marketplace: seller, superAdmin } as const;
    for (const key of Object.keys(made) as DemoAccountKey[]) {
      const { userId, password } = made[key];
      run.accounts.set(key, {
        key,
        email: DEMO_ACCOUNTS[key].email,
        password,
        userId,
        roles: await rolesOf(run, userId),
      });
    }
  },
};
