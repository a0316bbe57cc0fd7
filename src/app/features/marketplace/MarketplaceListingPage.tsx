/**
 * /marketplace/listing: Listing Management for marketplace staff (docs/marketplace.md "Listing
 * Management"): the items of every seller that handed its inventory over, ready to list or on
 * eBay, in the shared server list (search, sort, paging, status and seller filters in the URL),
 * each with its seller, price, eBay state (eBay's reason when refused) and last change. Selected
 * items are published, withdrawn or deleted on eBay (the last two after a confirmation) in one
 * request: each becomes the seller's own request (an item edit audited for the seller), run by the
 * seller's eBay job; the list follows until it is done.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Badge, Button, Group, Select, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { v7 as uuidv7 } from "uuid";
import {
  MARKETPLACE_LISTING_SORTS,
  MARKETPLACE_LISTING_STATUSES,
  MARKETPLACE_LISTINGS_PATH,
  MARKETPLACE_PUBLISH_MAX,
  type MarketplaceListingAction,
  type MarketplacePublishResult,
  marketplaceActionPath,
  type MarketplaceListingRow as Row,
  type MarketplaceListingSort as Sort,
  type MarketplaceListingStatus as Status,
} from "../../../domain/marketplace-listings";
import { formatCents } from "../../../domain/money";
import { HttpError, http } from "../../lib/http";
import { patchSearch } from "../../ui/server-list/list-search";
import { type ListColumn, ServerList } from "../../ui/server-list/ServerList";
import { usePageTitle } from "../../ui/usePageTitle";
import { EbayListingCell } from "../ebay/EbayListingCell";
import { EndListingConfirm } from "../ebay/EndListingConfirm";
import { HrefLink, inventoryLinksFor } from "../inventory/inventory-area";
import type { MarketplaceListingSearch } from "./listing-search";
import type { MarketplaceSellerRow } from "./MarketplaceSellersPage";

const ALL = "all";

/** The item's form in its seller's scope, with the seller's name for the frame. */
const itemHref = (r: Row) =>
  `${inventoryLinksFor(r.companyId).item(r.itemId)}&${new URLSearchParams({ name: r.companyName })}`;

/** The row's eBay state: the seller's listing cell, or "Ready to list" before its first publish. */
function ListingState({ row }: { row: Row }) {
  if (row.status === "ready")
    return (
      <Badge color="green" variant="outline" size="sm" data-testid="ebay-listing-state">
        <Trans>Ready to list</Trans>
      </Badge>
    );
  return (
    <EbayListingCell
      listing={{
        itemId: row.itemId,
        state: row.status,
        action: null,
        listingId: row.listingId,
        listingUrl: row.listingUrl,
        offerId: null,
        error: row.error,
        lastSyncedAt: null,
        updatedAt: row.updatedAt,
      }}
      queued={false}
    />
  );
}

