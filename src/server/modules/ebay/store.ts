/**
 * The eBay module's SQL: connections, consent states, listings, orders. Routes and jobs call
 * these; nothing else in the module writes a query.
 */
import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { EbayListing, EbayOrder, ListingAction } from "../../../domain/ebay/contract";
import type { AdminListingSort, ListingState } from "../../../domain/ebay/listing-states";
import { type EbayItemPhotos, PHOTOS_AHEAD_STATUSES } from "../../../domain/ebay/photos-ahead";
import { PHOTO_REF_PREFIX, photoIdOf } from "../../../domain/inventory/photos";
import type { Db } from "../../db/client";
import {
  companies,
  ebayConnections,
  ebayListings,
  ebayOauthStates,
  ebayOrders,
  ebayPhotos,
  inventoryItems,
  jobs,
  users,
} from "../../db/schema";
import { splitTotal, totalOver } from "../../db/total-over";
import { enqueueUnlessQueued } from "../../jobs/queue";
import { containsPattern } from "../../plugins/paged-list";

export type ConnectionRow = typeof ebayConnections.$inferSelect;
export type ListingRow = typeof ebayListings.$inferSelect;
export type EbayPhotoRow = typeof ebayPhotos.$inferSelect;

/** The eBay job of a company (one queued or running per company: the jobs table's unique key). */
export const LISTING_JOB = "ebay-listings";

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
  // Another eBay account connected in its place: the pictures sent to the old one are not its.
  await db.delete(ebayPhotos).where(
    and(
      eq(ebayPhotos.companyId, v.companyId),
      sql`exists (select 1 from ${ebayConnections} c where c.company_id = ${v.companyId}
          and c.ebay_user_id is distinct from ${v.ebayUserId})`,
    ),
  );
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

