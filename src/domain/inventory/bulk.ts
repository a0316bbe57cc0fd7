/**
 * `POST /api/inventory/items/bulk` (docs/inventory.md "Bulk create"): many items in one
 * request, each answered on its own. Shared by the server route and the app's import, which
 * sends chunks of `BULK_CHUNK` items through the outbox.
 */
import type { CursorRange, Item, ItemFields } from "./item";

export const BULK_ITEMS_PATH = "/api/inventory/items/bulk";
/** Most items one request takes. */
export const BULK_ITEMS_MAX = 2000;
/** Items the app puts in one request (and in one Dexie transaction). */
export const BULK_CHUNK = 2000;

/**
 * Per item: `created` (new id), `updated` (existing id, `version` matched), `unchanged`
 * (existing id, no `version`, same fields: a resent create) — these three carry the stored
 * `version`, `createdAt` and `updatedAt`;
 * refused: `duplicate-sku` (another live item of the company, or an earlier item of the same
 * request, has the SKU), `invalid` (a rule of validate.ts, a batch/product not in the company,
 * an id given twice), `conflict` (stale or missing `version` on an existing item; `current`
 * holds it), `id-taken` (the id belongs to a record the caller cannot see), `deleted`.
 */
export const BULK_ITEM_STATUSES = [
  "created",
  "updated",
  "unchanged",
  "duplicate-sku",
  "invalid",
  "conflict",
  "id-taken",
  "deleted",
] as const;
export type BulkItemStatus = (typeof BULK_ITEM_STATUSES)[number];

/** Statuses after which the server holds the item as sent. */
export const BULK_STORED: ReadonlySet<BulkItemStatus> = new Set(["created", "updated", "unchanged"]);

export type BulkItemInput = Partial<ItemFields> &
  Pick<ItemFields, "sku" | "title" | "description" | "quantity"> & { id: string; version?: number };

export interface BulkItemResult {
  id: string;
  status: BulkItemStatus;
  /** Why a row was refused, in words for the user. */
  message?: string;
  /** Field path → message (invalid rows). */
  errors?: Record<string, string>;
  /** duplicate-sku: the item that holds the SKU (absent when it is an earlier item of the request). */
  conflictingId?: string;
  /**
   * Stored items (created, updated, unchanged): the server's version and timestamps. Its fields
   * are the ones sent, with the defaults filled in and the SKU trimmed (GET the item for the row).
   */
  version?: number;
  createdAt?: string;
  updatedAt?: string;
  /** conflict: the item as it is now. */
  current?: Item;
}

export interface BulkItemsResponse {
  /** One per item sent, in the order sent. */
  results: BulkItemResult[];
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  /** The feed cursors around this request's changes (absent on answers stored before it existed). */
  cursor?: CursorRange;
}
