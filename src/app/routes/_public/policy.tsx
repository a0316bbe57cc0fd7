import { createFileRoute } from "@tanstack/react-router";
import { PrivacyPolicyPage } from "../../features/public-site/pages/PrivacyPolicyPage";

export const Route = createFileRoute("/_public/policy")({
  component: PrivacyPolicyPage,
});
