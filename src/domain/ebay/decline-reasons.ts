/**
 * Where `/auth-declined` says why an eBay connection did not complete (query `reason`). Its own
 * module: the route's validateSearch needs it when the route tree loads, and the rest of the eBay
 * contract (paths, scopes) would otherwise ride along in the landing page's first load.
 */
export const EBAY_DECLINE_REASONS = ["declined", "state", "exchange", "not-configured"] as const;
export type EbayDeclineReason = (typeof EBAY_DECLINE_REASONS)[number];
