/**
 * The marketplace staff's Listing Management (docs/marketplace.md "Listing Management"): the
 * items of every seller with Managed listing on that are ready to list (described, with a photo,
 * never sent to eBay) or have an eBay listing, paged, sorted, searched and filtered on the server;
 * and the bulk publish of some of them.
 *
 * A bulk publish is the seller's own publish, made by staff: per seller, in one transaction under
 * the seller's inventory lock (syncTx), each item gets a new `ebay.request` through the synced
 * item's PATCH (sync/store.ts patchRecord: version, checks, change_seq), so the item trigger queues
 * the seller's eBay listing job (docs/ebay.md "Requests to jobs"); each seller written in gets one
 * staff-write audit row naming the items, which the seller's item history shows.
 */
import { type SQL, sql } from "drizzle-orm";
import { emptyItemEbay, type ItemEbay } from "../../../domain/ebay/item-ebay";
import type {
  MarketplaceListingAction,
  MarketplaceListingRow,
  MarketplaceListingSort,
  MarketplaceListingStatus,
  MarketplacePublishResult,
} from "../../../domain/marketplace-listings";
import type { Db } from "../../db/client";
import type { CompanyScope } from "../../plugins/company-scope";
import { recordStaffWrite } from "../../plugins/company-scope";
import { containsPattern, type ListParams, orderOf, pageOf, searchTerm } from "../../plugins/paged-list";
import { ITEM } from "../inventory/store";
import { patchRecord, syncTx } from "../sync/store";

export interface ListingListParams extends ListParams<MarketplaceListingSort> {
  status?: MarketplaceListingStatus;
  seller?: string;
}

/** Live items of opted-in sellers that are ready to list or have a listing, with their listing status. */
const listings = sql`(
  select i.id, i.company_id, c.name as company_name, i.title, i.sku, i.price,
    l.listing_id, l.listing_url,
    case when l.wanted_seq > l.done_seq then null else l.error end as error,
    greatest(i.updated_at, coalesce(l.updated_at, i.updated_at)) as updated_at,
    case
      when l.item_id is null then 'ready'
      when l.wanted_seq > l.done_seq then 'pending'
      when l.error is not null then 'failed'
      when l.state = 'unlisted' then 'ready'
      else l.state
    end as status
  from inventory_items i
  join companies c on c.id = i.company_id and c.managed_listing
  left join ebay_listings l on l.item_id = i.id
  where i.deleted_at is null
    and (l.item_id is not null
      or (i.status = 'pending' and cardinality(i.photos) > 0 and i.publication_status = 0))
) as listings`;

const EXPR: Record<MarketplaceListingSort, SQL> = {
  updatedAt: sql`updated_at`,
  companyName: sql`lower(company_name)`,
  title: sql`lower(title)`,
  sku: sql`sku`,
  // unpriced items sort as the cheapest
  price: sql`coalesce(price, -1)`,
  status: sql`status`,
};

type Row = {
  id: string;
  company_id: string;
  company_name: string;
  title: string;
  sku: string;
  price: number | string | null;
  listing_id: string | null;
  listing_url: string | null;
  error: string | null;
  updated_at: Date | string;
  status: MarketplaceListingStatus;
};

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const idCol = sql`id`;

function where(p: Omit<ListingListParams, "page" | "rowsPerPage" | "sortBy" | "sortDir">) {
  const q = searchTerm(p);
  const parts: SQL[] = [];
  if (q) {
    const pattern = containsPattern(q);
    parts.push(
      sql`(title ilike ${pattern} or sku ilike ${pattern} or company_name ilike ${pattern} or listing_id ilike ${pattern})`,
    );
  }
  if (p.status) parts.push(sql`status = ${p.status}`);
  if (p.seller) parts.push(sql`company_id = ${p.seller}::uuid`);
  return parts.length ? sql` where ${sql.join(parts, sql` and `)}` : sql``;
}

const toRow = (r: Row): MarketplaceListingRow => ({
  itemId: r.id,
  companyId: r.company_id,
  companyName: r.company_name,
  title: r.title,
  sku: r.sku,
  price: r.price === null ? null : Number(r.price),
  status: r.status,
  listingId: r.listing_id,
  listingUrl: r.listing_url,
  error: r.error,
  updatedAt: new Date(r.updated_at).toISOString(),
});

