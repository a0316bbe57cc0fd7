/**
 * The admin lists beside All Users (spec section 2): confirmed users with their primary company,
 * people who never confirmed or never accepted an invitation, sellers (companies with
 * inventory) and stored clarity ids. Each pages, sorts and searches through plugins/paged-list.
 */
import { and, count, eq, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type {
  ClaritySort,
  ConfirmedSort,
  SellerSort,
  UnregisteredSort,
} from "../../../domain/admin/list-sorts";
import type { Db } from "../../db/client";
import { clarityIds, companies, companyMembers, users } from "../../db/schema";
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

type ExportParams<S extends string> = Omit<ListParams<S>, "page" | "rowsPerPage">;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const anyOf = (q: string | undefined, ...cols: (SQL | Parameters<typeof ilike>[0])[]) =>
  q ? or(...cols.map((c) => ilike(c, containsPattern(q)))) : undefined;

// ---- /admin/user-list: confirmed users with their primary company ----

const CONFIRMED_EXPR: Record<ConfirmedSort, SQL> = {
  email: sql`lower(${users.email})`,
  displayName: sql`lower(${users.displayName})`,
  companyName: sql`coalesce(lower(${companies.name}), '')`,
  confirmedAt: sql`${users.emailConfirmedAt}`,
};
const confirmedFrom = (db: Db, select: Record<string, unknown>) =>
  db
    .select(select as never)
    .from(users)
    .leftJoin(companyMembers, and(eq(companyMembers.userId, users.id), eq(companyMembers.isPrimary, true)))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId));
const confirmedWhere = (p: { query?: string }) =>
  and(
    isNotNull(users.emailConfirmedAt),
    anyOf(searchTerm(p), users.email, users.displayName, companies.name),
  );
const confirmedColumns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  roles: users.roles,
  confirmedAt: users.emailConfirmedAt,
  companyId: companies.id,
  companyName: companies.name,
};
type ConfirmedRow = {
  id: string;
  email: string;
  displayName: string;
  roles: string[];
  confirmedAt: Date | null;
  companyId: string | null;
  companyName: string | null;
};
const toConfirmed = (r: ConfirmedRow) => ({ ...r, confirmedAt: iso(r.confirmedAt) ?? "" });

