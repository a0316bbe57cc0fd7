import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconAlertTriangle, IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { DOCUMENT_TYPE_LABELS, STATUS_COLORS, STATUS_LABELS } from "../../ui/labels/file-statuses";
import { usePageTitle } from "../../ui/usePageTitle";
import { type ListFilters, type MappingStatus, type MappingSummary, mappingQueries } from "./api";
import { LinkButton } from "./LinkButton";
import { MAPPING_STATUS_COLORS, MAPPING_STATUS_LABELS } from "./labels";

const ROWS_PER_PAGE = 20;

function HeldBy({ item }: { item: MappingSummary }) {
  const { i18n } = useLingui();
  if (!item.heldBy || !item.heldAt)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const name = item.heldBy.displayName;
  const since = i18n.date(item.heldAt, { dateStyle: "medium", timeStyle: "short" });
  return (
    <Text size="sm">
      <Trans>
        {name} since {since}
      </Trans>
    </Text>
  );
}

function Actions({ item }: { item: MappingSummary }) {
  const { t } = useLingui();
  const name = item.fileName;
  return (
    <Group gap="xs" wrap="nowrap">
      <LinkButton
        to="/admin/statement-mapping/mapping/$statementMappingId"
        params={{ statementMappingId: item.fileId }}
        size="xs"
        aria-label={t`Map ${name}`}
      >
        <Trans>Map</Trans>
      </LinkButton>
      <LinkButton
        to="/admin/statement-mapping/previews/$statementMappingId"
        params={{ statementMappingId: item.fileId }}
        size="xs"
        variant="default"
        aria-label={t`Preview ${name}`}
      >
        <Trans>Preview</Trans>
      </LinkButton>
    </Group>
  );
}

function StatusBadges({ item }: { item: MappingSummary }) {
  const { i18n } = useLingui();
  return (
    <Group gap={4}>
      <Badge variant="light" color={STATUS_COLORS[item.fileStatus]}>
        {i18n._(STATUS_LABELS[item.fileStatus])}
      </Badge>
      <Badge variant="light" color={MAPPING_STATUS_COLORS[item.status]} data-testid="mapping-status">
        {i18n._(MAPPING_STATUS_LABELS[item.status])}
      </Badge>
    </Group>
  );
}

/** /admin/statement-mapping: files ready for mapping (table on wide screens, cards on phones). */
export function MappingListPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Statement Mapping`);
  const wide = useMediaQuery("(min-width: 62em)", true);
  const [page, setPage] = useState(0);
  const [q, setQ] = useState("");
  const [debouncedQ] = useDebouncedValue(q, 300);
  const [year, setYear] = useState<string | null>(null);
  const [docType, setDocType] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [held, setHeld] = useState<string | null>(null);

  const filters: ListFilters = {
    page,
    rowsPerPage: ROWS_PER_PAGE,
    q: debouncedQ || undefined,
    statementYear: year ? Number(year) : undefined,
    documentType: docType ?? undefined,
    mappingStatus: (status as MappingStatus | null) ?? undefined,
    heldBy: held ?? undefined,
  };
  const list = useQuery({
    ...mappingQueries.list(filters),
    placeholderData: keepPreviousData,
  });
  const change =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(0);
    };

  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 8 }, (_, i) => String(thisYear - i));
  const items = list.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / ROWS_PER_PAGE));
  const total = list.data?.total ?? 0;

  return (
    <Stack gap="md">
      <Title order={1}>
        <Trans>Statement Mapping</Trans>
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t`Filter mappings`}>
        <TextInput
          label={t`Search`}
          description={t`Company, file name, address or BBL`}
          leftSection={<IconSearch size={16} />}
          value={q}
          onChange={(e) => change(setQ)(e.currentTarget.value)}
          w={{ base: "100%", sm: 260 }}
        />
        <Select
          label={t`Statement year`}
          data={years}
          value={year}
          onChange={change(setYear)}
          clearable
          w={{ base: "100%", sm: 140 }}
        />
        <Select
          label={t`Document type`}
          data={Object.entries(DOCUMENT_TYPE_LABELS).map(([value, label]) => ({
            value,
            label: i18n._(label),
          }))}
          value={docType}
          onChange={change(setDocType)}
          clearable
          w={{ base: "100%", sm: 200 }}
        />
        <Select
          label={t`Mapping status`}
          data={Object.entries(MAPPING_STATUS_LABELS).map(([value, label]) => ({
            value,
            label: i18n._(label),
          }))}
          value={status}
          onChange={change(setStatus)}
          clearable
          w={{ base: "100%", sm: 170 }}
        />
        <Select
          label={t`Held by`}
          data={[{ value: "me", label: t`Me` }]}
          value={held}
          onChange={change(setHeld)}
          clearable
          w={{ base: "100%", sm: 130 }}
        />
      </Group>

      <Text size="sm" c="dimmed" aria-live="polite">
        {list.isSuccess
          ? plural(total, { one: "# file", other: "# files" })
          : list.isPending
            ? t`Loading…`
            : ""}
      </Text>

      {list.isError ? (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={t`The list could not be loaded`}
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{list.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => list.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        </Alert>
      ) : list.isPending ? (
        <Stack gap="xs" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={48} radius="sm" />
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <Card withBorder padding="xl" data-testid="mapping-list-empty">
          <Text ta="center" c="dimmed">
            <Trans>No files to map match these filters.</Trans>
          </Text>
        </Card>
      ) : wide ? (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover data-testid="mapping-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Company</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>BBL</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Year</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Document type</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>File</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Status</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Held by</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Actions</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.fileId} data-testid="mapping-row">
                  <Table.Td>{item.companyName}</Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {item.bblFormatted}
                    </Text>
                    {item.address && (
                      <Text size="xs" c="dimmed">
                        {item.address}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{item.statementYear ?? "—"}</Table.Td>
                  <Table.Td>{i18n._(DOCUMENT_TYPE_LABELS[item.documentType])}</Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ wordBreak: "break-all" }}>
                      {item.fileName}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadges item={item} />
                  </Table.Td>
                  <Table.Td>
                    <HeldBy item={item} />
                  </Table.Td>
                  <Table.Td>
                    <Actions item={item} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Stack gap="sm" data-testid="mapping-list">
          {items.map((item) => (
            <Card key={item.fileId} withBorder padding="md" data-testid="mapping-row">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={600}>{item.companyName}</Text>
                  <Text size="sm" ff="monospace">
                    {item.bblFormatted}
                  </Text>
                </Group>
                <Text size="sm" style={{ wordBreak: "break-all" }}>
                  {item.fileName}
                </Text>
                <Text size="sm" c="dimmed">
                  {i18n._(DOCUMENT_TYPE_LABELS[item.documentType])} · {item.statementYear ?? "—"}
                </Text>
                <StatusBadges item={item} />
                <HeldBy item={item} />
                <Actions item={item} />
              </Stack>
            </Card>
          ))}
        </Stack>
      )}

      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={page + 1}
            onChange={(p) => setPage(p - 1)}
            getControlProps={(control) => ({
              "aria-label":
                control === "next" ? t`Next page` : control === "previous" ? t`Previous page` : undefined,
            })}
            getItemProps={(p) => ({ "aria-label": t`Page ${p}` })}
          />
        </Group>
      )}
      <Anchor component={Link} to="/admin" size="sm">
        <Trans>Administrator</Trans>
      </Anchor>
    </Stack>
  );
}
