import { createFileRoute } from "@tanstack/react-router";
import { TakeInventoryPhotoPage } from "../features/inventory/photos/TakeInventoryPhotoPage";

/** The phone page of a photo link (no sign-in; the hash is the permission). */
export const Route = createFileRoute("/take-inventory-photo/$hash")({
  component: function TakeInventoryPhoto() {
    const { hash } = Route.useParams();
    return <TakeInventoryPhotoPage hash={hash} />;
  },
});
