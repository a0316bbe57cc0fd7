import { createFileRoute } from "@tanstack/react-router";
import { parseMarketplaceListingSearch } from "../../features/marketplace/listing-search";
import { MarketplaceListingPage } from "../../features/marketplace/MarketplaceListingPage";

/** /marketplace/listing: Listing Management across the sellers staff work for (docs/marketplace.md). */
export const Route = createFileRoute("/marketplace/listing")({
  validateSearch: parseMarketplaceListingSearch,
  component: function Page() {
    const navigate = Route.useNavigate();
    return (
      <MarketplaceListingPage search={Route.useSearch()} onSearch={(next) => navigate({ search: next })} />
    );
  },
});
