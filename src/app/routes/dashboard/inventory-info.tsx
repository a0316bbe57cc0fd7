import { createFileRoute } from "@tanstack/react-router";
import { InventoryDashboardPage } from "../../features/inventory/dashboard/InventoryDashboardPage";

export const Route = createFileRoute("/dashboard/inventory-info")({
  component: InventoryDashboardPage,
});
