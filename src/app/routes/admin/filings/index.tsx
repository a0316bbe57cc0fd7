import { createFileRoute } from "@tanstack/react-router";
import { AdminFilingsPage } from "../../../features/filing/admin/AdminFilingsPage";

export const Route = createFileRoute("/admin/filings/")({
  component: AdminFilingsPage,
});
