/** Links between the sales screens: an order, a buyer (the customer page), an inventory item. */
import { Anchor, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { CommerceOrder } from "../../../domain/commerce/contract";

export function OrderLink({ orderId }: { orderId: string }) {
  return (
    <Anchor
      fw={600}
      size="sm"
      renderRoot={(props) => <Link {...props} to="/dashboard/orders/$" params={{ _splat: orderId }} />}
    >
      {orderId}
    </Anchor>
  );
}

export function CustomerLink({ username, children }: { username: string; children?: ReactNode }) {
  return (
    <Anchor
      size="sm"
      renderRoot={(props) => <Link {...props} to="/dashboard/customers/$" params={{ _splat: username }} />}
    >
      {children ?? username}
    </Anchor>
  );
}

/** The order's buyer: a link to the customer while eBay still names them, else their name or a dash. */
export function BuyerLink({
  order,
}: {
  order: Pick<CommerceOrder, "buyerUsername" | "buyerName" | "buyerCity">;
}) {
  const label = [order.buyerName ?? order.buyerUsername, order.buyerCity].filter(Boolean).join(", ");
  if (!order.buyerUsername) return <Text size="sm">{label || "—"}</Text>;
  return <CustomerLink username={order.buyerUsername}>{label}</CustomerLink>;
}
