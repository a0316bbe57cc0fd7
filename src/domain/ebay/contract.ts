/**
 * The eBay connection's contract shared by the app and the server (issue 13): routes, the
 * OAuth scopes the consent page asks for, the listing actions a seller can request on an item,
 * and the shapes `GET /api/ebay/status` and the listing routes answer.
 */

import type { ListingState } from "./listing-states";
export const EBAY_PATHS = {
  connect: "/api/ebay/connect",
  callback: "/api/ebay/callback",
  connection: "/api/ebay/connection",
  status: "/api/ebay/status",
  policies: "/api/ebay/policies",
  setupBusinessPolicies: "/api/ebay/setup/business-policies",
  setupPolicies: "/api/ebay/setup/policies",
  setupLocation: "/api/ebay/setup/location",
  categorySuggestions: "/api/ebay/categories/suggestions",
  categoryAspects: "/api/ebay/categories/:categoryId/aspects",
  listings: "/api/ebay/listings",
  photos: "/api/ebay/photos",
  orders: "/api/ebay/orders",
  ordersSync: "/api/ebay/orders/sync",
  accountDeletion: "/api/ebay/account-deletion",
} as const;

/**
 * The scopes of the consent request (spec section 7: marketing, inventory, account,
 * fulfillment, analytics, finances, payment dispute, identity read, reputation, notification
 * subscription, stores; read-only or read and write).
 */
export const EBAY_SCOPES = [
  "https://api.ebay.com/oauth/api_scope",
  "https://api.ebay.com/oauth/api_scope/sell.marketing.readonly",
  "https://api.ebay.com/oauth/api_scope/sell.marketing",
  "https://api.ebay.com/oauth/api_scope/sell.inventory.readonly",
  "https://api.ebay.com/oauth/api_scope/sell.inventory",
  "https://api.ebay.com/oauth/api_scope/sell.account.readonly",
  "https://api.ebay.com/oauth/api_scope/sell.account",
  "https://api.ebay.com/oauth/api_scope/sell.fulfillment.readonly",
  "https://api.ebay.com/oauth/api_scope/sell.fulfillment",
  "https://api.ebay.com/oauth/api_scope/sell.analytics.readonly",
  "https://api.ebay.com/oauth/api_scope/sell.finances",
  "https://api.ebay.com/oauth/api_scope/sell.payment.dispute",
  "https://api.ebay.com/oauth/api_scope/commerce.identity.readonly",
  "https://api.ebay.com/oauth/api_scope/sell.reputation",
  "https://api.ebay.com/oauth/api_scope/sell.reputation.readonly",
  "https://api.ebay.com/oauth/api_scope/commerce.notification.subscription",
  "https://api.ebay.com/oauth/api_scope/commerce.notification.subscription.readonly",
  "https://api.ebay.com/oauth/api_scope/sell.stores",
  "https://api.ebay.com/oauth/api_scope/sell.stores.readonly",
] as const;

/** eBay's bulk inventory and offer calls take at most this many records (error 25727 above). */
export const EBAY_BULK_MAX = 25;

/** How long a consent request's `state` may be answered, once. */
export const EBAY_STATE_TTL_SECONDS = 10 * 60;

/** The marketplace Blocklot lists on (US dollars, the spec's units). */
export const EBAY_MARKETPLACE = "EBAY_US";
export const EBAY_CURRENCY = "USD";

/** What a seller can ask for an item; recorded on the item (`ebay.request`) so it queues offline. */
export const LISTING_ACTIONS = ["publish", "withdraw", "delete"] as const;
export type ListingAction = (typeof LISTING_ACTIONS)[number];

/** A row of the admin listing lists: the listing, its item and whose eBay account it is on. */
export interface AdminListingRow extends EbayListing {
  title: string;
  sku: string;
  ebaySku: string | null;
  companyId: string;
  companyName: string;
  sellerEmail: string | null;
  sellerId: string | null;
  ebayUsername: string | null;
}

type ConnectionState = "not_configured" | "not_connected" | "connected" | "reconnect_needed";

export interface EbaySetup {
  /** The seller is opted in to business policies (SELLING_POLICY_MANAGEMENT). */
  businessPolicies: boolean;
  fulfillmentPolicyId: string | null;
  paymentPolicyId: string | null;
  returnPolicyId: string | null;
  /** The inventory location's merchant location key, once created. */
  merchantLocationKey: string | null;
  /** All of the above: listing is allowed. */
  complete: boolean;
}

/** `GET /api/ebay/status`. */
export interface EbayStatus {
  state: ConnectionState;
  /** The eBay user name of the connected account. */
  username: string | null;
  environment: "sandbox" | "production";
  connectedAt: string | null;
  /** Set while state is reconnect_needed, or after an eBay error worth telling. */
  message: string | null;
  setup: EbaySetup;
  /** May this user connect or disconnect (company admins). */
  canManage: boolean;
  lastOrderSyncAt: string | null;
}

interface EbayPolicy {
  id: string;
  name: string;
}

/** `GET /api/ebay/policies`. */
export interface EbayPolicies {
  fulfillment: EbayPolicy[];
  payment: EbayPolicy[];
  return: EbayPolicy[];
}

export interface EbayCategorySuggestion {
  categoryId: string;
  categoryName: string;
  /** Parent names, root first. */
  path: string[];
}

export interface EbayAspect {
  name: string;
  required: boolean;
  /** SELECTION_ONLY aspects take one of `values`; FREE_TEXT ones any text. */
  mode: "FREE_TEXT" | "SELECTION_ONLY";
  multiple: boolean;
  values: string[];
}

/** An item's listing as `GET /api/ebay/listings` answers it. */
export interface EbayListing {
  itemId: string;
  state: ListingState;
  /** The request being run or last run. */
  action: ListingAction | null;
  listingId: string | null;
  listingUrl: string | null;
  offerId: string | null;
  /** Why the last request failed, in words a seller understands. */
  error: string | null;
  lastSyncedAt: string | null;
  updatedAt: string;
}

/** An order line as shown on the item and in the orders list. */
export interface EbayOrder {
  orderId: string;
  lineItemId: string;
  itemId: string | null;
  sku: string;
  title: string;
  quantity: number;
  /** Cents. */
  price: number;
  /** Cents; null until eBay reports them. */
  fees: number | null;
  buyerName: string | null;
  buyerCity: string | null;
  /** The item status the order has reached: sold, awaiting_shipment, shipped or delivered. */
  status: "sold" | "awaiting_shipment" | "shipped" | "delivered";
  createdAt: string;
  lastModifiedAt: string;
}
