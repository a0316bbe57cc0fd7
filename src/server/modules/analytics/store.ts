/**
 * The analytics dashboard's figures (docs/dashboard.md "Analytics"): each series is one grouped
 * query by calendar month (UTC), filtered first by company (the leading column of each table's
 * company index) and then by the timestamp range, so PostgreSQL and PGlite count on the index.
 */
import { and, eq, gte, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  type Analytics,
  type AnalyticsScope,
  type AnalyticsSeriesName,
  monthIndex,
} from "../../../domain/analytics/analytics";
import { effectiveRoles, ROLES } from "../../../domain/roles";
import type { Db } from "../../db/client";
import {
  ebayListings,
  ebayOrders,
  filings,
  inventoryItems,
  invoices,
  statementFiles,
  users,
} from "../../db/schema";

/** The first instant of a "YYYY-MM" month, UTC. */
function startOf(month: string): Date {
  const i = monthIndex(month) ?? 0;
  return new Date(Date.UTC(Math.floor(i / 12), i % 12, 1));
}

const monthOf = (col: PgColumn) => sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM')`;

interface Bucketed {
  table: PgTable;
  company: PgColumn;
  at: PgColumn;
  /** What is summed per month (count(*) when absent). */
  value?: SQL;
  where?: SQL;
}

/** One value per month of `months` (zeros where nothing happened). */
async function perMonth(db: Db, companyId: string | null, months: string[], q: Bucketed): Promise<number[]> {
  const from = startOf(months[0] ?? "");
  const to = startOf(months.at(-1) ?? "");
  to.setUTCMonth(to.getUTCMonth() + 1);
  const rows = await db
    .select({ month: monthOf(q.at), value: q.value ?? sql`count(*)` })
    .from(q.table)
    .where(and(companyId ? eq(q.company, companyId) : undefined, gte(q.at, from), lt(q.at, to), q.where))
    .groupBy(sql`1`);
  const byMonth = new Map(rows.map((r) => [r.month, Number(r.value ?? 0)]));
  return months.map((m) => byMonth.get(m) ?? 0);
}

/** The figures of one company (or of every company when `companyId` is null) over `months`. */
export async function analyticsOf(
  db: Db,
  scope: AnalyticsScope,
  companyId: string | null,
  months: string[],
): Promise<Analytics> {
  const live = (deletedAt: PgColumn) => isNull(deletedAt);
  const specs: Record<AnalyticsSeriesName, Bucketed> = {
    statementsUploaded: {
      table: statementFiles,
      company: statementFiles.companyId,
      at: statementFiles.createdAt,
      where: live(statementFiles.deletedAt),
    },
    statementsExtracted: {
      table: statementFiles,
      company: statementFiles.companyId,
      at: statementFiles.createdAt,
      where: and(live(statementFiles.deletedAt), eq(statementFiles.status, "extracted")),
    },
    invoicesPaid: {
      table: invoices,
      company: invoices.companyId,
      at: invoices.paidAt,
      where: eq(invoices.status, "paid"),
    },
    invoicesPaidCents: {
      table: invoices,
      company: invoices.companyId,
      at: invoices.paidAt,
      value: sql`sum(${invoices.amountCents})`,
      where: eq(invoices.status, "paid"),
    },
    itemsImported: {
      table: inventoryItems,
      company: inventoryItems.companyId,
      at: inventoryItems.createdAt,
      where: live(inventoryItems.deletedAt),
    },
    itemsListed: {
      table: ebayListings,
      company: ebayListings.companyId,
      at: ebayListings.createdAt,
      where: eq(ebayListings.state, "published"),
    },
    itemsSold: {
      table: ebayOrders,
      company: ebayOrders.companyId,
      at: ebayOrders.orderCreatedAt,
      value: sql`sum(${ebayOrders.quantity})`,
    },
    ebayRevenueCents: {
      table: ebayOrders,
      company: ebayOrders.companyId,
      at: ebayOrders.orderCreatedAt,
      value: sql`sum(${ebayOrders.priceCents})`,
    },
  };
  const names = Object.keys(specs) as AnalyticsSeriesName[];
  const [values, byState] = await Promise.all([
    Promise.all(names.map((n) => perMonth(db, companyId, months, specs[n]))),
    filingsByState(db, companyId, months),
  ]);
  const series = Object.fromEntries(names.map((n, i) => [n, values[i] ?? []])) as Analytics["series"];
  return { scope, months, series, filingsByState: byState };
}

/** Filings opened in the range, counted by their current state. */
async function filingsByState(db: Db, companyId: string | null, months: string[]) {
  const from = startOf(months[0] ?? "");
  const to = startOf(months.at(-1) ?? "");
  to.setUTCMonth(to.getUTCMonth() + 1);
  const rows = await db
    .select({ state: filings.state, count: sql<number>`count(*)` })
    .from(filings)
    .where(
      and(
        companyId ? eq(filings.companyId, companyId) : undefined,
        gte(filings.createdAt, from),
        lt(filings.createdAt, to),
      ),
    )
    .groupBy(filings.state)
    .orderBy(filings.state);
  return rows.map((r) => ({ state: r.state, count: Number(r.count) }));
}

/** Whether the user is a super admin according to the database (an enabled account), whatever the token says. */
export async function isSuperAdmin(db: Db, userId: string): Promise<boolean> {
  const [me] = await db
    .select({ roles: users.roles, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return !!me && !me.disabledAt && effectiveRoles(me.roles).has(ROLES.SUPER_ADMIN);
}
