import { createFileRoute } from "@tanstack/react-router";
import { InventoryDashboardPage } from "../../../features/inventory/dashboard/InventoryDashboardPage";

/** /marketplace/import?seller=: the seller's batches and the file import (the seller's own screen). */
export const Route = createFileRoute("/marketplace/_seller/import")({
  component: InventoryDashboardPage,
});
