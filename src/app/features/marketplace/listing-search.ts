/**
 * Listing Management's URL search (`/marketplace/listing?status=failed&seller=…&query=lamp`): the
 * shared list search (ui/server-list/list-search.ts) plus the listing status and the seller.
 * Anything the server would refuse is dropped. Kept apart from the page so the route tree loads
 * only this.
 */
import {
  MARKETPLACE_LISTING_SORTS,
  MARKETPLACE_LISTING_STATUSES,
  type MarketplaceListingSort,
  type MarketplaceListingStatus,
} from "../../../domain/marketplace-listings";
import { type ListSearch, parseListSearch } from "../../ui/server-list/list-search";

export interface MarketplaceListingSearch extends ListSearch<MarketplaceListingSort> {
  status?: MarketplaceListingStatus;
  seller?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseMarketplaceListingSearch(search: Record<string, unknown>): MarketplaceListingSearch {
  const out: MarketplaceListingSearch = parseListSearch(search, MARKETPLACE_LISTING_SORTS);
  const { status, seller } = search;
  if (typeof status === "string" && (MARKETPLACE_LISTING_STATUSES as readonly string[]).includes(status))
    out.status = status as MarketplaceListingStatus;
  if (typeof seller === "string" && UUID.test(seller)) out.seller = seller.toLowerCase();
  return out;
}
