import { createFileRoute } from "@tanstack/react-router";
import { RequestDemoPage } from "../features/public-site/pages/RequestDemoPage";

export const Route = createFileRoute("/request-demo")({
  component: RequestDemoPage,
});
