import { createFileRoute } from "@tanstack/react-router";
import { UpdateProductPage } from "../../features/inventory/products/ProductPages";

export const Route = createFileRoute("/dashboard/$id/update-product")({
  component: function UpdateProduct() {
    const { id } = Route.useParams();
    return <UpdateProductPage key={id} productId={id} />;
  },
});
