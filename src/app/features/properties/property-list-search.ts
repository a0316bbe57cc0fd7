/**
 * The property list's URL search (`/dashboard/properties?query=broadway&sortBy=aav&page=2`): the
 * shared list search (ui/server-list/list-search.ts) with the property sorts, and the page of the
 * server list it names. Anything unknown is dropped. Kept apart from the page so the route tree
 * loads only this.
 */
import { type ListSearch, parseListSearch } from "../../ui/server-list/list-search";

const PROPERTY_SORTS = ["bbl", "address", "ownerName", "aav", "createdAt", "updatedAt"] as const;
export type PropertySort = (typeof PROPERTY_SORTS)[number];
export const DEFAULT_PROPERTY_SORT: PropertySort = "bbl";

export type PropertyListSearch = Omit<ListSearch<PropertySort>, "sortDir">;

export function parsePropertyListSearch(search: Record<string, unknown>): PropertyListSearch {
  const { sortDir: _, ...out } = parseListSearch(search, PROPERTY_SORTS);
  if (out.sortBy === DEFAULT_PROPERTY_SORT) delete out.sortBy;
  return out;
}

/** The server page (from 0) a URL search names, as the list's query key has it. */
export const propertyListPage = (s: PropertyListSearch) => ({
  page: (s.page ?? 1) - 1,
  query: s.query ?? "",
  sortBy: s.sortBy ?? DEFAULT_PROPERTY_SORT,
});
