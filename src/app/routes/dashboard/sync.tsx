import { createFileRoute } from "@tanstack/react-router";
import { SyncPage } from "../../features/sync/SyncPage";

export const Route = createFileRoute("/dashboard/sync")({
  component: SyncPage,
});
