import { createFileRoute } from "@tanstack/react-router";
import { CreateProductPage } from "../../../features/inventory/products/ProductPages";

/** /marketplace/product/create?seller=: a new product of the seller. */
export const Route = createFileRoute("/marketplace/_seller/product/create")({
  component: CreateProductPage,
});
