import { createFileRoute } from "@tanstack/react-router";
import { UpdateItemPage } from "../../../features/inventory/items-form/UpdateItemPage";

/** /marketplace/{inventoryId}/update-inventory?seller=: the item form, in the seller's inventory. */
export const Route = createFileRoute("/marketplace/_seller/$inventoryId/update-inventory")({
  component: function UpdateInventory() {
    const { inventoryId } = Route.useParams();
    return <UpdateItemPage key={inventoryId} id={inventoryId} />;
  },
});
