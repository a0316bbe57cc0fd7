import { createFileRoute } from "@tanstack/react-router";
import { DescribeInventoryPage } from "../../features/inventory/describe/DescribeInventoryPage";
import { parseDescribeSearch } from "../../features/inventory/describe/queue-source";

/** ?source=todo|batch|search &batch= &q= &item= — the queue and the item being described. */
export const Route = createFileRoute("/dashboard/describe-inventory")({
  validateSearch: parseDescribeSearch,
  component: function DescribeInventory() {
    return <DescribeInventoryPage search={Route.useSearch()} />;
  },
});
