import { createFileRoute } from "@tanstack/react-router";
import type { DescribeSearch } from "../../features/inventory/describe/DescribeInventoryPage";
import { DescribeInventoryPage } from "../../features/inventory/describe/DescribeInventoryPage";
import { isQueueSource } from "../../features/inventory/describe/queue-source";

const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : undefined);

/** ?source=todo|batch|search &batch= &q= &item= — the queue and the item being described. */
export const Route = createFileRoute("/dashboard/describe-inventory")({
  validateSearch: (search: Record<string, unknown>): DescribeSearch => {
    const out: DescribeSearch = {};
    if (isQueueSource(search.source)) out.source = search.source;
    const batch = text(search.batch);
    const q = text(search.q);
    const item = text(search.item);
    if (batch) out.batch = batch;
    if (q) out.q = q;
    if (item) out.item = item;
    return out;
  },
  component: function DescribeInventory() {
    return <DescribeInventoryPage search={Route.useSearch()} />;
  },
});
