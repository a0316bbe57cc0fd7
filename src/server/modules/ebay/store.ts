/**
 * The eBay module's SQL: connections, consent states, listings, orders. Routes and jobs call
 * these; nothing else in the module writes a query.
 */
import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { EbayListing, EbayOrder, ListingAction } from "../../../domain/ebay/contract";
import type { AdminListingSort, ListingState } from "../../../domain/ebay/listing-states";
import type { Db } from "../../db/client";
import {
  companies,
  ebayConnections,
  ebayListings,
  ebayOauthStates,
  ebayOrders,
  inventoryItems,
  jobs,
  users,
} from "../../db/schema";
import { splitTotal, totalOver } from "../../db/total-over";
import { containsPattern } from "../../plugins/paged-list";

export type ConnectionRow = typeof ebayConnections.$inferSelect;
export type ListingRow = typeof ebayListings.$inferSelect;

const hashState = (state: string) => createHash("sha256").update(state).digest("hex");

export async function saveState(
  db: Db,
  state: string,
  userId: string,
  companyId: string,
  ttlSeconds: number,
) {
  // Old states of this user are of no use once they expired: keep the table small.
  await db.delete(ebayOauthStates).where(and(eq(ebayOauthStates.userId, userId), sql`expires_at < now()`));
  await db.insert(ebayOauthStates).values({
    stateHash: hashState(state),
    userId,
    companyId,
    expiresAt: sql`now() + (${ttlSeconds}::int * interval '1 second')`,
  });
}

/**
 * Takes a consent state: answers its user and company once, if it is unused and not expired;
 * null for a forged, reused or expired state (which is then used up too).
 */
export async function takeState(
  db: Db,
  state: string,
): Promise<{ userId: string; companyId: string } | null> {
  const rows = await db
    .update(ebayOauthStates)
    .set({ usedAt: sql`now()` })
    .where(and(eq(ebayOauthStates.stateHash, hashState(state)), isNull(ebayOauthStates.usedAt)))
    .returning({
      userId: ebayOauthStates.userId,
      companyId: ebayOauthStates.companyId,
      live: sql<boolean>`${ebayOauthStates.expiresAt} > now()`,
    });
  const row = rows[0];
  return row?.live ? { userId: row.userId, companyId: row.companyId } : null;
}

export async function connectionOf(db: Db, companyId: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(ebayConnections).where(eq(ebayConnections.companyId, companyId));
  return row;
}

export async function connectionById(db: Db, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(ebayConnections).where(eq(ebayConnections.id, id));
  return row;
}

/** Creates or replaces the company's connection (a reconnect keeps the setup choices). */
export async function upsertConnection(
  db: Db,
  v: {
    id: string;
    companyId: string;
    connectedBy: string;
    ebayUserId: string | null;
    ebayUsername: string | null;
    accessToken: string;
    accessExpiresAt: Date;
    refreshToken: string;
    refreshExpiresAt: Date;
  },
) {
  await db
    .insert(ebayConnections)
    .values({ ...v, state: "connected" })
    .onConflictDoUpdate({
      target: ebayConnections.companyId,
      set: {
        id: v.id,
        connectedBy: v.connectedBy,
        ebayUserId: v.ebayUserId,
        ebayUsername: v.ebayUsername,
        accessToken: v.accessToken,
        accessExpiresAt: v.accessExpiresAt,
        refreshToken: v.refreshToken,
        refreshExpiresAt: v.refreshExpiresAt,
        state: "connected",
        message: null,
        refreshLeaseUntil: null,
        updatedAt: sql`now()`,
      },
    });
}

export async function deleteConnection(db: Db, companyId: string) {
  const rows = await db
    .delete(ebayConnections)
    .where(eq(ebayConnections.companyId, companyId))
    .returning({ id: ebayConnections.id });
  return rows.length > 0;
}

export async function updateConnection(
  db: Db,
  id: string,
  set: Partial<typeof ebayConnections.$inferInsert>,
) {
  await db
    .update(ebayConnections)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(ebayConnections.id, id));
}

/** A lease on refreshing the connection's token (one process refreshes; the others wait and re-read). */
export async function takeRefreshLease(db: Db, id: string, ms: number): Promise<boolean> {
  const rows = await db
    .update(ebayConnections)
    .set({ refreshLeaseUntil: sql`now() + (${ms}::int * interval '1 millisecond')` })
    .where(
      and(
        eq(ebayConnections.id, id),
        or(isNull(ebayConnections.refreshLeaseUntil), sql`${ebayConnections.refreshLeaseUntil} < now()`),
      ),
    )
    .returning({ id: ebayConnections.id });
  return rows.length > 0;
}

export async function companyAddress(db: Db, companyId: string) {
  const [row] = await db
    .select({ name: companies.name, address: companies.address })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
}

