import { createFileRoute } from "@tanstack/react-router";
import { GuidedListingImagesPage } from "../features/inventory/describe/GuidedListingImagesPage";

/** Public (spec section 2, outside the marketing layout): no sign-in, no role. */
export const Route = createFileRoute("/guided-listing-images")({
  component: GuidedListingImagesPage,
});
