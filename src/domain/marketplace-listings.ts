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
export const MARKETPLACE_PUBLISH_PATH = "/api/marketplace/listings/publish";
/** Most items one bulk publish takes (a page of the list at most). */
export const MARKETPLACE_PUBLISH_MAX = 100;

/** Statuses whose items staff may (re)publish from the list: not on eBay now, nothing under way. */
export const PUBLISHABLE_STATUSES: readonly MarketplaceListingStatus[] = [
  "ready",
  "failed",
  "withdrawn",
  "deleted",
];

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

/** One item's answer of a bulk publish. */
export interface MarketplacePublishResult {
  itemId: string;
  /** requested: the publish request is on the item (the eBay job runs it); not_found: no such live item of an opted-in seller. */
  result: "requested" | "unchanged" | "not_found";
}
