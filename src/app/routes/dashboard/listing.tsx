import { createFileRoute } from "@tanstack/react-router";
import { ListingPage } from "../../features/inventory/listing/ListingPage";

export const Route = createFileRoute("/dashboard/listing")({
  component: ListingPage,
});
