import { createFileRoute } from "@tanstack/react-router";
import { FleetPage } from "../../features/samples/FleetPage";

/** /dashboard/logistics/fleet: a template page on sample data (docs/samples.md). */
export const Route = createFileRoute("/dashboard/logistics/fleet")({
  component: FleetPage,
});
