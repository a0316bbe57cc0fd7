import { createFileRoute } from "@tanstack/react-router";
import { SuccessDemoPage } from "../features/public-site/pages/ConfirmationPages";

export const Route = createFileRoute("/success-demo")({
  component: SuccessDemoPage,
});