export async function listConfirmedUsers(db: Db, p: ListParams<ConfirmedSort>) {
  const where = confirmedWhere(p);
  return pageOf(p, {
    count: async () => ((await confirmedFrom(db, { n: count() }).where(where)) as { n: number }[])[0]?.n ?? 0,
    countUpTo: async (limit) => {
      const matches = confirmedFrom(db, { one: sql`1` }).where(where).limit(limit);
      return (
        rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${matches}) m`))[0]?.n ?? 0
      );
    },
    rows: async (limit, offset) =>
      (
        (await confirmedFrom(db, confirmedColumns)
          .where(where)
          .orderBy(...orderOf(CONFIRMED_EXPR[p.sortBy], p.sortDir, users.id))
          .limit(limit)
          .offset(offset)) as ConfirmedRow[]
      ).map(toConfirmed),
  });
}

export const confirmedExport = (db: Db, p: ExportParams<ConfirmedSort>) => ({
  header: ["id", "email", "display_name", "roles", "confirmed_at", "company"],
  batch: async (after: Keyset | null, limit: number) => {
    const expr = CONFIRMED_EXPR[p.sortBy];
    return (await confirmedFrom(db, { ...confirmedColumns, sortKey: sortKeyText(expr) })
      .where(and(confirmedWhere(p), afterKeyset(expr, p.sortDir, users.id, after)))
      .orderBy(...orderOf(expr, p.sortDir, users.id))
      .limit(limit)) as (ConfirmedRow & { sortKey: string })[];
  },
  fields: (r: ConfirmedRow) => [r.id, r.email, r.displayName, r.roles, iso(r.confirmedAt), r.companyName],
});

// ---- /admin/unregistered-user-list: unconfirmed accounts and unanswered invitations ----

/** Both kinds in one relation, so one ORDER BY and one OFFSET page them together. */
const unregistered = sql`(
  select u.id, 'account'::text as kind, u.email, u.display_name as name, c.name as company_name, u.created_at, null::timestamptz as expires_at
  from users u
  left join company_members m on m.user_id = u.id and m.is_primary
  left join companies c on c.id = m.company_id
  where u.email_confirmed_at is null
  union all
  select i.id, 'invitation'::text, i.email, null, c.name, i.created_at, i.expires_at
  from company_invitations i join companies c on c.id = i.company_id
  where i.accepted_at is null and i.revoked_at is null
) as unregistered`;
const UNREGISTERED_EXPR: Record<UnregisteredSort, SQL> = {
  email: sql`lower(email)`,
  createdAt: sql`created_at`,
  kind: sql`kind`,
};
const unregisteredWhere = (p: { query?: string }, extra?: SQL) => {
  const q = searchTerm(p);
  const parts = [
    q
      ? sql`(email ilike ${containsPattern(q)} or coalesce(name, '') ilike ${containsPattern(q)} or coalesce(company_name, '') ilike ${containsPattern(q)})`
      : undefined,
    extra,
  ].filter((x): x is SQL => x !== undefined);
  return parts.length ? sql` where ${sql.join(parts, sql` and `)}` : sql``;
};
type UnregisteredRow = {
  id: string;
  kind: "account" | "invitation";
  email: string;
  name: string | null;
  company_name: string | null;
  created_at: Date | string;
  expires_at: Date | string | null;
  sort_key?: string;
};
const toUnregistered = (r: UnregisteredRow) => ({
  id: r.id,
  kind: r.kind,
  email: r.email,
  name: r.name,
  companyName: r.company_name,
  createdAt: iso(r.created_at) ?? "",
  expiresAt: iso(r.expires_at),
});
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const idCol = sql`id`;
const orderSql = (expr: SQL, dir: "asc" | "desc") => sql.join(orderOf(expr, dir, idCol as never), sql`, `);

export async function listUnregistered(db: Db, p: ListParams<UnregisteredSort>) {
  const where = unregisteredWhere(p);
  return pageOf(p, {
    count: async () =>
      rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${unregistered}${where}`))[0]
        ?.n ?? 0,
    rows: async (limit, offset) =>
      rowsOf<UnregisteredRow>(
        await db.execute(
          sql`select * from ${unregistered}${where} order by ${orderSql(UNREGISTERED_EXPR[p.sortBy], p.sortDir)} limit ${limit} offset ${offset}`,
        ),
      ).map(toUnregistered),
  });
}

export const unregisteredExport = (db: Db, p: ExportParams<UnregisteredSort>) => ({
  header: ["id", "kind", "email", "name", "company", "created_at", "expires_at"],
  batch: async (after: Keyset | null, limit: number) => {
    const expr = UNREGISTERED_EXPR[p.sortBy];
    const rows = rowsOf<UnregisteredRow>(
      await db.execute(
        sql`select *, (${expr})::text as sort_key from ${unregistered}${unregisteredWhere(p, afterKeyset(expr, p.sortDir, idCol as never, after))} order by ${orderSql(expr, p.sortDir)} limit ${limit}`,
      ),
    );
    return rows.map((r) => ({ ...toUnregistered(r), sortKey: r.sort_key ?? null }));
  },
  fields: (r: ReturnType<typeof toUnregistered>) => [
    r.id,
    r.kind,
    r.email,
    r.name,
    r.companyName,
    r.createdAt,
    r.expiresAt,
  ],
});

// ---- /admin/clarity-list: stored clarity ids, newest first ----

const CLARITY_EXPR: Record<ClaritySort, SQL> = {
  createdAt: sql`${clarityIds.createdAt}`,
  email: sql`lower(${users.email})`,
  clarityId: sql`${clarityIds.clarityId}`,
};
const clarityColumns = {
  id: clarityIds.id,
  clarityId: clarityIds.clarityId,
  createdAt: clarityIds.createdAt,
  userId: users.id,
  email: users.email,
  displayName: users.displayName,
};
type ClarityRow = {
  id: string;
  clarityId: string;
  createdAt: Date;
  userId: string;
  email: string;
  displayName: string;
};
const clarityWhere = (p: { query?: string }) =>
  anyOf(searchTerm(p), users.email, users.displayName, clarityIds.clarityId);
