/**
 * /dashboard/inventory-info (Inventory Dashboard, issue 6): items per status and the recent
 * batches, read live from this device's copy of the inventory, so the page opens offline and
 * follows an import as it is written; the Import button opens the file import.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  ColorSwatch,
  Group,
  Loader,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconFileImport, IconPackages } from "@tabler/icons-react";
import { useState } from "react";
import { ITEM_STATUSES } from "../../../../domain/inventory/item";
import { useCompanyId } from "../../../offline/company-context";
import { useOutboxStatus } from "../../../offline/use-outbox-status";
import { usePageTitle } from "../../../ui/usePageTitle";
import { ImportModal } from "../import/ImportModal";
import { SyncScreenLink } from "../import/SyncScreenLink";
import { HrefLink, useInventoryLinks } from "../inventory-area";
import { ITEM_STATUS_COLORS, ITEM_STATUS_LABELS } from "../item-status";
import { useRecentBatches, useStatusCounts } from "./use-inventory-overview";

export function InventoryDashboardPage() {
  const links = useInventoryLinks();
  const { t, i18n } = useLingui();
  usePageTitle(t`Inventory Dashboard`);
  const companyId = useCompanyId();
  const [importing, setImporting] = useState(false);
  // the import dialog covers the numbers: they are read again when it closes
  const counts = useStatusCounts(companyId, { paused: importing });
  const batches = useRecentBatches(companyId, { paused: importing });
  const outbox = useOutboxStatus(companyId ?? undefined);
  const wide = useMediaQuery("(min-width: 48em)", true);
  const n = (v: number) => i18n.number(v);

  if (!companyId) {
    return (
      <Stack gap="lg">
        <Title order={1}>
          <Trans>Inventory Dashboard</Trans>
        </Title>
        <Alert color="yellow" title={t`No company`}>
          <Trans>Inventory belongs to a company. Join or create a company to keep inventory here.</Trans>
        </Alert>
      </Stack>
    );
  }

  const total = counts?.total ?? 0;
  const waiting = outbox.waiting;
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>
          <Trans>Inventory Dashboard</Trans>
        </Title>
        <Button leftSection={<IconFileImport size={18} />} onClick={() => setImporting(true)}>
          <Trans>Import items</Trans>
        </Button>
      </Group>

      <Card withBorder radius="lg" p={{ base: "sm", sm: "lg" }} aria-labelledby="inventory-counts-title">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} size="h4" id="inventory-counts-title">
              <Trans>Items by status</Trans>
            </Title>
            {counts && (
              <Text c="dimmed" size="sm" data-testid="inventory-total">
                <Trans>{n(total)} items in total</Trans>
              </Text>
            )}
          </Group>
          {/* The grid is laid out while the counts load (a placeholder for each number), so
              nothing below moves when they come. */}
          <SimpleGrid
            cols={{ base: 2, xs: 3, md: 4 }}
            spacing="sm"
            data-testid={counts ? "status-counts" : undefined}
            aria-busy={counts === undefined}
          >
            {ITEM_STATUSES.map((s) => {
              const label = i18n._(ITEM_STATUS_LABELS[s]);
              const value = counts?.byStatus[s] ?? 0;
              return (
                <Card key={s} withBorder radius="md" p="sm" data-testid={`status-count-${s}`}>
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <ColorSwatch
                      color={`var(--mantine-color-${ITEM_STATUS_COLORS[s]}-6)`}
                      size={10}
                      withShadow={false}
                      mt={4}
                      aria-hidden
                    />
                    <Text size="xs" fw={600} c="dimmed" lh={1.3}>
                      {label}
                    </Text>
                  </Group>
                  {counts ? (
                    <Text fz="xl" fw={700} mt={4} aria-label={t`${label}: ${n(value)} items`}>
                      {n(value)}
                    </Text>
                  ) : (
                    <Skeleton
                      h="calc(var(--mantine-font-size-xl) * var(--mantine-line-height-md))"
                      w="3ch"
                      mt={4}
                    />
                  )}
                </Card>
              );
            })}
          </SimpleGrid>
          {counts === undefined && (
            <VisuallyHidden role="status">
              <Trans>Loading counts</Trans>
            </VisuallyHidden>
          )}
          {waiting > 0 && (
            <Text size="sm" c="dimmed">
              <Trans>
                {n(waiting)} changes on this device are waiting to be sent.{" "}
                <SyncScreenLink size="sm">Sync</SyncScreenLink>
              </Trans>
            </Text>
          )}
        </Stack>
      </Card>

      <Card withBorder radius="lg" p={{ base: "sm", sm: "lg" }}>
        <Stack gap="md">
          <Title order={2} size="h4">
            <Trans>Recent batches</Trans>
          </Title>
          {batches === undefined ? (
            <Center py="md">
              <Loader size="sm" role="status" aria-label={t`Loading batches`} />
            </Center>
          ) : !batches || batches.rows.length === 0 ? (
            <Stack align="center" gap="xs" py="md" data-testid="batches-empty">
              <IconPackages size={40} stroke={1.4} aria-hidden />
              <Text fw={600}>
                <Trans>No batches yet</Trans>
              </Text>
              <Text c="dimmed" ta="center" size="sm">
                <Trans>Import a CSV, TSV or XLSX file of your items: each import becomes a batch.</Trans>
              </Text>
              <Button
                variant="light"
                leftSection={<IconFileImport size={18} />}
                onClick={() => setImporting(true)}
              >
                <Trans>Import items</Trans>
              </Button>
            </Stack>
          ) : wide ? (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs" data-testid="recent-batches">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>Batch</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Source file</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>Items</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Created</Trans>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {batches.rows.map(({ batch, items }) => (
                    <Table.Tr key={batch.id} data-testid="batch-row">
                      <Table.Td>
                        <Anchor
                          fw={600}
                          renderRoot={(props) => <HrefLink {...props} href={links.batch(batch.id)} />}
                        >
                          {batch.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {batch.sourceFileName ?? "—"}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{n(items)}</Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {i18n.date(batch.createdAt, { dateStyle: "medium", timeStyle: "short" })}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Stack gap="xs" data-testid="recent-batches">
              {batches.rows.map(({ batch, items }) => (
                <Card key={batch.id} withBorder radius="md" p="sm" data-testid="batch-row">
                  <Anchor
                    fw={600}
                    renderRoot={(props) => <HrefLink {...props} href={links.batch(batch.id)} />}
                  >
                    {batch.name}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {batch.sourceFileName ?? "—"} · <Trans>{n(items)} items</Trans> ·{" "}
                    {i18n.date(batch.createdAt, { dateStyle: "medium" })}
                  </Text>
                </Card>
              ))}
            </Stack>
          )}
          {batches && batches.total > batches.rows.length && (
            <Text size="sm" c="dimmed">
              <Trans>
                Showing the {n(batches.rows.length)} most recent of {n(batches.total)} batches.
              </Trans>
            </Text>
          )}
        </Stack>
      </Card>

      <ImportModal opened={importing} onClose={() => setImporting(false)} companyId={companyId} />
    </Stack>
  );
}
