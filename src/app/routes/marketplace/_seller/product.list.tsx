import { createFileRoute } from "@tanstack/react-router";
import { ProductListPage } from "../../../features/inventory/products/ProductListPage";

/** /marketplace/product/list?seller=: the seller's products. */
export const Route = createFileRoute("/marketplace/_seller/product/list")({
  component: ProductListPage,
});
