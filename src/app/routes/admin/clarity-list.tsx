import { createFileRoute } from "@tanstack/react-router";
import { CLARITY_SORTS } from "../../../domain/admin/list-sorts";
import { ClarityListPage } from "../../features/admin-users/ClarityListPage";
import { parseListSearch } from "../../ui/server-list/list-search";

/** /admin/clarity-list: stored clarity ids, newest first (spec section 2). */
export const Route = createFileRoute("/admin/clarity-list")({
  validateSearch: (s) => parseListSearch(s, CLARITY_SORTS),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <ClarityListPage search={Route.useSearch()} onSearch={(next) => navigate({ search: next })} />;
  },
});
