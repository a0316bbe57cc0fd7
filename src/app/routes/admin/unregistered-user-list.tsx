import { createFileRoute } from "@tanstack/react-router";
import { UNREGISTERED_SORTS } from "../../../domain/admin/list-sorts";
import { UnregisteredUsersPage } from "../../features/admin-users/UnregisteredUsersPage";
import { parseListSearch } from "../../ui/server-list/list-search";

/** /admin/unregistered-user-list: accounts never confirmed and invitations never accepted (spec section 2). */
export const Route = createFileRoute("/admin/unregistered-user-list")({
  validateSearch: (s) => parseListSearch(s, UNREGISTERED_SORTS),
  component: function Page() {
    const navigate = Route.useNavigate();
    return (
      <UnregisteredUsersPage search={Route.useSearch()} onSearch={(next) => navigate({ search: next })} />
    );
  },
});
