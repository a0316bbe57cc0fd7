import { createFileRoute } from "@tanstack/react-router";
import { AddItemPage } from "../../features/inventory/items-form/AddItemPage";

export const Route = createFileRoute("/dashboard/add-item")({
  // ?batchId= puts the new item in that batch (e.g. "Add item" on a batch's list)
  validateSearch: (search: Record<string, unknown>): { batchId?: string } =>
    typeof search.batchId === "string" && search.batchId ? { batchId: search.batchId } : {},
  component: function AddItem() {
    const { batchId } = Route.useSearch();
    return <AddItemPage batchId={batchId} />;
  },
});
