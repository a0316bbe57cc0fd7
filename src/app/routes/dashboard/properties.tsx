import { createFileRoute } from "@tanstack/react-router";
import { PropertiesPage } from "../../features/properties/PropertiesPage";

export const Route = createFileRoute("/dashboard/properties")({
  component: PropertiesPage,
});