/** The API's view of a listing row: pending while work waits, failed when the last run was refused. */
function listingToApi(r: ListingRow): EbayListing {
  const pending = r.wantedSeq > r.doneSeq;
  const state: ListingState = pending ? "pending" : r.error ? "failed" : (r.state as ListingState);
  const action =
    r.action === "update" || r.action === "autodelist" ? null : (r.action as ListingAction | null);
  return {
    itemId: r.itemId,
    state,
    action,
    listingId: r.listingId,
    listingUrl: r.listingUrl,
    offerId: r.offerId,
    error: r.error,
    lastSyncedAt: r.lastSyncedAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function listingsOf(db: Db, companyId: string, itemIds?: string[]) {
  const rows = await db
    .select()
    .from(ebayListings)
    .where(
      and(eq(ebayListings.companyId, companyId), itemIds ? inArray(ebayListings.itemId, itemIds) : undefined),
    )
    .orderBy(desc(ebayListings.updatedAt))
    .limit(itemIds ? itemIds.length : 5000);
  return rows.map(listingToApi);
}

/** Listings with work waiting, oldest request first. */
export async function pendingListings(db: Db, companyId: string, limit: number) {
  return db
    .select()
    .from(ebayListings)
    .where(and(eq(ebayListings.companyId, companyId), gt(ebayListings.wantedSeq, ebayListings.doneSeq)))
    .orderBy(asc(ebayListings.updatedAt))
    .limit(limit);
}

/** Listings whose last eBay request was refused (and none waits): how many, latest first, with the item's title. */
export async function failedListings(db: Db, companyId: string, limit: number) {
  const rows = await db
    .select({
      itemId: ebayListings.itemId,
      title: inventoryItems.title,
      error: sql<string>`${ebayListings.error}`,
      total: totalOver(),
    })
    .from(ebayListings)
    .innerJoin(inventoryItems, eq(inventoryItems.id, ebayListings.itemId))
    .where(
      and(
        eq(ebayListings.companyId, companyId),
        isNull(inventoryItems.deletedAt),
        sql`${ebayListings.error} is not null`,
        sql`${ebayListings.wantedSeq} <= ${ebayListings.doneSeq}`,
      ),
    )
    .orderBy(desc(ebayListings.updatedAt))
    .limit(limit);
  return splitTotal(rows);
}

export async function skusTaken(db: Db, companyId: string, candidates: string[]) {
  if (candidates.length === 0) return new Set<string>();
  const rows = await db
    .select({ sku: ebayListings.ebaySku })
    .from(ebayListings)
    .where(and(eq(ebayListings.companyId, companyId), inArray(ebayListings.ebaySku, candidates)));
  return new Set(rows.map((r) => r.sku));
}

/**
 * Records the outcome of one run for a listing: its eBay state and ids, and done_seq = the
 * wanted_seq the run started from (a request that came meanwhile stays pending).
 */
export async function finishListing(
  db: Db,
  itemId: string,
  seenSeq: number,
  set: Partial<typeof ebayListings.$inferInsert>,
) {
  await db
    .update(ebayListings)
    .set({
      ...set,
      doneSeq: sql`greatest(${ebayListings.doneSeq}, ${seenSeq})`,
      lastSyncedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(ebayListings.itemId, itemId));
}

/** Releases the company job's key, then says whether work is still waiting (under the inventory lock: no write slips between). */
export async function releaseAndCheck(db: Db, jobId: string, companyId: string, lockClass: number) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lockClass}, hashtext(${companyId}::uuid::text))`);
    await tx.update(jobs).set({ key: null }).where(eq(jobs.id, jobId));
    const [row] = await tx
      .select({ n: count() })
      .from(ebayListings)
      .where(and(eq(ebayListings.companyId, companyId), gt(ebayListings.wantedSeq, ebayListings.doneSeq)));
    return Number(row?.n ?? 0) > 0;
  });
}

function orderToApi(r: typeof ebayOrders.$inferSelect): EbayOrder {
  return {
    orderId: r.orderId,
    lineItemId: r.lineItemId,
    itemId: r.itemId,
    sku: r.sku,
    title: r.title,
    quantity: r.quantity,
    price: r.priceCents,
    fees: r.feesCents,
    buyerName: r.buyerName,
    buyerCity: r.buyerCity,
    status: r.status as EbayOrder["status"],
    createdAt: r.orderCreatedAt.toISOString(),
    lastModifiedAt: r.lastModifiedAt.toISOString(),
  };
}

export async function ordersOf(
  db: Db,
  companyId: string,
  p: { itemId?: string; page: number; rowsPerPage: number },
) {
  const where = and(
    eq(ebayOrders.companyId, companyId),
    p.itemId ? eq(ebayOrders.itemId, p.itemId) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(ebayOrders).where(where);
  const rows = await db
    .select()
    .from(ebayOrders)
    .where(where)
    .orderBy(desc(ebayOrders.orderCreatedAt), asc(ebayOrders.lineItemId))
    .limit(p.rowsPerPage)
    .offset(p.page * p.rowsPerPage);
  return {
    rows: rows.map(orderToApi),
    total: Number(total?.n ?? 0),
    page: p.page,
    rowsPerPage: p.rowsPerPage,
  };
}

/**
 * Admin: listings, paged, sorted and searched on the server — all of them, or those of the
 * companies a user connected to eBay (`/admin/ebay-listing/list/{userId}`).
 */
export async function adminListings(
  db: Db,
  p: {
    userId?: string;
    state?: string;
    query?: string;
    page: number;
    rowsPerPage: number;
    sortBy: AdminListingSort;
    sortDir: "asc" | "desc";
  },
) {
  const filters: (SQL | undefined)[] = [];
  if (p.userId) filters.push(eq(ebayConnections.connectedBy, p.userId));
  if (p.state === "pending") filters.push(gt(ebayListings.wantedSeq, ebayListings.doneSeq));
  else if (p.state === "failed")
    filters.push(
      and(sql`${ebayListings.error} is not null`, sql`${ebayListings.wantedSeq} <= ${ebayListings.doneSeq}`),
    );
  else if (p.state) filters.push(eq(ebayListings.state, p.state));
  const q = p.query?.trim();
  if (q) {
    const pattern = containsPattern(q);
    filters.push(
      or(
        ilike(inventoryItems.title, pattern),
        ilike(inventoryItems.sku, pattern),
        ilike(ebayListings.listingId, pattern),
        ilike(companies.name, pattern),
      ),
    );
  }
  const where = and(...filters);
  const column = {
    updatedAt: ebayListings.updatedAt,
    lastSyncedAt: ebayListings.lastSyncedAt,
    title: inventoryItems.title,
    sku: inventoryItems.sku,
    state: ebayListings.state,
  }[p.sortBy];
  const dir = p.sortDir === "asc" ? asc : desc;
  const base = () =>
    db
      .select({
        listing: ebayListings,
        title: inventoryItems.title,
        sku: inventoryItems.sku,
        companyName: companies.name,
        sellerEmail: users.email,
        sellerId: users.id,
        ebayUsername: ebayConnections.ebayUsername,
      })
      .from(ebayListings)
      .innerJoin(inventoryItems, eq(inventoryItems.id, ebayListings.itemId))
      .innerJoin(companies, eq(companies.id, ebayListings.companyId))
      .leftJoin(ebayConnections, eq(ebayConnections.companyId, ebayListings.companyId))
      .leftJoin(users, eq(users.id, ebayConnections.connectedBy));
  const [total] = await db
    .select({ n: count() })
    .from(ebayListings)
    .innerJoin(inventoryItems, eq(inventoryItems.id, ebayListings.itemId))
    .innerJoin(companies, eq(companies.id, ebayListings.companyId))
    .leftJoin(ebayConnections, eq(ebayConnections.companyId, ebayListings.companyId))
    .where(where);
  const rows = await base()
    .where(where)
    .orderBy(sql`${dir(column)} nulls last`, asc(ebayListings.itemId))
    .limit(p.rowsPerPage)
    .offset(p.page * p.rowsPerPage);
  return {
    rows: rows.map((r) => ({
      ...listingToApi(r.listing),
      title: r.title,
      sku: r.sku,
      ebaySku: r.listing.ebaySku,
      companyId: r.listing.companyId,
      companyName: r.companyName,
      sellerEmail: r.sellerEmail,
      sellerId: r.sellerId,
      ebayUsername: r.ebayUsername,
    })),
    total: Number(total?.n ?? 0),
    page: p.page,
    rowsPerPage: p.rowsPerPage,
  };
}

export async function userExists(db: Db, userId: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return !!row;
}

export const newConnectionId = () => uuidv7();

/** A listing as the eBay job leaves it after its last run (nothing pending), and the order lines of its item. */
export interface SyncedListing {
  itemId: string;
  ebaySku: string;
  offerId: string;
  listingId: string;
  listingUrl: string;
  state: "published" | "withdrawn" | "deleted";
  action: "publish" | "withdraw" | "delete";
  orders: Omit<typeof ebayOrders.$inferInsert, "id" | "companyId" | "itemId" | "sku" | "decremented">[];
}

/**
 * Records listings and their orders as the eBay job and the order sync would have recorded them
 * (done_seq = wanted_seq: no work waits, so no job runs; orders already counted in the item's
 * quantity). For the demo seed (modules/demo/steps/ebay.ts): a company that never connected eBay,
 * whose listings must look as they would after publishing, withdrawing and selling.
 */
export async function recordSyncedListings(db: Db, companyId: string, listings: readonly SyncedListing[]) {
  if (listings.length === 0) return;
  await db.insert(ebayListings).values(
    listings.map((l) => ({
      itemId: l.itemId,
      companyId,
      ebaySku: l.ebaySku,
      offerId: l.offerId,
      listingId: l.listingId,
      listingUrl: l.listingUrl,
      state: l.state,
      action: l.action,
      wantedSeq: 1,
      doneSeq: 1,
      lastSyncedAt: sql`now()`,
    })),
  );
  const orders = listings.flatMap((l) =>
    l.orders.map((o) => ({
      ...o,
      id: uuidv7(),
      companyId,
      itemId: l.itemId,
      sku: l.ebaySku,
      decremented: true,
    })),
  );
  if (orders.length) await db.insert(ebayOrders).values(orders);
}
