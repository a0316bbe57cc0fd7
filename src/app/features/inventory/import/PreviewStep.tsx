/**
 * The preview: how many rows can be imported, every row with a problem marked and explained
 * cell by cell (the file's own text is shown, the faulty cells highlighted), duplicates by SKU
 * named with the row they repeat, 50 rows per page (files have tens of thousands). The import
 * button takes only the valid rows into a new batch.
 */
import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import type { RowStatus } from "../../../../domain/inventory/import/build";
import {
  type ColumnMapping,
  IMPORT_FIELDS,
  type ImportField,
} from "../../../../domain/inventory/import/mapping";
import { BATCH_LIMITS } from "../../../../domain/inventory/validate";
import { cellErrorText, fieldLabel, fileMessageText, IMPORT_FIELD_LABELS } from "./import-messages";
import { columnLetter } from "./MappingStep";
import type { FileSummary, PreviewResult, PreviewRow } from "./protocol";

const PAGE_SIZE = 50;

type Filter = "problems" | "valid" | "all";

const STATUS_COLORS: Record<RowStatus, string> = {
  valid: "green",
  invalid: "red",
  "duplicate-in-file": "orange",
  "duplicate-existing": "orange",
};

function statusLabel(i18n: I18n, s: RowStatus): string {
  switch (s) {
    case "valid":
      return i18n._(msg`Ready`);
    case "invalid":
      return i18n._(msg`Problem`);
    case "duplicate-in-file":
      return i18n._(msg`Repeated SKU`);
    case "duplicate-existing":
      return i18n._(msg`Already in inventory`);
  }
}

/** Each problem of a row in words: "Quantity (column C “Qty”): Cannot be negative (-3)." */
function rowProblems(i18n: I18n, row: PreviewRow, headers: readonly string[]): string[] {
  const out = row.errors.map((e) => {
    const field = fieldLabel(i18n, e.field);
    const text = cellErrorText(i18n, e);
    if (e.column === null) {
      return i18n._(msg`${field} (no column): ${text}`);
    }
    const column = columnLetter(e.column);
    const header = headers[e.column]?.trim() ?? "";
    return i18n._(msg`${field} (column ${column} “${header}”): ${text}`);
  });
  const sku = row.fields.sku;
  if (row.status === "duplicate-existing") {
    out.push(i18n._(msg`SKU “${sku}” is already in your inventory; this row is skipped.`));
  } else if (row.status === "duplicate-in-file") {
    const line = row.duplicateOf ?? 0;
    out.push(i18n._(msg`SKU “${sku}” already appears on line ${line}; this row is skipped.`));
  }
  return out;
}

