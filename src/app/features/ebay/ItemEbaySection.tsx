/**
 * An item's eBay part on its edit page: the category (suggested from the title by eBay's
 * Taxonomy API, with the seller's recent categories first), the category's required item
 * specifics, and publish / withdraw / delete for this item alone, with its listing state,
 * link and orders. Every change is an item edit through the sync engine, so it works offline.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Button,
  Card,
  type ComboboxParsedItem,
  Group,
  List,
  type OptionsFilter,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Dexie } from "dexie";
import { useLiveQuery } from "dexie-react-hooks";
import { useRef, useState } from "react";
import type { EbayAspect, ListingAction } from "../../../domain/ebay/contract";
import { emptyItemEbay, type ItemEbay } from "../../../domain/ebay/item-ebay";
import type { Item } from "../../../domain/inventory/item";
import { getDb } from "../../offline/db";
import { useSyncEngine } from "../../offline/sync-engine";
import { ebayQueries } from "./api";
import { EbayListingCell } from "./EbayListingCell";
import { EbayOrdersList } from "./EbayOrdersList";
import { EbayPhotosState } from "./EbayPhotosState";
import { EndListingConfirm } from "./EndListingConfirm";
import { actionsFor, isQueued, publishBlockers } from "./listing-requests";
import { recentCategories } from "./recent-categories";
import { useListingRequests } from "./use-listing-requests";

function AspectInput({
  aspect,
  value,
  onSave,
}: {
  aspect: EbayAspect;
  value: string;
  onSave(value: string): void;
}) {
  const [draft, setDraft] = useState(value);
  if (aspect.mode === "SELECTION_ONLY") {
    return (
      <Select
        label={aspect.name}
        required={aspect.required}
        data={aspect.values}
        value={value || null}
        searchable
        onChange={(v) => onSave(v ?? "")}
      />
    );
  }
  return (
    <TextInput
      label={aspect.name}
      required={aspect.required}
      value={draft}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={() => draft.trim() !== value && onSave(draft.trim())}
    />
  );
}

/**
 * `seller`: the seller company marketplace staff work for (docs/marketplace.md "eBay for a
 * seller"): its connection's state, listings and this item's orders are read in its scope, the
 * requests are the item writes staff already make; the connection page is the seller's own.
 */