export async function listMarketplaceListings(db: Db, p: ListingListParams) {
  const w = where(p);
  const order = sql.join(orderOf(EXPR[p.sortBy], p.sortDir, idCol as never), sql`, `);
  return pageOf(p, {
    count: async () =>
      rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${listings}${w}`))[0]?.n ?? 0,
    countUpTo: async (limit) =>
      rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from (select 1 from ${listings}${w} limit ${limit}) m`,
        ),
      )[0]?.n ?? 0,
    rows: async (limit, offset) =>
      rowsOf<Row>(
        await db.execute(
          sql`select * from ${listings}${w} order by ${order} limit ${limit} offset ${offset}`,
        ),
      ).map(toRow),
  });
}

/**
 * Whether an item's eBay state lets `action` run, by the rules of the seller's own Listing page
 * (`actionsFor`): withdraw what is on eBay, delete what is on eBay or was withdrawn.
 */
function applies(action: MarketplaceListingAction, item: { publication_status: number; status: string }) {
  const onEbay = Number(item.publication_status) === 1;
  if (action === "withdraw") return onEbay;
  if (action === "delete") return onEbay || item.status === "withdrawn_from_ebay";
  return true;
}

/**
 * Asks `action` (publish, withdraw, delete) of the items (of any opted-in sellers) on their
 * sellers' eBay accounts, as `staffId`. `requestId` is the request's id on every item: sending the
 * same request again changes nothing (an item that already carries it is `unchanged`), and the
 * eBay job runs each request once.
 */
export async function requestMarketplaceListings(
  db: Db,
  staffId: string,
  action: MarketplaceListingAction,
  itemIds: readonly string[],
  requestId: string,
  url: string,
): Promise<MarketplacePublishResult[]> {
  const ids = [...new Set(itemIds)];
  const owners = rowsOf<{ id: string; company_id: string }>(
    await db.execute(sql`
      select i.id, i.company_id from inventory_items i
      join companies c on c.id = i.company_id and c.managed_listing
      where i.deleted_at is null and i.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );
  const bySeller = new Map<string, string[]>();
  for (const o of owners) bySeller.set(o.company_id, [...(bySeller.get(o.company_id) ?? []), o.id]);
  const result = new Map<string, MarketplacePublishResult["result"]>();
  const at = new Date().toISOString();
  for (const [companyId, sellerItems] of bySeller) {
    const scope: CompanyScope = { userId: staffId, companyId, roles: [], seller: true };
    await syncTx(db, scope, async (tx) => {
      // read again under the seller's lock: Managed listing may have just been turned off
      const current = rowsOf<{
        id: string;
        version: number;
        ebay: ItemEbay | null;
        publication_status: number;
        status: string;
      }>(
        await tx.execute(sql`
          select i.id, i.version, i.ebay, i.publication_status, i.status from inventory_items i
          join companies c on c.id = i.company_id and c.managed_listing
          where i.company_id = ${companyId}::uuid and i.deleted_at is null and i.id in (${sql.join(
            sellerItems.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`),
      );
      const done: string[] = [];
      for (const item of current) {
        if (item.ebay?.request?.id === requestId) {
          result.set(item.id, "unchanged");
          continue;
        }
        if (!applies(action, item)) {
          result.set(item.id, "not_listed");
          continue;
        }
        const ebay: ItemEbay = {
          ...(item.ebay ?? emptyItemEbay()),
          request: { id: requestId, action, at },
        };
        await patchRecord(tx, ITEM, scope, item.id, { version: Number(item.version), ebay });
        result.set(item.id, "requested");
        done.push(item.id);
      }
      if (done.length > 0)
        await recordStaffWrite(tx, scope, {
          method: "POST",
          url,
          status: 200,
          writes: done.map((id) => ({ method: "PATCH", url: `/api/inventory/items/${id}` })),
        });
    });
  }
  return ids.map((itemId) => ({ itemId, result: result.get(itemId) ?? "not_found" }));
}
