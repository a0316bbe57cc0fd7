import { createFileRoute } from "@tanstack/react-router";
import { AdminListingsPage } from "../../../../features/ebay/admin/AdminListingsPage";
import { parseAdminListingSearch } from "../../../../features/ebay/admin/admin-listing-search";

/** /admin/ebay-listing/list/{userId}: the eBay listings of the companies a seller connected. */
export const Route = createFileRoute("/admin/ebay-listing/list/$userId")({
  validateSearch: parseAdminListingSearch,
  component: function SellerListings() {
    const { userId } = Route.useParams();
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <AdminListingsPage
        key={userId}
        userId={userId}
        search={search}
        onSearch={(next) => navigate({ search: next })}
      />
    );
  },
});
