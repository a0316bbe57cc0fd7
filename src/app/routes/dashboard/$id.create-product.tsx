import { createFileRoute } from "@tanstack/react-router";
import { CreateProductFromItemPage } from "../../features/inventory/products/ProductPages";

export const Route = createFileRoute("/dashboard/$id/create-product")({
  component: function CreateProduct() {
    const { id } = Route.useParams();
    return <CreateProductFromItemPage key={id} itemId={id} />;
  },
});