/** finishListing for a bulk call's published items, in one statement. */
export async function finishPublished(
  db: Db,
  done: { itemId: string; seenSeq: number; listingId: string; listingUrl: string }[],
) {
  if (done.length === 0) return;
  const values = sql.join(
    done.map(
      (d) => sql`(${d.itemId}::uuid, ${d.seenSeq}::bigint, ${d.listingId}::text, ${d.listingUrl}::text)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update ebay_listings l
    set state = 'published', listing_id = v.listing_id, listing_url = v.listing_url, error = null,
        done_seq = greatest(l.done_seq, v.seen), last_synced_at = now(), updated_at = now()
    from (values ${values}) as v(item_id, seen, listing_id, listing_url)
    where l.item_id = v.item_id`);
}

/**
 * Releases the company job's key, then says whether work is still waiting — listings, or photos
 * to send ahead — (under the inventory lock: no write slips between).
 */
export async function releaseAndCheck(db: Db, jobId: string, companyId: string, lockClass: number) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lockClass}, hashtext(${companyId}::uuid::text))`);
    await tx.update(jobs).set({ key: null }).where(eq(jobs.id, jobId));
    const [row] = await tx
      .select({ n: count() })
      .from(ebayListings)
      .where(and(eq(ebayListings.companyId, companyId), gt(ebayListings.wantedSeq, ebayListings.doneSeq)));
    if (Number(row?.n ?? 0) > 0) return true;
    const [photos] = await tx
      .select({ n: count() })
      .from(ebayConnections)
      .where(
        and(
          eq(ebayConnections.companyId, companyId),
          gt(ebayConnections.photosWantedSeq, ebayConnections.photosDoneSeq),
        ),
      );
    return Number(photos?.n ?? 0) > 0;
  });
}

/** Whether any listing of the company waits for the job (a publish goes before photos sent ahead). */
export async function hasPendingListings(db: Db, companyId: string) {
  const rows = await db
    .select({ id: ebayListings.itemId })
    .from(ebayListings)
    .where(and(eq(ebayListings.companyId, companyId), gt(ebayListings.wantedSeq, ebayListings.doneSeq)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Asks for the company's photos to be sent to eBay ahead (connect, setup finished): moves the
 * connection's photos_wanted_seq on and queues the company's eBay job. Nothing when not connected.
 */
export async function requestPhotoUploads(db: Db, companyId: string) {
  await db.transaction(async (tx) => {
    const bumped = await tx
      .update(ebayConnections)
      .set({ photosWantedSeq: sql`${ebayConnections.photosWantedSeq} + 1` })
      .where(and(eq(ebayConnections.companyId, companyId), eq(ebayConnections.state, "connected")))
      .returning({ id: ebayConnections.id });
    if (bumped.length)
      await enqueueUnlessQueued(tx, [
        { kind: LISTING_JOB, key: `${LISTING_JOB}:${companyId}`, payload: { companyId }, maxAttempts: 25 },
      ]);
  });
}

/** The photo work the job is asked for: the seq to record once it is done, or null when none waits. */
export async function photoWorkWanted(db: Db, companyId: string): Promise<number | null> {
  const [row] = await db
    .select({ wanted: ebayConnections.photosWantedSeq, done: ebayConnections.photosDoneSeq })
    .from(ebayConnections)
    .where(eq(ebayConnections.companyId, companyId));
  return row && row.wanted > row.done ? row.wanted : null;
}

export async function finishPhotoWork(db: Db, companyId: string, seenSeq: number) {
  await db
    .update(ebayConnections)
    .set({ photosDoneSeq: sql`greatest(${ebayConnections.photosDoneSeq}, ${seenSeq})` })
    .where(eq(ebayConnections.companyId, companyId));
}

/** The photo id inside a stored photo's reference (photoRef), in SQL; null for an outside URL. */
const photoIdSql = (ref: SQL) =>
  sql`case when ${ref} ~* ${`^${PHOTO_REF_PREFIX}[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`}
    then substr(${ref}, ${sql.raw(String(PHOTO_REF_PREFIX.length + 1))})::uuid end`;

/**
 * Drops the eBay pictures of photos their item no longer shows (removed, replaced) or whose item
 * was deleted: a publish would not use them, and they are the seller's data.
 */
export async function dropUnshownPhotos(db: Db, companyId: string) {
  await db.execute(sql`
    delete from ebay_photos e
    where e.company_id = ${companyId}
      and not exists (
        select 1 from inventory_items i
        where i.id = e.item_id and i.deleted_at is null
          and ${PHOTO_REF_PREFIX}::text || e.photo_id::text = any(i.photos))`);
}

/**
 * Items whose photos may go to eBay ahead of a publish (docs/ebay.md "Photos"), by id after
 * `afterId`: live, in a status a seller lists from, with quantity, price and an eBay category,
 * not listed and with no listing work waiting (a publish sends its own), and with at least one
 * stored photo eBay has never seen (never uploaded, nor refused). The caller checks the rest of
 * listingProblems on the item.
 */
export async function photoCandidates(db: Db, companyId: string, afterId: string | null, limit: number) {
  const ref = sql.raw("r.ref");
  return db
    .select()
    .from(inventoryItems)
    .where(
      and(
        eq(inventoryItems.companyId, companyId),
        isNull(inventoryItems.deletedAt),
        afterId ? gt(inventoryItems.id, afterId) : undefined,
        inArray(inventoryItems.status, [...PHOTOS_AHEAD_STATUSES]),
        gt(inventoryItems.quantity, 0),
        gt(inventoryItems.price, 0),
        sql`${inventoryItems.ebay} ->> 'categoryId' is not null`,
        sql`not exists (select 1 from ${ebayListings} l where l.item_id = ${inventoryItems.id}
          and (l.state = 'published' or l.wanted_seq > l.done_seq))`,
        sql`exists (select 1 from unnest(${inventoryItems.photos}) as r(ref)
          where ${photoIdSql(ref)} is not null
            and not exists (select 1 from ${ebayPhotos} e where e.photo_id = ${photoIdSql(ref)}))`,
      ),
    )
    .orderBy(asc(inventoryItems.id))
    .limit(limit);
}

/** What eBay has of these photos (of the company). */
export async function ebayPhotosOf(db: Db, companyId: string, photoIds: string[]) {
  if (photoIds.length === 0) return [];
  return db
    .select()
    .from(ebayPhotos)
    .where(and(eq(ebayPhotos.companyId, companyId), inArray(ebayPhotos.photoId, photoIds)));
}

/** Records an upload's outcome for a photo: eBay's picture (URL, id, expiry), or its refusal. */
export async function savePhotoUpload(
  db: Db,
  v: {
    photoId: string;
    companyId: string;
    itemId: string;
    imageId?: string | null;
    imageUrl?: string | null;
    expiresAt?: Date | null;
    error?: string | null;
  },
) {
  const set = {
    itemId: v.itemId,
    imageId: v.imageId ?? null,
    imageUrl: v.imageUrl ?? null,
    expiresAt: v.expiresAt ?? null,
    uploadedAt: v.imageUrl ? sql`now()` : null,
    error: v.error ?? null,
    updatedAt: sql`now()`,
  };
  await db
    .insert(ebayPhotos)
    .values({ photoId: v.photoId, companyId: v.companyId, ...set })
    .onConflictDoUpdate({ target: ebayPhotos.photoId, set });
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

/** Where each photo of these items (of the company) stands with eBay, in the item's order. */
export async function photoStatesOf(db: Db, companyId: string, itemIds: string[]): Promise<EbayItemPhotos[]> {
  if (itemIds.length === 0) return [];
  const items = await db
    .select({ id: inventoryItems.id, photos: inventoryItems.photos })
    .from(inventoryItems)
    .where(
      and(
        eq(inventoryItems.companyId, companyId),
        inArray(inventoryItems.id, itemIds),
        isNull(inventoryItems.deletedAt),
      ),
    );
  const ids = items.flatMap((i) => i.photos.map(photoIdOf).filter((id): id is string => !!id));
  const rows = new Map((await ebayPhotosOf(db, companyId, ids)).map((r) => [r.photoId, r]));
  const now = Date.now();
  return items.map((item) => ({
    itemId: item.id,
    photos: item.photos.map((ref) => {
      const id = photoIdOf(ref);
      const row = id ? rows.get(id) : undefined;
      const expiresAt = row?.expiresAt?.toISOString() ?? null;
      const state = !id
        ? "link"
        : !row
          ? "waiting"
          : row.error && !row.imageUrl
            ? "refused"
            : row.expiresAt && row.expiresAt.getTime() <= now
              ? "expired"
              : "on_ebay";
      return { ref, state, expiresAt, error: row?.error ?? null };
    }),
  }));
}
