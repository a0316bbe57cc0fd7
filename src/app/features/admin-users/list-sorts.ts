/**
 * The columns each admin user list sorts by. Their own module, without imports: the routes'
 * validateSearch needs them when the route tree loads, and importing them from
 * admin-users-api.ts pulled the HTTP client and React Query into the landing page's first load.
 */
export const ALL_USER_SORTS = ["email", "displayName", "createdAt"] as const;
export const CONFIRMED_SORTS = ["email", "displayName", "companyName", "confirmedAt"] as const;
export const UNREGISTERED_SORTS = ["email", "createdAt", "kind"] as const;
export const SELLER_SORTS = ["companyName", "items", "listings", "sales", "lastActivity"] as const;
export const CLARITY_SORTS = ["createdAt", "email", "clarityId"] as const;
