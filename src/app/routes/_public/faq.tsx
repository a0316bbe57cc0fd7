import { createFileRoute } from "@tanstack/react-router";
import { FaqPage } from "../../features/public-site/pages/FaqPage";
import { RpieCheckerSection } from "../../features/rpie/RpieCheckerSection";

export const Route = createFileRoute("/_public/faq")({
  component: () => (
    <>
      <FaqPage />
      <RpieCheckerSection />
    </>
  ),
});