const clarityFrom = (db: Db, select: Record<string, unknown>) =>
  db
    .select(select as never)
    .from(clarityIds)
    .innerJoin(users, eq(users.id, clarityIds.userId));
const toClarity = (r: ClarityRow) => ({ ...r, createdAt: r.createdAt.toISOString() });

export async function listClarity(db: Db, p: ListParams<ClaritySort>) {
  const where = clarityWhere(p);
  return pageOf(p, {
    count: async () => ((await clarityFrom(db, { n: count() }).where(where)) as { n: number }[])[0]?.n ?? 0,
    rows: async (limit, offset) =>
      (
        (await clarityFrom(db, clarityColumns)
          .where(where)
          .orderBy(...orderOf(CLARITY_EXPR[p.sortBy], p.sortDir, clarityIds.id))
          .limit(limit)
          .offset(offset)) as ClarityRow[]
      ).map(toClarity),
  });
}

export const clarityExport = (db: Db, p: ExportParams<ClaritySort>) => ({
  header: ["clarity_id", "created_at", "user_id", "email", "display_name"],
  batch: async (after: Keyset | null, limit: number) => {
    const expr = CLARITY_EXPR[p.sortBy];
    return (await clarityFrom(db, { ...clarityColumns, sortKey: sortKeyText(expr) })
      .where(and(clarityWhere(p), afterKeyset(expr, p.sortDir, clarityIds.id, after)))
      .orderBy(...orderOf(expr, p.sortDir, clarityIds.id))
      .limit(limit)) as (ClarityRow & { sortKey: string })[];
  },
  fields: (r: ClarityRow) => [r.clarityId, r.createdAt, r.userId, r.email, r.displayName],
});

// ---- /admin/seller-list: companies with inventory ----

/** A company's owner: its first company admin, joined to a page's rows (`p`) only. */
const OWNER_JOIN = sql`left join lateral (
    select u.id as owner_id, u.email as owner_email
    from company_members m join users u on u.id = m.user_id
    where m.company_id = p.id and 'ROLE_COMPANY_ADMIN' = any(m.roles)
    order by m.created_at, u.id limit 1
  ) o on true`;
/** The seller list's figures: a summary row with its company's name, filtered by `where`. */
const sellersFrom = (where: SQL) => sql`(
  select s.company_id as id, c.name as company_name,
    s.items, s.by_status, s.last_activity, s.listings, s.sales
  from seller_summaries s
  join companies c on c.id = s.company_id
  ${where}
) as sellers`;
/**
 * One row per company with live items. The figures come from `seller_summaries` (migration 0053),
 * which the database keeps current from the item, listing and order writes, so a page reads a
 * row per company instead of aggregating every item (docs/benchmarks.md "Staff lists").
 */
const SELLERS_RELATION = sellersFrom(sql`where s.items > 0`);
/**
 * Every company, items or not (the admin product pages' seller picker, `companies=all`): since
 * migration 0055 every company has a summary row from its creation, so this is the same join
 * without the filter, and each sort walks an index of seller_summaries or companies and stops
 * at the page (a left join from companies with coalesced figures sorted all 100,000 rows).
 */
const ALL_COMPANIES_RELATION = sellersFrom(sql``);
/** Which companies the seller list shows: those with live inventory (the default) or all. */
export type SellerScope = { companies?: "withInventory" | "all" };
const sellersOf = (p: SellerScope) => (p.companies === "all" ? ALL_COMPANIES_RELATION : SELLERS_RELATION);
const SELLER_EXPR: Record<SellerSort, SQL> = {
  companyName: sql`lower(company_name)`,
  items: sql`items`,
  listings: sql`listings`,
  sales: sql`sales`,
  // a company with items always has a last activity; one without may have none
  lastActivity: sql`last_activity`,
};
/**
 * The sort expressions of `companies=all`: a company never active sorts as the oldest (as on
 * the marketplace's seller list), which also keeps the export's keyset free of nulls; served by
 * seller_summaries_all_activity_idx (migration 0055).
 */
