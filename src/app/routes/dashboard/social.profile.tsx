import { createFileRoute } from "@tanstack/react-router";
import { SocialProfilePage } from "../../features/samples/SocialProfilePage";

/** /dashboard/social/profile: a template page on sample data (docs/samples.md). */
export const Route = createFileRoute("/dashboard/social/profile")({
  component: SocialProfilePage,
});
