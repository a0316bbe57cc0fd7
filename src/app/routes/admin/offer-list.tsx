import { createFileRoute } from "@tanstack/react-router";
import { AdminListingsPage } from "../../features/ebay/admin/AdminListingsPage";
import { parseAdminListingSearch } from "../../features/ebay/admin/admin-listing-search";

/** /admin/offer-list: every eBay offer, filtered by state (spec section 2). */
export const Route = createFileRoute("/admin/offer-list")({
  validateSearch: parseAdminListingSearch,
  component: function OfferList() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <AdminListingsPage userId={null} search={search} onSearch={(next) => navigate({ search: next })} />
    );
  },
});
