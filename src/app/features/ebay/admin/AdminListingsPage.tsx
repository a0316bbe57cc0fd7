/**
 * Super admin lists of eBay listings (spec section 2): `/admin/offer-list` (every offer, by
 * state) and `/admin/ebay-listing/list/{userId}` (the listings of the companies a user
 * connected). Paged, sorted and searched on the server through the shared ServerList; the
 * filters live in the URL.
 */

import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Group, Select, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { AdminListingRow } from "../../../../domain/ebay/contract";
import {
  ADMIN_LISTING_SORTS,
  type AdminListingSort,
  LISTING_STATES,
  type ListingState,
} from "../../../../domain/ebay/listing-states";
import { BackLink } from "../../../ui/BackLink";
import { patchSearch } from "../../../ui/server-list/list-search";
import { type ListColumn, ServerList } from "../../../ui/server-list/ServerList";
import { usePageTitle } from "../../../ui/usePageTitle";
import { EbayListingCell } from "../EbayListingCell";
import type { AdminListingSearch } from "./admin-listing-search";

const ALL = "all";

export function AdminListingsPage({
  userId,
  search,
  onSearch,
}: {
  /** One seller's listings; null = all offers. */
  userId: string | null;
  search: AdminListingSearch;
  onSearch(next: AdminListingSearch): void;
}) {
  const { t, i18n } = useLingui();
  const title = userId ? t`Seller's eBay listings` : t`Offer List`;
  usePageTitle(title);

  const stateLabel: Record<ListingState, string> = {
    pending: t`Sending to eBay`,
    published: t`On eBay`,
    withdrawn: t`Withdrawn`,
    deleted: t`Deleted from eBay`,
    failed: t`Refused by eBay`,
    unlisted: t`Not on eBay`,
  };
  const sortLabel: Record<AdminListingSort, string> = {
    updatedAt: t`Last change`,
    lastSyncedAt: t`Last sync`,
    title: t`Title`,
    sku: t`SKU`,
    state: t`State`,
  };
  const when = (iso: string | null) =>
    iso ? i18n.date(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : "—";

  const seller = (r: AdminListingRow) =>
    r.sellerId && !userId ? (
      <Anchor
        size="sm"
        renderRoot={(props) => (
          <Link {...props} to="/admin/ebay-listing/list/$userId" params={{ userId: r.sellerId as string }} />
        )}
      >
        {r.sellerEmail ?? r.ebayUsername ?? r.companyName}
      </Anchor>
    ) : (
      <Text size="sm">{r.sellerEmail ?? r.ebayUsername ?? "—"}</Text>
    );

  const columns: ListColumn<AdminListingRow, AdminListingSort>[] = [
    {
      key: "item",
      header: t`Item`,
      sort: "title",
      render: (r) => (
        <Text size="sm" fw={600}>
          {r.title}
        </Text>
      ),
    },
    { key: "sku", header: t`SKU`, sort: "sku", render: (r) => <Text size="sm">{r.sku}</Text> },
    { key: "company", header: t`Company`, render: (r) => r.companyName },
    { key: "seller", header: t`Seller`, render: seller },
    {
      key: "state",
      header: t`State and listing`,
      sort: "state",
      render: (r) => <EbayListingCell listing={r} queued={false} />,
    },
    { key: "synced", header: t`Last sync`, sort: "lastSyncedAt", render: (r) => when(r.lastSyncedAt) },
    { key: "changed", header: t`Last change`, sort: "updatedAt", render: (r) => when(r.updatedAt) },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{title}</Title>
        {userId && <BackLink to="/admin/offer-list" label={msg`All offers`} />}
      </Group>
      <ServerList<AdminListingRow, AdminListingSort, AdminListingSearch>
        endpoint={
          userId ? `/api/admin/ebay-listing/list/${encodeURIComponent(userId)}` : "/api/admin/offer-list"
        }
        search={search}
        onSearch={onSearch}
        defaultSort={{ sortBy: "updatedAt", sortDir: "desc" }}
        sorts={ADMIN_LISTING_SORTS.map((s) => ({ value: s, label: sortLabel[s] }))}
        columns={columns}
        rowKey={(r) => r.itemId}
        card={(r) => (
          <Stack gap={4}>
            <Text fw={600}>{r.title}</Text>
            <Text size="sm" c="dimmed">
              {r.sku} · {r.companyName}
            </Text>
            {seller(r)}
            <EbayListingCell listing={r} queued={false} />
            <Text size="xs" c="dimmed">
              <Trans>Last sync: {when(r.lastSyncedAt)}</Trans>
            </Text>
          </Stack>
        )}
        searchLabel={t`Search`}
        searchPlaceholder={t`Title, SKU, listing ID or company`}
        emptyText={<Trans>No listings match these filters.</Trans>}
        errorTitle={t`The listings could not be loaded`}
        testId="admin-listing"
        filters={
          <Select
            w={{ base: "100%", xs: 200 }}
            label={t`State`}
            data={[
              { value: ALL, label: t`All states` },
              ...LISTING_STATES.map((s) => ({ value: s, label: stateLabel[s] })),
            ]}
            value={search.state ?? ALL}
            allowDeselect={false}
            onChange={(v) =>
              onSearch(patchSearch(search, { state: !v || v === ALL ? undefined : (v as ListingState) }))
            }
            data-testid="admin-listings-state"
          />
        }
      />
    </Stack>
  );
}
