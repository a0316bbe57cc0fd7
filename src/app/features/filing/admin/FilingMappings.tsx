import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Badge, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type ListFilters, mappingQueries } from "../../statement-mapping/api";
import { LinkButton } from "../../statement-mapping/LinkButton";
import { MAPPING_STATUS_COLORS, MAPPING_STATUS_LABELS } from "../../statement-mapping/labels";
import { errorMessage, type Filing } from "../filing-api";

/**
 * The property's statements for this filing's year and where their mappings stand, each
 * linking to its mapping. Marking a mapping ready moves a filing in Mapping to Ready to file.
 */
export function FilingMappings({ filing }: { filing: Filing }) {
  const { t, i18n } = useLingui();
  const filters: ListFilters = { page: 0, rowsPerPage: 100, propertyId: filing.propertyId };
  const list = useQuery(mappingQueries.list(filters));
  const items = (list.data?.items ?? []).filter((m) => m.filingYear === filing.year);
  const year = filing.year;
  return (
    <Card withBorder radius="lg" data-testid="filing-mappings">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>Statement mappings</Trans>
        </Title>
        {list.isPending && <Loader size="sm" role="status" aria-label={t`Loading mappings`} />}
        {list.isError && <Alert color="red">{errorMessage(list.error)}</Alert>}
        {list.isSuccess && items.length === 0 && (
          <Text size="sm" c="dimmed">
            <Trans>No extracted statements of this property for the {year} filing yet.</Trans>
          </Text>
        )}
        {items.map((m) => (
          <Group key={m.fileId} justify="space-between" wrap="nowrap" gap="xs">
            <LinkButton
              to="/admin/statement-mapping/mapping/$statementMappingId"
              params={{ statementMappingId: m.fileId }}
              variant="subtle"
              size="compact-sm"
              styles={{ label: { whiteSpace: "normal", overflowWrap: "anywhere", textAlign: "left" } }}
            >
              {m.fileName}
            </LinkButton>
            <Badge variant="light" color={MAPPING_STATUS_COLORS[m.status]} style={{ flexShrink: 0 }}>
              {i18n._(MAPPING_STATUS_LABELS[m.status])}
            </Badge>
          </Group>
        ))}
        {filing.state === "mapping" && items.length > 0 && (
          <Text size="xs" c="dimmed">
            <Trans>Marking a mapping ready moves this filing to Ready to file.</Trans>
          </Text>
        )}
      </Stack>
    </Card>
  );
}
