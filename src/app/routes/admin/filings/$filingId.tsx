import { createFileRoute } from "@tanstack/react-router";
import { AdminFilingPage } from "../../../features/filing/admin/AdminFilingPage";
import { filingQueries } from "../../../features/filing/filing-api";
import { preloadQuery } from "../../../lib/preload-query";

export const Route = createFileRoute("/admin/filings/$filingId")({
  loader: ({ params }) => preloadQuery(filingQueries.staffFiling(params.filingId)),
  component: function AdminFiling() {
    const { filingId } = Route.useParams();
    return <AdminFilingPage key={filingId} filingId={filingId} />;
  },
});
