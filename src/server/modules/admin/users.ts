import { and, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { AllUserSort } from "../../../domain/admin/list-sorts";
import { isRoleLevel, type RoleSetting } from "../../../domain/admin/user-roles";
import type { Db } from "../../db/client";
import {
  auditLog,
  clarityIds,
  companies,
  companyMembers,
  ebayConnections,
  filings,
  inventoryItems,
  properties,
  refreshTokens,
  users,
} from "../../db/schema";
import {
  afterKeyset,
  containsPattern,
  type Keyset,
  type ListParams,
  orderOf,
  pageOf,
  searchTerm,
  sortKeyText,
} from "../../plugins/paged-list";

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

const parseJson = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);

const toAdminUser = (r: Row): AdminUser => ({
  id: r.id,
  email: r.email,
  displayName: r.displayName,
  roles: r.roles,
  emailConfirmed: r.emailConfirmedAt !== null,
  createdAt: r.createdAt.toISOString(),
  companies: parseJson(r.companies),
});

export type UserListParams = ListParams<AllUserSort>;

/** Names sort the way people read them (case-insensitively); each has an index (migration 0023). */
const SORT_EXPR: Record<AllUserSort, SQL> = {
  email: sql`lower(${users.email})`,
  displayName: sql`lower(${users.displayName})`,
  createdAt: sql`${users.createdAt}`,
};

const userFilter = (p: { query?: string }): SQL | undefined => {
  const q = searchTerm(p);
  // email and name lower-cased when written (users.search_text): one `like` a row
  return q ? sql`${users.searchText} like lower(${containsPattern(q)})` : undefined;
};

