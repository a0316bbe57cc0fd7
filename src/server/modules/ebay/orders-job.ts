/**
 * The order sync (Fulfillment API getOrders by lastModifiedDate, from where the last run
 * stopped): each order line is stored once per (order, line), the item it sold loses its
 * quantity once, and its status follows the order: sold (not paid yet) → awaiting shipment
 * (paid) → shipped (fulfilled) → delivered (fulfilled and past eBay's latest estimated
 * delivery date — the Fulfillment API reports no delivery scan). One run per connection at a
 * time; runs are queued every EBAY_ORDER_SYNC_MINUTES per connected company, and on demand.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { EbayOrder } from "../../../domain/ebay/contract";
import type { Db } from "../../db/client";
import { ebayConnections, ebayListings, ebayOrders, inventoryItems, jobs } from "../../db/schema";
import { ok } from "../../integrations/ebay/client";
import { EbayReconnectNeeded } from "../../integrations/ebay/errors";
import type { components } from "../../integrations/ebay/types/fulfillment";
import { enqueue, type Job } from "../../jobs/queue";
import { nextSlot } from "../filing/reminder-job";
import { inventoryTx } from "../inventory/store";
import { notify } from "../notifications/store";
import { type EbayDeps, sellerClient } from "./connection";
import { updateConnection } from "./store";

export const ORDERS_JOB = "ebay-orders";
/** Orders modified up to this long before the cursor are read again (eBay's clock and ours differ). */
const OVERLAP_MS = 2 * 60_000;
const PAGE = 200;

type Order = components["schemas"]["Order"];
type LineItem = components["schemas"]["LineItem"];

export function enqueueOrderSync(db: Db, companyId: string, runAt?: Date) {
  return enqueue(db, {
    kind: ORDERS_JOB,
    key: `${ORDERS_JOB}:${companyId}`,
    payload: { companyId, scheduled: !!runAt },
    maxAttempts: 5,
    ...(runAt ? { runAt } : {}),
  });
}

/** On start: every connected company has its next sync queued. */
export async function ensureOrderSyncsScheduled(db: Db, everyMinutes: number) {
  const rows = await db
    .select({ companyId: ebayConnections.companyId })
    .from(ebayConnections)
    .where(eq(ebayConnections.state, "connected"));
  for (const r of rows) await enqueueOrderSync(db, r.companyId, nextSlot(new Date(), everyMinutes));
}

/** Sales of orders older than this (a first sync reading months of history) ring no bell. */
const SALE_NOTICE_MS = 48 * 3600_000;
/** More new sales than this in one page: one notification that counts them. */
const SALE_NOTICES_MAX = 5;

const usd = (c: number) => `$${(c / 100).toFixed(2)}`;

/** The company's members hear of each new sale (or, for many at once, of how many). */
async function notifySales(
  tx: Parameters<typeof notify>[0],
  companyId: string,
  sales: {
    orderId: string;
    lineItemId: string;
    title: string;
    quantity: number;
    priceCents: number;
    itemId: string | null;
  }[],
) {
  if (sales.length > SALE_NOTICES_MAX) {
    const total = sales.reduce((sum, s) => sum + s.priceCents, 0);
    await notify(tx, {
      companyId,
      recipients: "members",
      type: "ebay_sale",
      description: `${sales.length} new sales on eBay, ${usd(total)} in all.`,
      link: "/dashboard/listing",
    });
    return;
  }
  for (const s of sales) {
    await notify(tx, {
      companyId,
      recipients: "members",
      type: "ebay_sale",
      description: `${s.quantity > 1 ? `${s.quantity} × ` : ""}${s.title} sold for ${usd(s.priceCents)}.`,
      link: s.itemId ? `/dashboard/item/${s.itemId}` : "/dashboard/listing",
      key: `ebay-sale:${s.orderId}:${s.lineItemId}`,
    });
  }
}

const cents = (v: string | undefined) => (v ? Math.round(Number(v) * 100) : 0);

