import { createFileRoute } from "@tanstack/react-router";
import { MARKETPLACE_SELLER_SORTS } from "../../../domain/marketplace";
import { MarketplaceSellersPage } from "../../features/marketplace/MarketplaceSellersPage";
import { parseListSearch } from "../../ui/server-list/list-search";

/** /marketplace: the sellers marketplace staff work for (docs/marketplace.md). */
export const Route = createFileRoute("/marketplace/")({
  validateSearch: (s) => parseListSearch(s, MARKETPLACE_SELLER_SORTS),
  component: function Page() {
    const navigate = Route.useNavigate();
    return (
      <MarketplaceSellersPage search={Route.useSearch()} onSearch={(next) => navigate({ search: next })} />
    );
  },
});
