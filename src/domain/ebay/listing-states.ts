/**
 * The states of an eBay listing and the admin listing lists' sort columns. Their own module: the
 * admin routes' validateSearch needs them when the route tree loads, and the rest of the eBay
 * contract (paths, scopes) would otherwise ride along in the landing page's first load.
 */

/** The state of an item's eBay listing as the server knows it. */
export const LISTING_STATES = [
  /** Known to the eBay job but never published (its first request has not got that far yet). */
  "unlisted",
  /** A request is waiting for (or in) the eBay job. */
  "pending",
  "published",
  "withdrawn",
  "deleted",
  /** eBay (or a check before calling it) refused the last request; `error` says why. */
  "failed",
] as const;
export type ListingState = (typeof LISTING_STATES)[number];

/** What the admin listing lists sort by (`/api/admin/offer-list?sortBy=`). */
export const ADMIN_LISTING_SORTS = ["updatedAt", "lastSyncedAt", "title", "sku", "state"] as const;
export type AdminListingSort = (typeof ADMIN_LISTING_SORTS)[number];
