import { createFileRoute } from "@tanstack/react-router";
import { ProductListPage } from "../../features/inventory/products/ProductListPage";
import { parseProductListSearch } from "../../features/inventory/products/product-list-search";

/** /dashboard/product/list?query=&sort=&page=: Product Management, its list state in the URL. */
export const Route = createFileRoute("/dashboard/product/list")({
  validateSearch: parseProductListSearch,
  component: function Page() {
    const navigate = Route.useNavigate();
    return <ProductListPage search={Route.useSearch()} onSearch={(next) => navigate({ search: next })} />;
  },
});
