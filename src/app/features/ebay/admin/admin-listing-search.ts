/**
 * The admin listing screens' URL search (`?page=2&sortBy=title&sortDir=asc&query=lamp&state=failed`):
 * what the server pages, sorts and searches by, kept in the URL so a reload or a shared link shows
 * the same page. Anything else in the URL is dropped, so the server never sees a bad parameter.
 */
import {
  ADMIN_LISTING_SORTS,
  type AdminListingSort,
  LISTING_STATES,
  type ListingState,
} from "../../../../domain/ebay/contract";

export interface AdminListingSearch {
  page?: number;
  sortBy?: AdminListingSort;
  sortDir?: "asc" | "desc";
  query?: string;
  state?: ListingState;
}

const oneOf = <T extends string>(list: readonly T[], v: unknown): T | undefined =>
  typeof v === "string" && (list as readonly string[]).includes(v) ? (v as T) : undefined;

export function parseAdminListingSearch(search: Record<string, unknown>): AdminListingSearch {
  const page = Number(search.page);
  const query = typeof search.query === "string" ? search.query.trim().slice(0, 200) : "";
  const out: AdminListingSearch = {
    ...(Number.isInteger(page) && page > 0 && page <= 1_000_000 ? { page } : {}),
    ...(query ? { query } : {}),
  };
  const sortBy = oneOf(ADMIN_LISTING_SORTS, search.sortBy);
  const sortDir = oneOf(["asc", "desc"] as const, search.sortDir);
  const state = oneOf(LISTING_STATES, search.state);
  if (sortBy) out.sortBy = sortBy;
  if (sortDir) out.sortDir = sortDir;
  if (state) out.state = state;
  return out;
}
