import { createFileRoute } from "@tanstack/react-router";
import { ProductListPage } from "../../features/inventory/products/ProductListPage";

export const Route = createFileRoute("/dashboard/product/list")({
  component: ProductListPage,
});
