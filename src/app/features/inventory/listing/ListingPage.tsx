/**
 * /dashboard/listing (Listing Management): the company's items by listing state — the
 * publication status (unpublished, published, deleted) with a count on each tab — narrowed by
 * item status and a text search, each linking to the item's edit page. Read from the local
 * database, so it opens offline. Selected items can be published to, withdrawn from or deleted
 * from eBay (docs/ebay.md): each request is an item edit, queued offline like any other.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconListDetails, IconPackage, IconPackageExport, IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Dexie } from "dexie";
import { useLiveQuery } from "dexie-react-hooks";
import { useMemo, useState } from "react";
import type { ListingAction } from "../../../../domain/ebay/contract";
import { ITEM_STATUSES, type Item, type ItemStatus } from "../../../../domain/inventory/item";
import { formatCents } from "../../../../domain/money";
import { useCompanyId } from "../../../offline/company-context";
import { getDb } from "../../../offline/db";
import { AppTooltip } from "../../../ui/tooltip";
import { usePageTitle } from "../../../ui/usePageTitle";
import { ebayQueries } from "../../ebay/api";
import { EbayListingCell } from "../../ebay/EbayListingCell";
import { EbayOrdersList } from "../../ebay/EbayOrdersList";
import { EbayPanel } from "../../ebay/EbayPanel";
import { EndListingConfirm } from "../../ebay/EndListingConfirm";
import { isQueued } from "../../ebay/listing-requests";
import { useListingRequests } from "../../ebay/use-listing-requests";
import { PUBLICATION_STATUS_COLORS, PUBLICATION_STATUS_LABELS } from "../field-labels";
import { HrefLink, useInventoryLinks } from "../inventory-area";
import { ITEM_STATUS_COLORS, ITEM_STATUS_LABELS } from "../item-status";
import { LISTING_STATE_FILTERS, type ListingStateFilter, listingStateOf, listingView } from "./listing-view";

const PAGE_SIZE = 50;

function ItemLink({ item }: { item: Item }) {
  const links = useInventoryLinks();
  return (
    <Anchor fw={600} renderRoot={(props) => <HrefLink {...props} href={links.item(item.id)} />}>
      {item.title}
    </Anchor>
  );
}

/** Create a product from the item, or open the product it is linked to. */
function ProductAction({ item }: { item: Item }) {
  const links = useInventoryLinks();
  const { t } = useLingui();
  const title = item.title;
  if (item.productId) {
    return (
      <AppTooltip label={t`Open the product of ${title}`}>
        <ActionIcon
          variant="light"
          aria-label={t`Open the product of ${title}`}
          renderRoot={(props) => <HrefLink {...props} href={links.product(item.productId ?? "")} />}
        >
          <IconPackage size={18} />
        </ActionIcon>
      </AppTooltip>
    );
  }
  return (
    <AppTooltip label={t`Create product from ${title}`}>
      <ActionIcon
        variant="subtle"
        aria-label={t`Create product from ${title}`}
        renderRoot={(props) => (
          <Link {...props} to="/dashboard/$id/create-product" params={{ id: item.id }} />
        )}
      >
        <IconPackageExport size={18} />
      </ActionIcon>
    </AppTooltip>
  );
}

function StatusBadges({ item }: { item: Item }) {
  const { i18n } = useLingui();
  const state = listingStateOf(item);
  return (
    <Group gap={4}>
      <Badge variant="light" color={PUBLICATION_STATUS_COLORS[state]} size="sm">
        {i18n._(PUBLICATION_STATUS_LABELS[state])}
      </Badge>
      <Badge variant="outline" color={ITEM_STATUS_COLORS[item.status] ?? "gray"} size="sm">
        {ITEM_STATUS_LABELS[item.status] ? i18n._(ITEM_STATUS_LABELS[item.status]) : item.status}
      </Badge>
    </Group>
  );
}

function Quantity({ quantity }: { quantity: number }) {
  return <Trans>Qty {quantity}</Trans>;
}

function Shown({ from, to, total }: { from: number; to: number; total: number }) {
  return (
    <Trans>
      Items {from}–{to} of {total}
    </Trans>
  );
}

