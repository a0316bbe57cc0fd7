import { createFileRoute } from "@tanstack/react-router";
import { UpdateProductPage } from "../../../features/inventory/products/ProductPages";

/** /marketplace/{productId}/update-product?seller=: one of the seller's products. */
export const Route = createFileRoute("/marketplace/_seller/$productId/update-product")({
  component: function UpdateProduct() {
    const { productId } = Route.useParams();
    return <UpdateProductPage key={productId} productId={productId} />;
  },
});
