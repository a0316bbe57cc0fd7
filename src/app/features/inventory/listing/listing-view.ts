/**
 * Listing Management's view of the items (pure): which listing state each item is in, the
 * counts per state and per item status, and the rows a filter keeps.
 *
 * A listing state is the item's publication status (spec section 3: 0 unpublished,
 * 1 published, 2 deleted). Within a state the item status (listed, withdrawn from eBay,
 * deleted from eBay, sold, …) narrows it further.
 */
import {
  ITEM_STATUSES,
  type Item,
  type ItemStatus,
  PUBLICATION_STATUS,
  type PublicationStatus,
} from "../../../../domain/inventory/item";

export type ListingStateFilter = "all" | PublicationStatus;

export const LISTING_STATE_FILTERS: readonly ListingStateFilter[] = [
  "all",
  PUBLICATION_STATUS.UNPUBLISHED,
  PUBLICATION_STATUS.PUBLISHED,
  PUBLICATION_STATUS.DELETED,
];

export interface ListingFilter {
  state: ListingStateFilter;
  /** null = every status. */
  status: ItemStatus | null;
  query: string;
}

export interface ListingView {
  /** Items per listing state (and in all), with the text query applied. */
  stateCounts: Record<"all" | PublicationStatus, number>;
  /** Items per item status within the chosen listing state, with the text query applied. */
  statusCounts: Record<ItemStatus, number>;
  /** The items the whole filter keeps, most recently changed first. */
  rows: Item[];
}

/** True when the item's title, SKU or barcode holds every word of the query (case-insensitive). */
function matchesItemQuery(item: Pick<Item, "title" | "sku" | "barcode">, words: readonly string[]) {
  if (words.length === 0) return true;
  const text = `${item.title}\n${item.sku}\n${item.barcode ?? ""}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/** The item's listing state; an unknown number counts as unpublished (never lost from view). */
export function listingStateOf(item: Pick<Item, "publicationStatus">): PublicationStatus {
  const p = item.publicationStatus;
  return p === 1 || p === 2 ? p : 0;
}

export function listingView(items: Iterable<Item>, filter: ListingFilter): ListingView {
  const words = queryWords(filter.query);
  const stateCounts: ListingView["stateCounts"] = { all: 0, 0: 0, 1: 0, 2: 0 };
  const statusCounts = Object.fromEntries(ITEM_STATUSES.map((s) => [s, 0])) as Record<ItemStatus, number>;
  const rows: Item[] = [];
  for (const item of items) {
    if (!matchesItemQuery(item, words)) continue;
    const state = listingStateOf(item);
    stateCounts.all++;
    stateCounts[state]++;
    if (filter.state !== "all" && state !== filter.state) continue;
    if (item.status in statusCounts) statusCounts[item.status]++;
    if (filter.status !== null && item.status !== filter.status) continue;
    rows.push(item);
  }
  rows.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id));
  return { stateCounts, statusCounts, rows };
}
