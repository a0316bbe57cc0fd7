import { createFileRoute } from "@tanstack/react-router";
import { SELLER_SORTS } from "../../../domain/admin/list-sorts";
import { SellerListPage } from "../../features/admin-users/SellerListPage";
import { parseListSearch } from "../../ui/server-list/list-search";

/** /admin/seller-list: companies with inventory (spec section 2). */
export const Route = createFileRoute("/admin/seller-list")({
  validateSearch: (s) => parseListSearch(s, SELLER_SORTS),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <SellerListPage search={Route.useSearch()} onSearch={(next) => navigate({ search: next })} />;
  },
});