/** The item status an order line has reached. */
function orderStatus(order: Order, now = Date.now()): EbayOrder["status"] {
  const fulfilled = order.orderFulfillmentStatus === "FULFILLED";
  if (fulfilled) {
    const latest = (order.fulfillmentStartInstructions ?? [])
      .map((f) => Date.parse(f.maxEstimatedDeliveryDate ?? ""))
      .filter((t) => !Number.isNaN(t));
    return latest.length && Math.max(...latest) < now ? "delivered" : "shipped";
  }
  if (order.orderFulfillmentStatus === "IN_PROGRESS") return "shipped";
  return order.orderPaymentStatus === "PAID" ? "awaiting_shipment" : "sold";
}

export function ordersJobHandler(deps: EbayDeps) {
  return async (job: Job) => {
    const companyId = String(job.payload.companyId);
    if (job.payload.scheduled) {
      // Release this run's key before queueing the next slot (one queued or running job per key).
      await deps.db.update(jobs).set({ key: null }).where(eq(jobs.id, job.id));
      await enqueueOrderSync(deps.db, companyId, nextSlot(new Date(), deps.ebay.orderSyncMinutes));
    }
    await syncOrders(deps, companyId);
  };
}

async function syncOrders(deps: EbayDeps, companyId: string): Promise<{ orders: number; lines: number }> {
  const { db } = deps;
  let seller: Awaited<ReturnType<typeof sellerClient>>;
  try {
    seller = await sellerClient(deps, companyId);
  } catch (err) {
    if (err instanceof EbayReconnectNeeded) return { orders: 0, lines: 0 };
    throw err;
  }
  if (!seller) return { orders: 0, lines: 0 };
  const { client, row } = seller;
  const since = row.ordersCursor
    ? new Date(row.ordersCursor.getTime() - OVERLAP_MS)
    : new Date(Date.now() - 90 * 86400_000);
  let cursor = row.ordersCursor?.getTime() ?? 0;
  let orders = 0;
  let lines = 0;
  const filter = `lastmodifieddate:[${since.toISOString()}..]`;
  const pageAt = async (offset: number) =>
    ok(
      "getOrders",
      await client.fulfillment.GET("/order", {
        params: { query: { filter, limit: String(PAGE), offset: String(offset) } },
      }),
    );
  // The next page is asked for while this one is stored (eBay's latency and our writes overlap).
  let next: ReturnType<typeof pageAt> | null = pageAt(0);
  let offset = 0;
  while (next) {
    const page: Awaited<ReturnType<typeof pageAt>> = await next;
    const list = page.orders ?? [];
    offset += list.length;
    next = page.next && list.length ? pageAt(offset) : null;
    // Awaited below; meanwhile a failure must not count as unhandled.
    next?.catch(() => {});
    lines += await storeOrders(db, companyId, list);
    orders += list.length;
    for (const o of list) cursor = Math.max(cursor, Date.parse(o.lastModifiedDate ?? "") || 0);
  }
  await updateConnection(db, row.id, {
    ordersSyncedAt: sql`now()` as unknown as Date,
    ...(cursor ? { ordersCursor: new Date(cursor) } : {}),
  });
  return { orders, lines };
}

/**
 * Stores a page of orders in one transaction under the company's inventory lock; answers the
 * lines seen. Three statements whatever the page's size: the lines already known are read, all
 * lines are upserted in one multi-row statement, and the items they sold are updated in one
 * (a round trip per line made a 1,000-order sync take a minute).
 */
