import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { CompanyRole, Role } from "../../src/domain/roles";
import { companyMembers } from "../../src/server/db/schema";
import { buildClaims } from "../../src/server/modules/users/claims";
import { createUserWithCompany } from "../../src/server/modules/users/create";
import { signAccessToken } from "../../src/server/plugins/access-token";
import type { TestServer } from "./harness";

/** A fresh access token carrying the user's current claims (as sign-in would issue). */
export async function tokenFor(server: TestServer, userId: string): Promise<string> {
  const claims = await buildClaims(server.database.db, userId);
  if (!claims) throw new Error(`No claims for user ${userId}`);
  return signAccessToken(claims, server.config.jwtSecret, 900);
}

export interface TestUser {
  userId: string;
  /** The company created with the user (they are its admin). */
  companyId: string;
  email: string;
  token: string;
  /** `{ authorization: "Bearer ..." }` for app.inject. */
  auth: { authorization: string };
}

/** A confirmed user with their own company (they are its Company Admin) and an access token. */
export async function createTestUser(
  server: TestServer,
  opts: { displayName?: string; email?: string; roles?: Role[]; companyName?: string } = {},
): Promise<TestUser> {
  const email = opts.email ?? `user-${randomBytes(5).toString("hex")}@example.com`;
  const { userId, companyId } = await createUserWithCompany(server.database.db, {
    email,
    displayName: opts.displayName ?? email.split("@")[0] ?? "User",
    roles: opts.roles,
    emailConfirmed: true,
    companyName: opts.companyName,
  });
  const token = await tokenFor(server, userId);
  return { userId, companyId, email, token, auth: { authorization: `Bearer ${token}` } };
}

/** Adds a user to a company; with `primary` it becomes their only active company. */
export async function addMember(
  server: TestServer,
  companyId: string,
  userId: string,
  roles: CompanyRole[],
  primary = false,
) {
  const db = server.database.db;
  if (primary)
    await db.update(companyMembers).set({ isPrimary: false }).where(eq(companyMembers.userId, userId));
  await db.insert(companyMembers).values({ companyId, userId, roles, isPrimary: primary });
}

/** A user's membership rows (all companies), for asserting what changed. */
export function membershipsOf(server: TestServer, userId: string) {
  return server.database.db.select().from(companyMembers).where(eq(companyMembers.userId, userId));
}

export async function membership(server: TestServer, companyId: string, userId: string) {
  const [row] = await server.database.db
    .select()
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  return row ?? null;
}
