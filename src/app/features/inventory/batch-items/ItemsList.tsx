import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Anchor, Badge, Box, Checkbox, Group, Paper, Stack, Text } from "@mantine/core";
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useCallback, useRef } from "react";
import type { Item } from "../../../../domain/inventory/item";
import { HrefLink, useInventoryLinks } from "../inventory-area";
import { ITEM_STATUS_COLORS, ITEM_STATUS_LABELS } from "../item-status";
import { QuantityCell, type QuantityCellProps } from "./QuantityCell";
import type { HeaderState } from "./selection";

/** Row heights (px): a table row on wide screens, a compact card on phones. */
const ROW_HEIGHT = { wide: 56, narrow: 132 } as const;

export interface ItemsListProps {
  items: readonly Item[];
  selected: ReadonlySet<string>;
  header: HeaderState;
  wide: boolean;
  /** The number of every item in the batch (for aria-rowcount). */
  label: string;
  onToggle: (id: string, range: boolean) => void;
  onToggleAll: () => void;
  onSaveQuantity: QuantityCellProps["onSave"];
  onMessage: QuantityCellProps["onMessage"];
}

const COLUMNS = { check: 44, status: 190, quantity: 120, updated: 150 } as const;

/**
 * The virtualised items: only the rows in view (plus a few) are in the DOM, so 50,000 rows
 * scroll like 50. ARIA table semantics with aria-rowcount/aria-rowindex tell screen readers
 * the real size. Arrow Up/Down move between rows' checkboxes (scrolling the list); Space
 * toggles; Shift+click or Shift+Space selects the range from the last toggled row.
 */
export function ItemsList(props: ItemsListProps) {
  const { items, selected, header, wide, label, onToggle, onToggleAll, onSaveQuantity, onMessage } = props;
  const { t } = useLingui();
  const scrollRef = useRef<HTMLDivElement>(null);
  const height = wide ? ROW_HEIGHT.wide : ROW_HEIGHT.narrow;
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => height,
    overscan: 8,
    getItemKey: (i) => (items[i] as Item).id,
  });

  const focusRow = useCallback(
    (index: number) => {
      if (index < 0 || index >= items.length) return;
      const find = () =>
        scrollRef.current?.querySelector<HTMLInputElement>(
          `[data-row-index="${index}"] input[type=checkbox]`,
        );
      virtualizer.scrollToIndex(index, { align: "auto" });
      // a row in the DOM (the overscan keeps the neighbours there) takes the focus at once;
      // one scrolled in from further away gets it once rendered
      const now = find();
      if (now) return now.focus();
      const tryFocus = (attempt: number) => {
        const box = find();
        if (box) box.focus();
        else if (attempt < 5) requestAnimationFrame(() => tryFocus(attempt + 1));
      };
      requestAnimationFrame(() => tryFocus(0));
    },
    [items.length, virtualizer],
  );

  const count = items.length;
  return (
    <Paper withBorder radius="md" role="table" aria-label={label} aria-rowcount={count + 1}>
      <Box role="rowgroup">
        <Group
          role="row"
          aria-rowindex={1}
          gap="sm"
          px="sm"
          py={8}
          wrap="nowrap"
          bg="var(--mantine-color-default-hover)"
        >
          <Box role="columnheader" w={COLUMNS.check}>
            <Checkbox
              aria-label={t`Select all shown (${plural(count, { one: "# item", other: "# items" })})`}
              checked={header === "all"}
              indeterminate={header === "some"}
              disabled={count === 0}
              onChange={onToggleAll}
              data-testid="select-all"
            />
          </Box>
          <Text role="columnheader" fw={600} size="sm" flex={1}>
            {wide ? t`Item` : t`Select all shown`}
          </Text>
          {wide && (
            <>
              <Text role="columnheader" fw={600} size="sm" w={COLUMNS.status}>
                {t`Status`}
              </Text>
              <Text role="columnheader" fw={600} size="sm" w={COLUMNS.quantity}>
                {t`Quantity`}
              </Text>
              <Text role="columnheader" fw={600} size="sm" w={COLUMNS.updated}>
                {t`Last changed`}
              </Text>
            </>
          )}
        </Group>
      </Box>
      <Box
        ref={scrollRef}
        role="rowgroup"
        data-testid="batch-items-scroll"
        style={{ height: "min(70dvh, 760px)", minHeight: 320, overflowY: "auto", contain: "strict" }}
        onKeyDown={(e) => {
          if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
          const target = e.target as HTMLElement;
          if (target.getAttribute("type") !== "checkbox") return;
          const row = target.closest<HTMLElement>("[data-row-index]");
          if (!row) return;
          e.preventDefault();
          focusRow(Number(row.dataset.rowIndex) + (e.key === "ArrowDown" ? 1 : -1));
        }}
      >
        <Box pos="relative" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((v) => {
            const item = items[v.index] as Item;
            return (
              <ItemRow
                key={item.id}
                item={item}
                index={v.index}
                top={v.start}
                height={height}
                wide={wide}
                checked={selected.has(item.id)}
                onToggle={onToggle}
                onSaveQuantity={onSaveQuantity}
                onMessage={onMessage}
              />
            );
          })}
        </Box>
      </Box>
    </Paper>
  );
}

