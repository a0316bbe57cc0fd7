import { createFileRoute } from "@tanstack/react-router";
import { BatchItemsPage } from "../../features/inventory/batch-items/BatchItemsPage";

/** /dashboard/item/{batchId}: the items of one batch (issue 6). */
export const Route = createFileRoute("/dashboard/item/$id")({
  component: function BatchItems() {
    const { id } = Route.useParams();
    return <BatchItemsPage key={id} batchId={id} />;
  },
});
