import { createFileRoute } from "@tanstack/react-router";
import { CONFIRMED_SORTS } from "../../../domain/admin/list-sorts";
import { ConfirmedUsersPage } from "../../features/admin-users/ConfirmedUsersPage";
import { parseListSearch } from "../../ui/server-list/list-search";

/** /admin/user-list: confirmed users with their primary company (spec section 2). */
export const Route = createFileRoute("/admin/user-list")({
  validateSearch: (s) => parseListSearch(s, CONFIRMED_SORTS),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <ConfirmedUsersPage search={Route.useSearch()} onSearch={(next) => navigate({ search: next })} />;
  },
});
