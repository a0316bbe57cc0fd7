import { createFileRoute } from "@tanstack/react-router";
import { TermsPage } from "../features/public-site/pages/TermsPage";

export const Route = createFileRoute("/terms-service")({
  component: TermsPage,
});
