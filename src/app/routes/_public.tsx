import { createFileRoute } from "@tanstack/react-router";
import { PublicLayout } from "../features/public-site/layout/PublicLayout";

export const Route = createFileRoute("/_public")({
  component: PublicLayout,
});
