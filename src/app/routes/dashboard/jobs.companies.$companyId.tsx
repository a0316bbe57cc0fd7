import { createFileRoute } from "@tanstack/react-router";
import { JobCompanyPage } from "../../features/samples/JobCompanyPage";

/** /dashboard/jobs/companies/{companyId}: a sample company and its jobs (docs/samples.md). */
export const Route = createFileRoute("/dashboard/jobs/companies/$companyId")({
  component: function JobCompany() {
    const { companyId } = Route.useParams();
    return <JobCompanyPage companyId={companyId} />;
  },
});
