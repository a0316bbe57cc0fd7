import { createFileRoute } from "@tanstack/react-router";
import { ProductsScreen } from "../../features/commerce/ProductsScreen";

/** /dashboard/products and /dashboard/products/create (docs/commerce.md): one route whose screens load lazily and read their own search. */
export const Route = createFileRoute("/dashboard/products/$")({
  component: function Products() {
    const { _splat = "" } = Route.useParams();
    const search = Route.useSearch() as Record<string, unknown>;
    const navigate = Route.useNavigate();
    return (
      <ProductsScreen
        path={_splat}
        search={search}
        onSearch={(next) => navigate({ to: "/dashboard/products/$", params: { _splat }, search: next })}
      />
    );
  },
});
