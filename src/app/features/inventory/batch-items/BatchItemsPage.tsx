import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  CloseButton,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useMediaQuery, useNetwork } from "@mantine/hooks";
import { IconPackageOff, IconSearch } from "@tabler/icons-react";
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { ITEM_STATUSES, type Item, type ItemStatus } from "../../../../domain/inventory/item";
import { useCompanyId } from "../../../offline/company-context";
import { useSyncEngine } from "../../../offline/sync-engine";
import { AppModal } from "../../../ui/AppModal";
import { toast } from "../../../ui/toast";
import { usePageTitle } from "../../../ui/usePageTitle";
import { HrefLink, useInventoryLinks } from "../inventory-area";
import { ITEM_STATUS_LABELS, isItemStatus } from "../item-status";
import { setStatusOf } from "./bulk-status";
import { createFilter, type ItemSort, indexItems, sortItems } from "./filter";
import { ItemsList } from "./ItemsList";
import {
  EMPTY_SELECTION,
  headerState,
  hiddenCount,
  prune,
  type Selection,
  toggle,
  toggleAllVisible,
} from "./selection";
import { useBatchItems } from "./use-batch-items";

/** Bulk changes of this many items or more ask first. */
const BULK_CONFIRM_AT = 100;

const ALL = "all";

