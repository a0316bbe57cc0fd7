/**
 * The company's eBay orders (newest first): item, buyer's name and city, price, fees, where the
 * order is. For a seller (marketplace staff, one item's orders only) without "Check for new
 * orders": following the seller's orders is the seller's.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, Group, Loader, Table, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatCents } from "../../../domain/money";
import { ebayApi, ebayKeys, ebayQueries } from "./api";
import { OrderStatusBadge } from "./OrderStatusBadge";

export function EbayOrdersList({
  itemId = null,
  seller = null,
}: {
  itemId?: string | null;
  seller?: string | null;
}) {
  const { t } = useLingui();
  const qc = useQueryClient();
  const orders = useQuery(ebayQueries.orders(itemId, 0, seller));
  const sync = useMutation({
    mutationFn: ebayApi.syncOrders,
    onSuccess: () => setTimeout(() => void qc.invalidateQueries({ queryKey: ebayKeys.all }), 1500),
  });
  return (
    <Card withBorder radius="lg" data-testid="ebay-orders">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          <Trans>eBay orders</Trans>
        </Title>
        {!seller && (
          <Button size="xs" variant="light" loading={sync.isPending} onClick={() => sync.mutate()}>
            <Trans>Check for new orders</Trans>
          </Button>
        )}
      </Group>
      {orders.isLoading ? (
        <Loader size="sm" aria-label={t`Loading orders`} />
      ) : !orders.data || orders.data.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No eBay orders yet.</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Item</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Buyer</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Price</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Fees</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Status</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.data.rows.map((o) => (
                <Table.Tr key={`${o.orderId}/${o.lineItemId}`} data-testid="ebay-order-row">
                  <Table.Td>
                    {o.title}{" "}
                    <Text span size="xs" c="dimmed">
                      × {o.quantity}
                    </Text>
                  </Table.Td>
                  <Table.Td>{[o.buyerName, o.buyerCity].filter(Boolean).join(", ") || "—"}</Table.Td>
                  <Table.Td ta="right">{formatCents(o.price)}</Table.Td>
                  <Table.Td ta="right">{o.fees === null ? "—" : formatCents(o.fees)}</Table.Td>
                  <Table.Td>
                    <OrderStatusBadge status={o.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
