import type { ItemStatus } from "../../../../domain/inventory/item";
import { recordSyncedListings, type SyncedListing } from "../../ebay/store";
import type { DemoRun, DemoStep } from "../demo-run";
import { DEMO_ITEMS, type DemoItem } from "./inventory";

/** eBay's sandbox, where a listing id that eBay never issued leads nowhere real. */
const DEMO_LISTING_BASE = "https://sandbox.ebay.com";

/** The eBay state an item's status implies; other statuses were never listed. */
const LISTING_OF: Partial<Record<ItemStatus, Pick<SyncedListing, "state" | "action">>> = {
  listed: { state: "published", action: "publish" },
  sold: { state: "published", action: "publish" },
  awaiting_shipment: { state: "published", action: "publish" },
  shipped: { state: "published", action: "publish" },
  delivered: { state: "published", action: "publish" },
  withdrawn_from_ebay: { state: "withdrawn", action: "withdraw" },
  deleted_from_ebay: { state: "deleted", action: "delete" },
};

const ORDER_STATUSES: ReadonlySet<ItemStatus> = new Set([
  "sold",
  "awaiting_shipment",
  "shipped",
  "delivered",
]);

const BUYERS = [
  { username: "demo_buyer_ann", name: "Ann Demo", city: "Hoboken" },
  { username: "demo_buyer_raj", name: "Raj Demo", city: "Albany" },
  { username: "demo_buyer_lu", name: "Lu Demo", city: "Newark" },
  { username: "demo_buyer_kim", name: "Kim Demo", city: "Stamford" },
] as const;

const DAY = 24 * 3600 * 1000;

/**
 * The demo company's eBay side, without eBay: no seller account can be connected for a demo
 * company, so its listings and orders are recorded as the eBay job and the order sync would have
 * left them (ebay/store.ts recordSyncedListings: nothing pending, so no job ever calls eBay). Every
 * listed, sold or shipped item is published, the withdrawn and deleted ones are off eBay, and each
 * sold item has its order. Listing and order ids start with DEMO, links go to eBay's sandbox.
 */
export const ebayStep: DemoStep = {
  name: "ebay",
  describe: "eBay listings (published, withdrawn, deleted) of the listed and sold items, and their orders",
  async run(run: DemoRun) {
    const items = run.take<DemoItem[]>(DEMO_ITEMS);
    const now = Date.now();
    const listings: SyncedListing[] = [];
    let orderNo = 0;
    for (const [n, item] of items.entries()) {
      const listing = LISTING_OF[item.status];
      if (!listing) continue;
      const listingId = `DEMO-${String(110_000_000_000 + n)}`;
      const orders: SyncedListing["orders"] = [];
      if (ORDER_STATUSES.has(item.status)) {
        orderNo += 1;
        const buyer = BUYERS[orderNo % BUYERS.length] as (typeof BUYERS)[number];
        const created = new Date(now - (orderNo % 20) * DAY - 3600_000);
        orders.push({
          orderId: `DEMO-${String(orderNo).padStart(2, "0")}-${String(10_000 + orderNo * 7)}`,
          lineItemId: `DEMO-LINE-${orderNo}`,
          title: item.title,
          quantity: 1,
          priceCents: item.price,
          feesCents: Math.round(item.price * 0.1325),
          buyerUsername: buyer.username,
          buyerName: buyer.name,
          buyerCity: buyer.city,
          status: item.status as "sold" | "awaiting_shipment" | "shipped" | "delivered",
          orderCreatedAt: created,
          lastModifiedAt: new Date(created.getTime() + 3600_000),
        });
      }
      listings.push({
        itemId: item.id,
        ebaySku: item.sku,
        offerId: `DEMO-OFFER-${n}`,
        listingId,
        listingUrl: `${DEMO_LISTING_BASE}/itm/${listingId}`,
        ...listing,
        orders,
      });
    }
    await recordSyncedListings(run.db, run.companyId, listings);
  },
};