async function storeOrders(db: Db, companyId: string, list: Order[]): Promise<number> {
  // One row per (order, line): a line seen twice in a page keeps its last state.
  const byKey = new Map<string, { o: Order; li: LineItem }>();
  for (const o of list)
    for (const li of o.lineItems ?? []) byKey.set(`${o.orderId ?? ""}/${li.lineItemId ?? ""}`, { o, li });
  const lines = [...byKey.values()];
  if (lines.length === 0) return 0;
  return inventoryTx(db, companyId, async (tx) => {
    // eBay already knows these quantities: the listing trigger must not send them back.
    await tx.execute(sql`select set_config('blocklot.ebay_source', 'orders', true)`);
    const skus = [...new Set(lines.map((l) => l.li.sku ?? "").filter(Boolean))];
    const listed = skus.length
      ? await tx
          .select({ itemId: ebayListings.itemId, sku: ebayListings.ebaySku })
          .from(ebayListings)
          .where(and(eq(ebayListings.companyId, companyId), inArray(ebayListings.ebaySku, skus)))
      : [];
    const itemOf = new Map(listed.map((l) => [l.sku, l.itemId]));
    const existing = await tx
      .select({ orderId: ebayOrders.orderId, lineItemId: ebayOrders.lineItemId })
      .from(ebayOrders)
      .where(
        and(
          eq(ebayOrders.companyId, companyId),
          inArray(ebayOrders.orderId, [...new Set(lines.map((l) => l.o.orderId ?? ""))]),
        ),
      );
    const known = new Set(existing.map((e) => `${e.orderId}/${e.lineItemId}`));
    const decrement = new Map<string, number>();
    const statusOf = new Map<string, EbayOrder["status"]>();
    const rows = lines.map(({ o, li }) => {
      const status = orderStatus(o);
      const itemId = itemOf.get(li.sku ?? "") ?? null;
      const contact = o.buyer?.buyerRegistrationAddress;
      const shipTo = o.fulfillmentStartInstructions?.[0]?.shippingStep?.shipTo;
      const quantity = li.quantity ?? 1;
      // Only a line stored for the first time takes its quantity off the item.
      const fresh = !known.has(`${o.orderId ?? ""}/${li.lineItemId ?? ""}`);
      if (fresh && itemId) decrement.set(itemId, (decrement.get(itemId) ?? 0) + quantity);
      if (itemId) statusOf.set(itemId, status);
      return {
        id: uuidv7(),
        companyId,
        orderId: o.orderId ?? "",
        lineItemId: li.lineItemId ?? "",
        orderCreatedAt: new Date(o.creationDate ?? Date.now()),
        decremented: fresh && itemId !== null,
        itemId,
        sku: li.sku ?? "",
        title: li.title ?? "",
        quantity,
        priceCents: cents(li.lineItemCost?.value ?? li.total?.value),
        feesCents: o.totalMarketplaceFee?.value ? cents(o.totalMarketplaceFee.value) : null,
        buyerUsername: o.buyer?.username ?? null,
        buyerName: contact?.fullName ?? shipTo?.fullName ?? null,
        buyerCity: contact?.contactAddress?.city ?? shipTo?.contactAddress?.city ?? null,
        status,
        lastModifiedAt: new Date(o.lastModifiedDate ?? Date.now()),
      };
    });
    // A known line keeps its id, creation date and decremented flag; the rest follows eBay.
    const follow = [
      "itemId",
      "sku",
      "title",
      "quantity",
      "priceCents",
      "feesCents",
      "buyerUsername",
      "buyerName",
      "buyerCity",
      "status",
      "lastModifiedAt",
    ] as const;
    await tx
      .insert(ebayOrders)
      .values(rows)
      .onConflictDoUpdate({
        target: [ebayOrders.companyId, ebayOrders.orderId, ebayOrders.lineItemId],
        set: {
          ...Object.fromEntries(follow.map((k) => [k, sql.raw(`excluded."${ebayOrders[k].name}"`)])),
          updatedAt: sql`now()`,
        },
      });
    // Each sold item once: its quantity less what the new lines sold, its status the order's.
    const changes = [...statusOf].map(
      ([itemId, status]) => sql`(${itemId}::uuid, ${decrement.get(itemId) ?? 0}::int, ${status}::text)`,
    );
    if (changes.length) {
      const i = inventoryItems;
      await tx.execute(sql`
        update ${i} set
          ${sql.identifier(i.quantity.name)} = greatest(0, ${i.quantity} - v.sold),
          ${sql.identifier(i.status.name)} = v.status,
          ${sql.identifier(i.version.name)} = ${i.version} + 1,
          ${sql.identifier(i.updatedAt.name)} = now()
        from (values ${sql.join(changes, sql`, `)}) as v(id, sold, status)
        where ${i.id} = v.id and ${i.companyId} = ${companyId} and ${i.deletedAt} is null
          and (v.sold > 0 or ${i.status} is distinct from v.status)`);
    }
    const sales = rows.filter(
      (r) =>
        !known.has(`${r.orderId}/${r.lineItemId}`) &&
        Date.now() - r.orderCreatedAt.getTime() < SALE_NOTICE_MS,
    );
    await notifySales(tx, companyId, sales);
    return lines.length;
  });
}