/** /dashboard/item/{id}: a batch's items — search, status filter, multi-select, bulk status, inline quantity. */
export function BatchItemsPage({ batchId }: { batchId: string }) {
  const links = useInventoryLinks();
  const { t, i18n } = useLingui();
  const engine = useSyncEngine();
  const companyId = useCompanyId();
  const { batch, items, complete, synced } = useBatchItems(engine.db, batchId, companyId);
  const online = useNetwork().online;
  usePageTitle(batch?.name ?? t`Batch items`);
  const wide = useMediaQuery("(min-width: 56.25em)", true) ?? true;

  const [search, setSearch] = useState("");
  const query = useDeferredValue(search);
  const [status, setStatus] = useState<ItemStatus | null>(null);
  const [sort, setSort] = useState<ItemSort>("import");
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [bulkStatus, setBulkStatus] = useState<ItemStatus | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [bulkBusy, setBulkBusy] = useState<{ done: number; total: number } | null>(null);
  const [announcement, setAnnouncement] = useState("");

  const sorted = useMemo(() => (items ? sortItems(items, sort) : []), [items, sort]);
  const index = useMemo(() => indexItems(sorted), [sorted]);
  const filter = useRef(createFilter());
  const shown = useMemo(() => {
    const positions = filter.current(index, { query, status });
    return positions.map((i) => index.items[i] as Item);
  }, [index, query, status]);
  const shownIds = useMemo(() => shown.map((it) => it.id), [shown]);

  // rows deleted or moved out of the batch leave the selection
  useEffect(() => {
    if (!items || !complete) return;
    const existing = new Set(items.map((it) => it.id));
    setSelection((s) => prune(s, existing));
  }, [items, complete]);

  const shownRef = useRef(shownIds);
  shownRef.current = shownIds;
  const onToggle = useCallback((id: string, range: boolean) => {
    setSelection((s) => toggle(s, shownRef.current, id, range));
  }, []);
  const onToggleAll = useCallback(() => setSelection((s) => toggleAllVisible(s, shownRef.current)), []);

  const onSaveQuantity = useCallback(
    async (id: string, quantity: number) => {
      await engine.write.patch("item", id, { quantity });
    },
    [engine],
  );
  const onMessage = useCallback((text: string, kind: "saved" | "error") => {
    setAnnouncement(text);
    if (kind === "error") toast.error(text);
  }, []);

  const total = items?.length ?? 0;
  const filtered = query.trim() !== "" || status !== null;
  const shownCount = shown.length;
  const matching = i18n.number(shownCount);
  const countText = !complete
    ? t`Loading all items…`
    : filtered
      ? plural(total, { one: `${matching} of # item matches`, other: `${matching} of # items match` })
      : plural(total, { one: "# item", other: "# items" });

  const selectedCount = selection.ids.size;
  const selectedText = i18n.number(selectedCount);
  const hidden = useMemo(
    () => (selection.ids.size === 0 ? 0 : hiddenCount(selection, new Set(shownIds))),
    [selection, shownIds],
  );
  const hiddenText = i18n.number(hidden);

  const applyBulk = async () => {
    if (!bulkStatus) return;
    setConfirming(false);
    const ids = [...selection.ids];
    setBulkBusy({ done: 0, total: ids.length });
    try {
      const result = await setStatusOf(engine, ids, bulkStatus, (done) =>
        setBulkBusy({ done, total: ids.length }),
      );
      const label = i18n._(ITEM_STATUS_LABELS[bulkStatus]);
      const changed = result.changed;
      const message = plural(changed, {
        one: `# item set to ${label}. It is saved on this device and sent to the server in the background.`,
        other: `# items set to ${label}. They are saved on this device and sent to the server in the background.`,
      });
      toast.success(message);
      setAnnouncement(message);
      setSelection(EMPTY_SELECTION);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      toast.error(t`Status not changed: ${reason}`);
    } finally {
      setBulkBusy(null);
    }
  };

  const statusOptions = [
    { value: ALL, label: t`All statuses` },
    ...ITEM_STATUSES.map((s) => {
      const n = index.statusCounts[s] ?? 0;
      return {
        value: s,
        label: complete ? `${i18n._(ITEM_STATUS_LABELS[s])} (${n})` : i18n._(ITEM_STATUS_LABELS[s]),
      };
    }),
  ];
  const sortOptions = [
    { value: "import", label: t`Import order` },
    { value: "recent", label: t`Recently changed` },
    { value: "title", label: t`Title` },
    { value: "sku", label: t`SKU` },
    { value: "quantity", label: t`Quantity` },
  ];

  // --- states before the list -------------------------------------------------------------
  const known = batch !== null || (items !== null && items.length > 0);
  if (batch === undefined || items === null || synced === undefined) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t`Loading items`} />
      </Center>
    );
  }
  if (!known) {
    if (!synced) {
      return (
        <Stack align="center" py="xl" gap="sm">
          {online ? (
            <>
              <Loader role="status" aria-label={t`Downloading your inventory`} />
              <Text c="dimmed">
                <Trans>Downloading your inventory to this device…</Trans>
              </Text>
            </>
          ) : (
            <Alert color="yellow" title={t`You are offline`}>
              <Trans>
                This device has not downloaded your inventory yet. Connect to the internet once and it stays
                available offline.
              </Trans>
            </Alert>
          )}
        </Stack>
      );
    }
    return (
      <Card withBorder radius="lg" p="xl" data-testid="batch-not-found">
        <Stack align="center" gap="sm">
          <IconPackageOff size={48} stroke={1.4} />
          <Title order={1} size="h3">
            <Trans>Batch not found</Trans>
          </Title>
          <Text c="dimmed" ta="center">
            <Trans>
              There is no batch with this address in your company. It may have been deleted, or the link
              belongs to another company.
            </Trans>
          </Text>
          <Anchor component={HrefLink} href={links.home}>
            <Trans>Go to the Inventory Dashboard</Trans>
          </Anchor>
        </Stack>
      </Card>
    );
  }

  const name = batch?.name ?? t`Batch`;
  const rowCount = batch?.rowCount ?? 0;
  const created = batch ? i18n.date(batch.createdAt, { dateStyle: "medium", timeStyle: "short" }) : null;
  const fileName = batch?.sourceFileName ?? null;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Anchor component={HrefLink} href={links.home} size="sm">
          <Trans>Inventory Dashboard</Trans>
        </Anchor>
        <Title order={1}>{name}</Title>
        <Group gap="lg" wrap="wrap" data-testid="batch-summary">
          {fileName && (
            <Text size="sm" c="dimmed">
              <Trans>File: {fileName}</Trans>
            </Text>
          )}
          {batch && (
            <Text size="sm" c="dimmed">
              {plural(rowCount, { one: "# row in the file", other: "# rows in the file" })}
            </Text>
          )}
          {created && (
            <Text size="sm" c="dimmed">
              <Trans>Imported {created}</Trans>
            </Text>
          )}
        </Group>
      </Stack>

      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          style={{ flex: "1 1 260px" }}
          leftSection={<IconSearch size={16} />}
          label={t`Search`}
          placeholder={t`Title, SKU or barcode`}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          rightSection={
            search ? (
              <CloseButton size="sm" aria-label={t`Clear search`} onClick={() => setSearch("")} />
            ) : null
          }
          data-testid="batch-items-search"
        />
        <Select
          w={wide ? 240 : "100%"}
          label={t`Status`}
          data={statusOptions}
          value={status ?? ALL}
          allowDeselect={false}
          onChange={(v) => setStatus(isItemStatus(v) ? v : null)}
        />
        <NativeSelect
          w={wide ? 200 : "100%"}
          label={t`Sort by`}
          data={sortOptions}
          value={sort}
          onChange={(e) => setSort(e.currentTarget.value as ItemSort)}
        />
      </Group>

      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" role="status" aria-live="polite" data-testid="batch-items-count">
          {countText}
        </Text>
        {filtered && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setSearch("");
              setStatus(null);
            }}
          >
            <Trans>Clear filters</Trans>
          </Button>
        )}
      </Group>

      {selectedCount > 0 && (
        <Paper withBorder radius="md" p="sm" data-testid="bulk-bar">
          <Group gap="sm" wrap="wrap" align="flex-end">
            <Stack gap={0} style={{ flex: "1 1 160px" }}>
              <Text fw={600}>
                <Trans>{selectedText} selected</Trans>
              </Text>
              {hidden > 0 && (
                <Text size="xs" c="dimmed">
                  <Trans>{hiddenText} of them are hidden by the search or filter</Trans>
                </Text>
              )}
            </Stack>
            <Select
              w={wide ? 240 : "100%"}
              label={t`New status`}
              placeholder={t`Choose a status`}
              data={ITEM_STATUSES.map((s) => ({ value: s, label: i18n._(ITEM_STATUS_LABELS[s]) }))}
              value={bulkStatus}
              onChange={(v) => setBulkStatus(isItemStatus(v) ? v : null)}
            />
            <Button
              disabled={!bulkStatus}
              loading={bulkBusy !== null}
              onClick={() => (selectedCount >= BULK_CONFIRM_AT ? setConfirming(true) : void applyBulk())}
            >
              <Trans>Change status</Trans>
            </Button>
            <Button
              variant="default"
              onClick={() => setSelection(EMPTY_SELECTION)}
              disabled={bulkBusy !== null}
            >
              <Trans>Clear selection</Trans>
            </Button>
          </Group>
          {bulkBusy && bulkBusy.total >= BULK_CONFIRM_AT && (
            <Text size="xs" c="dimmed" mt={4} role="status">
              <SavingProgress done={i18n.number(bulkBusy.done)} total={i18n.number(bulkBusy.total)} />
            </Text>
          )}
        </Paper>
      )}

      {total === 0 ? (
        <Card withBorder radius="lg" p="xl" data-testid="batch-items-empty">
          <Stack align="center" gap="sm">
            <IconPackageOff size={48} stroke={1.4} />
            <Title order={2} size="h3">
              <Trans>This batch has no items</Trans>
            </Title>
            <Text c="dimmed" ta="center">
              <Trans>Items imported into this batch or moved to it appear here.</Trans>
            </Text>
          </Stack>
        </Card>
      ) : shownCount === 0 && complete ? (
        <Card withBorder radius="lg" p="xl" data-testid="batch-items-no-match">
          <Stack align="center" gap="sm">
            <Title order={2} size="h3">
              <Trans>No items match</Trans>
            </Title>
            <Text c="dimmed" ta="center">
              <Trans>No item of this batch has that title, SKU or barcode with the chosen status.</Trans>
            </Text>
            <Button
              variant="light"
              onClick={() => {
                setSearch("");
                setStatus(null);
              }}
            >
              <Trans>Clear filters</Trans>
            </Button>
          </Stack>
        </Card>
      ) : (
        <ItemsList
          // rows change height between the table and the cards: a fresh list measures anew
          key={wide ? "wide" : "narrow"}
          items={shown}
          selected={selection.ids}
          header={headerState(selection, shownIds)}
          wide={wide}
          label={t`Items of ${name}`}
          onToggle={onToggle}
          onToggleAll={onToggleAll}
          onSaveQuantity={onSaveQuantity}
          onMessage={onMessage}
        />
      )}

      <VisuallyHidden aria-live="polite" data-testid="batch-items-announcer">
        {announcement}
      </VisuallyHidden>

      <AppModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t`Change the status of ${plural(selectedCount, { one: "# item", other: "# items" })}?`}
      >
        <Stack>
          <Text>
            {bulkStatus && (
              <BulkQuestion count={selectedCount} label={i18n._(ITEM_STATUS_LABELS[bulkStatus])} />
            )}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={() => void applyBulk()} data-testid="confirm-bulk">
              <Trans>Change status</Trans>
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}

function SavingProgress({ done, total }: { done: string; total: string }) {
  return (
    <Trans>
      Saving {done} of {total}…
    </Trans>
  );
}

function BulkQuestion({ count, label }: { count: number; label: string }) {
  return (
    <>
      {plural(count, {
        one: `# item will be set to ${label}.`,
        other: `# items will be set to ${label}.`,
      })}{" "}
      <Trans>
        The change is saved on this device at once and sent to the server in the background, item by item; you
        can keep working meanwhile.
      </Trans>
    </>
  );
}
