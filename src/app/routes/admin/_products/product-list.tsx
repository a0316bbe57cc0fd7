import { createFileRoute } from "@tanstack/react-router";
import { ProductListPage } from "../../../features/inventory/products/ProductListPage";
import { parseProductListSearch } from "../../../features/inventory/products/product-list-search";

/** /admin/product-list?seller=&query=&sort=&page=: the chosen seller's products. */
export const Route = createFileRoute("/admin/_products/product-list")({
  validateSearch: parseProductListSearch,
  component: function Page() {
    const navigate = Route.useNavigate();
    const { seller, name, ...search } = Route.useSearch();
    // The list's state changes; the seller stays.
    return (
      <ProductListPage search={search} onSearch={(next) => navigate({ search: { seller, name, ...next } })} />
    );
  },
});
