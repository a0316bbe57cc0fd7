import { createFileRoute } from "@tanstack/react-router";
import { refreshFilings } from "../../../features/filing/filing-api";
import { AuditReportPage } from "../../../features/statement-mapping/AuditReportPage";
import { auditQueries } from "../../../features/statement-mapping/audit-api";
import { preloadQuery } from "../../../lib/preload-query";
import { queryClient } from "../../../lib/query-client";

export const Route = createFileRoute("/admin/statement-mapping/audit-report/$filingId")({
  loader: ({ params }) => preloadQuery(auditQueries.view(params.filingId)),
  component: function AuditReportRoute() {
    const { filingId } = Route.useParams();
    // Saving changes the filing's TC309 flags: the staff's filings ask again.
    return <AuditReportPage filingId={filingId} onSaved={() => refreshFilings(queryClient)} />;
  },
});
