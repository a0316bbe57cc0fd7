import { createFileRoute } from "@tanstack/react-router";
import { DashboardHomePage } from "../../features/dashboard/DashboardHomePage";

/** The company's start page: what needs attention (a lazy chunk, like every dashboard route). */
export const Route = createFileRoute("/dashboard/")({
  component: DashboardHomePage,
});
