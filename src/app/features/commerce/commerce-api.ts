/**
 * The sales screens' API (docs/commerce.md): query keys and options side by side, and the one
 * write (the company's fields about a customer). The paged lists go through the shared ServerList.
 */
import { queryOptions } from "@tanstack/react-query";
import {
  COMMERCE_PATHS,
  type CommerceCustomerDetail,
  type CommerceOrderDetail,
  type CommerceOverview,
  type CustomerNotes,
  type OverviewDays,
} from "../../../domain/commerce/contract";
import { http } from "../../lib/http";

export const commerceKeys = {
  all: ["commerce"] as const,
  overview: (days: OverviewDays) => ["commerce", "overview", days] as const,
  order: (orderId: string) => ["commerce", "order", orderId] as const,
  customer: (username: string) => ["commerce", "customer", username] as const,
  /** The customers list's pages (the shared ServerList keys its pages by endpoint). */
  customerList: () => ["server-list", COMMERCE_PATHS.customers] as const,
};

export const commerceQueries = {
  overview: (days: OverviewDays) =>
    queryOptions({
      queryKey: commerceKeys.overview(days),
      queryFn: () => http.get<CommerceOverview>(COMMERCE_PATHS.overview, { query: { days } }),
      staleTime: 30_000,
    }),
  order: (orderId: string) =>
    queryOptions({
      queryKey: commerceKeys.order(orderId),
      queryFn: () => http.get<CommerceOrderDetail>(COMMERCE_PATHS.order(orderId)),
    }),
  customer: (username: string) =>
    queryOptions({
      queryKey: commerceKeys.customer(username),
      queryFn: () => http.get<CommerceCustomerDetail>(COMMERCE_PATHS.customer(username)),
    }),
};

export const saveCustomerNotes = (username: string, notes: CustomerNotes) =>
  http.put<CommerceCustomerDetail>(COMMERCE_PATHS.customer(username), notes);