const ALL_COMPANIES_EXPR: Record<SellerSort, SQL> = {
  ...SELLER_EXPR,
  lastActivity: sql`coalesce(last_activity, '-infinity'::timestamptz)`,
};
const sellerSortOf = (p: SellerScope & { sortBy: SellerSort }) =>
  (p.companies === "all" ? ALL_COMPANIES_EXPR : SELLER_EXPR)[p.sortBy];
type SellerRow = {
  id: string;
  company_name: string;
  owner_id: string | null;
  owner_email: string | null;
  items: number;
  by_status: Record<string, number> | string | null;
  last_activity: Date | string | null;
  listings: number;
  sales: number;
  sort_key?: string;
};
/** Companies whose name contains the term (the names' trigram index, migration 0055). */
const nameMatches = (pattern: string) => sql`select c.id from companies c where c.name ilike ${pattern}`;
/** Companies whose owner's email contains the term (the users' trigram index, migration 0048). */
const ownerMatches = (pattern: string) => sql`select m.company_id from users u
  join company_members m on m.user_id = u.id
  where u.email ilike ${pattern} and 'ROLE_COMPANY_ADMIN' = any(m.roles)
    and not exists (select 1 from company_members f where f.company_id = m.company_id
      and 'ROLE_COMPANY_ADMIN' = any(f.roles) and (f.created_at, f.user_id) < (m.created_at, m.user_id))`;
/**
 * A page walks its sort's index and tests each row while the walk is expected to read at most
 * this many rows; past that it joins the (then few) matching companies to their rows and sorts.
 */
const WALK_MAX = 5_000;
/**
 * The company's name or its owner's email contains the term, in one of two forms the planner
 * cannot choose between itself (it decides how to treat a subquery before it has estimates).
 * `join`: one set of ids (a union), joined to the rows and sorted — right when few companies
 * match (a rare term: the index look-ups and a few rows). `walk`: the name tested on each row
 * and the owners' companies as an array computed once (an init plan: as a subplan the planner
 * charged its cost to every row of the walk and scanned instead), while the sort's index is
 * walked, stopping at the page — right for a common term, which the join form joins and sorts
 * in full (20,000 of 100,000 companies for "vintage": a hash join keeps no order).
 */
const sellerMatches = (pattern: string, form: "join" | "walk") =>
  form === "join"
    ? sql`id in (${nameMatches(pattern)} union ${ownerMatches(pattern)})`
    : sql`(company_name ilike ${pattern} or id = any(array(${ownerMatches(pattern)})))`;
/**
 * `n`: how many rows the list has — the summary rows alone (one per company), or the companies
 * whose name matches plus those whose owner's email matches and name does not (two counts, each
 * from its trigram index: no set of 20,000 ids to build and deduplicate for a common term).
 * `scope`: the rows without the search, to choose the page's form — with `companies=all` the
 * planner's estimate of seller_summaries (exact counting costs a scan), else the count of
 * companies with items (an index-only scan of a partial index).
 */
export function sellerCountSql(p: { query?: string } & SellerScope) {
  const q = searchTerm(p);
  const withItems = p.companies !== "all";
  const scope = withItems
    ? sql`(select count(*) from seller_summaries where items > 0)`
    : sql`(select reltuples from pg_class where oid = 'seller_summaries'::regclass)`;
  if (!q)
    return sql`select count(*)::int as n, 0 as scope from seller_summaries${withItems ? sql` where items > 0` : sql``}`;
  const pattern = containsPattern(q);
  // with companies=all every company is a row (each has a summary row): no join needed
  const scoped = withItems ? sql`join seller_summaries s on s.company_id = c.id and s.items > 0` : sql``;
  return sql`select ((select count(*) from companies c ${scoped} where c.name ilike ${pattern})
    + (select count(*) from (${ownerMatches(pattern)}) o join companies c on c.id = o.company_id ${scoped}
       where c.name not ilike ${pattern}))::int as n, ${scope}::float8 as scope`;
}
export type SellerCount = { n: number; scope: number };
/**
 * One page (or export batch) in the list's order: the rows are sorted and cut first, then each
 * kept row gets its owner (the lateral join below a sort would run for every row sorted). A
 * walk is expected to read (offset + limit) × scope / matches rows; not capped at the scope,
 * because with few matches the planner does not walk but scans every company (2,000 sellers
 * among 100,000 companies: a hash join with all companies), so a rare term always joins.
 */