export function PreviewStep({
  summary,
  mapping,
  preview,
  batchName,
  onBatchName,
  onBack,
  onImport,
}: {
  summary: FileSummary;
  mapping: ColumnMapping;
  preview: PreviewResult;
  batchName: string;
  onBatchName(name: string): void;
  onBack(): void;
  onImport(): void;
}) {
  const { t, i18n } = useLingui();
  const { counts } = preview;
  const problems = counts.invalid + counts["duplicate-in-file"] + counts["duplicate-existing"];
  const [filter, setFilter] = useState<Filter>(problems > 0 ? "problems" : "all");
  const [page, setPage] = useState(1);
  const shown = useMemo(
    () =>
      preview.rows.filter((r) =>
        filter === "all" ? true : filter === "valid" ? r.status === "valid" : r.status !== "valid",
      ),
    [preview.rows, filter],
  );
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const n = (v: number) => v.toLocaleString(i18n.locale);
  const total = preview.rows.length;
  const valid = counts.valid;
  // the fields each shown column feeds, for its header
  const fieldsOf = (col: number) =>
    IMPORT_FIELDS.filter((f) => mapping[f] === col).map((f) => i18n._(IMPORT_FIELD_LABELS[f as ImportField]));
  const warnings = summary.messages.filter((m) => m.level === "warning");
  const nameError =
    batchName.trim() === ""
      ? t`Give the batch a name`
      : batchName.length > BATCH_LIMITS.nameMax
        ? t`At most ${BATCH_LIMITS.nameMax} characters`
        : null;

  return (
    <Stack gap="md">
      <div role="status" data-testid="preview-summary">
        <Text fw={600}>
          {plural(total, { one: "# row read.", other: "# rows read." })}{" "}
          {plural(valid, { one: "# can be imported.", other: "# can be imported." })}
        </Text>
        <Group gap="xs" mt={4}>
          <Badge color="green" variant="light">
            <Trans>Ready: {n(valid)}</Trans>
          </Badge>
          <Badge color="red" variant="light" data-testid="count-invalid">
            <Trans>Problems: {n(counts.invalid)}</Trans>
          </Badge>
          <Badge color="orange" variant="light" data-testid="count-duplicate-in-file">
            <Trans>Repeated SKU in the file: {n(counts["duplicate-in-file"])}</Trans>
          </Badge>
          <Badge color="orange" variant="light" data-testid="count-duplicate-existing">
            <Trans>Already in inventory: {n(counts["duplicate-existing"])}</Trans>
          </Badge>
        </Group>
      </div>

      {warnings.length > 0 && (
        <Alert color="yellow" title={t`Check these before importing`} data-testid="file-warnings">
          <List size="sm" spacing={4}>
            {warnings.map((m) => (
              <List.Item key={`${m.code}-${m.message}`}>{fileMessageText(i18n, m, summary)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {preview.unmappedRequired.length > 0 && (
        <Alert color="red" title={t`Required fields without a column`}>
          <Trans>
            No column is chosen for: {preview.unmappedRequired.map((f) => fieldLabel(i18n, f)).join(", ")}. Go
            back and choose the columns, or add them to the file.
          </Trans>
        </Alert>
      )}

      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          aria-label={t`Rows to show`}
          value={filter}
          onChange={(v) => {
            setFilter(v as Filter);
            setPage(1);
          }}
          data={[
            { value: "problems", label: t`Problems (${n(problems)})` },
            { value: "valid", label: t`Ready (${n(valid)})` },
            { value: "all", label: t`All (${n(total)})` },
          ]}
        />
        {pages > 1 && (
          <Text size="sm" c="dimmed">
            <Trans>
              Rows {n((current - 1) * PAGE_SIZE + 1)}–{n(Math.min(current * PAGE_SIZE, shown.length))} of{" "}
              {n(shown.length)}
            </Trans>
          </Text>
        )}
      </Group>

      {shown.length === 0 ? (
        <Text c="dimmed" data-testid="preview-empty">
          {filter === "problems" ? (
            <Trans>No problems: every row can be imported.</Trans>
          ) : (
            <Trans>No rows.</Trans>
          )}
        </Text>
      ) : (
        <Table.ScrollContainer
          type="native"
          minWidth={Math.max(640, 200 + preview.columns.length * 140)}
          tabIndex={0}
          role="region"
          aria-label={t`Rows of the file (scrolls sideways)`}
        >
          <Table verticalSpacing={6} fz="sm" data-testid="preview-table" aria-label={t`Rows of the file`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Line</Trans>
                </Table.Th>
                <Table.Th miw={170}>
                  <Trans>Status</Trans>
                </Table.Th>
                {preview.columns.map((c) => (
                  <Table.Th key={c}>
                    {summary.headers[c]?.trim() || columnLetter(c)}
                    <Text size="xs" c="dimmed" fw={400}>
                      {fieldsOf(c).join(", ")}
                    </Text>
                  </Table.Th>
                ))}
                <Table.Th miw={260}>
                  <Trans>Problems</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => {
                const bad = new Set(r.errors.flatMap((e) => (e.column === null ? [] : [e.column])));
                const problemsOfRow = rowProblems(i18n, r, summary.headers);
                return (
                  <Table.Tr key={r.line} data-testid="preview-row" data-status={r.status} data-line={r.line}>
                    <Table.Td>{r.line}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[r.status]} variant="light" size="sm">
                        {statusLabel(i18n, r.status)}
                      </Badge>
                    </Table.Td>
                    {preview.columns.map((c, i) => (
                      <Table.Td
                        key={c}
                        // keeps the visually hidden label inside the scrolling table
                        pos="relative"
                        bg={bad.has(c) ? "red.1" : undefined}
                        c={bad.has(c) ? "red.9" : undefined}
                        data-invalid={bad.has(c) || undefined}
                      >
                        {bad.has(c) && (
                          <>
                            <IconAlertTriangle size={14} aria-hidden style={{ verticalAlign: "middle" }} />{" "}
                            <VisuallyHidden>
                              <Trans>Problem:</Trans>
                            </VisuallyHidden>
                          </>
                        )}
                        <Text span size="sm" lineClamp={2}>
                          {r.cells[i] ?? ""}
                        </Text>
                      </Table.Td>
                    ))}
                    <Table.Td>
                      {problemsOfRow.length > 0 ? (
                        <List size="sm" spacing={2} c="red.9" data-testid="row-problems">
                          {problemsOfRow.map((p) => (
                            <List.Item key={p}>{p}</List.Item>
                          ))}
                        </List>
                      ) : (
                        <Text size="sm" c="dimmed">
                          —
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={current}
          onChange={setPage}
          aria-label={t`Pages of rows`}
          size="sm"
          getItemProps={(p) => ({ "aria-label": t`Page ${p}` })}
          getControlProps={(control) => ({
            "aria-label":
              control === "previous"
                ? t`Previous page`
                : control === "next"
                  ? t`Next page`
                  : control === "first"
                    ? t`First page`
                    : t`Last page`,
          })}
        />
      )}

      <TextInput
        label={t`Batch name`}
        description={t`The imported items are kept together in this batch.`}
        value={batchName}
        onChange={(e) => onBatchName(e.currentTarget.value)}
        error={nameError}
        required
        maw={480}
      />
      <Group justify="space-between" wrap="wrap">
        <Button variant="default" onClick={onBack}>
          <Trans>Back to the columns</Trans>
        </Button>
        <Button onClick={onImport} disabled={valid === 0 || nameError !== null}>
          {t`Import ${plural(valid, { one: "# valid row", other: "# valid rows" })}`}
        </Button>
      </Group>
      {valid === 0 && (
        <Text size="sm" c="red.8">
          <Trans>No row can be imported. Fix the problems in the file, or choose other columns.</Trans>
        </Text>
      )}
    </Stack>
  );
}
