/** The URL search of the orders and customers lists: the shared list search, plus the order status. */
import {
  CUSTOMER_SORTS,
  type CustomerSort,
  ORDER_SORTS,
  ORDER_STATUSES,
  type OrderSort,
  type OrderStatus,
} from "../../../domain/commerce/contract";
import { type ListSearch, parseListSearch } from "../../ui/server-list/list-search";

export interface OrdersSearch extends ListSearch<OrderSort> {
  status?: OrderStatus;
}
export type CustomersSearch = ListSearch<CustomerSort>;

export function parseOrdersSearch(search: Record<string, unknown>): OrdersSearch {
  const out: OrdersSearch = parseListSearch(search, ORDER_SORTS);
  if ((ORDER_STATUSES as readonly unknown[]).includes(search.status))
    out.status = search.status as OrderStatus;
  return out;
}

export const parseCustomersSearch = (search: Record<string, unknown>): CustomersSearch =>
  parseListSearch(search, CUSTOMER_SORTS);
