/**
 * The latest scan: its code at once, then the item that scan found or made (never another
 * scan's item), its quantity and location, and what was done.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Badge, Card, Group, Loader, Stack, Text } from "@mantine/core";
import type { MouseEvent } from "react";
import type { Item } from "../../../../domain/inventory/item";
import { itemPath } from "./item-path";
import type { LatestScan } from "./result-item";
import type { ScanAction } from "./scan-logic";
import type { ScanEntry } from "./scan-session";

export function ScanResultCard({
  latest,
  item,
  entry,
  showOpenLink,
  actionLabel,
  openItem,
}: {
  latest: LatestScan;
  item: Item | null;
  entry: ScanEntry | null;
  showOpenLink: boolean;
  actionLabel: (a: ScanAction) => string;
  openItem: (id: string) => void;
}) {
  const { t } = useLingui();
  if (latest.status === "looking" || !item || !entry) {
    return (
      <Card withBorder padding="sm" data-testid="scan-result" data-code={latest.code} data-item="">
        <Group gap="xs" wrap="nowrap">
          <Loader size="xs" />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {t`Code ${latest.code}`}
            </Text>
            <Text size="sm" c="dimmed">
              <Trans>Looking up…</Trans>
            </Text>
          </Stack>
        </Group>
      </Card>
    );
  }
  return (
    <Card withBorder padding="sm" data-testid="scan-result" data-code={latest.code} data-item={item.id}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} truncate data-testid="scan-result-title">
            {item.title}
          </Text>
          <Text size="sm" c="dimmed">
            {t`Code ${latest.code}`} ·{" "}
            {entry.undone && entry.action === "created" ? t`deleted` : t`Quantity ${item.quantity}`}
            {item.location ? ` · ${t`Location ${item.location}`}` : ""}
          </Text>
        </Stack>
        <Badge color={entry.action === "created" ? "grape" : "teal"} variant="light">
          {entry.undone ? t`Undone` : actionLabel(entry.action)}
        </Badge>
      </Group>
      {showOpenLink && (
        <Anchor
          href={itemPath(item.id)}
          size="sm"
          mt="xs"
          onClick={(e: MouseEvent) => {
            e.preventDefault();
            openItem(item.id);
          }}
        >
          <Trans>Open this item</Trans>
        </Anchor>
      )}
    </Card>
  );
}
