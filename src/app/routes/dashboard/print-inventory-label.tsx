import { createFileRoute } from "@tanstack/react-router";
import { PrintLabelsPage } from "../../features/inventory/labels/PrintLabelsPage";

export const Route = createFileRoute("/dashboard/print-inventory-label")({
  component: PrintLabelsPage,
});
