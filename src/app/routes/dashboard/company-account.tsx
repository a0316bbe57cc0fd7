import { createFileRoute } from "@tanstack/react-router";
import { CompanyAccountPage } from "../../features/company/CompanyAccountPage";

export const Route = createFileRoute("/dashboard/company-account")({
  component: CompanyAccountPage,
});
