/**
 * Where the inventory screens run: the seller's own dashboard (`/dashboard/…`, the signed-in
 * company) or the marketplace staff's area (`/marketplace/…?seller=…`, a seller that handed its
 * inventory over; docs/marketplace.md). The screens are the same components; this context gives
 * them their links, so a staff member moving between a seller's batches, items and products stays
 * in that seller's scope. Screens the marketplace area does not have (scan, add an item by hand,
 * the sync screen) get no link there (null); its Listing Management is every seller's, opened
 * on this seller's listings.
 */
import { useRouter } from "@tanstack/react-router";
import { type AnchorHTMLAttributes, createContext, forwardRef, type ReactNode, useContext } from "react";

/**
 * Where staff work in a seller's inventory: the marketplace area, or the admin's product pages
 * (`/admin/product-list`, `/admin/product/create`, `/admin/{id}/update-product`, a super admin in
 * any seller; their other links lead to the marketplace screens, which a super admin may open).
 */
export type StaffArea = "marketplace" | "admin";

const SellerContext = createContext<{ seller: string; area: StaffArea } | null>(null);

/** The inventory screens below work in `seller`'s inventory, under /marketplace (or /admin). */
export function MarketplaceInventoryArea({
  seller,
  area = "marketplace",
  children,
}: {
  seller: string;
  area?: StaffArea;
  children: ReactNode;
}) {
  return <SellerContext.Provider value={{ seller, area }}>{children}</SellerContext.Provider>;
}

/** The seller company marketplace staff work for here, or null on the seller's own dashboard. */
export function useSellerScope(): string | null {
  return useContext(SellerContext)?.seller ?? null;
}

type Search = Record<string, string | undefined>;

function withQuery(path: string, search: Search): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(search)) if (v !== undefined) qs.set(k, v);
  const text = qs.toString();
  return text ? `${path}?${text}` : path;
}

export interface InventoryLinks {
  /** The batches and the import: /dashboard/inventory-info, /marketplace/import. */
  home: string;
  batch(batchId: string): string;
  item(itemId: string): string;
  describe(search?: Search): string;
  productList: string;
  productCreate: string;
  product(productId: string): string;
  /** Only on the seller's own dashboard (null in the marketplace area). */
  addItem: string | null;
  scan: string | null;
  /** Listing Management: /dashboard/listing, or /marketplace/listing filtered to the seller. */
  listing: string | null;
  createProductFrom(itemId: string): string | null;
}

const enc = encodeURIComponent;

function dashboardLinks(): InventoryLinks {
  return {
    home: "/dashboard/inventory-info",
    batch: (id) => `/dashboard/item/${enc(id)}`,
    item: (id) => `/dashboard/${enc(id)}/update-inventory`,
    describe: (search = {}) => withQuery("/dashboard/describe-inventory", search),
    productList: "/dashboard/product/list",
    productCreate: "/dashboard/product/create",
    product: (id) => `/dashboard/${enc(id)}/update-product`,
    addItem: "/dashboard/add-item",
    scan: "/dashboard/scan-inventory",
    listing: "/dashboard/listing",
    createProductFrom: (id) => `/dashboard/${enc(id)}/create-product`,
  };
}

function marketplaceLinks(seller: string): InventoryLinks {
  const q = (path: string, search: Search = {}) => withQuery(path, { ...search, seller });
  return {
    home: q("/marketplace/import"),
    batch: (id) => q(`/marketplace/item/${enc(id)}`),
    item: (id) => q(`/marketplace/${enc(id)}/update-inventory`),
    describe: (search = {}) => q("/marketplace/describe-inventory", search),
    productList: q("/marketplace/product/list"),
    productCreate: q("/marketplace/product/create"),
    product: (id) => q(`/marketplace/${enc(id)}/update-product`),
    addItem: null,
    scan: null,
    listing: q("/marketplace/listing"),
    createProductFrom: () => null,
  };
}

/** The admin's product pages in a seller; the rest as in the marketplace area. */
function adminLinks(seller: string): InventoryLinks {
  const q = (path: string) => withQuery(path, { seller });
  return {
    ...marketplaceLinks(seller),
    productList: q("/admin/product-list"),
    productCreate: q("/admin/product/create"),
    product: (id) => q(`/admin/${enc(id)}/update-product`),
  };
}

/** The links of a seller's inventory in a staff area, or of the seller's own dashboard (null). */
export function inventoryLinksFor(seller: string | null, area: StaffArea = "marketplace"): InventoryLinks {
  if (!seller) return dashboardLinks();
  return area === "admin" ? adminLinks(seller) : marketplaceLinks(seller);
}

/** The links of the area the screen runs in. */
export function useInventoryLinks(): InventoryLinks {
  const scope = useContext(SellerContext);
  return inventoryLinksFor(scope?.seller ?? null, scope?.area);
}

/** Navigates to one of `useInventoryLinks()`'s targets. */
export function useGoTo(): (href: string, opts?: { replace?: boolean }) => Promise<void> {
  const router = useRouter();
  return (href, opts) => router.navigate({ href, replace: opts?.replace });
}

/**
 * An in-app link to an href (a target of `useInventoryLinks()`): a real `<a href>` (open in a new
 * tab, copy link) that navigates inside the app on a plain click. For Mantine's `component` or
 * `renderRoot`.
 */
export const HrefLink = forwardRef<
  HTMLAnchorElement,
  AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }
>(function HrefLink({ href, onClick, ...props }, ref) {
  const router = useRouter();
  return (
    <a
      {...props}
      ref={ref}
      href={href}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        void router.navigate({ href });
      }}
    />
  );
});
