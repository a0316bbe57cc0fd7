/**
 * The eBay listing job (one per company: key `ebay-listings:<company>`): brings every listing
 * with work waiting (wanted_seq > done_seq, set by the trigger of migration 0019) to its
 * action — publish, withdraw, delete, price/quantity update, auto-delist — with eBay's bulk
 * calls of at most 25 records, and records each item's outcome on its row. One job per company
 * at a time means an item is never worked on twice at once; a request that arrives while it
 * runs is picked up by the same run or the next one (see releaseAndCheck). When no listing
 * work waits, the same job sends the photos of the seller's ready-to-list items to eBay ahead of
 * a publish (photo-uploads.ts), yielding to listing work as soon as some arrives: one job per
 * company sends all of its Media traffic, through one limiter, a publish's first.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { EBAY_BULK_MAX, EBAY_CURRENCY } from "../../../domain/ebay/contract";
import type { Item } from "../../../domain/inventory/item";
import type { Db } from "../../db/client";
import { ebayListings, inventoryItems } from "../../db/schema";
import { type EbayClient, ok } from "../../integrations/ebay/client";
import {
  EbayApiError,
  type EbayErrorDetail,
  EbayReconnectNeeded,
  readableEbayError,
} from "../../integrations/ebay/errors";
import { enqueue, type Job } from "../../jobs/queue";
import { inventoryTx, itemToApi } from "../inventory/store";
import { COMPANY_LOCK_CLASS } from "../sync/store";
import { RECONNECT_MESSAGE, sellerClient } from "./connection";
import { dollars, ebaySkuFor, listingProblems, toInventoryItem, toOffer } from "./mapping";
import { type MediaUpload, mediaLimiter } from "./media-limiter";
import {
  type PhotoDeps,
  PhotoMissing,
  pictureUrls,
  refusedByEbay,
  sendPhotosAhead,
  storedPictures,
} from "./photo-uploads";
import { pool } from "./pool";
import { setupOf } from "./setup";
import {
  finishListing,
  finishPhotoWork,
  finishPublished,
  hasPendingListings,
  LISTING_JOB,
  type ListingRow,
  pendingListings,
  photoWorkWanted,
  releaseAndCheck,
  skusTaken,
} from "./store";

export { LISTING_JOB };

function enqueueListingJob(db: Db, companyId: string) {
  return enqueue(db, {
    kind: LISTING_JOB,
    key: `${LISTING_JOB}:${companyId}`,
    payload: { companyId },
    maxAttempts: 25,
  });
}

export type ListingDeps = PhotoDeps;

const chunks = <T>(list: T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

/** A seller's words for what eBay said about one record of a bulk answer. */
const why = (errors: EbayErrorDetail[] | undefined, fallback = "eBay refused this item") =>
  readableEbayError(errors, fallback);

type Upload = MediaUpload;

interface Work {
  row: ListingRow;
  item: Item | null;
}

export function listingJobHandler(deps: ListingDeps) {
  // One limiter per seller for the life of the process: a run's uploads still count in eBay's
  // window when the next run (more requests arrived) starts right after it.
  const uploads = new Map<string, Upload>();
  return async (job: Job) => {
    const companyId = String(job.payload.companyId);
    let upload = uploads.get(companyId);
    if (!upload) {
      upload = mediaLimiter(deps.ebay.mediaConcurrency, deps.ebay.mediaPerWindow);
      uploads.set(companyId, upload);
    }
    for (;;) {
      const pending = await pendingListings(deps.db, companyId, 1000);
      if (pending.length) {
        await runListings(deps, companyId, pending, upload);
        continue;
      }
      const photos = await photoWorkWanted(deps.db, companyId);
      if (photos !== null) {
        if (await runPhotosAhead(deps, companyId, upload)) await finishPhotoWork(deps.db, companyId, photos);
        continue;
      }
      if (await releaseAndCheck(deps.db, job.id, companyId, COMPANY_LOCK_CLASS)) {
        await enqueueListingJob(deps.db, companyId);
      }
      return;
    }
  };
}

