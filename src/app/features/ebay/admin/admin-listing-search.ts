/**
 * The admin listing screens' URL search (`?page=2&sortBy=title&sortDir=asc&query=lamp&state=failed`):
 * the shared list search (ui/server-list/list-search.ts) plus the listing state.
 */
import {
  ADMIN_LISTING_SORTS,
  type AdminListingSort,
  LISTING_STATES,
  type ListingState,
} from "../../../../domain/ebay/listing-states";
import { type ListSearch, parseListSearch } from "../../../ui/server-list/list-search";

export interface AdminListingSearch extends ListSearch<AdminListingSort> {
  state?: ListingState;
}

export function parseAdminListingSearch(search: Record<string, unknown>): AdminListingSearch {
  const out: AdminListingSearch = parseListSearch(search, ADMIN_LISTING_SORTS);
  const state = search.state;
  if (typeof state === "string" && (LISTING_STATES as readonly string[]).includes(state))
    out.state = state as ListingState;
  return out;
}
