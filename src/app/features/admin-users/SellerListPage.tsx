import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Badge, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { SELLER_SORTS } from "../../../domain/admin/list-sorts";
import type { ItemStatus } from "../../../domain/inventory/item";
import type { ListSearch } from "../../ui/server-list/list-search";
import { type ListColumn, ServerList } from "../../ui/server-list/ServerList";
import { usePageTitle } from "../../ui/usePageTitle";
import { ITEM_STATUS_LABELS } from "../inventory/item-status";
import type { SellerRow } from "./admin-users-api";
import { UserLink, useWhen } from "./user-link";

type Sort = (typeof SELLER_SORTS)[number];

/** Item counts by status, most first. */
function StatusCounts({ byStatus }: { byStatus: Record<string, number> }) {
  const { i18n } = useLingui();
  const label = (s: string) =>
    s in ITEM_STATUS_LABELS ? i18n._(ITEM_STATUS_LABELS[s as ItemStatus]) : s.replaceAll("_", " ");
  return (
    <Group gap={4}>
      {Object.entries(byStatus)
        .sort((a, b) => b[1] - a[1])
        .map(([status, n]) => (
          <Badge key={status} variant="light" color="gray" tt="none">
            {label(status)}: {n}
          </Badge>
        ))}
    </Group>
  );
}

/** /admin/seller-list: companies with inventory, their items by status, listings, sales, last activity. */
export function SellerListPage({
  search,
  onSearch,
}: {
  search: ListSearch<Sort>;
  onSearch(next: ListSearch<Sort>): void;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Seller List`);
  const when = useWhen(i18n);
  const label: Record<Sort, string> = {
    companyName: t`Company`,
    items: t`Items`,
    listings: t`On eBay`,
    sales: t`Sales`,
    lastActivity: t`Last activity`,
  };
  const owner = (r: SellerRow) =>
    r.ownerId ? <UserLink userId={r.ownerId}>{r.ownerEmail}</UserLink> : <Text size="sm">—</Text>;
  const listings = (r: SellerRow) =>
    r.ownerId ? (
      <Anchor
        size="sm"
        renderRoot={(props) => (
          <Link {...props} to="/admin/ebay-listing/list/$userId" params={{ userId: r.ownerId as string }} />
        )}
      >
        {r.listings}
      </Anchor>
    ) : (
      r.listings
    );
  const columns: ListColumn<SellerRow, Sort>[] = [
    {
      key: "company",
      header: label.companyName,
      sort: "companyName",
      render: (r) => (
        <Text size="sm" fw={600}>
          {r.companyName}
        </Text>
      ),
    },
    { key: "owner", header: t`Company Admin`, render: owner },
    { key: "items", header: label.items, sort: "items", render: (r) => r.items },
    { key: "status", header: t`By status`, render: (r) => <StatusCounts byStatus={r.byStatus} /> },
    { key: "listings", header: label.listings, sort: "listings", render: listings },
    { key: "sales", header: label.sales, sort: "sales", render: (r) => r.sales },
    { key: "last", header: label.lastActivity, sort: "lastActivity", render: (r) => when(r.lastActivity) },
  ];
  return (
    <Stack gap="lg">
      <Title order={1}>
        <Trans>Seller List</Trans>
      </Title>
      <ServerList<SellerRow, Sort, ListSearch<Sort>>
        endpoint="/api/admin/seller/list"
        search={search}
        onSearch={onSearch}
        defaultSort={{ sortBy: "lastActivity", sortDir: "desc" }}
        sorts={SELLER_SORTS.map((s) => ({ value: s, label: label[s] }))}
        columns={columns}
        rowKey={(r) => r.id}
        card={(r) => (
          <Stack gap={4}>
            <Text fw={600}>{r.companyName}</Text>
            {owner(r)}
            <Text size="sm">
              <Trans>
                {r.items} items · {r.listings} on eBay · {r.sales} sales
              </Trans>
            </Text>
            <StatusCounts byStatus={r.byStatus} />
            <Text size="xs" c="dimmed">
              <Trans>Last activity: {when(r.lastActivity)}</Trans>
            </Text>
          </Stack>
        )}
        searchLabel={t`Search`}
        searchPlaceholder={t`Company or admin email`}
        emptyText={<Trans>No company has inventory yet.</Trans>}
        errorTitle={t`The sellers could not be loaded`}
        exportFile="sellers.csv"
        testId="sellers"
      />
    </Stack>
  );
}
