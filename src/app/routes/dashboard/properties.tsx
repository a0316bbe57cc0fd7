import { createFileRoute } from "@tanstack/react-router";
import { FilingBadge } from "../../features/filing/FilingBadge";
import { PropertiesPage } from "../../features/properties/PropertiesPage";

export const Route = createFileRoute("/dashboard/properties")({
  component: () => <PropertiesPage FilingBadge={FilingBadge} />,
});
