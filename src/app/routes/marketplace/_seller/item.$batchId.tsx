import { createFileRoute } from "@tanstack/react-router";
import { BatchItemsPage } from "../../../features/inventory/batch-items/BatchItemsPage";

/** /marketplace/item/{batchId}?seller=: the items of one of the seller's batches. */
export const Route = createFileRoute("/marketplace/_seller/item/$batchId")({
  component: function BatchItems() {
    const { batchId } = Route.useParams();
    return <BatchItemsPage key={batchId} batchId={batchId} />;
  },
});
