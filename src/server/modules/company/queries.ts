import { and, asc, eq, sql } from "drizzle-orm";
import { ROLES } from "../../../domain/roles";
import type { Db } from "../../db/client";
import { preparedPerDb } from "../../db/prepared";
import { companies, companyMembers, users } from "../../db/schema";

interface CompanyMember {
  id: string;
  roles: string[];
}

/** A company as the switcher and the member screens see it (spec section 3). */
export interface CompanyEntry {
  id: string;
  companyName: string;
  isPrimary: boolean;
  createdAt: string;
  users: CompanyMember[];
}

/** Every member of the company row's company, as a JSON array, oldest member first. */
const membersJson = sql<CompanyMember[]>`(
  select coalesce(json_agg(json_build_object('id', m2.user_id, 'roles', m2.roles) order by m2.created_at, m2.user_id), '[]'::json)
  from ${companyMembers} m2 where m2.company_id = ${companies.id}
)`;

function buildListQuery(db: Db, oneCompany: boolean) {
  const mine = eq(companyMembers.userId, sql.placeholder("userId"));
  return db
    .select({
      id: companies.id,
      companyName: companies.name,
      isPrimary: companyMembers.isPrimary,
      createdAt: companies.createdAt,
      users: membersJson,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(oneCompany ? and(mine, eq(companyMembers.companyId, sql.placeholder("companyId"))) : mine)
    .orderBy(asc(companies.createdAt), asc(companies.id))
    .prepare(oneCompany ? "company_list_one" : "company_list");
}

/**
 * Prepared once per database: building the SQL is skipped on every call (it cost as
 * much as running it on PGlite), and PostgreSQL keeps a named server-side statement.
 */
const listQueries = preparedPerDb((db) => ({
  all: buildListQuery(db, false),
  one: buildListQuery(db, true),
}));

/**
 * The caller's companies with their members, in ONE query (a correlated JSON
 * aggregate per company), oldest company first. `onlyCompanyId` narrows it to one.
 */
export async function listCompaniesOf(
  db: Db,
  userId: string,
  onlyCompanyId?: string,
): Promise<CompanyEntry[]> {
  const q = listQueries(db);
  const rows = onlyCompanyId
    ? await q.one.execute({ userId, companyId: onlyCompanyId })
    : await q.all.execute({ userId });
  return rows.map((r) => ({
    id: r.id,
    companyName: r.companyName,
    isPrimary: r.isPrimary,
    createdAt: r.createdAt.toISOString(),
    users: typeof r.users === "string" ? (JSON.parse(r.users) as CompanyMember[]) : r.users,
  }));
}

/** The caller's membership of one company (null when they are not in it). */
export async function findMembership(db: Db, companyId: string, userId: string) {
  const [row] = await db
    .select()
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Whether the user is a (not disabled) super administrator, read from the database. */
export async function isSuperAdmin(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ roles: users.roles, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return !!row && !row.disabledAt && row.roles.includes(ROLES.SUPER_ADMIN);
}

export interface MemberDetail {
  id: string;
  displayName: string;
  email: string;
  roles: string[];
  /** A super administrator (a global role: full access to every company). */
  superAdmin: boolean;
  joinedAt: string;
}

/** The company's members with name and email, oldest member first. */
export async function listMembers(db: Db, companyId: string): Promise<MemberDetail[]> {
  const rows = await db
    .select({
      id: users.id,
      displayName: users.displayName,
      email: users.email,
      roles: companyMembers.roles,
      globalRoles: users.roles,
      joinedAt: companyMembers.createdAt,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(companyMembers.createdAt), asc(companyMembers.userId));
  return rows.map(({ globalRoles, ...r }) => ({
    ...r,
    superAdmin: globalRoles.includes(ROLES.SUPER_ADMIN),
    joinedAt: r.joinedAt.toISOString(),
  }));
}
