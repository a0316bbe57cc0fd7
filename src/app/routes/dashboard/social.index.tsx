import { createFileRoute } from "@tanstack/react-router";
import { SocialPage } from "../../features/samples/SocialPage";

/** /dashboard/social: a template page on sample data (docs/samples.md). */
export const Route = createFileRoute("/dashboard/social/")({
  component: SocialPage,
});
