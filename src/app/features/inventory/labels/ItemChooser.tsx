/**
 * Choosing the items to label: from a batch, from a search (title, SKU, barcode), or from
 * the last scans of this tab's scanning session. Everything is read from Dexie, so it works
 * offline. Checking a row adds the item to the selection; "Select all" adds every match.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Checkbox, Group, ScrollArea, Select, Stack, Tabs, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconBarcode, IconPackages, IconSearch } from "@tabler/icons-react";
import { useLiveQuery } from "dexie-react-hooks";
import { useState } from "react";
import type { Item } from "../../../../domain/inventory/item";
import { MAX_LABELS } from "../../../../domain/labels/label-data";
import { getDb } from "../../../offline/db";
import { batchItemIds, batchItems, companyBatches, searchItemIds, searchItems } from "./item-search";
import { readRecentScans } from "./recent-scans";

/** Rows a list shows at once; "Select all" still takes every match. */
const SHOWN = 100;

export type ChooserSource = "batch" | "search" | "scans";

interface ChooserProps {
  companyId: string;
  selected: readonly string[];
  onToggle(id: string): void;
  onAdd(ids: string[]): void;
}

function ItemRows({
  rows,
  total,
  selected,
  onToggle,
}: {
  rows: readonly Item[];
  total: number;
  selected: readonly string[];
  onToggle(id: string): void;
}) {
  const { t } = useLingui();
  const chosen = new Set(selected);
  return (
    <Stack gap={4}>
      <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
        <Stack gap={2}>
          {rows.map((item) => (
            <Checkbox
              key={item.id}
              data-testid="choose-item"
              data-sku={item.sku}
              checked={chosen.has(item.id)}
              onChange={() => onToggle(item.id)}
              label={
                <span>
                  <Text span fw={500} size="sm">
                    {item.title || t`Untitled item`}
                  </Text>{" "}
                  <Text span size="xs" c="dimmed" ff="monospace">
                    {item.sku}
                  </Text>
                </span>
              }
              py={4}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {total > rows.length ? (
        <Text size="xs" c="dimmed">
          <Trans>
            Showing {rows.length} of {total}. Select all takes every one.
          </Trans>
        </Text>
      ) : null}
    </Stack>
  );
}

function BatchSource({ companyId, selected, onToggle, onAdd }: ChooserProps) {
  const { t } = useLingui();
  const db = getDb();
  const [batchId, setBatchId] = useState<string | null>(null);
  const batches = useLiveQuery(() => companyBatches(db, companyId), [db, companyId]);
  const items = useLiveQuery(
    async () => (batchId ? batchItems(db, companyId, batchId, SHOWN) : null),
    [db, companyId, batchId],
  );
  if (batches && batches.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No batches yet. Import a file, or search for items instead.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Select
        label={t`Batch`}
        placeholder={t`Choose a batch`}
        data={(batches ?? []).map((b) => ({ value: b.id, label: `${b.name} (${b.rowCount})` }))}
        value={batchId}
        onChange={setBatchId}
        searchable
        nothingFoundMessage={t`No batch has that name`}
      />
      {items ? (
        items.total === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>This batch has no items on this device.</Trans>
          </Text>
        ) : (
          <>
            <Group justify="space-between">
              <Text size="sm">
                <Trans>{items.total} items</Trans>
              </Text>
              <Button
                size="xs"
                variant="light"
                onClick={async () => batchId && onAdd(await batchItemIds(db, companyId, batchId, MAX_LABELS))}
              >
                <Trans>Select all in batch</Trans>
              </Button>
            </Group>
            <ItemRows rows={items.rows} total={items.total} selected={selected} onToggle={onToggle} />
          </>
        )
      ) : null}
    </Stack>
  );
}

function SearchSource({ companyId, selected, onToggle, onAdd }: ChooserProps) {
  const { t } = useLingui();
  const db = getDb();
  const [text, setText] = useState("");
  const [query] = useDebouncedValue(text, 150);
  const found = useLiveQuery(() => searchItems(db, companyId, query, SHOWN), [db, companyId, query]);
  return (
    <Stack gap="sm">
      <TextInput
        label={t`Search items`}
        description={t`Title, SKU or barcode`}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        type="search"
        autoComplete="off"
      />
      <div aria-live="polite">
        {query.trim() === "" ? null : !found ? null : found.total === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No item matches “{query}”.</Trans>
          </Text>
        ) : (
          <Group justify="space-between">
            <Text size="sm">
              <Trans>{found.total} matching items</Trans>
            </Text>
            <Button
              size="xs"
              variant="light"
              onClick={async () => onAdd(await searchItemIds(db, companyId, query, MAX_LABELS))}
            >
              <Trans>Select all matches</Trans>
            </Button>
          </Group>
        )}
      </div>
      {found && found.total > 0 ? (
        <ItemRows rows={found.rows} total={found.total} selected={selected} onToggle={onToggle} />
      ) : null}
    </Stack>
  );
}

function ScanSource({ companyId, selected, onToggle, onAdd }: ChooserProps) {
  const db = getDb();
  const [ids] = useState(() => readRecentScans(companyId));
  const rows = useLiveQuery(
    async () => (await db.items.bulkGet(ids.slice(0, SHOWN))).filter((i): i is Item => !!i),
    [db, ids],
  );
  if (ids.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No scans in this session yet. Items you scan on Scan Inventory appear here.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm">
          <Trans>{ids.length} scanned items, newest first</Trans>
        </Text>
        <Button size="xs" variant="light" onClick={() => onAdd(ids)}>
          <Trans>Select all scanned</Trans>
        </Button>
      </Group>
      <ItemRows rows={rows ?? []} total={ids.length} selected={selected} onToggle={onToggle} />
    </Stack>
  );
}

export function ItemChooser(props: ChooserProps) {
  const { t } = useLingui();
  const [source, setSource] = useState<ChooserSource>("search");
  return (
    <Tabs value={source} onChange={(v) => setSource((v as ChooserSource) ?? "search")} keepMounted={false}>
      <Tabs.List grow>
        <Tabs.Tab value="search" leftSection={<IconSearch size={16} aria-hidden />}>
          {t`Search`}
        </Tabs.Tab>
        <Tabs.Tab value="batch" leftSection={<IconPackages size={16} aria-hidden />}>
          {t`Batch`}
        </Tabs.Tab>
        <Tabs.Tab value="scans" leftSection={<IconBarcode size={16} aria-hidden />}>
          {t`Last scans`}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="search" pt="md">
        <SearchSource {...props} />
      </Tabs.Panel>
      <Tabs.Panel value="batch" pt="md">
        <BatchSource {...props} />
      </Tabs.Panel>
      <Tabs.Panel value="scans" pt="md">
        <ScanSource {...props} />
      </Tabs.Panel>
    </Tabs>
  );
}
