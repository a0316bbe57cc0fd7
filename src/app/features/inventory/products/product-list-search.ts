/**
 * Product Management's URL search (`/dashboard/product/list?query=lamp&sort=title&page=2`): the
 * search words, the order and the page (from 1) of the local list, so a reload, back/forward or a
 * shared link shows the same products. Anything unknown is dropped. Kept apart from the page so the
 * route tree loads only this.
 */
import { oneOf, parseListSearch } from "../../../ui/server-list/list-search";

const PRODUCT_SORTS = ["updated", "created", "title", "priceDesc", "priceAsc"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const DEFAULT_PRODUCT_SORT: ProductSort = "updated";

export interface ProductListSearch {
  page?: number;
  query?: string;
  sort?: ProductSort;
}

export function parseProductListSearch(search: Record<string, unknown>): ProductListSearch {
  const { page, query } = parseListSearch(search, []);
  const out: ProductListSearch = {};
  if (page) out.page = page;
  if (query) out.query = query;
  const sort = oneOf(PRODUCT_SORTS, search.sort);
  if (sort && sort !== DEFAULT_PRODUCT_SORT) out.sort = sort;
  return out;
}
