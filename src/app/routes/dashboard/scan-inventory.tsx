import { createFileRoute } from "@tanstack/react-router";
import { ScanInventoryPage } from "../../features/inventory/scan/ScanInventoryPage";

export const Route = createFileRoute("/dashboard/scan-inventory")({
  component: ScanInventoryPage,
});
