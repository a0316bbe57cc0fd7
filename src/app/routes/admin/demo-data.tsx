import { createFileRoute } from "@tanstack/react-router";
import { DemoDataPage } from "../../features/demo/DemoDataPage";

export const Route = createFileRoute("/admin/demo-data")({
  component: DemoDataPage,
});
