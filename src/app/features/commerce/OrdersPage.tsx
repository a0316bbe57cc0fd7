/**
 * /dashboard/orders: the company's eBay orders, one row per order, paged, sorted and searched on
 * the server through the shared ServerList; the filters live in the URL.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Group, Select, Stack, Text, Title } from "@mantine/core";
import {
  COMMERCE_PATHS,
  type CommerceOrder,
  ORDER_SORTS,
  ORDER_STATUSES,
  type OrderSort,
  type OrderStatus,
} from "../../../domain/commerce/contract";
import { formatCents } from "../../../domain/money";
import { patchSearch } from "../../ui/server-list/list-search";
import { type ListColumn, ServerList } from "../../ui/server-list/ServerList";
import { usePageTitle } from "../../ui/usePageTitle";
import { OrderStatusBadge } from "../ebay/OrderStatusBadge";
import type { OrdersSearch } from "./commerce-search";
import { BuyerLink, OrderLink } from "./links";

const ALL = "all";

export function OrdersPage({
  search,
  onSearch,
}: {
  search: OrdersSearch;
  onSearch(next: OrdersSearch): void;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Orders`);
  const sortLabel: Record<OrderSort, string> = { createdAt: t`Date`, total: t`Total`, buyer: t`Buyer` };
  const statusLabel: Record<OrderStatus, string> = {
    sold: t`Sold`,
    awaiting_shipment: t`Awaiting shipment`,
    shipped: t`Shipped`,
    delivered: t`Delivered`,
  };
  const date = (iso: string) => i18n.date(new Date(iso), { dateStyle: "medium" });
  const columns: ListColumn<CommerceOrder, OrderSort>[] = [
    { key: "order", header: t`Order`, render: (o) => <OrderLink orderId={o.orderId} /> },
    { key: "date", header: t`Date`, sort: "createdAt", render: (o) => date(o.createdAt) },
    { key: "buyer", header: t`Buyer`, sort: "buyer", render: (o) => <BuyerLink order={o} /> },
    { key: "items", header: t`Items`, render: (o) => o.quantity },
    { key: "total", header: t`Total`, sort: "total", render: (o) => formatCents(o.totalCents) },
    { key: "status", header: t`Status`, render: (o) => <OrderStatusBadge status={o.status} /> },
  ];
  return (
    <Stack gap="lg">
      <Title order={1}>
        <Trans>Orders</Trans>
      </Title>
      <ServerList<CommerceOrder, OrderSort, OrdersSearch>
        endpoint={COMMERCE_PATHS.orders}
        search={search}
        onSearch={onSearch}
        defaultSort={{ sortBy: "createdAt", sortDir: "desc" }}
        sorts={ORDER_SORTS.map((s) => ({ value: s, label: sortLabel[s] }))}
        columns={columns}
        rowKey={(o) => o.orderId}
        card={(o) => (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <OrderLink orderId={o.orderId} />
              <OrderStatusBadge status={o.status} />
            </Group>
            <Text size="sm" c="dimmed">
              {date(o.createdAt)} · <Trans>{o.quantity} items</Trans> · {formatCents(o.totalCents)}
            </Text>
            <BuyerLink order={o} />
          </Stack>
        )}
        searchLabel={t`Search`}
        searchPlaceholder={t`Order, buyer, title or SKU`}
        emptyText={<Trans>No eBay orders match. Orders appear here once eBay reports a sale.</Trans>}
        errorTitle={t`The orders could not be loaded`}
        testId="commerce-orders"
        filters={
          <Select
            w={{ base: "100%", xs: 200 }}
            label={t`Status`}
            data={[
              { value: ALL, label: t`All statuses` },
              ...ORDER_STATUSES.map((s) => ({ value: s, label: statusLabel[s] })),
            ]}
            value={search.status ?? ALL}
            allowDeselect={false}
            onChange={(v) =>
              onSearch(patchSearch(search, { status: !v || v === ALL ? undefined : (v as OrderStatus) }))
            }
          />
        }
      />
    </Stack>
  );
}
