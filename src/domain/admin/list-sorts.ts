/**
 * The columns each admin user list sorts by, shared by the server's queries and the pages' URL
 * search params. Pure constants: the routes' validateSearch needs them when the route tree loads,
 * so they must not pull the HTTP client or React Query into the landing page's first load.
 */
export const ALL_USER_SORTS = ["email", "displayName", "createdAt"] as const;
export type AllUserSort = (typeof ALL_USER_SORTS)[number];
export const CONFIRMED_SORTS = ["email", "displayName", "companyName", "confirmedAt"] as const;
export type ConfirmedSort = (typeof CONFIRMED_SORTS)[number];
export const UNREGISTERED_SORTS = ["email", "createdAt", "kind"] as const;
export type UnregisteredSort = (typeof UNREGISTERED_SORTS)[number];
export const SELLER_SORTS = ["companyName", "items", "listings", "sales", "lastActivity"] as const;
export type SellerSort = (typeof SELLER_SORTS)[number];
export const CLARITY_SORTS = ["createdAt", "email", "clarityId"] as const;
export type ClaritySort = (typeof CLARITY_SORTS)[number];
