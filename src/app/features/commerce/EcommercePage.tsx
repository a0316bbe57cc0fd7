/**
 * /dashboard/ecommerce: the company's sales overview from its real data (docs/commerce.md): eBay
 * revenue, orders, items sold and fees over a period, revenue per day, top items, orders to
 * ship, the latest orders, stock and unpaid invoices.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Anchor,
  Box,
  Card,
  Group,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { type CommerceOverview, OVERVIEW_DAYS, type OverviewDays } from "../../../domain/commerce/contract";
import { formatCents } from "../../../domain/money";
import { usePageTitle } from "../../ui/usePageTitle";
import { OrderStatusBadge } from "../ebay/OrderStatusBadge";
import { commerceQueries } from "./commerce-api";
import { BuyerLink, OrderLink } from "./links";
import { QueryState } from "./QueryState";

function Stat({ label, value, hint }: { label: ReactNode; value: ReactNode; hint?: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** Revenue per day as bars (the figures are in the label and the cards for screen readers). */
function DailyBars({ daily, label }: { daily: CommerceOverview["daily"]; label: string }) {
  const max = Math.max(1, ...daily.map((d) => d.revenueCents));
  return (
    <Group gap={1} align="flex-end" h={96} wrap="nowrap" role="img" aria-label={label}>
      {daily.map((d) => (
        <Box
          key={d.date}
          flex={1}
          miw={0}
          h={`${Math.max(2, Math.round((d.revenueCents / max) * 100))}%`}
          bg={d.revenueCents > 0 ? "blue.6" : "gray.2"}
          title={`${d.date}: ${formatCents(d.revenueCents)}`}
        />
      ))}
    </Group>
  );
}

function Overview({ o }: { o: CommerceOverview }) {
  const { t, i18n } = useLingui();
  const topMax = Math.max(1, ...o.topItems.map((i) => i.revenueCents));
  const total = formatCents(o.revenueCents);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" data-testid="ecommerce-stats">
        <Stat
          label={<Trans>Revenue</Trans>}
          value={total}
          hint={<Trans>After fees {formatCents(o.revenueCents - o.feesCents)}</Trans>}
        />
        <Stat label={<Trans>Orders</Trans>} value={o.orders} hint={<Trans>{o.customers} customers</Trans>} />
        <Stat label={<Trans>Items sold</Trans>} value={o.itemsSold} />
        <Stat
          label={<Trans>To ship</Trans>}
          value={o.toShip}
          hint={<Trans>Paid or sold, not shipped</Trans>}
        />
      </SimpleGrid>
      {o.orders === 0 && (
        <Card withBorder radius="lg" data-testid="ecommerce-empty">
          <Text>
            <Trans>No eBay orders in this period.</Trans>{" "}
            <Anchor renderRoot={(props) => <Link {...props} to="/dashboard/listing" />}>
              <Trans>List items on eBay</Trans>
            </Anchor>
          </Text>
        </Card>
      )}
      <Card withBorder radius="lg">
        <Title order={2} size="h4" mb="sm">
          <Trans>Revenue per day</Trans>
        </Title>
        <DailyBars daily={o.daily} label={t`Revenue per day, ${total} in total`} />
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="lg">
          <Title order={2} size="h4" mb="sm">
            <Trans>Top items</Trans>
          </Title>
          {o.topItems.length === 0 ? (
            <Text c="dimmed">
              <Trans>Nothing sold in this period.</Trans>
            </Text>
          ) : (
            <Stack gap="sm">
              {o.topItems.map((i) => (
                <div key={`${i.itemId}:${i.title}`}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={600} truncate>
                      {i.title}
                    </Text>
                    <Text size="sm">{formatCents(i.revenueCents)}</Text>
                  </Group>
                  <Progress value={(i.revenueCents / topMax) * 100} size="sm" aria-label={i.title} />
                  <Text size="xs" c="dimmed">
                    <Trans>{i.quantity} sold</Trans>
                  </Text>
                </div>
              ))}
            </Stack>
          )}
        </Card>
        <Card withBorder radius="lg">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              <Trans>Latest orders</Trans>
            </Title>
            <Anchor
              size="sm"
              renderRoot={(props) => <Link {...props} to="/dashboard/orders/$" params={{ _splat: "" }} />}
            >
              <Trans>All orders</Trans>
            </Anchor>
          </Group>
          {o.recentOrders.length === 0 ? (
            <Text c="dimmed">
              <Trans>No orders yet.</Trans>
            </Text>
          ) : (
            <Stack gap="xs">
              {o.recentOrders.map((r) => (
                <Group key={r.orderId} justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <OrderLink orderId={r.orderId} />
                    <Text size="xs" c="dimmed">
                      {i18n.date(new Date(r.createdAt), { dateStyle: "medium" })} ·{" "}
                      {formatCents(r.totalCents)}
                    </Text>
                    <BuyerLink order={r} />
                  </Stack>
                  <OrderStatusBadge status={r.status} />
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder radius="lg">
          <Title order={2} size="h4" mb="sm">
            <Trans>Inventory</Trans>
          </Title>
          <Text>
            <Trans>
              {o.inventory.items} items ({o.inventory.inStock} in stock), {o.inventory.listed} listed on eBay,{" "}
              {o.inventory.products} products
            </Trans>
          </Text>
          <Group gap="md" mt="xs">
            <Anchor
              size="sm"
              renderRoot={(props) => <Link {...props} to="/dashboard/products/$" params={{ _splat: "" }} />}
            >
              <Trans>Products</Trans>
            </Anchor>
            <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/dashboard/listing" />}>
              <Trans>Listings</Trans>
            </Anchor>
            <Anchor
              size="sm"
              renderRoot={(props) => <Link {...props} to="/dashboard/customers/$" params={{ _splat: "" }} />}
            >
              <Trans>Customers</Trans>
            </Anchor>
          </Group>
        </Card>
        <Card withBorder radius="lg">
          <Title order={2} size="h4" mb="sm">
            <Trans>Invoices</Trans>
          </Title>
          <Text>
            {o.invoices.unpaid === 0 ? (
              <Trans>No unpaid invoices.</Trans>
            ) : (
              <Trans>
                {o.invoices.unpaid} unpaid, {formatCents(o.invoices.unpaidCents)} due
              </Trans>
            )}
          </Text>
          <Anchor size="sm" mt="xs" renderRoot={(props) => <Link {...props} to="/dashboard/invoices" />}>
            <Trans>All invoices</Trans>
          </Anchor>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

export function EcommercePage() {
  const { t } = useLingui();
  usePageTitle(t`Sales overview`);
  const [days, setDays] = useState<OverviewDays>(30);
  const overview = useQuery(commerceQueries.overview(days));
  const periodLabel: Record<OverviewDays, string> = {
    7: t`7 days`,
    30: t`30 days`,
    90: t`90 days`,
    365: t`1 year`,
  };
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>
          <Trans>Sales overview</Trans>
        </Title>
        <SegmentedControl
          aria-label={t`Period`}
          value={String(days)}
          onChange={(v) => setDays(Number(v) as OverviewDays)}
          data={OVERVIEW_DAYS.map((d) => ({ value: String(d), label: periodLabel[d] }))}
        />
      </Group>
      <QueryState query={overview} errorTitle={t`The sales overview could not be loaded`}>
        {(o) => <Overview o={o} />}
      </QueryState>
    </Stack>
  );
}