export function sellerPageSql(
  p: ListParams<SellerSort> & SellerScope,
  opts: { limit: number; offset?: number; count?: SellerCount; after?: Keyset | null },
) {
  const expr = sellerSortOf(p);
  const order = orderSql(expr, p.sortDir);
  const offset = opts.offset ?? 0;
  const { n, scope } = opts.count ?? { n: 0, scope: Number.POSITIVE_INFINITY };
  // reltuples is -1 before the first ANALYZE: unknown, so the join (never a full walk for one row)
  const scopeRows = scope < 0 ? Number.POSITIVE_INFINITY : Math.max(scope, n);
  const walk = ((offset + opts.limit) * scopeRows) / Math.max(n, 1);
  const q = searchTerm(p);
  const parts = [
    q ? sellerMatches(containsPattern(q), walk <= WALK_MAX ? "walk" : "join") : undefined,
    afterKeyset(expr, p.sortDir, idCol as never, opts.after ?? null),
  ].filter((x): x is SQL => x !== undefined);
  const where = parts.length ? sql` where ${sql.join(parts, sql` and `)}` : sql``;
  return sql`select p.*, o.owner_id, o.owner_email from (
    select *, (${expr})::text as sort_key from ${sellersOf(p)}${where}
    order by ${order} limit ${opts.limit} offset ${offset}
  ) p ${OWNER_JOIN} order by ${order}`;
}
const toSeller = (r: SellerRow) => ({
  id: r.id,
  companyName: r.company_name,
  ownerId: r.owner_id,
  ownerEmail: r.owner_email,
  items: Number(r.items),
  byStatus: (typeof r.by_status === "string" ? JSON.parse(r.by_status) : (r.by_status ?? {})) as Record<
    string,
    number
  >,
  listings: Number(r.listings),
  sales: Number(r.sales),
  lastActivity: iso(r.last_activity),
});

export async function listSellers(db: Db, p: ListParams<SellerSort> & SellerScope) {
  const [c] = rowsOf<SellerCount>(await db.execute(sellerCountSql(p)));
  const count = { n: Number(c?.n ?? 0), scope: Number(c?.scope ?? 0) };
  return pageOf(p, {
    count: async () => count.n,
    rows: async (limit, offset) =>
      rowsOf<SellerRow>(await db.execute(sellerPageSql(p, { limit, offset, count }))).map(toSeller),
  });
}

export const sellerExport = (db: Db, p: ExportParams<SellerSort> & SellerScope) => ({
  header: [
    "company_id",
    "company",
    "owner_email",
    "items",
    "by_status",
    "listings",
    "sales",
    "last_activity",
  ],
  batch: async (after: Keyset | null, limit: number) => {
    // each batch joins the matches first (no count to choose by; an export reads them all)
    const page = sellerPageSql({ ...p, page: 0, rowsPerPage: limit }, { limit, after });
    return rowsOf<SellerRow>(await db.execute(page)).map((r) => ({
      ...toSeller(r),
      sortKey: r.sort_key ?? null,
    }));
  },
  fields: (r: ReturnType<typeof toSeller>) => [
    r.id,
    r.companyName,
    r.ownerEmail,
    r.items,
    Object.entries(r.byStatus)
      .map(([k, v]) => `${k}:${v}`)
      .join(" "),
    r.listings,
    r.sales,
    r.lastActivity,
  ],
});

// ---- unregistered actions ----

/** An unconfirmed account, with the companies only they belong to (deleted with them). */
export async function deleteUnconfirmedUser(db: Db, userId: string) {
  return db.transaction(async (tx) => {
    const [u] = await tx
      .select({ id: users.id, confirmed: users.emailConfirmedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!u) return "missing" as const;
    if (u.confirmed) return "confirmed" as const;
    const solo = await tx.execute(sql`
      select m.company_id from company_members m where m.user_id = ${userId}
      and not exists (select 1 from company_members o where o.company_id = m.company_id and o.user_id <> ${userId})`);
    await tx.delete(users).where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
    for (const r of rowsOf<{ company_id: string }>(solo))
      await tx.delete(companies).where(eq(companies.id, r.company_id));
    return "deleted" as const;
  });
}
