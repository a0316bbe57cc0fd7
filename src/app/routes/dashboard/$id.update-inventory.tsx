import { createFileRoute } from "@tanstack/react-router";
import { UpdateItemPage } from "../../features/inventory/items-form/UpdateItemPage";

export const Route = createFileRoute("/dashboard/$id/update-inventory")({
  component: function UpdateInventory() {
    const { id } = Route.useParams();
    return <UpdateItemPage key={id} id={id} />;
  },
});
