/**
 * `POST /api/inventory/items/bulk` (docs/inventory.md "Bulk create"): many items in one
 * request, each answered on its own. Shared by the server route and the app's import, which
 * sends chunks of `BULK_CHUNK` items through the outbox.
 */
import type { CursorRange } from "../sync/feed";
import type { Item, ItemFields } from "./item";

export const BULK_ITEMS_PATH = "/api/inventory/items/bulk";
/** Most items one request takes. */
export const BULK_ITEMS_MAX = 5000;
/**
 * Items the app puts in one request (and in one Dexie transaction), at most. Fewer, larger
 * chunks cost less per item on both sides (a transaction, a request, the screens that follow
 * the outbox); docs/benchmarks.md has the figures for 2,000, 5,000 and 10,000.
 */
export const BULK_CHUNK = 5000;
/** The first chunk of an import is smaller, so the server has work ~0.1 s after Import, not ~1 s. */
export const BULK_FIRST_CHUNK = 1000;
/**
 * The app also ends a chunk before its items' JSON could pass this many bytes (by
 * `bulkItemBytes`), well under the server's 24 MB body limit, which 5,000 items with long
 * descriptions would pass.
 */
export const BULK_CHUNK_BYTES = 8 * 1024 * 1024;

/** Fields whose text decides an item's size in a bulk body. */
const TEXT_FIELDS = ["sku", "barcode", "title", "description", "location", "notes"] as const;

/**
 * An item's bytes in a bulk request body, from above for any text but control characters: the
 * keys and numbers (~450 bytes) and 3 bytes per character of its text (UTF-8 of any BMP
 * character; quotes and newlines escape to 2). A control character escapes to 6 (\u0001), so
 * even text of nothing else stays under twice this: 16 MB for a full chunk, under the limit.
 */
export function bulkItemBytes(fields: Pick<ItemFields, (typeof TEXT_FIELDS)[number] | "photos">): number {
  let chars = 0;
  for (const k of TEXT_FIELDS) chars += fields[k]?.length ?? 0;
  for (const p of fields.photos) chars += p.length + 3;
  return 450 + 3 * chars;
}

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
