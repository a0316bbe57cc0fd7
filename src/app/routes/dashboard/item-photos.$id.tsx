import { createFileRoute } from "@tanstack/react-router";
import { ItemPhotosPage } from "../../features/inventory/photos/ItemPhotosPage";

export const Route = createFileRoute("/dashboard/item-photos/$id")({
  component: function ItemPhotos() {
    const { id } = Route.useParams();
    return <ItemPhotosPage key={id} id={id} />;
  },
});
