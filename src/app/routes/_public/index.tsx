import { createFileRoute } from "@tanstack/react-router";
import { LandingPage } from "../../features/public-site/pages/LandingPage";

export const Route = createFileRoute("/_public/")({
  component: LandingPage,
});