interface ItemRowProps {
  item: Item;
  index: number;
  top: number;
  height: number;
  wide: boolean;
  checked: boolean;
  onToggle: (id: string, range: boolean) => void;
  onSaveQuantity: QuantityCellProps["onSave"];
  onMessage: QuantityCellProps["onMessage"];
}

const ItemRow = memo(function ItemRow(p: ItemRowProps) {
  const links = useInventoryLinks();
  const { t, i18n } = useLingui();
  const { item } = p;
  const shift = useRef(false);
  const title = item.title;
  const status = (
    <Badge color={ITEM_STATUS_COLORS[item.status]} variant="light" data-testid="item-status">
      {i18n._(ITEM_STATUS_LABELS[item.status])}
    </Badge>
  );
  const codes = (
    <Text size="xs" c="dimmed" truncate="end">
      {t`SKU`} {item.sku}
      {item.barcode ? ` · ${t`Barcode`} ${item.barcode}` : ""}
    </Text>
  );
  const box = (
    <Checkbox
      aria-label={t`Select ${title}`}
      checked={p.checked}
      onChange={() => undefined}
      onKeyDown={(e) => {
        shift.current = e.shiftKey;
      }}
      onClick={(e) => {
        p.onToggle(item.id, e.shiftKey || shift.current);
        shift.current = false;
      }}
    />
  );
  const link = (
    <Anchor
      renderRoot={(props) => <HrefLink {...props} href={links.item(item.id)} />}
      fw={600}
      size="sm"
      truncate="end"
      display="block"
    >
      {title}
    </Anchor>
  );
  const quantity = (
    <QuantityCell
      itemId={item.id}
      title={title}
      quantity={item.quantity}
      onSave={p.onSaveQuantity}
      onMessage={p.onMessage}
    />
  );
  const common = {
    role: "row",
    "aria-rowindex": p.index + 2,
    "data-row-index": p.index,
    "data-testid": "batch-item-row",
    "data-item-id": item.id,
    "data-sku": item.sku,
    "data-quantity": item.quantity,
    pos: "absolute",
    top: 0,
    left: 0,
    right: 0,
    h: p.height,
    style: { transform: `translateY(${p.top}px)` },
  } as const;

  if (p.wide) {
    return (
      <Group
        {...common}
        gap="sm"
        px="sm"
        wrap="nowrap"
        bg={p.checked ? "var(--mantine-primary-color-light)" : undefined}
        style={{ ...common.style, borderTop: "1px solid var(--mantine-color-default-border)" }}
      >
        <Box role="cell" w={COLUMNS.check}>
          {box}
        </Box>
        <Box role="cell" flex={1} miw={0}>
          {link}
          {codes}
        </Box>
        <Box role="cell" w={COLUMNS.status}>
          {status}
        </Box>
        <Box role="cell" w={COLUMNS.quantity}>
          {quantity}
        </Box>
        <Text role="cell" size="xs" c="dimmed" w={COLUMNS.updated}>
          {i18n.date(item.updatedAt, { dateStyle: "medium", timeStyle: "short" })}
        </Text>
      </Group>
    );
  }
  return (
    <Box {...common} p={6}>
      <Paper
        withBorder
        radius="md"
        p="xs"
        h="100%"
        bg={p.checked ? "var(--mantine-primary-color-light)" : undefined}
      >
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Box role="cell" pt={2}>
            {box}
          </Box>
          <Stack role="cell" gap={4} flex={1} miw={0}>
            {link}
            {codes}
            <Group gap="xs" justify="space-between" wrap="nowrap">
              {status}
              <Group gap={6} wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {t`Qty`}
                </Text>
                {quantity}
              </Group>
            </Group>
          </Stack>
        </Group>
      </Paper>
    </Box>
  );
});