/**
 * Photos sent ahead for a connected, set-up seller. Answers whether the asked work is done:
 * false when listing work arrived meanwhile (the loop runs it, then comes back). A seller who
 * is not connected, must reconnect or has not finished the setup has nothing sent: connecting
 * and finishing the setup ask again.
 */
async function runPhotosAhead(deps: ListingDeps, companyId: string, upload: Upload): Promise<boolean> {
  let seller: Awaited<ReturnType<typeof sellerClient>>;
  try {
    seller = await sellerClient(deps, companyId);
  } catch (err) {
    if (err instanceof EbayReconnectNeeded) return true;
    throw err;
  }
  if (!seller || !setupOf(seller.row).complete) return true;
  try {
    return await sendPhotosAhead(deps, seller.client, upload, companyId, () =>
      hasPendingListings(deps.db, companyId),
    );
  } catch (err) {
    if (err instanceof EbayReconnectNeeded) return true;
    throw err;
  }
}

/** Marks every row as failed with one message (not connected, reconnect needed, setup missing). */
async function failAll(db: Db, rows: ListingRow[], message: string) {
  for (const r of rows) await finishListing(db, r.itemId, r.wantedSeq, { error: message });
}

async function runListings(deps: ListingDeps, companyId: string, rows: ListingRow[], upload: Upload) {
  const { db } = deps;
  let seller: Awaited<ReturnType<typeof sellerClient>>;
  try {
    seller = await sellerClient(deps, companyId);
  } catch (err) {
    if (err instanceof EbayReconnectNeeded) return failAll(db, rows, err.message);
    throw err;
  }
  if (!seller)
    return failAll(db, rows, "Connect your eBay account first (Listing Management, Connect eBay).");
  const { client, row: connection } = seller;
  const ids = rows.map((r) => r.itemId);
  const itemRows = ids.length
    ? await db
        .select()
        .from(inventoryItems)
        .where(and(eq(inventoryItems.companyId, companyId), inArray(inventoryItems.id, ids)))
    : [];
  const byId = new Map(itemRows.map((r) => [r.id, r.deletedAt ? null : itemToApi(r)]));
  const work: Work[] = rows.map((row) => ({ row, item: byId.get(row.itemId) ?? null }));

  const publish = work.filter((w) => w.row.action === "publish");
  const update = work.filter((w) => w.row.action === "update");
  const withdraw = work.filter((w) => w.row.action === "withdraw" || w.row.action === "autodelist");
  const remove = work.filter((w) => w.row.action === "delete");
  const other = work.filter(
    (w) => !["publish", "update", "withdraw", "autodelist", "delete"].includes(w.row.action ?? ""),
  );
  for (const w of other) await finishListing(db, w.row.itemId, w.row.wantedSeq, {});

  const run = async (fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (err) {
      if (err instanceof EbayReconnectNeeded) return failAll(db, rows, err.message ?? RECONNECT_MESSAGE);
      throw err;
    }
  };

  await run(async () => {
    const setup = setupOf(connection);
    if (publish.length && !setup.complete) {
      await failAll(
        db,
        publish.map((w) => w.row),
        "Finish the eBay setup first: business policies, shipping, payment and return policies, and the inventory location.",
      );
    } else if (publish.length) {
      await pool(chunks(publish, EBAY_BULK_MAX), deps.ebay.bulkConcurrency, (chunk) =>
        refusedAsWhole(db, chunk, () => publishChunk(deps, client, companyId, connection, chunk, upload)),
      );
    }
    await pool(chunks(update, EBAY_BULK_MAX), deps.ebay.bulkConcurrency, (chunk) =>
      refusedAsWhole(db, chunk, () => updateChunk(deps, client, chunk)),
    );
    await pool(withdraw, deps.ebay.mediaConcurrency, (w) => withdrawOne(deps, client, companyId, w));
    await pool(remove, deps.ebay.mediaConcurrency, (w) => deleteOne(deps, client, companyId, w));
  });
}

/**
 * A bulk request eBay refused as a whole (a 4xx other than 401 and 429, which the client
 * handles): each of its items says why and waits for the seller; 5xx and network failures
 * are thrown, so the job is retried with backoff.
 */
