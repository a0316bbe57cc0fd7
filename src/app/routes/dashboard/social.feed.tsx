import { createFileRoute } from "@tanstack/react-router";
import { SocialFeedPage } from "../../features/samples/SocialFeedPage";

/** /dashboard/social/feed: a template page on sample data (docs/samples.md). */
export const Route = createFileRoute("/dashboard/social/feed")({
  component: SocialFeedPage,
});
