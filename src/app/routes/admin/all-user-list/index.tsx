import { createFileRoute } from "@tanstack/react-router";
import { ALL_USER_SORTS } from "../../../../domain/admin/list-sorts";
import { AllUsersPage } from "../../../features/admin-users/AllUsersPage";
import { parseListSearch } from "../../../ui/server-list/list-search";

/** /admin/all-user-list: every account (spec section 2). */
export const Route = createFileRoute("/admin/all-user-list/")({
  validateSearch: (s) => parseListSearch(s, ALL_USER_SORTS),
  component: function AllUsers() {
    const navigate = Route.useNavigate();
    return <AllUsersPage search={Route.useSearch()} onSearch={(next) => navigate({ search: next })} />;
  },
});
