import { createFileRoute } from "@tanstack/react-router";
import { JobsPage } from "../../features/samples/JobsPage";

/** /dashboard/jobs: a template page on sample data (docs/samples.md). */
export const Route = createFileRoute("/dashboard/jobs/")({
  component: JobsPage,
});
