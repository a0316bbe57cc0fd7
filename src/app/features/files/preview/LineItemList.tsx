import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Box, Group, Stack, Text, Title } from "@mantine/core";
import type { KeyboardEvent } from "react";
import type { LineItem } from "./file-preview-api";
import { formatAmount, groupBySection, type IndexedLineItem } from "./line-items";

/**
 * The extracted line items grouped by section. Each item is a focusable list item: pointer
 * over it or keyboard focus on it reports it as active (the page highlights it); a click,
 * Enter or Space selects it (the preview turns to its page).
 */
export function LineItemList({
  items,
  currentPage,
  activeIndex,
  selectedIndex,
  onActive,
  onSelect,
  showPages,
}: {
  items: LineItem[];
  currentPage: number | null;
  activeIndex: number | null;
  selectedIndex: number | null;
  onActive: (index: number | null) => void;
  onSelect: (item: IndexedLineItem) => void;
  showPages: boolean;
}) {
  const { t } = useLingui();
  if (items.length === 0) {
    return (
      <Text c="dimmed" data-testid="no-line-items">
        <Trans>No line items were found in this file.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="md" data-testid="line-items">
      {groupBySection(items).map((group) => {
        const heading = group.section ?? t`Other lines`;
        const first = group.items[0]?.index ?? 0;
        return (
          <Box key={`${first}-${heading}`} component="section" aria-label={heading}>
            <Title order={3} size="h6" tt="uppercase" c="dimmed" mb={4}>
              {heading}
            </Title>
            <Box component="ul" m={0} p={0} style={{ listStyle: "none" }}>
              {group.items.map((item) => (
                <LineItemRow
                  key={item.index}
                  item={item}
                  active={activeIndex === item.index}
                  selected={selectedIndex === item.index}
                  onCurrentPage={currentPage === item.page}
                  showPage={showPages}
                  onActive={onActive}
                  onSelect={onSelect}
                />
              ))}
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}

function LineItemRow({
  item,
  active,
  selected,
  onCurrentPage,
  showPage,
  onActive,
  onSelect,
}: {
  item: IndexedLineItem;
  active: boolean;
  selected: boolean;
  onCurrentPage: boolean;
  showPage: boolean;
  onActive: (index: number | null) => void;
  onSelect: (item: IndexedLineItem) => void;
}) {
  const { t, i18n } = useLingui();
  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      onSelect(item);
    }
  };
  const pageNumber = item.page;
  return (
    <Box
      component="li"
      tabIndex={0}
      className="mantine-focus-auto"
      data-testid="line-item"
      data-index={item.index}
      data-page={item.page}
      aria-current={selected ? "true" : undefined}
      onMouseEnter={() => onActive(item.index)}
      onMouseLeave={() => onActive(null)}
      onFocus={() => onActive(item.index)}
      onBlur={() => onActive(null)}
      onClick={() => onSelect(item)}
      onKeyDown={onKeyDown}
      px="xs"
      py={6}
      bg={active || selected ? "var(--mantine-color-yellow-light)" : undefined}
      style={{
        cursor: "pointer",
        borderRadius: "var(--mantine-radius-sm)",
        borderTop: item.isTotal ? "1px solid var(--mantine-color-default-border)" : undefined,
        opacity: onCurrentPage || !showPage ? 1 : 0.75,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text
            size="sm"
            fw={item.isTotal ? 700 : 400}
            data-testid="line-label"
            style={{ overflowWrap: "anywhere" }}
          >
            {item.label}
          </Text>
          {showPage && (
            <Badge size="xs" variant="light" color="gray" aria-label={t`page ${pageNumber}`}>
              <Trans>p. {pageNumber}</Trans>
            </Badge>
          )}
        </Group>
        <Group gap="md" wrap="nowrap" justify="flex-end">
          {item.amounts.map((amount, i) => (
            <Text
              // biome-ignore lint/suspicious/noArrayIndexKey: amounts are columns in a fixed order
              key={i}
              size="sm"
              fw={item.isTotal ? 700 : 400}
              ta="right"
              data-testid="line-amount"
              style={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}
            >
              {formatAmount(amount, i18n.locale)}
            </Text>
          ))}
        </Group>
      </Group>
    </Box>
  );
}