/** One page of users (with their companies) and the total matching the filter. */
export async function listUsers(db: Db, p: UserListParams) {
  const where = userFilter(p);
  return pageOf(p, {
    count: async () => (await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0,
    countUpTo: async (limit) => {
      const matches = db.select({ one: sql`1` }).from(users).where(where).limit(limit).as("matches");
      return (await db.select({ n: count() }).from(matches))[0]?.n ?? 0;
    },
    rows: async (limit, offset) =>
      (
        await db
          .select(columns)
          .from(users)
          .where(where)
          .orderBy(...orderOf(SORT_EXPR[p.sortBy], p.sortDir, users.id))
          .limit(limit)
          .offset(offset)
      ).map(toAdminUser),
  });
}

/** One export batch of the filtered list, after `after` in the list's order. */
export async function userExportBatch(
  db: Db,
  p: Omit<UserListParams, "page" | "rowsPerPage">,
  after: Keyset | null,
  limit: number,
) {
  const expr = SORT_EXPR[p.sortBy];
  return db
    .select({ ...columns, sortKey: sortKeyText(expr) })
    .from(users)
    .where(and(userFilter(p), afterKeyset(expr, p.sortDir, users.id, after)))
    .orderBy(...orderOf(expr, p.sortDir, users.id))
    .limit(limit);
}

export const USER_CSV_HEADER = [
  "id",
  "email",
  "display_name",
  "roles",
  "email_confirmed",
  "created_at",
  "companies",
];
export const userCsvFields = (r: Row) => {
  const u = toAdminUser(r);
  return [
    u.id,
    u.email,
    u.displayName,
    u.roles,
    u.emailConfirmed,
    u.createdAt,
    u.companies.map((c) => c.companyName).join("; "),
  ];
};

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

const roleSetting = (v: unknown): RoleSetting | null => {
  const o = v as Partial<RoleSetting> | null;
  return o && isRoleLevel(o.role) ? { role: o.role, marketplace: o.marketplace === true } : null;
};

/** Audit actions shown as the sign-in history. */
const SIGN_IN_ACTIONS = ["sign-in", "sign-in-failed", "sign-in-google"];
export const ROLE_CHANGE_ACTION = "admin-user-roles";
const HISTORY_LIMIT = 50;

/**
 * Everything the user detail page shows: the user, their companies with what each holds, open
 * sessions, sign-ins, clarity ids and role changes (newest first, the latest 50 of each).
 */
export async function userDetail(db: Db, id: string) {
  const user = await findUser(db, id);
  if (!user) return null;
  const [profile] = await db
    .select({
      phoneNumber: users.phoneNumber,
      emailConfirmedAt: users.emailConfirmedAt,
      disabledAt: users.disabledAt,
      googleSub: users.googleSub,
    })
    .from(users)
    .where(eq(users.id, id));
  const companyIds = user.companies.map((c) => c.id);
  const countBy = async (table: typeof properties | typeof filings | typeof inventoryItems, extra?: SQL) =>
    companyIds.length === 0
      ? new Map<string, number>()
      : new Map(
          (
            await db
              .select({ companyId: table.companyId, n: count() })
              .from(table)
              .where(and(inArray(table.companyId, companyIds), extra))
              .groupBy(table.companyId)
          ).map((r) => [r.companyId, Number(r.n)]),
        );
  const [props, fils, items] = [
    await countBy(properties),
    await countBy(filings),
    await countBy(inventoryItems, isNull(inventoryItems.deletedAt)),
  ];
  const ebay =
    companyIds.length === 0
      ? []
      : await db
          .select({
            companyId: ebayConnections.companyId,
            state: ebayConnections.state,
            username: ebayConnections.ebayUsername,
          })
          .from(ebayConnections)
          .where(inArray(ebayConnections.companyId, companyIds));
  const sessions = await db
    .select({
      familyId: refreshTokens.familyId,
      startedAt: sql<Date>`min(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
      lastUsedAt: sql<Date>`max(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
      expiresAt: sql<Date>`max(${refreshTokens.expiresAt})`.mapWith(refreshTokens.expiresAt),
    })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, id),
        sql`not exists (select 1 from ${refreshTokens} r2 where r2.family_id = ${refreshTokens.familyId} and r2.revoked_at is not null)`,
      ),
    )
    .groupBy(refreshTokens.familyId)
    .having(sql`max(${refreshTokens.expiresAt}) > now()`)
    .orderBy(desc(sql`max(${refreshTokens.createdAt})`))
    .limit(HISTORY_LIMIT);
  const audit = (actions: string[]) =>
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        detail: auditLog.detail,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(and(eq(auditLog.userId, id), inArray(auditLog.action, actions)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(HISTORY_LIMIT);
  const signIns = await audit(SIGN_IN_ACTIONS);
  const roleChanges = await audit([ROLE_CHANGE_ACTION]);
  const clarity = await db
    .select({ clarityId: clarityIds.clarityId, createdAt: clarityIds.createdAt })
    .from(clarityIds)
    .where(eq(clarityIds.userId, id))
    .orderBy(desc(clarityIds.createdAt));
  const str = (v: unknown) => (typeof v === "string" ? v : null);
  return {
    ...user,
    phoneNumber: profile?.phoneNumber ?? null,
    emailConfirmedAt: profile?.emailConfirmedAt?.toISOString() ?? null,
    disabled: profile?.disabledAt != null,
    google: profile?.googleSub != null,
    companies: user.companies.map((c) => {
      const e = ebay.find((x) => x.companyId === c.id);
      return {
        ...c,
        properties: props.get(c.id) ?? 0,
        filings: fils.get(c.id) ?? 0,
        inventoryItems: items.get(c.id) ?? 0,
        ebay: e ? { state: e.state, username: e.username } : null,
      };
    }),
    sessions: sessions.map((s) => ({
      familyId: s.familyId,
      startedAt: s.startedAt.toISOString(),
      lastUsedAt: s.lastUsedAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
    })),
    signIns: signIns.map((s) => {
      const d = (s.detail ?? {}) as Record<string, unknown>;
      return {
        id: s.id,
        at: s.createdAt.toISOString(),
        ok: s.action !== "sign-in-failed",
        method: str(d.method) ?? (s.action === "sign-in-google" ? "google" : null),
        ip: str(d.ip),
      };
    }),
    roleChanges: roleChanges.map((r) => {
      const d = (r.detail ?? {}) as Record<string, unknown>;
      return {
        id: r.id,
        at: r.createdAt.toISOString(),
        byId: str(d.byId),
        byEmail: str(d.byEmail),
        before: roleSetting(d.before),
        after: roleSetting(d.after),
      };
    }),
    clarityIds: clarity.map((c) => ({ clarityId: c.clarityId, createdAt: c.createdAt.toISOString() })),
  };
}
