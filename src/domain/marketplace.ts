/**
 * The marketplace staff area (issue 15, docs/marketplace.md): staff prepare and list the
 * inventory of sellers that turned on "Managed listing". Shared by the app and the server.
 */

/**
 * The request header naming the seller company a marketplace staff member works for. The server
 * honours it on inventory routes only (items, batches, products, item photos), and only while
 * that seller has Managed listing on; every other route refuses a request that carries it.
 */
export const SELLER_COMPANY_HEADER = "x-seller-company";

/** The columns the marketplace seller list sorts by (the server's query and the page's URL). */
export const MARKETPLACE_SELLER_SORTS = [
  "companyName",
  "toDescribe",
  "withoutPhotos",
  "readyToList",
  "lastActivity",
] as const;
export type MarketplaceSellerSort = (typeof MARKETPLACE_SELLER_SORTS)[number];