async function refusedAsWhole(db: Db, chunk: Work[], fn: () => Promise<void>) {
  try {
    await fn();
  } catch (err) {
    if (!(err instanceof EbayApiError) || err.status >= 500 || err.status === 429) throw err;
    for (const w of chunk) {
      const [row] = await db
        .select({ done: ebayListings.doneSeq })
        .from(ebayListings)
        .where(eq(ebayListings.itemId, w.row.itemId));
      if (row && row.done < w.row.wantedSeq)
        await finishListing(db, w.row.itemId, w.row.wantedSeq, { error: why(err.errors) });
    }
  }
}

/** Sets the item's status and publication status after eBay did something (a sync feed change, version + 1). */
async function setItemStatus(
  db: Db,
  companyId: string,
  ids: string[],
  set: { status?: Item["status"]; publicationStatus: Item["publicationStatus"] },
) {
  if (ids.length === 0) return;
  await inventoryTx(db, companyId, async (tx) => {
    await tx
      .update(inventoryItems)
      .set({ ...set, version: sql`${inventoryItems.version} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(inventoryItems.companyId, companyId),
          inArray(inventoryItems.id, ids),
          isNull(inventoryItems.deletedAt),
        ),
      );
  });
}

async function publishChunk(
  deps: ListingDeps,
  client: EbayClient,
  companyId: string,
  connection: {
    fulfillmentPolicyId: string | null;
    paymentPolicyId: string | null;
    returnPolicyId: string | null;
    merchantLocationKey: string | null;
  },
  chunk: Work[],
  upload: Upload,
) {
  const { db } = deps;
  const fail = (w: Work, message: string) =>
    finishListing(db, w.row.itemId, w.row.wantedSeq, { error: message });
  // 1. Checks before eBay, SKUs, pictures.
  const ready: (Work & { sku: string; urls: string[] })[] = [];
  const candidates = chunk
    .filter((w) => w.item && !w.row.ebaySku)
    .map((w) => ebaySkuFor((w.item as Item).sku, w.row.itemId));
  const taken = await skusTaken(db, companyId, candidates);
  const known = await storedPictures(
    deps,
    companyId,
    chunk.flatMap((w) => (w.item ? [w.item] : [])),
  );
  await Promise.all(
    chunk.map(async (w) => {
      if (!w.item) return fail(w, "The item was deleted");
      const problems = listingProblems(w.item);
      if (problems.length) return fail(w, `${problems.join(". ")}.`);
      let sku = w.row.ebaySku;
      if (!sku) {
        sku = ebaySkuFor(w.item.sku, w.row.itemId, (c) => taken.has(c));
        taken.add(sku);
        await db.update(ebayListings).set({ ebaySku: sku }).where(eq(ebayListings.itemId, w.row.itemId));
      }
      try {
        const urls = await pictureUrls(deps, client, upload, companyId, w.item, known);
        ready.push({ ...w, sku, urls });
      } catch (err) {
        if (refusedByEbay(err)) return fail(w, why(err.errors, "eBay could not take a photo"));
        if (
          err instanceof PhotoMissing ||
          !(err instanceof EbayApiError || err instanceof EbayReconnectNeeded)
        )
          return fail(w, (err as Error).message);
        throw err;
      }
    }),
  );
  if (ready.length === 0) return;
  const bySku = new Map(ready.map((w) => [w.sku, w]));
  const json = { header: { "Content-Type": "application/json", "Content-Language": "en-US" } } as const;

  // 2. Inventory items (created or replaced: a re-run updates, never duplicates).
  const items = ok(
    "bulkCreateOrReplaceInventoryItem",
    await client.inventory.POST("/bulk_create_or_replace_inventory_item", {
      params: json,
      body: { requests: ready.map((w) => toInventoryItem(w.item as Item, w.sku, w.urls)) },
    }),
  );
  const stored: typeof ready = [];
  for (const r of items.responses ?? []) {
    const w = r.sku ? bySku.get(r.sku) : undefined;
    if (!w) continue;
    if (r.statusCode === 200 || r.statusCode === 201 || r.statusCode === 204) stored.push(w);
    else await fail(w, why(r.errors));
  }
  const ctx = {
    fulfillmentPolicyId: connection.fulfillmentPolicyId ?? "",
    paymentPolicyId: connection.paymentPolicyId ?? "",
    returnPolicyId: connection.returnPolicyId ?? "",
    merchantLocationKey: connection.merchantLocationKey ?? "",
  };

  // 3. Offers: an item with an offer gets it updated; new ones in one bulk call.
  const offers = new Map<string, string>();
  const fresh = stored.filter((w) => !w.row.offerId);
  const update = async (w: (typeof stored)[number], offerId: string) => {
    const res = await client.inventory.PUT("/offer/{offerId}", {
      params: { path: { offerId }, ...json },
      body: toOffer(w.item as Item, w.sku, ctx),
    });
    if (res.response.ok) offers.set(w.sku, offerId);
    else if (res.response.status >= 500) ok("updateOffer", res);
    else await fail(w, why((res.error as { errors?: EbayErrorDetail[] } | undefined)?.errors));
  };
  await Promise.all(stored.filter((w) => w.row.offerId).map((w) => update(w, w.row.offerId as string)));
  if (fresh.length) {
    const created = ok(
      "bulkCreateOffer",
      await client.inventory.POST("/bulk_create_offer", {
        params: json,
        body: { requests: fresh.map((w) => toOffer(w.item as Item, w.sku, ctx)) },
      }),
    );
    for (const r of created.responses ?? []) {
      const w = r.sku ? bySku.get(r.sku) : undefined;
      if (!w) continue;
      if (r.offerId && (r.statusCode === 200 || r.statusCode === 201)) {
        offers.set(w.sku, r.offerId);
        continue;
      }
      // An offer already exists (a run stopped after creating it): find it and update it.
      const existing = r.errors?.flatMap((e) => e.parameters ?? []).find((p) => p.name === "offerId")?.value;
      const found = existing ?? (await findOffer(client, w.sku));
      if (found) await update(w, found);
      else await fail(w, why(r.errors));
    }
  }
  await db.transaction(async (tx) => {
    for (const [sku, offerId] of offers) {
      const w = bySku.get(sku);
      if (w) await tx.update(ebayListings).set({ offerId }).where(eq(ebayListings.itemId, w.row.itemId));
    }
  });
  if (offers.size === 0) return;

  // 4. Publish.
  const answer = ok(
    "bulkPublishOffer",
    await client.inventory.POST("/bulk_publish_offer", {
      params: { header: { "Content-Type": "application/json" } },
      body: { requests: [...offers.values()].map((offerId) => ({ offerId })) },
    }),
  );
  const skuOf = new Map([...offers].map(([sku, id]) => [id, sku]));
  const published: { w: Work; listingId: string }[] = [];
  for (const r of answer.responses ?? []) {
    const w = r.offerId ? bySku.get(skuOf.get(r.offerId) ?? "") : undefined;
    if (!w) continue;
    if (r.listingId && r.statusCode === 200) published.push({ w, listingId: r.listingId });
    else await fail(w, why(r.errors));
  }
  // The items first, then the listings done: whoever sees a listing done sees its item listed.
  const listed = published.map((p) => p.w.row.itemId);
  await setItemStatus(db, companyId, listed, { status: "listed", publicationStatus: 1 });
  await finishPublished(
    db,
    published.map(({ w, listingId }) => ({
      itemId: w.row.itemId,
      seenSeq: w.row.wantedSeq,
      listingId,
      listingUrl: `${deps.ebay.listingBase}/itm/${listingId}`,
    })),
  );
}

async function findOffer(client: EbayClient, sku: string): Promise<string | undefined> {
  const res = await client.inventory.GET("/offer", { params: { query: { sku } } });
  if (!res.response.ok) return undefined;
  return res.data?.offers?.[0]?.offerId;
}

async function updateChunk(deps: ListingDeps, client: EbayClient, chunk: Work[]) {
  const live = chunk.filter((w) => w.item && w.row.offerId && w.row.ebaySku && w.row.state === "published");
  for (const w of chunk.filter((x) => !live.includes(x)))
    await finishListing(deps.db, w.row.itemId, w.row.wantedSeq, {});
  if (live.length === 0) return;
  const answer = ok(
    "bulkUpdatePriceQuantity",
    await client.inventory.POST("/bulk_update_price_quantity", {
      params: { header: { "Content-Type": "application/json" } },
      body: {
        requests: live.map((w) => {
          const item = w.item as Item;
          return {
            sku: w.row.ebaySku as string,
            shipToLocationAvailability: { quantity: item.quantity },
            offers: [
              {
                offerId: w.row.offerId as string,
                availableQuantity: item.quantity,
                ...(item.price !== null
                  ? { price: { value: dollars(item.price), currency: EBAY_CURRENCY } }
                  : {}),
              },
            ],
          };
        }),
      },
    }),
  );
  const bySku = new Map(live.map((w) => [w.row.ebaySku, w]));
  const failed = new Map<string, string>();
  for (const r of answer.responses ?? []) {
    if (r.sku && r.statusCode !== 200)
      failed.set(r.sku, why(r.errors, "eBay did not take the new price or quantity"));
  }
  for (const [sku, w] of bySku) {
    await finishListing(deps.db, w.row.itemId, w.row.wantedSeq, { error: failed.get(sku ?? "") ?? null });
  }
}

async function withdrawOne(deps: ListingDeps, client: EbayClient, companyId: string, w: Work) {
  const auto = w.row.action === "autodelist";
  if (!w.row.offerId || w.row.state !== "published") {
    await finishListing(
      deps.db,
      w.row.itemId,
      w.row.wantedSeq,
      auto ? {} : { error: w.row.state === "published" ? null : "The item is not listed on eBay" },
    );
    return;
  }
  const res = await client.inventory.POST("/offer/{offerId}/withdraw", {
    params: { path: { offerId: w.row.offerId } },
  });
  if (!res.response.ok && res.response.status >= 500) ok("withdrawOffer", res);
  const errors = (res.error as { errors?: EbayErrorDetail[] } | undefined)?.errors;
  // 25713: eBay no longer has it published (ended or sold out there): withdrawn all the same.
  const gone = !res.response.ok && errors?.some((e) => e.errorId === 25713);
  if (res.response.ok || gone) {
    // Auto-delist keeps the status the seller gave (sold, unavailable); a withdraw says so. The
    // item first, then the listing done (a retry after a crash between them withdraws again: 25713).
    await setItemStatus(
      deps.db,
      companyId,
      [w.row.itemId],
      auto ? { publicationStatus: 0 } : { status: "withdrawn_from_ebay", publicationStatus: 0 },
    );
    await finishListing(deps.db, w.row.itemId, w.row.wantedSeq, { state: "withdrawn", error: null });
  } else {
    await finishListing(deps.db, w.row.itemId, w.row.wantedSeq, {
      error: why(errors, "eBay did not end the listing"),
    });
  }
}

async function deleteOne(deps: ListingDeps, client: EbayClient, companyId: string, w: Work) {
  if (!w.row.ebaySku) {
    await setItemStatus(deps.db, companyId, [w.row.itemId], {
      status: "deleted_from_ebay",
      publicationStatus: 2,
    });
    await finishListing(deps.db, w.row.itemId, w.row.wantedSeq, { state: "deleted", error: null });
    return;
  }
  const res = await client.inventory.DELETE("/inventory_item/{sku}", {
    params: { path: { sku: w.row.ebaySku } },
  });
  if (!res.response.ok && res.response.status >= 500) ok("deleteInventoryItem", res);
  const errors = (res.error as { errors?: EbayErrorDetail[] } | undefined)?.errors;
  if (res.response.ok || res.response.status === 404) {
    await setItemStatus(deps.db, companyId, [w.row.itemId], {
      status: "deleted_from_ebay",
      publicationStatus: 2,
    });
    await finishListing(deps.db, w.row.itemId, w.row.wantedSeq, {
      state: "deleted",
      offerId: null,
      listingId: null,
      listingUrl: null,
      error: null,
    });
  } else {
    await finishListing(deps.db, w.row.itemId, w.row.wantedSeq, {
      error: why(errors, "eBay did not delete the item"),
    });
  }
}
