import { createFileRoute } from "@tanstack/react-router";
import { DescribeInventoryPage } from "../../../features/inventory/describe/DescribeInventoryPage";
import { parseDescribeSearch } from "../../../features/inventory/describe/queue-source";

/** /marketplace/describe-inventory?seller=&source=…: Describe and List, in the seller's inventory. */
export const Route = createFileRoute("/marketplace/_seller/describe-inventory")({
  validateSearch: parseDescribeSearch,
  component: function DescribeInventory() {
    return <DescribeInventoryPage search={Route.useSearch()} />;
  },
});