export function ItemEbaySection({ item, seller = null }: { item: Item; seller?: string | null }) {
  const { t } = useLingui();
  const engine = useSyncEngine();
  const request = useListingRequests();
  const ebay = item.ebay ?? emptyItemEbay();
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim() || item.title.trim(), 300);
  const status = useQuery(ebayQueries.status(seller));
  // Offline the status is unknown: the category and requests still work (they queue).
  const configured = status.data?.state !== "not_configured";
  const suggestions = useQuery({
    ...ebayQueries.suggestions(query, seller),
    enabled: configured && query.length >= 2,
  });
  const aspects = useQuery({
    ...ebayQueries.aspects(ebay.categoryId ?? "", seller),
    enabled: configured && !!ebay.categoryId,
  });
  const [waiting, setWaiting] = useState(false);
  // While this item's request has not reached the server's listing, look again every 3 s.
  const listings = useQuery({
    ...ebayQueries.listings(seller),
    ...(waiting ? { refetchInterval: 3000 } : {}),
  });
  const listing = listings.data?.find((l) => l.itemId === item.id);
  const queued = isQueued(item, listing);
  if (queued !== waiting) setWaiting(queued);
  /** The last edit of the eBay part, so a request made right after it carries it. */
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const [confirm, setConfirm] = useState<ListingAction | null>(null);
  const [sending, setSending] = useState(false);

  const others = useLiveQuery(
    () =>
      getDb()
        .items.where("[companyId+sku]")
        .between([item.companyId, Dexie.minKey], [item.companyId, Dexie.maxKey])
        .toArray(),
    [item.companyId],
  );
  const recent = recentCategories(others ?? [], item.id);

  const save = (next: ItemEbay) => {
    saving.current = engine.write.patch("item", item.id, { ebay: next });
    return saving.current;
  };
  const chooseCategory = (id: string | null) => {
    if (!id || id === ebay.categoryId) return;
    const known =
      recent.find((c) => c.categoryId === id) ??
      suggestions.data?.map((s) => ({ ...s, aspects: {} })).find((c) => c.categoryId === id);
    // A category used before brings back the item specifics the seller gave it last time.
    void save({
      ...ebay,
      categoryId: id,
      categoryName: known?.categoryName ?? null,
      aspects: known?.aspects ?? {},
    });
  };
  const saveAspect = (name: string, value: string) => {
    const next = { ...ebay.aspects };
    if (value) next[name] = [value];
    else delete next[name];
    void save({ ...ebay, aspects: next });
  };
  const run = async (action: ListingAction) => {
    setSending(true);
    try {
      await saving.current.catch(() => undefined);
      await request([(await getDb().items.get(item.id)) ?? item], action);
    } finally {
      setSending(false);
      setConfirm(null);
    }
  };

  const options = [
    ...recent.map((c) => ({ value: c.categoryId, label: c.categoryName ?? c.categoryId })),
    ...(suggestions.data ?? [])
      .filter((s) => !recent.some((c) => c.categoryId === s.categoryId))
      .map((s) => ({ value: s.categoryId, label: [...s.path, s.categoryName].join(" › ") })),
  ];
  // eBay already matched its suggestions to the words typed (or the title): Mantine's own filter
  // would hide every one whose label ("Home & Garden › … › Lamps") does not contain them, so
  // only the recent categories are filtered here, by their names.
  const suggested = new Set((suggestions.data ?? []).map((s) => s.categoryId));
  const filter: OptionsFilter = ({ options: parsed, search: typed }) =>
    (parsed as ComboboxParsedItem[]).filter(
      (o) =>
        !("value" in o) ||
        suggested.has(o.value) ||
        o.label.toLowerCase().includes(typed.trim().toLowerCase()),
    );
  if (ebay.categoryId && !options.some((o) => o.value === ebay.categoryId)) {
    options.unshift({ value: ebay.categoryId, label: ebay.categoryName ?? ebay.categoryId });
  }
  const shownAspects = (aspects.data ?? []).filter((a) => a.required || ebay.aspects[a.name]);
  const blockers = publishBlockers(item);
  const missingAspects = shownAspects.filter((a) => a.required && !ebay.aspects[a.name]?.length);
  const blockerText: Record<string, string> = {
    title: t`a title`,
    description: t`a description`,
    price: t`a price`,
    quantity: t`a quantity of at least 1`,
    category: t`an eBay category`,
    photos: t`at least one photo`,
  };
  const actions = actionsFor(item);
  if (!configured) return null;

  return (
    <Card withBorder radius="lg" data-testid="item-ebay">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            <Trans>eBay</Trans>
          </Title>
          <EbayListingCell listing={listing} queued={queued} />
        </Group>
        {status.data?.state === "connected" && status.data.setup.complete && (
          <EbayPhotosState itemId={item.id} seller={seller} />
        )}
        <Select
          label={t`eBay category`}
          description={t`Suggested from the title; type to search eBay's categories`}
          placeholder={t`Choose a category`}
          data={options}
          value={ebay.categoryId}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={filter}
          nothingFoundMessage={suggestions.isFetching ? t`Searching eBay…` : t`No category found`}
          onChange={chooseCategory}
          data-testid="ebay-category"
        />
        {shownAspects.length > 0 && (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              <Trans>Item specifics eBay requires</Trans>
            </Text>
            {shownAspects.map((a) => (
              <AspectInput
                key={`${ebay.categoryId}/${a.name}`}
                aspect={a}
                value={ebay.aspects[a.name]?.[0] ?? ""}
                onSave={(v) => saveAspect(a.name, v)}
              />
            ))}
          </Stack>
        )}
        {(blockers.length > 0 || missingAspects.length > 0) && (
          <Stack gap={4}>
            <Text size="sm">
              <Trans>To publish on eBay, add:</Trans>
            </Text>
            <List size="sm">
              {blockers.map((b) => (
                <List.Item key={b}>{blockerText[b] ?? b}</List.Item>
              ))}
              {missingAspects.map((a) => (
                <List.Item key={a.name}>{a.name}</List.Item>
              ))}
            </List>
          </Stack>
        )}
        <Group gap="xs">
          {actions.includes("publish") && (
            <Button
              size="xs"
              disabled={blockers.length > 0}
              loading={sending}
              onClick={() => run("publish")}
              data-testid="item-ebay-publish"
            >
              <Trans>Publish on eBay</Trans>
            </Button>
          )}
          {actions.includes("withdraw") && (
            <Button size="xs" variant="default" onClick={() => setConfirm("withdraw")}>
              <Trans>Withdraw</Trans>
            </Button>
          )}
          {actions.includes("delete") && (
            <Button size="xs" variant="outline" color="red" onClick={() => setConfirm("delete")}>
              <Trans>Delete from eBay</Trans>
            </Button>
          )}
          {!seller && (
            <Button size="xs" variant="subtle" component={Link} to="/dashboard/listing">
              <Trans>eBay connection and all listings</Trans>
            </Button>
          )}
        </Group>
        <EbayOrdersList itemId={item.id} seller={seller} />
      </Stack>
      <EndListingConfirm
        action={confirm === "publish" ? null : confirm}
        busy={sending}
        onCancel={() => setConfirm(null)}
        onConfirm={(action) => run(action)}
      />
    </Card>
  );
}
