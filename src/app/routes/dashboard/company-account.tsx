import { createFileRoute } from "@tanstack/react-router";
import { CompanyAccountPage } from "../../features/company-account/CompanyAccountPage";

export const Route = createFileRoute("/dashboard/company-account")({
  component: CompanyAccountPage,
});
