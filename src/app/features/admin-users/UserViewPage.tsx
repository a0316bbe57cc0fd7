import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Badge, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { DOCUMENT_TYPE_LABELS, STATUS_COLORS, STATUS_LABELS } from "../../ui/labels/file-statuses";
import { KIND_LABELS, STATE_LABELS } from "../filing/labels";
import { ITEM_STATUS_COLORS, ITEM_STATUS_LABELS } from "../inventory/item-status";
import { CompanyCard, Empty, UserViewFrame, ViewSection } from "./UserViewFrame";
import { useWhen } from "./user-link";
import { userViewQueries } from "./user-view-api";

/** A label from one of the shared maps, or the stored value when the map does not know it. */
function useLabel() {
  const { i18n } = useLingui();
  return (map: Record<string, MessageDescriptor>, key: string) => {
    const m = map[key];
    return m ? i18n._(m) : key;
  };
}

/** A row of a section: the main text left, details wrapping below it on a phone. */
function Row({ main, children }: { main: React.ReactNode; children?: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" data-testid="view-row">
      <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
        {main}
      </Text>
      <Group gap="xs">{children}</Group>
    </Group>
  );
}

/** /admin/view/{userId}: what the user sees (properties, files, filings, inventory), read-only. */
export function UserViewPage({ userId }: { userId: string }) {
  const { t, i18n } = useLingui();
  const when = useWhen(i18n);
  const label = useLabel();
  const query = useQuery(userViewQueries.view(userId));
  return (
    <UserViewFrame
      userId={userId}
      query={query}
      title={t`View as user`}
      other={
        <Anchor
          size="sm"
          renderRoot={(props) => <Link {...props} to="/admin/batch-item/list/$userId" params={{ userId }} />}
        >
          <Trans>Import batches</Trans>
        </Anchor>
      }
    >
      {(data) =>
        data.companies.map((c) => (
          <CompanyCard key={c.id} company={c}>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <ViewSection title={<Trans>Properties</Trans>} testId="view-properties">
                {c.properties.length === 0 ? (
                  <Empty>
                    <Trans>No properties.</Trans>
                  </Empty>
                ) : (
                  c.properties.map((p) => (
                    <Row key={p.id} main={p.address ? `${p.address} · ${p.bbl}` : p.bbl}>
                      <Text size="xs" c="dimmed">
                        <Trans>Files: {p.files}</Trans>
                      </Text>
                    </Row>
                  ))
                )}
              </ViewSection>
              <ViewSection title={<Trans>Filings</Trans>} testId="view-filings">
                {c.filings.length === 0 ? (
                  <Empty>
                    <Trans>No filings.</Trans>
                  </Empty>
                ) : (
                  c.filings.map((f) => (
                    <Row
                      key={f.id}
                      main={
                        <Anchor
                          size="sm"
                          fw={600}
                          renderRoot={(props) => (
                            <Link {...props} to="/admin/filings/$filingId" params={{ filingId: f.id }} />
                          )}
                        >
                          {label(KIND_LABELS, f.kind)} {f.year} · {f.bbl}
                        </Anchor>
                      }
                    >
                      <Badge variant="light">{label(STATE_LABELS, f.state)}</Badge>
                    </Row>
                  ))
                )}
              </ViewSection>
              <ViewSection title={<Trans>Files</Trans>} testId="view-files">
                {c.files.length === 0 ? (
                  <Empty>
                    <Trans>No files.</Trans>
                  </Empty>
                ) : (
                  c.files.map((f) => (
                    <Stack key={f.id} gap={2}>
                      <Row main={f.fileName}>
                        <Badge
                          variant="light"
                          color={STATUS_COLORS[f.status as keyof typeof STATUS_COLORS] ?? "gray"}
                        >
                          {label(STATUS_LABELS, f.status)}
                        </Badge>
                      </Row>
                      <Text size="xs" c="dimmed">
                        {label(DOCUMENT_TYPE_LABELS, f.documentType)}
                        {f.statementYear ? ` ${f.statementYear}` : ""} · {f.bbl ?? "—"} · {when(f.createdAt)}
                      </Text>
                    </Stack>
                  ))
                )}
              </ViewSection>
              <ViewSection title={<Trans>Inventory</Trans>} testId="view-inventory">
                <Text size="sm">
                  <Trans>Import batches: {c.inventory.batches}</Trans>
                </Text>
                {Object.keys(c.inventory.byStatus).length === 0 ? (
                  <Empty>
                    <Trans>No inventory items.</Trans>
                  </Empty>
                ) : (
                  <Group gap="xs">
                    {Object.entries(c.inventory.byStatus).map(([status, n]) => (
                      <Badge
                        key={status}
                        variant="light"
                        color={ITEM_STATUS_COLORS[status as keyof typeof ITEM_STATUS_COLORS] ?? "gray"}
                      >
                        {label(ITEM_STATUS_LABELS, status)}: {n}
                      </Badge>
                    ))}
                  </Group>
                )}
              </ViewSection>
            </SimpleGrid>
          </CompanyCard>
        ))
      }
    </UserViewFrame>
  );
}
