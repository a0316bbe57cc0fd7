import { createFileRoute } from "@tanstack/react-router";
import { ProductsScreen } from "../../features/commerce/ProductsScreen";
import { parseProductListSearch } from "../../features/inventory/products/product-list-search";

/** /dashboard/products and /dashboard/products/create (docs/commerce.md): the inventory's product pages. */
export const Route = createFileRoute("/dashboard/products/$")({
  // The list's search, query, order and page (the create form has none).
  validateSearch: parseProductListSearch,
  component: function Products() {
    const { _splat = "" } = Route.useParams();
    const navigate = Route.useNavigate();
    return (
      <ProductsScreen
        path={_splat}
        search={Route.useSearch()}
        onSearch={(next) => navigate({ search: next })}
      />
    );
  },
});
