import { createFileRoute } from "@tanstack/react-router";
import { AdminFilingsPage } from "../../../features/filing/admin/AdminFilingsPage";
import { parseAdminFilingsSearch } from "../../../features/filing/admin/admin-filings-search";

/** /admin/filings?state=&kind=&companyId=&year=&page=: the staff queue, its filters in the URL. */
export const Route = createFileRoute("/admin/filings/")({
  validateSearch: parseAdminFilingsSearch,
  component: function Page() {
    const navigate = Route.useNavigate();
    return <AdminFilingsPage search={Route.useSearch()} onSearch={(next) => navigate({ search: next })} />;
  },
});
