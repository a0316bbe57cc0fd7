/**
 * The marketplace staff's Listing Management (docs/marketplace.md "Listing Management"): every
 * opted-in seller's items that are ready to list or have an eBay listing, in one server list, and
 * the bulk publish. Its own module: the route's validateSearch needs the sorts and statuses when
 * the route tree loads, and nothing else of the marketplace may ride along.
 */

/**
 * The listing status of a row: `ready` (described, with a photo, never sent to eBay), then the
 * states of its eBay listing (`pending` while the eBay job has work for it, `failed` when eBay or
 * the checks before it refused the last request, with the reason).
 */
export const MARKETPLACE_LISTING_STATUSES = [
  "ready",
  "pending",
  "published",
  "withdrawn",
  "deleted",
  "failed",
] as const;
export type MarketplaceListingStatus = (typeof MARKETPLACE_LISTING_STATUSES)[number];

/** What the list sorts by (`GET /api/marketplace/listings?sortBy=`). */
export const MARKETPLACE_LISTING_SORTS = [
  "updatedAt",
  "companyName",
  "title",
  "sku",
  "price",
  "status",
] as const;
export type MarketplaceListingSort = (typeof MARKETPLACE_LISTING_SORTS)[number];

export const MARKETPLACE_LISTINGS_PATH = "/api/marketplace/listings";
/**
 * What staff ask of selected items: publish them on their seller's eBay account, withdraw their
 * listing (it ends on eBay; the item stays, marked withdrawn), or delete it from eBay.
 */
export const MARKETPLACE_LISTING_ACTIONS = ["publish", "withdraw", "delete"] as const;
export type MarketplaceListingAction = (typeof MARKETPLACE_LISTING_ACTIONS)[number];
/** `POST` here with `{ itemIds, requestId }` asks `action` of each item. */
export const marketplaceActionPath = (action: MarketplaceListingAction) =>
  `${MARKETPLACE_LISTINGS_PATH}/${action}` as const;
export const MARKETPLACE_PUBLISH_PATH = marketplaceActionPath("publish");
/** Most items one bulk request takes (a page of the list at most). */
export const MARKETPLACE_PUBLISH_MAX = 100;

/** One row of the list. */
export interface MarketplaceListingRow {
  /** The item's id. */
  itemId: string;
  companyId: string;
  companyName: string;
  title: string;
  sku: string;
  /** Cents, or null when not priced. */
  price: number | null;
  status: MarketplaceListingStatus;
  listingId: string | null;
  listingUrl: string | null;
  /** Why the last request failed, in words a seller understands. */
  error: string | null;
  /** The later of the item's and its listing's last change. */
  updatedAt: string;
}

/** One item's answer of a bulk request. */
export interface MarketplacePublishResult {
  itemId: string;
  /**
   * requested: the request is on the item (the eBay job runs it); unchanged: already asked with
   * this request id; not_listed: a withdraw or delete of an item with no eBay listing to end;
   * not_found: no such live item of an opted-in seller.
   */
  result: (typeof MARKETPLACE_ACTION_RESULTS)[number];
}
export const MARKETPLACE_ACTION_RESULTS = ["requested", "unchanged", "not_listed", "not_found"] as const;
