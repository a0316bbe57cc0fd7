import { createFileRoute } from "@tanstack/react-router";
import { UpdateProductPage } from "../../../features/inventory/products/ProductPages";

/** /admin/{productId}/update-product?seller=: one of the chosen seller's products. */
export const Route = createFileRoute("/admin/_products/$productId/update-product")({
  component: function UpdateProduct() {
    const { productId } = Route.useParams();
    return <UpdateProductPage key={productId} productId={productId} />;
  },
});
