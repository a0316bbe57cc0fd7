import { useLingui } from "@lingui/react/macro";
import { Badge } from "@mantine/core";
import type { OrderStatus } from "../../../domain/commerce/contract";

const COLOR: Record<OrderStatus, string> = {
  sold: "orange",
  awaiting_shipment: "yellow",
  shipped: "blue",
  delivered: "green",
};

/** An eBay order (line)'s status as the order sync set it (docs/ebay.md "Orders"). */
export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useLingui();
  const label: Record<OrderStatus, string> = {
    sold: t`Sold`,
    awaiting_shipment: t`Awaiting shipment`,
    shipped: t`Shipped`,
    delivered: t`Delivered`,
  };
  return (
    <Badge variant="light" size="sm" color={COLOR[status as OrderStatus] ?? "gray"}>
      {label[status as OrderStatus] ?? status}
    </Badge>
  );
}
