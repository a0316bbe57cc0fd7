/**
 * Super admin lists of eBay listings (spec section 2): `/admin/offer-list` (every offer, by
 * state) and `/admin/ebay-listing/list/{userId}` (the listings of the companies a user
 * connected). Paged, sorted and searched on the server; the filters live in the URL.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Alert,
  Anchor,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedCallback, useMediaQuery } from "@mantine/hooks";
import { IconInbox, IconSearch, IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import {
  ADMIN_LISTING_SORTS,
  type AdminListingRow,
  type AdminListingSort,
  LISTING_STATES,
  type ListingState,
} from "../../../../domain/ebay/contract";
import { HttpError, http } from "../../../lib/http";
import { usePageTitle } from "../../../ui/usePageTitle";
import { EbayListingCell } from "../EbayListingCell";
import type { AdminListingSearch } from "./admin-listing-search";

const ROWS_PER_PAGE = 25;
const ALL = "all";

interface AdminListingPage {
  rows: AdminListingRow[];
  total: number;
  page: number;
  rowsPerPage: number;
}

const adminListingsQuery = (userId: string | null, s: AdminListingSearch) =>
  queryOptions({
    queryKey: ["ebay", "admin", userId, s],
    queryFn: () =>
      http.get<AdminListingPage>(
        userId ? `/api/admin/ebay-listing/list/${encodeURIComponent(userId)}` : "/api/admin/offer-list",
        {
          query: {
            page: (s.page ?? 1) - 1,
            rowsPerPage: ROWS_PER_PAGE,
            sortBy: s.sortBy,
            sortDir: s.sortDir,
            query: s.query,
            state: s.state,
          },
        },
      ),
    placeholderData: keepPreviousData,
  });

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
  const wide = useMediaQuery("(min-width: 56.25em)", true);
  const list = useQuery(adminListingsQuery(userId, search));
  const [typed, setTyped] = useState(search.query ?? "");
  const change = (patch: AdminListingSearch) => {
    const next: AdminListingSearch = { ...search, ...patch };
    // A new filter or order starts again on the first page.
    if (!("page" in patch)) delete next.page;
    for (const k of Object.keys(next) as (keyof AdminListingSearch)[])
      if (next[k] === undefined) delete next[k];
    onSearch(next);
  };
  const searchLater = useDebouncedCallback((q: string) => change({ query: q.trim() || undefined }), 300);

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
  const sortDir = search.sortDir ?? "desc";
  const when = (iso: string | null) =>
    iso ? i18n.date(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : "—";
  const rows = list.data?.rows ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / ROWS_PER_PAGE)) : 1;
  const error =
    list.error instanceof HttpError
      ? ((list.error.data as { message?: string } | undefined)?.message ?? list.error.message)
      : list.error
        ? String(list.error)
        : null;

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

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{title}</Title>
        {userId && (
          <Anchor renderRoot={(props) => <Link {...props} to="/admin/offer-list" />}>
            <Trans>All offers</Trans>
          </Anchor>
        )}
      </Group>

      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          w={{ base: "100%", xs: 260 }}
          label={t`Search`}
          placeholder={t`Title, SKU, listing ID or company`}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={typed}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            searchLater(e.currentTarget.value);
          }}
          data-testid="admin-listings-search"
        />
        <Select
          w={{ base: "100%", xs: 200 }}
          label={t`State`}
          data={[
            { value: ALL, label: t`All states` },
            ...LISTING_STATES.map((s) => ({ value: s, label: stateLabel[s] })),
          ]}
          value={search.state ?? ALL}
          allowDeselect={false}
          onChange={(v) => change({ state: !v || v === ALL ? undefined : (v as ListingState) })}
          data-testid="admin-listings-state"
        />
        <Group gap={4} align="flex-end" wrap="nowrap">
          <Select
            w={180}
            label={t`Sort by`}
            data={ADMIN_LISTING_SORTS.map((s) => ({ value: s, label: sortLabel[s] }))}
            value={search.sortBy ?? "updatedAt"}
            allowDeselect={false}
            onChange={(v) => change({ sortBy: (v as AdminListingSort | null) ?? undefined })}
          />
          <ActionIcon
            size={36}
            variant="default"
            aria-label={sortDir === "asc" ? t`Ascending; sort descending` : t`Descending; sort ascending`}
            onClick={() => change({ sortDir: sortDir === "asc" ? "desc" : "asc" })}
            data-testid="admin-listings-sort-dir"
          >
            {sortDir === "asc" ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
          </ActionIcon>
        </Group>
      </Group>

      {error && (
        <Alert color="red" title={t`The listings could not be loaded`}>
          {error}
        </Alert>
      )}

      {list.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label={t`Loading listings`} />
        </Center>
      ) : list.isError ? null : rows.length === 0 ? (
        <Card withBorder radius="lg" p="xl" data-testid="admin-listings-empty">
          <Stack align="center" gap="sm">
            <IconInbox size={48} stroke={1.4} aria-hidden />
            <Text c="dimmed">
              <Trans>No listings match these filters.</Trans>
            </Text>
          </Stack>
        </Card>
      ) : wide ? (
        <Table.ScrollContainer minWidth={800}>
          <Table verticalSpacing="sm" highlightOnHover data-testid="admin-listings-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Item</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Company</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Seller</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>State and listing</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Last sync</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.itemId} data-testid="admin-listing-row" data-id={r.itemId}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {r.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {r.sku}
                    </Text>
                  </Table.Td>
                  <Table.Td>{r.companyName}</Table.Td>
                  <Table.Td>{seller(r)}</Table.Td>
                  <Table.Td>
                    <EbayListingCell listing={r} queued={false} />
                  </Table.Td>
                  <Table.Td>{when(r.lastSyncedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Stack gap="sm">
          {rows.map((r) => (
            <Card key={r.itemId} withBorder radius="lg" data-testid="admin-listing-row" data-id={r.itemId}>
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
            </Card>
          ))}
        </Stack>
      )}

      {pages > 1 && (
        <Pagination
          total={pages}
          value={search.page ?? 1}
          onChange={(n) => change({ page: n > 1 ? n : undefined })}
          aria-label={t`Pages`}
        />
      )}
    </Stack>
  );
}
