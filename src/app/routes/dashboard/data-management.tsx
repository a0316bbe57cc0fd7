import { createFileRoute } from "@tanstack/react-router";
import { DataManagementPage } from "../../features/samples/DataManagementPage";

/** /dashboard/data-management: empty in the spec: an honest empty state (docs/samples.md). */
export const Route = createFileRoute("/dashboard/data-management")({
  component: DataManagementPage,
});
