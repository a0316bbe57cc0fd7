import { createFileRoute } from "@tanstack/react-router";
import { LandingPage } from "../../features/public-site/pages/LandingPage";
import { RpieCheckerSection } from "../../features/rpie/RpieCheckerSection";

export const Route = createFileRoute("/_public/")({
  component: () => (
    <>
      <LandingPage />
      <RpieCheckerSection />
    </>
  ),
});
