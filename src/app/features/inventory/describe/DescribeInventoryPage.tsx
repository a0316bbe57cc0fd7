/**
 * /dashboard/describe-inventory (Describe and List, issue 7): work through items one after
 * another — the ones still to describe, a batch, or a search — and describe each with the
 * keyboard alone (DescribeForm). The chosen queue and item live in the URL, so a reload (also
 * offline) comes back to the same item with its draft. Guided shots open in a dialog.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { Link, useNavigate } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { useCompanyId } from "../../../offline/company-context";
import { getDb } from "../../../offline/db";
import { usePageTitle } from "../../../ui/usePageTitle";
import { HrefLink, useInventoryLinks } from "../inventory-area";
import { companyBatches } from "../labels/item-search";
import { DescribeForm } from "./DescribeForm";
import { draftItemIds } from "./drafts";
import { GuidedShots } from "./GuidedShots";
import { nextInQueue, type QueueSource, type QueueSpec, readQueue } from "./queue";

/** Items the queue list shows (the queue itself may be longer; next still walks all of it). */
const SHOWN = 100;

import { AppModal } from "../../../ui/AppModal";
import type { DescribeSearch } from "./queue-source";

export function DescribeInventoryPage({ search }: { search: DescribeSearch }) {
  const links = useInventoryLinks();
  const { t } = useLingui();
  usePageTitle(t`Describe and List`);
  const companyId = useCompanyId();
  const navigate = useNavigate();
  const db = getDb();
  const phone = !useMediaQuery("(min-width: 48em)", true);
  const source: QueueSource = search.source ?? "todo";
  const [text, setText] = useState(search.q ?? "");
  const [query] = useDebouncedValue(text, 200);
  const spec: QueueSpec = { source, batchId: search.batch ?? null, query: search.q ?? "" };
  const [announce, setAnnounce] = useState("");
  const [guided, setGuided] = useState(false);
  const [guidedStep, setGuidedStep] = useState(0);
  const [finished, setFinished] = useState(false);

  const go = (next: DescribeSearch) => navigate({ href: links.describe({ ...next }), replace: true });

  // The typed search goes to the URL once typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text drives this
  useEffect(() => {
    if (source === "search" && query !== (search.q ?? ""))
      void go({ ...search, q: query || undefined, item: undefined });
  }, [query]);

  const queue = useLiveQuery(
    async () => (companyId ? readQueue(db, companyId, spec, SHOWN) : null),
    [db, companyId, spec.source, spec.batchId, spec.query],
  );
  const batches = useLiveQuery(async () => (companyId ? companyBatches(db, companyId) : []), [db, companyId]);
  const drafts = useLiveQuery(
    async () => (companyId ? draftItemIds(db, companyId) : new Set<string>()),
    [db, companyId],
  );
  const itemId = search.item ?? null;
  const item = useLiveQuery(
    async () => (itemId ? ((await db.items.get(itemId)) ?? null) : null),
    [db, itemId],
  );
  const next = useLiveQuery(
    async () =>
      companyId && itemId
        ? nextInQueue(
            db,
            companyId,
            spec,
            itemId,
            spec.source === "search" ? queue?.rows.map((r) => r.id) : undefined,
          )
        : null,
    [db, companyId, itemId, spec.source, spec.batchId, spec.query, queue],
  );

  // Nothing chosen yet: open the first item of the queue.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the queue and the chosen item only
  useEffect(() => {
    const first = queue?.rows[0];
    if (!itemId && first && !finished) void go({ ...search, item: first.id });
  }, [queue, itemId]);

  if (!companyId) {
    return (
      <Alert color="yellow" title={t`No company`}>
        <Trans>Inventory belongs to a company. Join or create one on the Company Account page first.</Trans>
      </Alert>
    );
  }

  const openNext = async () => {
    if (!itemId) return;
    const order = spec.source === "search" ? queue?.rows.map((r) => r.id) : undefined;
    const found = await nextInQueue(db, companyId, spec, itemId, order);
    if (found) {
      setFinished(false);
      await go({ ...search, item: found.id });
    } else {
      setFinished(true);
      setAnnounce(t`That was the last item in this list.`);
      await go({ ...search, item: undefined });
    }
  };

  const chooseSource = (s: string) => {
    setFinished(false);
    void go({
      source: s as QueueSource,
      batch: s === "batch" ? search.batch : undefined,
      q: s === "search" ? text || undefined : undefined,
    });
  };

  const sourceLabel = { todo: t`To describe`, batch: t`Batch`, search: t`Search` };
  const queueList = (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <SegmentedControl
          fullWidth
          value={source}
          onChange={chooseSource}
          data={(["todo", "batch", "search"] as const).map((s) => ({ value: s, label: sourceLabel[s] }))}
          aria-label={t`Items to work through`}
        />
        {source === "batch" ? (
          <Select
            label={t`Batch`}
            placeholder={t`Choose a batch`}
            data={(batches ?? []).map((b) => ({ value: b.id, label: b.name }))}
            value={search.batch ?? null}
            onChange={(b) => {
              setFinished(false);
              void go({ source: "batch", batch: b ?? undefined });
            }}
            searchable
            nothingFoundMessage={t`No batch has that name`}
          />
        ) : null}
        {source === "search" ? (
          <TextInput
            label={t`Search items`}
            description={t`Title, SKU or barcode`}
            leftSection={<IconSearch size={16} aria-hidden />}
            type="search"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
        ) : null}
        <Text size="sm" c="dimmed" data-testid="queue-count">
          {queue
            ? source === "todo"
              ? t`${queue.total} items to describe`
              : t`${queue.total} items`
            : t`Loading…`}
        </Text>
        {queue && queue.rows.length > 0 ? (
          <ScrollArea.Autosize mah={phone ? 200 : 560} type="auto" offsetScrollbars>
            <Stack
              gap={2}
              component="ul"
              style={{ listStyle: "none", padding: 0, margin: 0 }}
              aria-label={t`Items`}
            >
              {queue.rows.map((row) => {
                const current = row.id === itemId;
                return (
                  <li key={row.id}>
                    <UnstyledButton
                      w="100%"
                      p="xs"
                      aria-current={current ? "true" : undefined}
                      onClick={() => {
                        setFinished(false);
                        void go({ ...search, item: row.id });
                      }}
                      bg={current ? "var(--mantine-primary-color-light)" : undefined}
                      style={{ borderRadius: "var(--mantine-radius-sm)", overflow: "hidden" }}
                      data-testid="queue-item"
                      data-sku={row.sku}
                    >
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <Text size="sm" truncate fw={current ? 600 : 400} miw={0} flex={1}>
                          {row.title || t`Untitled item`}
                        </Text>
                        {drafts?.has(row.id) ? (
                          <Badge size="xs" variant="light" color="orange">
                            <Trans>Draft</Trans>
                          </Badge>
                        ) : null}
                      </Group>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {row.sku}
                      </Text>
                    </UnstyledButton>
                  </li>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        ) : null}
      </Stack>
    </Card>
  );

  const empty = queue && queue.total === 0 && !item;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>
            <Trans>Describe and List</Trans>
          </Title>
          <Text c="dimmed" size="sm">
            <Trans>
              Describe items one after another. Everything you type is kept on this device until saved.
            </Trans>
          </Text>
        </div>
        <Anchor component={Link} to="/guided-listing-images" size="sm">
          <Trans>Guided listing images</Trans>
        </Anchor>
      </Group>
      <Text size="sm" aria-live="polite" data-testid="describe-announce" mih={20}>
        {announce}
      </Text>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 1 }}>
          {queueList}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 2 }}>
          {item ? (
            <DescribeForm
              key={item.id}
              item={item}
              companyId={companyId}
              hasNext={!!next}
              onNext={openNext}
              onAnnounce={setAnnounce}
              onGuidedShots={() => {
                setGuidedStep(0);
                setGuided(true);
              }}
            />
          ) : item === null && itemId ? (
            <Alert color="yellow" title={t`Item not on this device`}>
              <Trans>This item was deleted, or has not reached this device yet. Choose another one.</Trans>
            </Alert>
          ) : finished ? (
            <Card withBorder padding="lg">
              <Text>
                <Trans>That was the last item in this list. Choose another item or list.</Trans>
              </Text>
            </Card>
          ) : empty ? (
            <Card withBorder padding="lg">
              <Stack gap="xs" align="flex-start">
                <Title order={2} size="h4">
                  {source === "todo" ? <Trans>Nothing left to describe</Trans> : <Trans>No items here</Trans>}
                </Title>
                <Text size="sm" c="dimmed">
                  <Trans>New items appear here when you import a file, scan codes or add items.</Trans>
                </Text>
                <Group gap="sm">
                  <Button component={HrefLink} href={links.home} variant="light">
                    <Trans>Inventory Dashboard</Trans>
                  </Button>
                  {links.scan && (
                    <Button component={HrefLink} href={links.scan} variant="default">
                      <Trans>Scan items</Trans>
                    </Button>
                  )}
                </Group>
              </Stack>
            </Card>
          ) : null}
        </Grid.Col>
      </Grid>
      <AppModal
        opened={guided}
        onClose={() => setGuided(false)}
        title={t`Guided shots`}
        fullScreen={phone}
        size="lg"
      >
        <GuidedShots
          step={guidedStep}
          onStepChange={setGuidedStep}
          onDone={() => setGuided(false)}
          headingOrder={3}
        />
      </AppModal>
    </Stack>
  );
}
