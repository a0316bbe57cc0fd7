/**
 * The columns the marketplace seller list sorts by (the server's MARKETPLACE_SELLER_SORTS). Their
 * own module, without imports, so the route's validateSearch does not pull the HTTP client in.
 */
export const MARKETPLACE_SELLER_SORTS = [
  "companyName",
  "toDescribe",
  "withoutPhotos",
  "readyToList",
  "lastActivity",
] as const;
export type MarketplaceSellerSort = (typeof MARKETPLACE_SELLER_SORTS)[number];
