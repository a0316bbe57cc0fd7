/**
 * The dashboard navigation (spec section 2, "Shell and navigation") as data: sections,
 * nested groups, the roles that may see them, and the path rules for highlighting and
 * opening groups. Labels and icons live in nav-presentation.tsx (Lingui, React).
 */
import { AREA_ROLES, hasAnyRole, type Role } from "../../domain/roles";

export type NavKey =
  | "uploadFile"
  | "properties"
  | "filings"
  | "invoices"
  | "inventory"
  | "inventoryDashboard"
  | "dataManagement"
  | "takePhoto"
  | "createItem"
  | "describeAndList"
  | "printLabels"
  | "listingManagement"
  | "productManagement"
  | "sales"
  | "salesOverview"
  | "orders"
  | "customers"
  | "companyAccount"
  | "analytics"
  | "fileManager"
  | "calendar"
  | "kanban"
  | "blog"
  | "academy"
  | "mail"
  | "userChat"
  | "privacyPolicy"
  | "termsOfService"
  | "aboutUs"
  | "faq"
  | "statementMapping"
  | "adminFilings"
  | "outbox"
  | "demoData"
  | "unregisteredUsers"
  | "allUsers"
  | "allArticles"
  | "demoRequests"
  | "emailDemoRequests"
  | "contactMessages"
  | "productList"
  | "offerList"
  | "clarityList"
  | "userList"
  | "sellerList"
  | "chat"
  | "marketplaceImport"
  | "batchItems"
  | "marketplaceDescribe"
  | "marketplaceProducts"
  | "marketplaceListing"
  | "marketplaceChat";

export type NavSectionKey = "mainFlow" | "pages" | "information" | "admin" | "marketplace";

export interface NavItem {
  key: NavKey;
  /** Where the link goes (groups have no path: they toggle). */
  path?: string;
  /** Extra path prefixes that also count as "this item" (detail pages under another route). */
  matches?: readonly string[];
  /** Only `matches` make the item active, not its own path (a second link to a shared page). */
  matchesOnly?: boolean;
  children?: readonly NavItem[];
}

export interface NavSection {
  key: NavSectionKey;
  /** Who may see the section; absent = every signed-in user. */
  roles?: readonly Role[];
  items: readonly NavItem[];
}

export const NAV_SECTIONS: readonly NavSection[] = [
  {
    key: "mainFlow",
    items: [
      { key: "uploadFile", path: "/dashboard/import-file" },
      { key: "properties", path: "/dashboard/properties" },
      { key: "filings", path: "/dashboard/filings" },
      { key: "invoices", path: "/dashboard/invoices" },
      {
        key: "inventory",
        children: [
          { key: "inventoryDashboard", path: "/dashboard/inventory-info", matches: ["/dashboard/item"] },
          { key: "dataManagement", path: "/dashboard/data-management" },
          { key: "takePhoto", path: "/dashboard/scan-inventory" },
          { key: "createItem", path: "/dashboard/add-item" },
          { key: "describeAndList", path: "/dashboard/describe-inventory" },
          { key: "printLabels", path: "/dashboard/print-inventory-label" },
          { key: "listingManagement", path: "/dashboard/listing" },
          { key: "productManagement", path: "/dashboard/product/list", matches: ["/dashboard/product"] },
        ],
      },
      {
        key: "sales",
        children: [
          { key: "salesOverview", path: "/dashboard/ecommerce" },
          { key: "orders", path: "/dashboard/orders" },
          { key: "customers", path: "/dashboard/customers" },
        ],
      },
    ],
  },
  {
    key: "pages",
    items: [
      { key: "companyAccount", path: "/dashboard/company-account" },
      { key: "analytics", path: "/dashboard/analytics" },
      { key: "fileManager", path: "/dashboard/file-manager" },
      { key: "calendar", path: "/dashboard/calendar" },
      { key: "kanban", path: "/dashboard/kanban" },
      { key: "blog", path: "/dashboard/blog" },
      { key: "academy", path: "/dashboard/academy" },
      { key: "mail", path: "/dashboard/mail" },
      { key: "userChat", path: "/dashboard/chat" },
    ],
  },
  {
    key: "information",
    items: [
      { key: "privacyPolicy", path: "/policy" },
      { key: "termsOfService", path: "/terms-service" },
      { key: "aboutUs", path: "/about-us" },
      { key: "faq", path: "/faq" },
    ],
  },
  {
    key: "admin",
    roles: AREA_ROLES.admin,
    items: [
      { key: "statementMapping", path: "/admin/statement-mapping" },
      { key: "adminFilings", path: "/admin/filings" },
      { key: "outbox", path: "/admin/outbox" },
      { key: "demoData", path: "/admin/demo-data" },
      { key: "unregisteredUsers", path: "/admin/unregistered-user-list" },
      { key: "allUsers", path: "/admin/all-user-list", matches: ["/admin/view"] },
      { key: "allArticles", path: "/admin/article-list", matches: ["/admin/article"] },
      { key: "demoRequests", path: "/admin/demo-requests" },
      { key: "emailDemoRequests", path: "/admin/email-demo-requests" },
      { key: "contactMessages", path: "/admin/contact-messages" },
      { key: "productList", path: "/admin/product-list", matches: ["/admin/product"] },
      { key: "offerList", path: "/admin/offer-list" },
      { key: "clarityList", path: "/admin/clarity-list" },
      { key: "userList", path: "/admin/user-list" },
      {
        key: "sellerList",
        path: "/admin/seller-list",
        matches: ["/admin/ebay-listing", "/admin/batch-item"],
      },
      { key: "chat", path: "/admin/chat" },
    ],
  },
  {
    key: "marketplace",
    roles: AREA_ROLES.marketplace,
    items: [
      { key: "marketplaceImport", path: "/marketplace/import" },
      // Batch items live at /marketplace/item/{batchId}: a batch is chosen on the import page.
      { key: "batchItems", path: "/marketplace/import", matches: ["/marketplace/item"], matchesOnly: true },
      { key: "marketplaceDescribe", path: "/marketplace/describe-inventory" },
      { key: "marketplaceProducts", path: "/marketplace/product/list", matches: ["/marketplace/product"] },
      { key: "marketplaceListing", path: "/marketplace/listing" },
      { key: "marketplaceChat", path: "/marketplace/chat" },
    ],
  },
];

/** The sections a user may see (the Admin section only for super admins, etc.). */
export function visibleSections(
  user: { roles: readonly string[] } | null | undefined,
  sections: readonly NavSection[] = NAV_SECTIONS,
): NavSection[] {
  return sections.filter((s) => !s.roles || hasAnyRole(user, s.roles));
}

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/** True when the path is the prefix itself or lies under it (/a matches /a and /a/b, not /ab). */
export function pathMatches(pathname: string, prefix: string): boolean {
  const p = normalise(pathname);
  const q = normalise(prefix);
  return p === q || p.startsWith(`${q}/`);
}

/** Is this link the current page (its path or one of its extra prefixes)? */
export function isItemActive(item: NavItem, pathname: string): boolean {
  if (item.matches?.some((m) => pathMatches(pathname, m))) return true;
  return item.path !== undefined && !item.matchesOnly && pathMatches(pathname, item.path);
}

/** Does this item or anything under it hold the current page? Groups open when it does. */
export function containsActive(item: NavItem, pathname: string): boolean {
  return isItemActive(item, pathname) || (item.children ?? []).some((c) => containsActive(c, pathname));
}