export function ListingPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Listing Management`);
  const companyId = useCompanyId();
  const wide = useMediaQuery("(min-width: 48em)", true);
  const [state, setState] = useState<ListingStateFilter>("all");
  const [status, setStatus] = useState<ItemStatus | null>(null);
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim(), 150);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<ListingAction | null>(null);
  const [sending, setSending] = useState(false);
  const request = useListingRequests();
  const items = useLiveQuery(async (): Promise<Item[] | null> => {
    if (!companyId) return null;
    return getDb()
      .items.where("[companyId+sku]")
      .between([companyId, Dexie.minKey], [companyId, Dexie.maxKey])
      .toArray();
  }, [companyId]);
  const [waiting, setWaiting] = useState(false);
  // While a request made here is not yet on the server's listing, look again every 3 s.
  const listings = useQuery({ ...ebayQueries.listings(), ...(waiting ? { refetchInterval: 3000 } : {}) });
  const listingOf = useMemo(() => new Map((listings.data ?? []).map((l) => [l.itemId, l])), [listings.data]);
  /** A request made on this device that the server's listing does not show yet. */
  const queued = (i: Item) => isQueued(i, listingOf.get(i.id));
  const anyQueued = (items ?? []).some(queued);
  if (anyQueued !== waiting) setWaiting(anyQueued);

  const view = useMemo(
    () => (items ? listingView(items, { state, status, query }) : null),
    [items, state, status, query],
  );
  const total = view?.rows.length ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = view ? view.rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE) : [];

  const stateLabel = (s: ListingStateFilter) =>
    s === "all" ? t`All items` : i18n._(PUBLICATION_STATUS_LABELS[s]);
  const statusOptions = [
    { value: "", label: t`Every status` },
    ...ITEM_STATUSES.map((s) => {
      const label = i18n._(ITEM_STATUS_LABELS[s]);
      const count = view?.statusCounts[s] ?? 0;
      return { value: s, label: `${label} (${count})` };
    }),
  ];
  const price = (i: Item) => (i.price === null ? "—" : formatCents(i.price));
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allShown = shown.length > 0 && shown.every((i) => selected.has(i.id));
  const chosen = (items ?? []).filter((i) => selected.has(i.id));
  const run = async (action: ListingAction) => {
    setSending(true);
    try {
      await request(chosen, action);
      setSelected(new Set());
    } finally {
      setSending(false);
      setConfirm(null);
    }
  };
  const count = chosen.length;
  const actionBar = (
    <Group gap="xs" wrap="wrap" data-testid="listing-actions">
      <Text size="sm" aria-live="polite">
        {count > 0 ? <Trans>{count} selected</Trans> : <Trans>Select items to publish on eBay</Trans>}
      </Text>
      <Button
        size="xs"
        disabled={count === 0}
        loading={sending}
        onClick={() => run("publish")}
        data-testid="ebay-publish"
      >
        <Trans>Publish on eBay</Trans>
      </Button>
      <Button size="xs" variant="default" disabled={count === 0} onClick={() => setConfirm("withdraw")}>
        <Trans>Withdraw</Trans>
      </Button>
      <Button
        size="xs"
        variant="outline"
        color="red"
        disabled={count === 0}
        onClick={() => setConfirm("delete")}
      >
        <Trans>Delete from eBay</Trans>
      </Button>
    </Group>
  );

  const list = (
    <Stack gap="md">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="listing-shown">
        {view && total > 0 ? (
          <Shown
            from={(current - 1) * PAGE_SIZE + 1}
            to={(current - 1) * PAGE_SIZE + shown.length}
            total={total}
          />
        ) : null}
      </Text>
      {items === undefined ? (
        <Center py="xl">
          <Loader role="status" aria-label={t`Loading items`} />
        </Center>
      ) : items === null ? (
        <Card withBorder radius="lg" p="xl">
          <Text ta="center">
            <Trans>Items belong to a company. Join or create a company to manage listings.</Trans>
          </Text>
        </Card>
      ) : total === 0 ? (
        <Card withBorder radius="lg" p="xl" data-testid="listing-empty">
          <Stack align="center" gap="sm">
            <IconListDetails size={48} stroke={1.4} aria-hidden />
            <Title order={2} size="h3">
              {items.length === 0 ? <Trans>No items yet</Trans> : <Trans>No items in this view</Trans>}
            </Title>
            <Text c="dimmed" ta="center">
              {items.length === 0 ? (
                <Trans>Import a file or add an item, and it shows here by listing state.</Trans>
              ) : (
                <Trans>Choose another listing state or status, or change the search.</Trans>
              )}
            </Text>
            {items.length === 0 && (
              <Group justify="center">
                <Anchor component={Link} to="/dashboard/add-item">
                  <Trans>Add an item</Trans>
                </Anchor>
              </Group>
            )}
          </Stack>
        </Card>
      ) : wide ? (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover data-testid="listing-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t`Select all shown items`}
                    checked={allShown}
                    onChange={() =>
                      setSelected((prev) => {
                        const next = new Set(prev);
                        for (const i of shown) {
                          if (allShown) next.delete(i.id);
                          else next.add(i.id);
                        }
                        return next;
                      })
                    }
                  />
                </Table.Th>
                <Table.Th>
                  <Trans>Title</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>SKU</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Quantity</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Price</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Status</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>eBay</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Product</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((i) => (
                <Table.Tr key={i.id} data-testid="listing-row" data-id={i.id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t`Select ${i.title}`}
                      checked={selected.has(i.id)}
                      onChange={() => toggle(i.id)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ItemLink item={i} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {i.sku}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{i.quantity}</Table.Td>
                  <Table.Td ta="right">{price(i)}</Table.Td>
                  <Table.Td>
                    <StatusBadges item={i} />
                  </Table.Td>
                  <Table.Td>
                    <EbayListingCell listing={listingOf.get(i.id)} queued={queued(i)} />
                  </Table.Td>
                  <Table.Td>
                    <ProductAction item={i} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Stack gap="sm">
          {shown.map((i) => (
            <Card key={i.id} withBorder radius="lg" data-testid="listing-row" data-id={i.id}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Checkbox
                  size="md"
                  aria-label={t`Select ${i.title}`}
                  checked={selected.has(i.id)}
                  onChange={() => toggle(i.id)}
                />
                <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <ItemLink item={i} />
                  <EbayListingCell listing={listingOf.get(i.id)} queued={queued(i)} />
                  <Text size="sm" c="dimmed">
                    {i.sku} · <Quantity quantity={i.quantity} /> · {price(i)}
                  </Text>
                  <StatusBadges item={i} />
                </Stack>
                <ProductAction item={i} />
              </Group>
            </Card>
          ))}
        </Stack>
      )}

      {pages > 1 && <Pagination total={pages} value={current} onChange={setPage} aria-label={t`Pages`} />}
    </Stack>
  );

  return (
    <Stack gap="lg">
      <Title order={1}>
        <Trans>Listing Management</Trans>
      </Title>
      <Text c="dimmed">
        <Trans>
          Your items by listing state. Select items to publish them on eBay, withdraw or delete their
          listings; requests made offline are sent when you are back online.
        </Trans>
      </Text>
      <EbayPanel />
      {actionBar}

      <Group gap="sm" wrap="wrap">
        <TextInput
          style={{ flex: "1 1 240px" }}
          leftSection={<IconSearch size={16} />}
          placeholder={t`Search by title, SKU or barcode`}
          aria-label={t`Search items`}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          w={{ base: "100%", xs: 260 }}
          aria-label={t`Item status`}
          data={statusOptions}
          value={status ?? ""}
          allowDeselect={false}
          onChange={(v) => {
            setStatus(v ? (v as ItemStatus) : null);
            setPage(1);
          }}
        />
      </Group>

      <Tabs
        value={String(state)}
        onChange={(v) => {
          if (v === null) return;
          setState(v === "all" ? "all" : (Number(v) as ListingStateFilter));
          setStatus(null);
          setPage(1);
        }}
      >
        <Tabs.List aria-label={t`Listing state`}>
          {LISTING_STATE_FILTERS.map((s) => (
            <Tabs.Tab
              key={String(s)}
              value={String(s)}
              data-testid={`listing-tab-${s}`}
              rightSection={
                <Badge variant="light" size="sm" data-testid={`listing-count-${s}`}>
                  {view ? view.stateCounts[s] : "…"}
                </Badge>
              }
            >
              {stateLabel(s)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {LISTING_STATE_FILTERS.map((s) => (
          <Tabs.Panel key={String(s)} value={String(s)} pt="md">
            {s === state && list}
          </Tabs.Panel>
        ))}
      </Tabs>
      <EbayOrdersList />
      <EndListingConfirm
        action={confirm === "publish" ? null : confirm}
        count={count}
        busy={sending}
        onCancel={() => setConfirm(null)}
        onConfirm={(action) => run(action)}
        testId="ebay-confirm"
      />
    </Stack>
  );
}
