import { createFileRoute, Outlet } from "@tanstack/react-router";
import { SellerInventoryFrame } from "../../features/marketplace/SellerInventoryFrame";
import { parseSellerSearch } from "../../features/marketplace/seller-search";

/**
 * The marketplace inventory screens (/marketplace/import, item/{batchId}, …): the seller's own
 * inventory screens, in the seller named by ?seller= (docs/marketplace.md "In the app").
 */
export const Route = createFileRoute("/marketplace/_seller")({
  validateSearch: parseSellerSearch,
  component: function SellerInventory() {
    const { seller, name } = Route.useSearch();
    return (
      <SellerInventoryFrame seller={seller} name={name}>
        <Outlet />
      </SellerInventoryFrame>
    );
  },
});
