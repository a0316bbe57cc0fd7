import { createFileRoute } from "@tanstack/react-router";
import { CreateProductPage } from "../../../features/inventory/products/ProductPages";

/** /admin/product/create?seller=: a new product of the chosen seller. */
export const Route = createFileRoute("/admin/_products/product/create")({
  component: CreateProductPage,
});
