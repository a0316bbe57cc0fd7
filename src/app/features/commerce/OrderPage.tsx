import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { formatCents } from "../../../domain/money";
import { BackLink } from "../../ui/BackLink";
import { usePageTitle } from "../../ui/usePageTitle";
import { OrderStatusBadge } from "../ebay/OrderStatusBadge";
import { commerceQueries } from "./commerce-api";
import { BuyerLink } from "./links";
import { QueryState } from "./QueryState";

export function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

/** /dashboard/orders/{orderId}: one eBay order of the company, its buyer, money and lines. */
export function OrderPage({ orderId }: { orderId: string }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Order ${orderId}`);
  const order = useQuery(commerceQueries.order(orderId));
  return (
    <Stack gap="lg">
      <BackLink to="/dashboard/orders/$" params={{ _splat: "" }} label={msg`All orders`} />
      <QueryState query={order} errorTitle={t`The order could not be loaded`}>
        {(o) => (
          <Stack gap="lg">
            <Group justify="space-between" wrap="wrap">
              <Title order={1} style={{ overflowWrap: "anywhere" }}>
                <Trans>Order {o.orderId}</Trans>
              </Title>
              <OrderStatusBadge status={o.status} />
            </Group>
            <Card withBorder radius="lg">
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
                <Fact label={<Trans>Date</Trans>}>
                  {i18n.date(new Date(o.createdAt), { dateStyle: "medium", timeStyle: "short" })}
                </Fact>
                <Fact label={<Trans>Buyer</Trans>}>
                  <BuyerLink order={o} />
                </Fact>
                <Fact label={<Trans>Items</Trans>}>{o.quantity}</Fact>
                <Fact label={<Trans>Total</Trans>}>{formatCents(o.totalCents)}</Fact>
                <Fact label={<Trans>eBay fees</Trans>}>
                  {o.feesCents === null ? "—" : formatCents(o.feesCents)}
                </Fact>
                <Fact label={<Trans>After fees</Trans>}>
                  {formatCents(o.totalCents - (o.feesCents ?? 0))}
                </Fact>
              </SimpleGrid>
            </Card>
            <Title order={2} size="h3">
              <Trans>Items sold</Trans>
            </Title>
            <Stack gap="sm" data-testid="order-lines">
              {o.items.map((l) => (
                <Card key={l.lineItemId} withBorder radius="md" padding="sm">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      {l.itemId ? (
                        <Anchor
                          fw={600}
                          renderRoot={(props) => (
                            <Link
                              {...props}
                              to="/dashboard/$id/update-inventory"
                              params={{ id: l.itemId as string }}
                            />
                          )}
                        >
                          {l.title}
                        </Anchor>
                      ) : (
                        <Text fw={600}>{l.title}</Text>
                      )}
                      <Text size="sm" c="dimmed">
                        <Trans>
                          SKU {l.sku} · quantity {l.quantity} · {formatCents(l.priceCents)}
                        </Trans>
                      </Text>
                    </Stack>
                    <OrderStatusBadge status={l.status} />
                  </Group>
                </Card>
              ))}
            </Stack>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
