/**
 * The eBay connection's API (docs/ebay.md): query keys and query options side by side, one
 * factory for the feature, and the calls the screens make. Listing requests are not here:
 * they are item edits (listing-requests.ts) that go through the outbox, offline too.
 */
import { queryOptions } from "@tanstack/react-query";
import {
  EBAY_PATHS,
  type EbayAspect,
  type EbayCategorySuggestion,
  type EbayListing,
  type EbayOrder,
  type EbayPolicies,
  type EbaySetup,
  type EbayStatus,
} from "../../../domain/ebay/contract";
import type { EbayItemPhotos } from "../../../domain/ebay/photos-ahead";
import { http } from "../../lib/http";

export interface LocationFields {
  addressLine1: string;
  city: string;
  stateOrProvince: string;
  postalCode: string;
  country: string;
}

export type StatusAnswer = EbayStatus & { suggestedLocation: Partial<LocationFields> };
export interface OrdersPage {
  rows: EbayOrder[];
  total: number;
  page: number;
  rowsPerPage: number;
}

/** A seller's eBay (marketplace staff, docs/marketplace.md) is cached apart from one's own company's. */
const of = (seller: string | null) => (seller ? [seller] : []);

export const ebayKeys = {
  all: ["ebay"] as const,
  status: (seller: string | null = null) => ["ebay", "status", ...of(seller)] as const,
  policies: () => ["ebay", "policies"] as const,
  listings: (seller: string | null = null) => ["ebay", "listings", ...of(seller)] as const,
  orders: (itemId: string | null, page: number, seller: string | null = null) =>
    ["ebay", "orders", itemId, page, ...of(seller)] as const,
  suggestions: (q: string) => ["ebay", "suggestions", q] as const,
  aspects: (categoryId: string) => ["ebay", "aspects", categoryId] as const,
  photos: (itemId: string, seller: string | null = null) =>
    ["ebay", "photos", itemId, ...of(seller)] as const,
};

/** `seller`: the seller company marketplace staff work for (sent as X-Seller-Company); null: one's own. */
const scoped = (seller: string | null) => (seller ? { sellerCompany: seller } : {});

export const ebayQueries = {
  status: (seller: string | null = null) =>
    queryOptions({
      queryKey: ebayKeys.status(seller),
      queryFn: () => http.get<StatusAnswer>(EBAY_PATHS.status, scoped(seller)),
      staleTime: 30_000,
    }),
  policies: () =>
    queryOptions({
      queryKey: ebayKeys.policies(),
      queryFn: () => http.get<EbayPolicies>(EBAY_PATHS.policies),
    }),
  /** Refetched every 3 s while something is pending, so rows show eBay's answer soon after it comes. */
  listings: (seller: string | null = null) =>
    queryOptions({
      queryKey: ebayKeys.listings(seller),
      queryFn: () => http.get<EbayListing[]>(EBAY_PATHS.listings, scoped(seller)),
      refetchInterval: (q) => (q.state.data?.some((l) => l.state === "pending") ? 3000 : 30_000),
    }),
  orders: (itemId: string | null, page = 0, seller: string | null = null) =>
    queryOptions({
      queryKey: ebayKeys.orders(itemId, page, seller),
      queryFn: () =>
        http.get<OrdersPage>(EBAY_PATHS.orders, {
          query: { ...(itemId ? { itemId } : {}), page, rowsPerPage: 50 },
          ...scoped(seller),
        }),
    }),
  suggestions: (q: string, seller: string | null = null) =>
    queryOptions({
      queryKey: ebayKeys.suggestions(q),
      queryFn: () =>
        http.get<EbayCategorySuggestion[]>(EBAY_PATHS.categorySuggestions, {
          query: { q },
          ...scoped(seller),
        }),
      enabled: q.trim().length >= 2,
      staleTime: 10 * 60_000,
    }),
  /** Where an item's photos stand with eBay; looked at again every 5 s while some are being sent. */
  photos: (itemId: string, seller: string | null = null) =>
    queryOptions({
      queryKey: ebayKeys.photos(itemId, seller),
      queryFn: () =>
        http.get<EbayItemPhotos[]>(EBAY_PATHS.photos, { query: { itemIds: itemId }, ...scoped(seller) }),
      refetchInterval: (q) =>
        q.state.data?.some((i) => i.photos.some((p) => p.state === "waiting")) ? 5000 : false,
    }),
  aspects: (categoryId: string, seller: string | null = null) =>
    queryOptions({
      queryKey: ebayKeys.aspects(categoryId),
      queryFn: () =>
        http.get<EbayAspect[]>(EBAY_PATHS.categoryAspects.replace(":categoryId", categoryId), scoped(seller)),
      enabled: !!categoryId,
      staleTime: 60 * 60_000,
    }),
};

export const ebayApi = {
  connect: () => http.post<{ url: string }>(EBAY_PATHS.connect, {}),
  disconnect: () => http.delete(EBAY_PATHS.connection),
  optIn: () => http.post<{ setup: EbaySetup }>(EBAY_PATHS.setupBusinessPolicies, {}),
  choosePolicies: (body: { fulfillmentPolicyId: string; paymentPolicyId: string; returnPolicyId: string }) =>
    http.put<{ setup: EbaySetup }>(EBAY_PATHS.setupPolicies, body),
  createLocation: (body: LocationFields) => http.post<{ setup: EbaySetup }>(EBAY_PATHS.setupLocation, body),
  syncOrders: () => http.post<{ queued: boolean }>(EBAY_PATHS.ordersSync, {}),
};
