/**
 * Demo data (`npm run seed`, /admin/demo-data): the routes and what is counted, shared by the
 * server (src/server/modules/demo) and the admin page (src/app/features/demo).
 */

/** GET: counts and steps; POST: seed; DELETE: remove every demo record (super admins). */
export const DEMO_DATA_PATH = "/api/admin/demo-data";

/** `npm run seed` handing the seed to the running server (loopback, with a seed token). */
export const DEMO_SEED_LOCAL_PATH = "/api/demo-data/seed";

/** The kinds of demo record counted, in the order the admin page lists them. */
export const DEMO_COUNT_KEYS = [
  "companies",
  "users",
  "properties",
  "statementFiles",
  "filings",
  "invoices",
  "mappings",
  "batches",
  "products",
  "items",
  "photos",
  "ebayListings",
  "ebayOrders",
  "kanbanBoards",
  "kanbanTasks",
  "calendarEvents",
  "mails",
] as const;

export type DemoCountKey = (typeof DEMO_COUNT_KEYS)[number];
export type DemoCounts = Record<DemoCountKey, number>;
