import { Stack } from "@mantine/core";
import { createFileRoute, Outlet } from "@tanstack/react-router";
import { AdminSellerPicker } from "../../features/admin-products/AdminSellerPicker";
import { SellerInventoryFrame } from "../../features/marketplace/SellerInventoryFrame";
import { parseSellerSearch } from "../../features/marketplace/seller-search";

/**
 * The admin's product pages (/admin/product-list, product/create, {productId}/update-product): the
 * seller's own product screens, in the seller chosen above them (?seller=), for a super admin in
 * any seller (docs/marketplace.md "Super admins in any seller's scope").
 */
export const Route = createFileRoute("/admin/_products")({
  validateSearch: parseSellerSearch,
  component: function AdminProducts() {
    const { seller, name } = Route.useSearch();
    return (
      <Stack gap="lg">
        <AdminSellerPicker seller={seller} name={name} />
        <SellerInventoryFrame seller={seller} name={name} area="admin">
          <Outlet />
        </SellerInventoryFrame>
      </Stack>
    );
  },
});