export function MarketplaceListingPage({
  search,
  onSearch,
}: {
  search: MarketplaceListingSearch;
  onSearch(next: MarketplaceListingSearch): void;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Listing Management`);
  const qc = useQueryClient();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [sending, setSending] = useState(false);
  const [confirm, setConfirm] = useState<"withdraw" | "delete" | null>(null);
  const [outcome, setOutcome] = useState<{
    action: MarketplaceListingAction;
    requested: number;
    notListed: number;
    missing: number;
  } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const sellers = useQuery({
    queryKey: ["marketplace", "listing-sellers"],
    queryFn: () =>
      http.get<{ rows: MarketplaceSellerRow[] }>("/api/marketplace/sellers", {
        query: { rowsPerPage: 100, sortBy: "companyName", sortDir: "asc" },
      }),
  });

  const statusLabel: Record<Status, string> = {
    ready: t`Ready to list`,
    pending: t`Sending to eBay`,
    published: t`On eBay`,
    withdrawn: t`Withdrawn`,
    deleted: t`Deleted from eBay`,
    failed: t`Refused by eBay`,
  };
  const sortLabel: Record<Sort, string> = {
    updatedAt: t`Last change`,
    companyName: t`Seller`,
    title: t`Item`,
    sku: t`SKU`,
    price: t`Price`,
    status: t`Status`,
  };
  const when = (iso: string) => i18n.date(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const price = (r: Row) => (r.price === null ? "—" : formatCents(r.price));
  const item = (r: Row) => (
    <Anchor component={HrefLink} href={itemHref(r)} fw={600}>
      {r.title}
    </Anchor>
  );

  const columns: ListColumn<Row, Sort>[] = [
    { key: "seller", header: sortLabel.companyName, sort: "companyName", render: (r) => r.companyName },
    { key: "item", header: sortLabel.title, sort: "title", render: item },
    {
      key: "sku",
      header: sortLabel.sku,
      sort: "sku",
      render: (r) => (
        <Text size="sm" ff="monospace">
          {r.sku}
        </Text>
      ),
    },
    { key: "status", header: sortLabel.status, sort: "status", render: (r) => <ListingState row={r} /> },
    { key: "price", header: sortLabel.price, sort: "price", render: price },
    { key: "updated", header: sortLabel.updatedAt, sort: "updatedAt", render: (r) => when(r.updatedAt) },
  ];

  const count = selected.size;
  const send = async (action: MarketplaceListingAction) => {
    setSending(true);
    setFailure(null);
    setOutcome(null);
    try {
      const answer = await http.post<{ results: MarketplacePublishResult[] }>(marketplaceActionPath(action), {
        itemIds: [...selected],
        requestId: uuidv7(),
      });
      const counted = (...results: MarketplacePublishResult["result"][]) =>
        answer.results.filter((r) => results.includes(r.result)).length;
      setOutcome({
        action,
        requested: counted("requested", "unchanged"),
        notListed: counted("not_listed"),
        missing: counted("not_found"),
      });
      setConfirm(null);
      setSelected(new Set());
      await qc.invalidateQueries({ queryKey: ["server-list", MARKETPLACE_LISTINGS_PATH] });
    } catch (e) {
      setFailure(e instanceof HttpError ? e.message : String(e));
    } finally {
      setSending(false);
    }
  };

  const filter = (patch: Partial<MarketplaceListingSearch>) => {
    setSelected(new Set());
    onSearch(patchSearch(search, patch));
  };

  return (
    <Stack gap="lg">
      <Title order={1}>
        <Trans>Listing Management</Trans>
      </Title>
      <Text c="dimmed">
        <Trans>
          The items of every seller you work for that are ready to list or on eBay. Select items to publish
          them on their seller's eBay account; each seller sees who asked in the item's history.
        </Trans>
      </Text>
      <Group gap="xs" wrap="wrap" data-testid="marketplace-listing-actions">
        <Text size="sm" aria-live="polite">
          {count > 0 ? <Trans>{count} selected</Trans> : <Trans>Select items to publish on eBay</Trans>}
        </Text>
        <Button
          size="xs"
          disabled={count === 0 || count > MARKETPLACE_PUBLISH_MAX}
          loading={sending}
          onClick={() => send("publish")}
          data-testid="marketplace-publish"
        >
          <Trans>Publish on eBay</Trans>
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={count === 0 || count > MARKETPLACE_PUBLISH_MAX}
          onClick={() => setConfirm("withdraw")}
          data-testid="marketplace-withdraw"
        >
          <Trans>Withdraw</Trans>
        </Button>
        <Button
          size="xs"
          variant="outline"
          color="red"
          disabled={count === 0 || count > MARKETPLACE_PUBLISH_MAX}
          onClick={() => setConfirm("delete")}
          data-testid="marketplace-delete"
        >
          <Trans>Delete from eBay</Trans>
        </Button>
      </Group>
      <EndListingConfirm
        action={confirm}
        count={count}
        busy={sending}
        onCancel={() => setConfirm(null)}
        onConfirm={(action) => send(action)}
        testId="marketplace-confirm"
      />
      {outcome && (
        <Alert
          color={outcome.missing + outcome.notListed > 0 ? "yellow" : "teal"}
          withCloseButton
          closeButtonLabel={t`Dismiss`}
          onClose={() => setOutcome(null)}
          data-testid="marketplace-publish-outcome"
        >
          {outcome.action === "publish" ? (
            <Plural
              value={outcome.requested}
              one="# item sent to its seller's eBay account."
              other="# items sent to their sellers' eBay accounts."
            />
          ) : outcome.action === "withdraw" ? (
            <Plural
              value={outcome.requested}
              one="# listing is being withdrawn from its seller's eBay account."
              other="# listings are being withdrawn from their sellers' eBay accounts."
            />
          ) : (
            <Plural
              value={outcome.requested}
              one="# listing is being deleted from its seller's eBay account."
              other="# listings are being deleted from their sellers' eBay accounts."
            />
          )}{" "}
          {outcome.notListed > 0 && (
            <Plural
              value={outcome.notListed}
              one="# item has no eBay listing to end."
              other="# items have no eBay listing to end."
            />
          )}{" "}
          {outcome.missing > 0 && (
            <Plural
              value={outcome.missing}
              one="# item is no longer in a seller's managed inventory."
              other="# items are no longer in a seller's managed inventory."
            />
          )}
        </Alert>
      )}
      {failure && (
        <Alert
          color="red"
          title={t`The request could not be sent`}
          withCloseButton
          closeButtonLabel={t`Dismiss`}
          onClose={() => setFailure(null)}
        >
          {failure}
        </Alert>
      )}
      <ServerList<Row, Sort, MarketplaceListingSearch>
        endpoint={MARKETPLACE_LISTINGS_PATH}
        search={search}
        onSearch={(next) => {
          setSelected(new Set());
          onSearch(next);
        }}
        defaultSort={{ sortBy: "updatedAt", sortDir: "desc" }}
        sorts={MARKETPLACE_LISTING_SORTS.map((s) => ({ value: s, label: sortLabel[s] }))}
        columns={columns}
        rowKey={(r) => r.itemId}
        selection={{
          selected,
          onChange: setSelected,
          // anything but a request under way: the server answers per item what applies
          selectable: (r) => r.status !== "pending",
          label: (r) => t`Select ${r.title}`,
          allLabel: t`Select all shown items`,
        }}
        refetchInterval={(rows) => (rows.some((r) => r.status === "pending") ? 3000 : false)}
        card={(r) => (
          <Stack gap={4}>
            {item(r)}
            <Text size="sm" c="dimmed">
              {r.companyName} · {r.sku} · {price(r)}
            </Text>
            <ListingState row={r} />
            <Text size="xs" c="dimmed">
              <Trans>Last change: {when(r.updatedAt)}</Trans>
            </Text>
          </Stack>
        )}
        searchLabel={t`Search`}
        searchPlaceholder={t`Title, SKU, listing ID or seller`}
        emptyText={<Trans>No items ready to list or on eBay match these filters.</Trans>}
        errorTitle={t`The listings could not be loaded`}
        testId="marketplace-listing"
        filters={
          <>
            <Select
              w={{ base: "100%", xs: 200 }}
              label={t`Status`}
              data={[
                { value: ALL, label: t`All statuses` },
                ...MARKETPLACE_LISTING_STATUSES.map((s) => ({ value: s, label: statusLabel[s] })),
              ]}
              value={search.status ?? ALL}
              allowDeselect={false}
              onChange={(v) => filter({ status: !v || v === ALL ? undefined : (v as Status) })}
              data-testid="marketplace-listing-status"
            />
            <Select
              w={{ base: "100%", xs: 240 }}
              label={t`Seller`}
              searchable
              data={[
                { value: ALL, label: t`All sellers` },
                ...(sellers.data?.rows ?? []).map((s) => ({ value: s.id, label: s.companyName })),
              ]}
              value={search.seller ?? ALL}
              allowDeselect={false}
              onChange={(v) => filter({ seller: !v || v === ALL ? undefined : v })}
              data-testid="marketplace-listing-seller"
            />
          </>
        }
      />
    </Stack>
  );
}
