import { and, asc, eq, ne } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { ROLES } from "../../../domain/roles";
import type { Db } from "../../db/client";
import { auditLog, companies, companyMembers } from "../../db/schema";
import { httpError } from "../../plugins/errors";
import { findMembership, isSuperAdmin } from "./queries";

export const COMPANY_NOT_FOUND = "Company not found";
const MEMBER_NOT_FOUND = "Member not found";
const LAST_ADMIN = "A company must keep at least one admin";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Makes `companyId` the caller's only primary company. 404 (and nothing changed)
 * when the caller is not a member of it.
 */
export async function setActiveCompany(db: Db, userId: string, companyId: string) {
  await db.transaction(async (tx) => {
    // Lock the caller's memberships so two switches at once cannot leave two primaries.
    const mine = await tx
      .select({ companyId: companyMembers.companyId })
      .from(companyMembers)
      .where(eq(companyMembers.userId, userId))
      .for("update");
    if (!mine.some((m) => m.companyId === companyId)) throw httpError(404, COMPANY_NOT_FOUND);
    await tx.update(companyMembers).set({ isPrimary: false }).where(eq(companyMembers.userId, userId));
    await tx
      .update(companyMembers)
      .set({ isPrimary: true })
      .where(and(eq(companyMembers.userId, userId), eq(companyMembers.companyId, companyId)));
  });
}

/**
 * The caller must be a company admin of `companyId` (read from the database) or a super
 * admin: 404 when they are not a member of it (its existence is not revealed), 403 when
 * they are a member without the admin role.
 */
export async function assertCompanyAdmin(db: Db, companyId: string, userId: string) {
  const membership = await findMembership(db, companyId, userId);
  if (membership?.roles.includes(ROLES.COMPANY_ADMIN)) return;
  if (await isSuperAdmin(db, userId)) return assertCompanyExists(db, companyId);
  if (!membership) throw httpError(404, COMPANY_NOT_FOUND);
  throw httpError(403, ONLY_ADMINS);
}

/** The caller must be a member of `companyId` (any role) or a super admin; 404 otherwise. */
export async function assertCompanyMember(db: Db, companyId: string, userId: string) {
  if (await findMembership(db, companyId, userId)) return;
  if (await isSuperAdmin(db, userId)) return assertCompanyExists(db, companyId);
  throw httpError(404, COMPANY_NOT_FOUND);
}

async function assertCompanyExists(db: Db, companyId: string) {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!row) throw httpError(404, COMPANY_NOT_FOUND);
}

const ONLY_ADMINS = "Only a company admin of this company can do this";

export interface CompanyPatch {
  companyName?: string;
  phone?: string | null;
  email?: string | null;
  address?: string | null;
  website?: string | null;
}

export async function updateCompany(db: Db, companyId: string, patch: CompanyPatch) {
  const change: Partial<typeof companies.$inferInsert> = {};
  if (patch.companyName !== undefined) change.name = patch.companyName;
  if (patch.phone !== undefined) change.phone = patch.phone;
  if (patch.email !== undefined) change.email = patch.email;
  if (patch.address !== undefined) change.address = patch.address;
  if (patch.website !== undefined) change.website = patch.website;
  const [row] =
    Object.keys(change).length === 0
      ? await db.select().from(companies).where(eq(companies.id, companyId))
      : await db
          .update(companies)
          .set({ ...change, updatedAt: new Date() })
          .where(eq(companies.id, companyId))
          .returning();
  if (!row) throw httpError(404, COMPANY_NOT_FOUND);
  return row;
}

/** Locks every membership of the company (so admin counts cannot race) and returns them. */
async function lockMembers(tx: Tx, companyId: string) {
  return tx
    .select()
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(companyMembers.userId))
    .for("update");
}

async function audit(
  tx: Tx,
  action: string,
  actorId: string,
  companyId: string,
  detail: Record<string, unknown>,
) {
  await tx.insert(auditLog).values({ id: uuidv7(), action, userId: actorId, companyId, detail });
}

/** Replaces a member's company roles; the company must keep at least one admin (409). */
export async function setMemberRoles(
  db: Db,
  actorId: string,
  companyId: string,
  memberId: string,
  roles: readonly string[],
) {
  const next = [...new Set(roles)];
  const superAdmin = await isSuperAdmin(db, actorId);
  await db.transaction(async (tx) => {
    const members = await lockMembers(tx, companyId);
    if (!superAdmin) assertAdminIn(members, actorId);
    else if (members.length === 0) throw httpError(404, COMPANY_NOT_FOUND);
    const target = members.find((m) => m.userId === memberId);
    if (!target) throw httpError(404, MEMBER_NOT_FOUND);
    const adminsAfter = members.filter((m) =>
      m.userId === memberId ? next.includes(ROLES.COMPANY_ADMIN) : m.roles.includes(ROLES.COMPANY_ADMIN),
    ).length;
    if (adminsAfter === 0) throw httpError(409, LAST_ADMIN);
    await tx
      .update(companyMembers)
      .set({ roles: next })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, memberId)));
    await audit(tx, "company-member-roles", actorId, companyId, { memberId, from: target.roles, to: next });
  });
}

/**
 * Removes a member from the company; the last admin cannot be removed (409). If it
 * was the member's active company, their oldest other membership becomes active.
 */
export async function removeMember(db: Db, actorId: string, companyId: string, memberId: string) {
  const superAdmin = await isSuperAdmin(db, actorId);
  await db.transaction(async (tx) => {
    const members = await lockMembers(tx, companyId);
    if (!superAdmin) assertAdminIn(members, actorId);
    else if (members.length === 0) throw httpError(404, COMPANY_NOT_FOUND);
    const target = members.find((m) => m.userId === memberId);
    if (!target) throw httpError(404, MEMBER_NOT_FOUND);
    const adminsAfter = members.filter(
      (m) => m.userId !== memberId && m.roles.includes(ROLES.COMPANY_ADMIN),
    ).length;
    if (adminsAfter === 0) throw httpError(409, "The last admin of a company cannot be removed");
    await tx
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, memberId)));
    if (target.isPrimary) {
      const [next] = await tx
        .select({ companyId: companyMembers.companyId })
        .from(companyMembers)
        .where(and(eq(companyMembers.userId, memberId), ne(companyMembers.companyId, companyId)))
        .orderBy(asc(companyMembers.createdAt), asc(companyMembers.companyId))
        .limit(1);
      if (next) {
        await tx
          .update(companyMembers)
          .set({ isPrimary: true })
          .where(and(eq(companyMembers.userId, memberId), eq(companyMembers.companyId, next.companyId)));
      }
    }
    await audit(tx, "company-member-removed", actorId, companyId, { memberId, roles: target.roles });
  });
}

/** Inside a transaction that locked the members: the actor must be an admin among them. */
function assertAdminIn(members: Array<{ userId: string; roles: string[] }>, actorId: string) {
  const me = members.find((m) => m.userId === actorId);
  if (!me) throw httpError(404, COMPANY_NOT_FOUND);
  if (!me.roles.includes(ROLES.COMPANY_ADMIN)) throw httpError(403, ONLY_ADMINS);
}
