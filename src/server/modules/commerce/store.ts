/**
 * The commerce module's SQL (docs/commerce.md): the company's eBay order lines (ebay_orders, stored
 * by the order sync) grouped into orders and buyers, the company's own fields about a buyer, and
 * the sales overview. Every query is scoped by the caller's company id.
 */
import { type SQL, sql } from "drizzle-orm";
import {
  type CommerceCustomer,
  type CommerceCustomerDetail,
  type CommerceOrder,
  type CommerceOrderDetail,
  type CommerceOverview,
  type CustomerNotes,
  type CustomerSort,
  ORDER_STATUSES,
  type OrderSort,
  type OrderStatus,
  type OverviewDays,
} from "../../../domain/commerce/contract";
import type { Db } from "../../db/client";
import { containsPattern, type ListParams } from "../../plugins/paged-list";

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
/** Milliseconds since the epoch as a float: the same JavaScript number from PGlite and node-postgres. */
const ms = (expr: SQL) => sql`(extract(epoch from ${expr}) * 1000)::float8`;
const iso = (n: number) => new Date(n).toISOString();
const statusOf = (rank: number): OrderStatus => ORDER_STATUSES[rank] ?? "sold";
const STATUS_RANK = sql.raw(
  `min(case status ${ORDER_STATUSES.map((s, i) => `when '${s}' then ${i}`).join(" ")} else 0 end)::int`,
);

interface OrderRow {
  order_id: string;
  created_ms: number;
  buyer_username: string | null;
  buyer_name: string | null;
  buyer_city: string | null;
  lines: number;
  quantity: number;
  total: number;
  fees: number | null;
  status_rank: number;
  total_count?: number;
}

/** The columns of one order, over its lines (`ebay_orders o`, grouped by order id). */
const ORDER_COLUMNS = sql`o.order_id, ${ms(sql`min(o.order_created_at)`)} as created_ms,
  max(o.buyer_username) as buyer_username, max(o.buyer_name) as buyer_name, max(o.buyer_city) as buyer_city,
  count(*)::int as lines, sum(o.quantity)::int as quantity, sum(o.price_cents)::float8 as total,
  max(o.fees_cents)::float8 as fees, ${STATUS_RANK} as status_rank`;

function toOrder(r: OrderRow): CommerceOrder {
  return {
    orderId: r.order_id,
    createdAt: iso(r.created_ms),
    buyerUsername: r.buyer_username,
    buyerName: r.buyer_name,
    buyerCity: r.buyer_city,
    lines: r.lines,
    quantity: r.quantity,
    totalCents: r.total,
    feesCents: r.fees,
    status: statusOf(r.status_rank),
  };
}

const ORDER_SORT: Record<OrderSort, SQL> = {
  createdAt: sql`min(o.order_created_at)`,
  total: sql`sum(o.price_cents)`,
  buyer: sql`coalesce(max(o.buyer_username), '')`,
};

