import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Badge, Group, Stack, Text, Title } from "@mantine/core";
import { MARKETPLACE_SELLER_SORTS, type MarketplaceSellerSort as Sort } from "../../../domain/marketplace";
import type { ListSearch } from "../../ui/server-list/list-search";
import { type ListColumn, ServerList } from "../../ui/server-list/ServerList";
import { usePageTitle } from "../../ui/usePageTitle";
import { HrefLink } from "../inventory/inventory-area";
import { sellerChatHref } from "./seller-chat-href";
import { sellerInventoryHref } from "./seller-search";

/** One row of GET /api/marketplace/sellers. */
export interface MarketplaceSellerRow {
  id: string;
  companyName: string;
  toDescribe: number;
  withoutPhotos: number;
  readyToList: number;
  items: number;
  lastActivity: string | null;
}

/** A count of waiting work: highlighted when something waits, dimmed at zero. */
function Waiting({ n, label, color }: { n: number; label: string; color: string }) {
  return (
    <Badge variant={n > 0 ? "light" : "outline"} color={n > 0 ? color : "gray"} tt="none" aria-label={label}>
      {n}
    </Badge>
  );
}

/**
 * /marketplace: the sellers that handed their inventory to the marketplace staff (Managed
 * listing), with what waits for staff: batches to describe, items without photos, items ready
 * to list (docs/marketplace.md).
 */
export function MarketplaceSellersPage({
  search,
  onSearch,
}: {
  search: ListSearch<Sort>;
  onSearch(next: ListSearch<Sort>): void;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Marketplace`);
  const when = (iso: string | null) =>
    iso ? i18n.date(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : "—";
  const label: Record<Sort, string> = {
    companyName: t`Seller`,
    toDescribe: t`Batches to describe`,
    withoutPhotos: t`Items without photos`,
    readyToList: t`Items ready to list`,
    lastActivity: t`Last activity`,
  };
  const waiting = (r: MarketplaceSellerRow) => {
    const name = r.companyName;
    const a = r.toDescribe;
    const b = r.withoutPhotos;
    const c = r.readyToList;
    return {
      toDescribe: <Waiting n={a} color="orange" label={t`${name}: ${a} batches to describe`} />,
      withoutPhotos: <Waiting n={b} color="blue" label={t`${name}: ${b} items without photos`} />,
      readyToList: <Waiting n={c} color="green" label={t`${name}: ${c} items ready to list`} />,
    };
  };
  const columns: ListColumn<MarketplaceSellerRow, Sort>[] = [
    {
      key: "seller",
      header: label.companyName,
      sort: "companyName",
      render: (r) => <SellerLinks row={r} />,
    },
    { key: "describe", header: label.toDescribe, sort: "toDescribe", render: (r) => waiting(r).toDescribe },
    {
      key: "photos",
      header: label.withoutPhotos,
      sort: "withoutPhotos",
      render: (r) => waiting(r).withoutPhotos,
    },
    { key: "ready", header: label.readyToList, sort: "readyToList", render: (r) => waiting(r).readyToList },
    { key: "items", header: t`Items`, render: (r) => r.items },
    { key: "last", header: label.lastActivity, sort: "lastActivity", render: (r) => when(r.lastActivity) },
  ];
  return (
    <Stack gap="lg">
      <Title order={1}>
        <Trans>Marketplace</Trans>
      </Title>
      <Text c="dimmed">
        <Trans>
          The sellers who handed their inventory to you (Managed listing), and what waits for you.
        </Trans>
      </Text>
      <ServerList<MarketplaceSellerRow, Sort, ListSearch<Sort>>
        endpoint="/api/marketplace/sellers"
        search={search}
        onSearch={onSearch}
        defaultSort={{ sortBy: "lastActivity", sortDir: "desc" }}
        sorts={MARKETPLACE_SELLER_SORTS.map((s) => ({ value: s, label: label[s] }))}
        columns={columns}
        rowKey={(r) => r.id}
        card={(r) => {
          const w = waiting(r);
          return (
            <Stack gap={6}>
              <SellerLinks row={r} />
              <Group gap="xs" wrap="wrap">
                <Text size="sm">{label.toDescribe}</Text>
                {w.toDescribe}
              </Group>
              <Group gap="xs" wrap="wrap">
                <Text size="sm">{label.withoutPhotos}</Text>
                {w.withoutPhotos}
              </Group>
              <Group gap="xs" wrap="wrap">
                <Text size="sm">{label.readyToList}</Text>
                {w.readyToList}
              </Group>
              <Text size="xs" c="dimmed">
                <Trans>Last activity: {when(r.lastActivity)}</Trans>
              </Text>
            </Stack>
          );
        }}
        searchLabel={t`Search`}
        searchPlaceholder={t`Seller name`}
        emptyText={
          <Trans>
            No seller has handed you their inventory yet. A seller turns on Managed listing on their company
            account page.
          </Trans>
        }
        errorTitle={t`The sellers could not be loaded`}
        exportFile="marketplace-sellers.csv"
        testId="marketplace-sellers"
      />
    </Stack>
  );
}

/** The seller's name, opening their batches, and their products: the way into their inventory. */
function SellerLinks({ row }: { row: MarketplaceSellerRow }) {
  const name = row.companyName;
  return (
    <Group gap="sm" wrap="wrap">
      <Anchor component={HrefLink} href={sellerInventoryHref(row.id, name)} fw={600} size="sm">
        {name}
      </Anchor>
      <Anchor
        component={HrefLink}
        href={sellerInventoryHref(row.id, name, "product/list")}
        size="xs"
        c="dimmed"
      >
        <Trans>Products</Trans>
      </Anchor>
      <Anchor component={HrefLink} href={sellerChatHref(row.id)} size="xs" c="dimmed">
        <Trans>Chat</Trans>
      </Anchor>
    </Group>
  );
}
