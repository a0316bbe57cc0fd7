/**
 * The sales screens' contract (docs/commerce.md): the company's eBay orders grouped by order, its
 * buyers as customers with the company's own notes, and a sales overview, all from the orders the
 * eBay order sync stored (docs/ebay.md "Orders").
 */

export const COMMERCE_PATHS = {
  overview: "/api/commerce/overview",
  orders: "/api/commerce/orders",
  order: (orderId: string) => `/api/commerce/orders/${encodeURIComponent(orderId)}`,
  customers: "/api/commerce/customers",
  customer: (username: string) => `/api/commerce/customers/${encodeURIComponent(username)}`,
} as const;

/** The overview's periods, in days. */
export const OVERVIEW_DAYS = [7, 30, 90, 365] as const;
export type OverviewDays = (typeof OVERVIEW_DAYS)[number];

export const ORDER_SORTS = ["createdAt", "total", "buyer"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const CUSTOMER_SORTS = ["lastOrderAt", "spent", "orders", "username"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/** An order line's status as the order sync sets it, from least to most advanced. */
export const ORDER_STATUSES = ["sold", "awaiting_shipment", "shipped", "delivered"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** eBay user names: 1–64 of letters, digits and . _ - * (what a customer id may be). */
export const BUYER_USERNAME_PATTERN = "^[A-Za-z0-9._*@-]{1,64}$";
/** eBay order ids (e.g. 12-34567-89012). */
export const ORDER_ID_PATTERN = "^[A-Za-z0-9!._-]{1,64}$";

/** Limits of the company's own fields about a buyer. */
export const CUSTOMER_LIMITS = { name: 120, email: 254, phone: 40, note: 4000 } as const;

/** One eBay order (its lines together). Money in integer cents. */
export interface CommerceOrder {
  orderId: string;
  createdAt: string;
  buyerUsername: string | null;
  buyerName: string | null;
  buyerCity: string | null;
  lines: number;
  quantity: number;
  totalCents: number;
  feesCents: number | null;
  /** The least advanced status of its lines (an order is shipped when every line is). */
  status: OrderStatus;
}

interface CommerceOrderLine {
  lineItemId: string;
  itemId: string | null;
  sku: string;
  title: string;
  quantity: number;
  priceCents: number;
  status: OrderStatus;
}

export interface CommerceOrderDetail extends CommerceOrder {
  items: CommerceOrderLine[];
}

/** The company's own fields about a buyer (edited on /dashboard/customers/{id}/edit). */
export interface CustomerNotes {
  name: string | null;
  email: string | null;
  phone: string | null;
  note: string | null;
}

export interface CommerceCustomer {
  username: string;
  /** The name eBay gave on the latest order. */
  buyerName: string | null;
  buyerCity: string | null;
  orders: number;
  spentCents: number;
  firstOrderAt: string;
  lastOrderAt: string;
  /** The company's own name for the buyer and contact fields, when it wrote any. */
  name: string | null;
  email: string | null;
  phone: string | null;
}

export interface CommerceCustomerDetail extends CommerceCustomer {
  note: string | null;
  notesUpdatedAt: string | null;
  /** Their orders, newest first (at most 100). */
  recentOrders: CommerceOrder[];
}

export interface CommerceOverview {
  days: OverviewDays;
  revenueCents: number;
  feesCents: number;
  orders: number;
  itemsSold: number;
  customers: number;
  /** Orders with a line not shipped yet (sold or awaiting shipment), whatever their date. */
  toShip: number;
  /** Revenue per day of the period, oldest first (days without orders are 0). */
  daily: { date: string; revenueCents: number; orders: number }[];
  topItems: { itemId: string | null; title: string; quantity: number; revenueCents: number }[];
  recentOrders: CommerceOrder[];
  inventory: { items: number; inStock: number; listed: number; products: number };
  invoices: { unpaid: number; unpaidCents: number };
}
