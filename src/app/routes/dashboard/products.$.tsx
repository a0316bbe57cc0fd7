import { createFileRoute } from "@tanstack/react-router";
import { ProductsScreen } from "../../features/commerce/ProductsScreen";

/** /dashboard/products and /dashboard/products/create (docs/commerce.md): the inventory's product pages. */
export const Route = createFileRoute("/dashboard/products/$")({
  component: function Products() {
    const { _splat = "" } = Route.useParams();
    return <ProductsScreen path={_splat} />;
  },
});