/** The company's orders, one row per eBay order, paged, sorted and searched (order id, buyer, title, SKU). */
export async function ordersPage(
  db: Db,
  companyId: string,
  p: ListParams<OrderSort> & { buyerUsername?: string; status?: OrderStatus },
) {
  const q = p.query?.trim();
  const pattern = q ? containsPattern(q) : null;
  const having: SQL[] = [];
  if (pattern)
    having.push(
      sql`bool_or(o.order_id ilike ${pattern} or o.buyer_username ilike ${pattern} or o.buyer_name ilike ${pattern} or o.title ilike ${pattern} or o.sku ilike ${pattern})`,
    );
  if (p.status) having.push(sql`${STATUS_RANK} = ${ORDER_STATUSES.indexOf(p.status)}`);
  const dir = sql.raw(p.sortDir === "asc" ? "asc" : "desc");
  const rows = rowsOf<OrderRow>(
    await db.execute(sql`
      select ${ORDER_COLUMNS}, (count(*) over ())::int as total_count
      from ebay_orders o
      where o.company_id = ${companyId}
        ${p.buyerUsername ? sql`and o.buyer_username = ${p.buyerUsername}` : sql``}
      group by o.order_id
      ${having.length ? sql`having ${sql.join(having, sql` and `)}` : sql``}
      order by ${ORDER_SORT[p.sortBy]} ${dir}, o.order_id ${dir}
      limit ${p.rowsPerPage} offset ${p.page * p.rowsPerPage}`),
  );
  let total = Number(rows[0]?.total_count ?? 0);
  if (rows.length === 0 && p.page > 0) {
    // past the last page: still say how many there are
    const [n] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from (select 1 from ebay_orders o
        where o.company_id = ${companyId}
        ${p.buyerUsername ? sql`and o.buyer_username = ${p.buyerUsername}` : sql``}
        group by o.order_id ${having.length ? sql`having ${sql.join(having, sql` and `)}` : sql``}) t`),
    );
    total = n?.n ?? 0;
  }
  return { rows: rows.map(toOrder), total, page: p.page, rowsPerPage: p.rowsPerPage };
}

/** One order of the company with its lines, or null when the company has no such order. */
export async function orderOf(
  db: Db,
  companyId: string,
  orderId: string,
): Promise<CommerceOrderDetail | null> {
  const [head] = rowsOf<OrderRow>(
    await db.execute(sql`select ${ORDER_COLUMNS} from ebay_orders o
      where o.company_id = ${companyId} and o.order_id = ${orderId} group by o.order_id`),
  );
  if (!head) return null;
  const lines = rowsOf<{
    line_item_id: string;
    item_id: string | null;
    sku: string;
    title: string;
    quantity: number;
    price: number;
    status: OrderStatus;
  }>(
    await db.execute(sql`select line_item_id, item_id, sku, title, quantity, price_cents::float8 as price, status
      from ebay_orders where company_id = ${companyId} and order_id = ${orderId} order by line_item_id`),
  );
  return {
    ...toOrder(head),
    items: lines.map((l) => ({
      lineItemId: l.line_item_id,
      itemId: l.item_id,
      sku: l.sku,
      title: l.title,
      quantity: l.quantity,
      priceCents: l.price,
      status: l.status,
    })),
  };
}

interface CustomerRow {
  username: string;
  buyer_name: string | null;
  buyer_city: string | null;
  orders: number;
  spent: number;
  first_ms: number;
  last_ms: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  note?: string | null;
  notes_ms?: number | null;
  total_count?: number;
}

const CUSTOMER_SORT: Record<CustomerSort, SQL> = {
  lastOrderAt: sql`max(o.order_created_at)`,
  spent: sql`sum(o.price_cents)`,
  orders: sql`count(distinct o.order_id)`,
  username: sql`lower(o.buyer_username)`,
};

/** A buyer's figures over their lines, with the company's fields about them (`c`). */
const CUSTOMER_COLUMNS = sql`o.buyer_username as username,
  (array_agg(o.buyer_name order by o.order_created_at desc))[1] as buyer_name,
  (array_agg(o.buyer_city order by o.order_created_at desc))[1] as buyer_city,
  count(distinct o.order_id)::int as orders, sum(o.price_cents)::float8 as spent,
  ${ms(sql`min(o.order_created_at)`)} as first_ms, ${ms(sql`max(o.order_created_at)`)} as last_ms,
  c.name, c.email, c.phone`;

const CUSTOMER_FROM = (companyId: string) => sql`from ebay_orders o
  left join commerce_customers c on c.company_id = o.company_id and c.buyer_username = o.buyer_username
  where o.company_id = ${companyId} and o.buyer_username is not null`;

function toCustomer(r: CustomerRow): CommerceCustomer {
  return {
    username: r.username,
    buyerName: r.buyer_name,
    buyerCity: r.buyer_city,
    orders: r.orders,
    spentCents: r.spent,
    firstOrderAt: iso(r.first_ms),
    lastOrderAt: iso(r.last_ms),
    name: r.name,
    email: r.email,
    phone: r.phone,
  };
}

/** The company's customers (the buyers of its eBay orders), paged, sorted and searched. */
export async function customersPage(db: Db, companyId: string, p: ListParams<CustomerSort>) {
  const q = p.query?.trim();
  const pattern = q ? containsPattern(q) : null;
  const dir = sql.raw(p.sortDir === "asc" ? "asc" : "desc");
  const rows = rowsOf<CustomerRow>(
    await db.execute(sql`select ${CUSTOMER_COLUMNS}, (count(*) over ())::int as total_count
      ${CUSTOMER_FROM(companyId)}
      group by o.buyer_username, c.name, c.email, c.phone
      ${
        pattern
          ? sql`having bool_or(o.buyer_username ilike ${pattern} or o.buyer_name ilike ${pattern} or o.buyer_city ilike ${pattern}
              or c.name ilike ${pattern} or c.email ilike ${pattern} or c.phone ilike ${pattern})`
          : sql``
      }
      order by ${CUSTOMER_SORT[p.sortBy]} ${dir}, o.buyer_username ${dir}
      limit ${p.rowsPerPage} offset ${p.page * p.rowsPerPage}`),
  );
  return {
    rows: rows.map(toCustomer),
    total: Number(rows[0]?.total_count ?? 0),
    page: p.page,
    rowsPerPage: p.rowsPerPage,
  };
}

/** One buyer of the company with the company's note and their latest orders, or null when they never bought from it. */
export async function customerOf(
  db: Db,
  companyId: string,
  username: string,
): Promise<CommerceCustomerDetail | null> {
  const [row] = rowsOf<CustomerRow>(
    await db.execute(sql`select ${CUSTOMER_COLUMNS}, c.note, ${ms(sql`c.updated_at`)} as notes_ms
      ${CUSTOMER_FROM(companyId)} and o.buyer_username = ${username}
      group by o.buyer_username, c.name, c.email, c.phone, c.note, c.updated_at`),
  );
  if (!row) return null;
  const orders = await ordersPage(db, companyId, {
    buyerUsername: username,
    page: 0,
    rowsPerPage: 100,
    sortBy: "createdAt",
    sortDir: "desc",
  });
  return {
    ...toCustomer(row),
    note: row.note ?? null,
    notesUpdatedAt: row.notes_ms == null ? null : iso(row.notes_ms),
    recentOrders: orders.rows,
  };
}

/** Stores the company's fields about one of its buyers (false when the company has no order of theirs). */
export async function saveCustomerNotes(
  db: Db,
  companyId: string,
  userId: string,
  username: string,
  notes: CustomerNotes,
): Promise<boolean> {
  const res = rowsOf<{ ok: number }>(
    await db.execute(sql`insert into commerce_customers as c
        (company_id, buyer_username, name, email, phone, note, updated_by)
      select ${companyId}, ${username}, ${notes.name}, ${notes.email}, ${notes.phone}, ${notes.note}, ${userId}
      where exists (select 1 from ebay_orders where company_id = ${companyId} and buyer_username = ${username})
      on conflict (company_id, buyer_username) do update set
        name = excluded.name, email = excluded.email, phone = excluded.phone, note = excluded.note,
        updated_by = excluded.updated_by, updated_at = now()
      returning 1 as ok`),
  );
  return res.length > 0;
}

/** The sales overview of the last `days` days, from the company's order lines, inventory and invoices. */
export async function overviewOf(db: Db, companyId: string, days: OverviewDays): Promise<CommerceOverview> {
  const since = sql`(date_trunc('day', now()) - make_interval(days => ${days - 1}))`;
  const inPeriod = sql`o.company_id = ${companyId} and o.order_created_at >= ${since}`;
  const [[totals], daily, topItems, toShip, recent, [inventory], [invoices]] = await Promise.all([
    db
      .execute(sql`select coalesce(sum(o.price_cents), 0)::float8 as revenue, coalesce(sum(o.quantity), 0)::int as items,
          count(distinct o.order_id)::int as orders, count(distinct o.buyer_username)::int as customers,
          coalesce((select sum(f)::float8 from (select max(o2.fees_cents) as f from ebay_orders o2
            where o2.company_id = ${companyId} and o2.order_created_at >= ${since} group by o2.order_id) t), 0)::float8 as fees
        from ebay_orders o where ${inPeriod}`)
      .then(rowsOf<{ revenue: number; items: number; orders: number; customers: number; fees: number }>),
    db
      .execute(sql`select to_char(d, 'YYYY-MM-DD') as date,
          coalesce(sum(o.price_cents), 0)::float8 as revenue, count(distinct o.order_id)::int as orders
        from generate_series(${since}, date_trunc('day', now()), interval '1 day') d
        left join ebay_orders o on o.company_id = ${companyId} and date_trunc('day', o.order_created_at) = d
        group by d order by d`)
      .then(rowsOf<{ date: string; revenue: number; orders: number }>),
    db
      .execute(sql`select o.item_id, (array_agg(o.title order by o.order_created_at desc))[1] as title,
          sum(o.quantity)::int as quantity, sum(o.price_cents)::float8 as revenue
        from ebay_orders o where ${inPeriod}
        group by o.item_id, case when o.item_id is null then o.sku end
        order by revenue desc, quantity desc limit 5`)
      .then(rowsOf<{ item_id: string | null; title: string; quantity: number; revenue: number }>),
    db
      .execute(sql`select count(distinct order_id)::int as n from ebay_orders
        where company_id = ${companyId} and status in ('sold', 'awaiting_shipment')`)
      .then(rowsOf<{ n: number }>),
    ordersPage(db, companyId, { page: 0, rowsPerPage: 5, sortBy: "createdAt", sortDir: "desc" }),
    db
      .execute(sql`select count(*)::int as items, coalesce(sum(quantity), 0)::int as in_stock,
          count(*) filter (where status = 'listed')::int as listed,
          (select count(*)::int from inventory_products p where p.company_id = ${companyId} and p.deleted_at is null) as products
        from inventory_items where company_id = ${companyId} and deleted_at is null`)
      .then(rowsOf<{ items: number; in_stock: number; listed: number; products: number }>),
    db
      .execute(sql`select count(*)::int as n, coalesce(sum(amount_cents), 0)::float8 as cents from invoices
        where company_id = ${companyId} and status = 'unpaid'`)
      .then(rowsOf<{ n: number; cents: number }>),
  ]);
  return {
    days,
    revenueCents: totals?.revenue ?? 0,
    feesCents: totals?.fees ?? 0,
    orders: totals?.orders ?? 0,
    itemsSold: totals?.items ?? 0,
    customers: totals?.customers ?? 0,
    toShip: toShip[0]?.n ?? 0,
    daily: daily.map((d) => ({ date: d.date, revenueCents: d.revenue, orders: d.orders })),
    topItems: topItems.map((t) => ({
      itemId: t.item_id,
      title: t.title,
      quantity: t.quantity,
      revenueCents: t.revenue,
    })),
    recentOrders: recent.rows,
    inventory: {
      items: inventory?.items ?? 0,
      inStock: inventory?.in_stock ?? 0,
      listed: inventory?.listed ?? 0,
      products: inventory?.products ?? 0,
    },
    invoices: { unpaid: invoices?.n ?? 0, unpaidCents: invoices?.cents ?? 0 },
  };
}
