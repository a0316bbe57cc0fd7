/**
 * The marketplace staff's sellers (docs/marketplace.md): companies that turned on Managed
 * listing, each with what waits for staff. Pages, sorts, searches and exports through
 * plugins/paged-list like the admin lists.
 *
 * What waits (the rule of docs/warehouse.md "Describing": new = still to describe, pending =
 * described):
 * - toDescribe: live batches with at least one live item still `new`;
 * - withoutPhotos: live items `new` or `pending` without a photo;
 * - readyToList: live items `pending` (described) with a photo, not yet published.
 */
import { type SQL, sql } from "drizzle-orm";
import type { MarketplaceSellerSort } from "../../../domain/marketplace";
import type { Db } from "../../db/client";
import {
  afterKeyset,
  containsPattern,
  type Keyset,
  type ListParams,
  orderOf,
  pageOf,
  searchTerm,
} from "../../plugins/paged-list";

type ExportParams = Omit<ListParams<MarketplaceSellerSort>, "page" | "rowsPerPage">;

const sellers = sql`(
  select c.id, c.name as company_name,
    (select count(*)::int from inventory_batches b
      where b.company_id = c.id and b.deleted_at is null
        and exists (select 1 from inventory_items i where i.company_id = c.id and i.batch_id = b.id
                    and i.deleted_at is null and i.status = 'new')) as to_describe,
    coalesce(s.without_photos, 0) as without_photos,
    coalesce(s.ready_to_list, 0) as ready_to_list,
    coalesce(s.items, 0) as items,
    s.last_activity
  from companies c
  left join (
    select company_id, count(*)::int as items, max(updated_at) as last_activity,
      (count(*) filter (where status in ('new', 'pending') and cardinality(photos) = 0))::int as without_photos,
      (count(*) filter (where status = 'pending' and cardinality(photos) > 0 and publication_status = 0))::int as ready_to_list
    from inventory_items where deleted_at is null group by company_id
  ) s on s.company_id = c.id
  where c.managed_listing
) as sellers`;

const EXPR: Record<MarketplaceSellerSort, SQL> = {
  companyName: sql`lower(company_name)`,
  toDescribe: sql`to_describe`,
  withoutPhotos: sql`without_photos`,
  readyToList: sql`ready_to_list`,
  // never-active sellers sort as the oldest
  lastActivity: sql`coalesce(last_activity, '-infinity'::timestamptz)`,
};

type Row = {
  id: string;
  company_name: string;
  to_describe: number;
  without_photos: number;
  ready_to_list: number;
  items: number;
  last_activity: Date | string | null;
  sort_key?: string;
};

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const idCol = sql`id`;
const orderSql = (expr: SQL, dir: "asc" | "desc") => sql.join(orderOf(expr, dir, idCol as never), sql`, `);
const where = (p: { query?: string }, extra?: SQL) => {
  const q = searchTerm(p);
  const parts = [q ? sql`company_name ilike ${containsPattern(q)}` : undefined, extra].filter(
    (x): x is SQL => x !== undefined,
  );
  return parts.length ? sql` where ${sql.join(parts, sql` and `)}` : sql``;
};
const toSeller = (r: Row) => ({
  id: r.id,
  companyName: r.company_name,
  toDescribe: Number(r.to_describe),
  withoutPhotos: Number(r.without_photos),
  readyToList: Number(r.ready_to_list),
  items: Number(r.items),
  lastActivity: r.last_activity === null ? null : new Date(r.last_activity).toISOString(),
});
export type MarketplaceSeller = ReturnType<typeof toSeller>;

export async function listMarketplaceSellers(db: Db, p: ListParams<MarketplaceSellerSort>) {
  const w = where(p);
  return pageOf(p, {
    count: async () =>
      rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${sellers}${w}`))[0]?.n ?? 0,
    rows: async (limit, offset) =>
      rowsOf<Row>(
        await db.execute(
          sql`select * from ${sellers}${w} order by ${orderSql(EXPR[p.sortBy], p.sortDir)} limit ${limit} offset ${offset}`,
        ),
      ).map(toSeller),
  });
}

export const marketplaceSellerExport = (db: Db, p: ExportParams) => ({
  header: [
    "company_id",
    "company",
    "batches_to_describe",
    "items_without_photos",
    "items_ready_to_list",
    "items",
    "last_activity",
  ],
  batch: async (after: Keyset | null, limit: number) => {
    const expr = EXPR[p.sortBy];
    const rows = rowsOf<Row>(
      await db.execute(
        sql`select *, (${expr})::text as sort_key from ${sellers}${where(p, afterKeyset(expr, p.sortDir, idCol as never, after))} order by ${orderSql(expr, p.sortDir)} limit ${limit}`,
      ),
    );
    return rows.map((r) => ({ ...toSeller(r), sortKey: r.sort_key ?? null }));
  },
  fields: (r: MarketplaceSeller) => [
    r.id,
    r.companyName,
    r.toDescribe,
    r.withoutPhotos,
    r.readyToList,
    r.items,
    r.lastActivity,
  ],
});
