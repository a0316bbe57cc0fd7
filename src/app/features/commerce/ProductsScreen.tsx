import { lazy, Suspense } from "react";
import { NotFoundPage } from "../errors/pages";
import { type ProductListSearch, parseProductListSearch } from "../inventory/products/product-list-search";
import { parseProductsPath } from "./commerce-paths";

// The inventory's own product pages (docs/commerce.md): the same screens as /dashboard/product/list
// and /dashboard/product/create, offline-first on the local database, not a second copy.
const ProductListPage = lazy(() =>
  import("../inventory/products/ProductListPage").then((m) => ({ default: m.ProductListPage })),
);
const CreateProductPage = lazy(() =>
  import("../inventory/products/ProductPages").then((m) => ({ default: m.CreateProductPage })),
);

/** /dashboard/products and /dashboard/products/create. */
export function ProductsScreen({
  path,
  search,
  onSearch,
}: {
  path: string;
  /** The URL search as it came (parsed here, in the lazy chunk: nothing of it loads at app start). */
  search: Record<string, unknown>;
  onSearch(next: ProductListSearch): void;
}) {
  const target = parseProductsPath(path);
  if (!target) return <NotFoundPage />;
  return (
    <Suspense fallback={null}>
      {target.screen === "list" ? (
        <ProductListPage search={parseProductListSearch(search)} onSearch={onSearch} />
      ) : (
        <CreateProductPage />
      )}
    </Suspense>
  );
}
