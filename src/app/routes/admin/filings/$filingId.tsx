import { createFileRoute } from "@tanstack/react-router";
import { AdminFilingPage } from "../../../features/filing/admin/AdminFilingPage";

export const Route = createFileRoute("/admin/filings/$filingId")({
  component: function AdminFiling() {
    const { filingId } = Route.useParams();
    return <AdminFilingPage key={filingId} filingId={filingId} />;
  },
});
