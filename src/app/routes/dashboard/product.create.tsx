import { createFileRoute } from "@tanstack/react-router";
import { CreateProductPage } from "../../features/inventory/products/ProductPages";

export const Route = createFileRoute("/dashboard/product/create")({
  component: CreateProductPage,
});
