import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, companyMembers, users } from "../../db/schema";

export const SORT_FIELDS = ["email", "displayName", "createdAt"] as const;
type SortField = (typeof SORT_FIELDS)[number];

interface UserCompany {
  id: string;
  companyName: string;
  roles: string[];
  isPrimary: boolean;
}

export interface AdminUser {
  id: string;
  email: string;
  displayName: string;
  roles: string[];
  emailConfirmed: boolean;
  createdAt: string;
  companies: UserCompany[];
}

/** A user's companies as a JSON array (active one first), computed in the same query. */
const companiesJson = sql<UserCompany[]>`(
  select coalesce(json_agg(json_build_object('id', c.id, 'companyName', c.name, 'roles', m.roles, 'isPrimary', m.is_primary)
    order by m.is_primary desc, c.created_at, c.id), '[]'::json)
  from ${companyMembers} m join ${companies} c on c.id = m.company_id
  where m.user_id = "users"."id"
)`;

const columns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  roles: users.roles,
  emailConfirmedAt: users.emailConfirmedAt,
  createdAt: users.createdAt,
  companies: companiesJson,
};

type Row = {
  id: string;
  email: string;
  displayName: string;
  roles: string[];
  emailConfirmedAt: Date | null;
  createdAt: Date;
  companies: UserCompany[] | string;
};

const toAdminUser = (r: Row): AdminUser => ({
  id: r.id,
  email: r.email,
  displayName: r.displayName,
  roles: r.roles,
  emailConfirmed: r.emailConfirmedAt !== null,
  createdAt: r.createdAt.toISOString(),
  companies: typeof r.companies === "string" ? (JSON.parse(r.companies) as UserCompany[]) : r.companies,
});

/** LIKE pattern for "contains", with the caller's % _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ListParams {
  page: number;
  rowsPerPage: number;
  sortBy: SortField;
  sortDir: "asc" | "desc";
  query?: string;
}

/** One page of users (with their companies) and the total matching the filter. */
export async function listUsers(db: Db, p: ListParams) {
  const q = p.query?.trim();
  const where: SQL | undefined = q
    ? or(ilike(users.email, containsPattern(q)), ilike(users.displayName, containsPattern(q)))
    : undefined;
  // Names sort the way people read them (case-insensitively); ids break ties so pages never overlap.
  const sortColumn = {
    email: sql`lower(${users.email})`,
    displayName: sql`lower(${users.displayName})`,
    createdAt: sql`${users.createdAt}`,
  }[p.sortBy];
  const dir = p.sortDir === "asc" ? asc : desc;
  const [totalRow] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select(columns)
    .from(users)
    .where(where)
    .orderBy(dir(sortColumn), dir(users.id))
    .limit(p.rowsPerPage)
    .offset(p.page * p.rowsPerPage);
  return {
    rows: rows.map(toAdminUser),
    total: Number(totalRow?.total ?? 0),
    page: p.page,
    rowsPerPage: p.rowsPerPage,
  };
}

/** One user by id; when `email` is given it must be that user's address too. */
export async function findUser(db: Db, id: string, email?: string): Promise<AdminUser | null> {
  const byEmail = email ? sql`lower(${users.email}) = ${email.trim().toLowerCase()}` : undefined;
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, id), byEmail))
    .limit(1);
  return row ? toAdminUser(row) : null;
}
