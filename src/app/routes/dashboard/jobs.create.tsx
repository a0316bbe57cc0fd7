import { createFileRoute } from "@tanstack/react-router";
import { JobCreatePage } from "../../features/samples/JobCreatePage";

/** /dashboard/jobs/create: a template page on sample data (docs/samples.md). */
export const Route = createFileRoute("/dashboard/jobs/create")({
  component: JobCreatePage,
});
