import { createFileRoute } from "@tanstack/react-router";
import { LogisticsPage } from "../../features/samples/LogisticsPage";

/** /dashboard/logistics: a template page on sample data (docs/samples.md). */
export const Route = createFileRoute("/dashboard/logistics/")({
  component: LogisticsPage,
});
