/**
 * The column-mapping step: for each item field, the file column it comes from (the guess is
 * preselected; "Not imported" leaves the field to its default), with an example value from
 * the first rows so the person can check the choice.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Group, Select, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  type ColumnMapping,
  IMPORT_FIELDS,
  type ImportField,
} from "../../../../domain/inventory/import/mapping";
import { IMPORT_FIELD_LABELS } from "./import-messages";
import type { FileSummary } from "./protocol";

/** Spreadsheet column name of a 0-based index: 0 → A, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Fields every item needs; quantity defaults to 1 when no column gives it. */
const REQUIRED_FIELDS: readonly ImportField[] = ["title", "sku", "description"];

const NONE = "none";

export function MappingStep({
  summary,
  mapping,
  onChange,
  onBack,
  onContinue,
}: {
  summary: FileSummary;
  mapping: ColumnMapping;
  onChange(next: ColumnMapping): void;
  onBack(): void;
  onContinue(): void;
}) {
  const { t, i18n } = useLingui();
  const wide = useMediaQuery("(min-width: 48em)", true);
  const columns = [
    { value: NONE, label: t`Not imported` },
    ...summary.headers.map((h, i) => ({
      value: String(i),
      label: `${columnLetter(i)}: ${h.trim() || t`(no name)`}`,
    })),
  ];
  const example = (col: number | undefined) => {
    if (col === undefined) return "";
    return summary.sample.map((r) => (r[col] ?? "").trim()).find((v) => v !== "") ?? "";
  };
  const missing = REQUIRED_FIELDS.filter((f) => mapping[f] === undefined).map((f) =>
    i18n._(IMPORT_FIELD_LABELS[f]),
  );
  const mappedCount = new Set(Object.values(mapping)).size;
  const ignored = summary.headers.length - mappedCount;
  const rows = summary.rowCount.toLocaleString(i18n.locale);

  const select = (field: ImportField) => {
    const label = i18n._(IMPORT_FIELD_LABELS[field]);
    return (
      <Select
        aria-label={t`Column for ${label}`}
        data={columns}
        value={mapping[field] === undefined ? NONE : String(mapping[field])}
        allowDeselect={false}
        searchable={summary.headers.length > 12}
        comboboxProps={{ withinPortal: true }}
        onChange={(v) => {
          const next = { ...mapping };
          if (!v || v === NONE) delete next[field];
          else next[field] = Number(v);
          onChange(next);
        }}
        data-testid={`map-${field}`}
      />
    );
  };

  return (
    <Stack gap="md">
      <Text>
        <Trans>
          {rows} rows in “{summary.name}”. Choose the column each field comes from; the columns we recognised
          are already chosen.
        </Trans>
      </Text>
      {wide ? (
        <Table.ScrollContainer type="native" minWidth={600}>
          <Table verticalSpacing={6} data-testid="mapping-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="30%">
                  <Trans>Item field</Trans>
                </Table.Th>
                <Table.Th w="35%">
                  <Trans>Column in the file</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Example from the file</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {IMPORT_FIELDS.map((f) => (
                <Table.Tr key={f}>
                  <Table.Td>
                    <Text size="sm" fw={REQUIRED_FIELDS.includes(f) ? 600 : 400}>
                      {i18n._(IMPORT_FIELD_LABELS[f])}
                      {REQUIRED_FIELDS.includes(f) && (
                        <Text span c="red" aria-label={t`required`}>
                          {" "}
                          *
                        </Text>
                      )}
                    </Text>
                  </Table.Td>
                  <Table.Td>{select(f)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed" lineClamp={1}>
                      {example(mapping[f])}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Stack gap="sm" data-testid="mapping-table">
          {IMPORT_FIELDS.map((f) => (
            <Stack key={f} gap={2}>
              <Text size="sm" fw={REQUIRED_FIELDS.includes(f) ? 600 : 400}>
                {i18n._(IMPORT_FIELD_LABELS[f])}
                {REQUIRED_FIELDS.includes(f) ? " *" : ""}
              </Text>
              {select(f)}
              {mapping[f] !== undefined && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {example(mapping[f])}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      )}
      <Text size="sm" c="dimmed">
        <Trans>
          Quantity is 1 when no column gives it. Condition is Used and the unit of weight pounds, of
          dimensions inches, unless the file says otherwise.
        </Trans>
        {ignored > 0 && (
          <>
            {" "}
            <Trans>{ignored} columns of the file are not imported.</Trans>
          </>
        )}
      </Text>
      {missing.length > 0 && (
        <Alert color="yellow" title={t`Required fields without a column`}>
          <Trans>
            No column is chosen for: {missing.join(", ")}. Every row without them is shown as a problem in the
            preview and is not imported.
          </Trans>
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          <Trans>Choose another file</Trans>
        </Button>
        <Button onClick={onContinue}>
          <Trans>Preview</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
