import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import {
  clearCorrection,
  clearSelection,
  correctLine,
  effectiveLine,
  selectAllTables,
  toggleLine,
  toggleTable,
} from "../../../domain/statement-mapping/mapping";
import { HttpError } from "../../lib/http";
import { BackLink } from "../../ui/BackLink";
import { usePageTitle } from "../../ui/usePageTitle";
import { filePreviewQueries, isSpreadsheet } from "../files/preview/file-preview-api";
import { formatAmount } from "../files/preview/line-items";
import { PageViewer } from "../files/preview/PageViewer";
import { SheetView } from "../files/preview/SheetView";
import { ConflictModal } from "./ConflictModal";
import { CorrectionModal } from "./CorrectionModal";
import { LinkButton } from "./LinkButton";
import { LockBanner } from "./LockBanner";
import { MappingHeader, SaveStatusText } from "./MappingHeader";
import type { LineModel } from "./MappingLines";
import { useMappingEditor } from "./use-mapping-editor";

/**
 * /admin/statement-mapping/previews/{fileId}: the page images beside the extracted tables;
 * staff choose which tables count (toggle, clear) and correct misread labels and amounts.
 */
export function MappingPreviewPage({ fileId }: { fileId: string }) {
  const { t, i18n } = useLingui();
  const editor = useMappingEditor(fileId);
  const { record, doc, view } = editor;
  const file = useQuery(filePreviewQueries.file(fileId));
  const extraction = useQuery({
    ...filePreviewQueries.extraction(fileId, "extracted"),
    enabled: file.isSuccess,
  });
  const [page, setPage] = useState(1);
  const [hover, setHover] = useState<string | null>(null);
  const [correcting, setCorrecting] = useState<string | null>(null);
  const fileName = record?.fileName;
  usePageTitle(fileName ? t`Preview ${fileName}` : t`Statement Mapping`);

  const models = useMemo(() => {
    const out = new Map<string, LineModel>();
    if (!view.data || !doc) return out;
    for (const l of view.data.extraction.lines) {
      const e = effectiveLine(doc, editor.lines, l.id);
      const selected =
        doc.selection.tables.includes(`${l.page}|${l.section ?? ""}`) &&
        !doc.selection.skippedLines.includes(l.id);
      out.set(l.id, {
        line: { ...l, selected, corrected: e.corrected },
        label: e.label,
        amount: e.amount,
        target: doc.assignments[l.id] ?? null,
        split: doc.splits[l.id],
        candidates: [],
      });
    }
    return out;
  }, [view.data, doc, editor.lines]);

  const hoverLine = hover ? models.get(hover) : undefined;
  const box = hover ? extraction.data?.lineItems[Number(hover)]?.box : undefined;
  const highlight = hoverLine && box && hoverLine.line.page === page ? box : null;
  useEffect(() => {
    if (hoverLine && hoverLine.line.page !== page) setPage(hoverLine.line.page);
  }, [hoverLine, page]);

  if (view.isPending)
    return (
      <Stack aria-busy="true">
        <Skeleton height={36} width="50%" />
        <Skeleton height={300} />
      </Stack>
    );
  if (view.isError || !record || !doc)
    return (
      <Stack>
        <BackToMappings />
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={t`This file could not be opened`}
          role="alert"
        >
          {view.error instanceof HttpError ? view.error.message : String(view.error ?? "")}
        </Alert>
      </Stack>
    );

  const tables = view.data?.extraction.tables ?? [];
  const readOnly = editor.readOnly || editor.heldByOther;
  const money = (n: number | null) => (n === null ? "—" : formatAmount(n, i18n.locale));
  const pageCount = file.data?.pageCount ?? Math.max(1, ...tables.map((x) => x.page));
  const correctModel = correcting ? (models.get(correcting) ?? null) : null;

  return (
    <Stack gap="md">
      <BackToMappings />
      <MappingHeader record={record} title={t`Preview: ${record.fileName}`} />
      <LockBanner editor={editor} />
      <Paper withBorder p="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Button
              variant="default"
              disabled={readOnly}
              onClick={() => editor.edit((d) => clearSelection(d))}
            >
              <Trans>Clear selection</Trans>
            </Button>
            <Button
              variant="default"
              disabled={readOnly}
              onClick={() => editor.edit((d) => selectAllTables(d, editor.lines))}
            >
              <Trans>Select all tables</Trans>
            </Button>
          </Group>
          <Group gap="sm">
            <LinkButton
              to="/admin/statement-mapping/mapping/$statementMappingId"
              params={{ statementMappingId: fileId }}
              variant="default"
            >
              <Trans>Go to mapping</Trans>
            </LinkButton>
            <Button
              onClick={() => void editor.save()}
              disabled={!editor.dirty || readOnly}
              loading={editor.saving}
            >
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Group>
        <Box mt="xs">
          <SaveStatusText editor={editor} />
        </Box>
      </Paper>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Box pos={{ md: "sticky" } as never} top={72}>
            {file.isError ? (
              <Alert color="red" title={t`The page images could not be loaded`}>
                {file.error.message}
              </Alert>
            ) : !file.data ? (
              <Skeleton height={400} />
            ) : isSpreadsheet(file.data.kind) ? (
              <SheetView pages={extraction.data?.pages ?? []} page={page} onPage={setPage} />
            ) : (
              <PageViewer
                fileId={fileId}
                fileName={file.data.fileName}
                page={page}
                pageCount={pageCount}
                onPage={setPage}
                highlight={highlight}
              />
            )}
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="sm" data-testid="tables">
            {tables.length === 0 && (
              <Text c="dimmed">
                <Trans>No tables were found in this file.</Trans>
              </Text>
            )}
            {tables.map((table) => {
              const selected = doc.selection.tables.includes(table.id);
              const section = table.section ?? t`(no heading)`;
              const p = table.page;
              return (
                <Paper key={table.id} withBorder p="sm" data-testid="table" data-selected={selected}>
                  <Group justify="space-between" mb="xs">
                    <Checkbox
                      label={t`${section}, page ${p}`}
                      checked={selected}
                      disabled={readOnly}
                      onChange={() => editor.edit((d) => toggleTable(d, table.id))}
                      fw={600}
                    />
                    <Badge variant="light" color={selected ? "green" : "gray"}>
                      {selected ? t`Counts` : t`Does not count`}
                    </Badge>
                  </Group>
                  <Stack gap={2}>
                    {table.lines.map((id) => {
                      const m = models.get(id);
                      if (!m) return null;
                      const skipped = doc.selection.skippedLines.includes(id);
                      return (
                        <Group
                          key={id}
                          justify="space-between"
                          wrap="nowrap"
                          gap="xs"
                          onMouseEnter={() => setHover(id)}
                          onMouseLeave={() => setHover(null)}
                          data-testid="preview-line"
                          style={{ opacity: selected && !skipped ? 1 : 0.55 }}
                        >
                          <UnstyledButton
                            onFocus={() => setHover(id)}
                            onBlur={() => setHover(null)}
                            onClick={() => setPage(m.line.page)}
                            style={{ flex: 1, minWidth: 0 }}
                            aria-label={t`Show ${m.label} on the page`}
                          >
                            <Text size="sm" fw={m.line.isTotal ? 700 : 400}>
                              {m.line.originalLabel}
                              {m.line.corrected && m.label !== m.line.originalLabel && (
                                <Text span size="sm" c="blue" data-testid="corrected-label">
                                  {" "}
                                  → {m.label}
                                </Text>
                              )}
                            </Text>
                          </UnstyledButton>
                          <Text size="sm" ff="monospace" ta="right" data-testid="preview-amount">
                            {money(m.line.originalAmount)}
                            {m.line.corrected && m.amount !== m.line.originalAmount && (
                              <Text span size="sm" c="blue" data-testid="corrected-amount">
                                {" "}
                                → {money(m.amount)}
                              </Text>
                            )}
                          </Text>
                          <Group gap={4} wrap="nowrap">
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              disabled={readOnly}
                              onClick={() => setCorrecting(id)}
                              aria-label={t`Correct ${m.line.originalLabel}`}
                            >
                              <Trans>Correct</Trans>
                            </Button>
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              color="gray"
                              disabled={readOnly || !selected}
                              onClick={() => editor.edit((d) => toggleLine(d, id))}
                              aria-label={
                                skipped
                                  ? t`Count ${m.line.originalLabel}`
                                  : t`Leave out ${m.line.originalLabel}`
                              }
                            >
                              {skipped ? t`Count` : t`Leave out`}
                            </Button>
                          </Group>
                        </Group>
                      );
                    })}
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
        </Grid.Col>
      </Grid>
      <CorrectionModal
        model={correctModel}
        note={correcting ? doc.corrections[correcting]?.note : undefined}
        onClose={() => setCorrecting(null)}
        onSave={(c) => {
          if (correcting) editor.edit((d) => correctLine(d, editor.lines, correcting, c));
          setCorrecting(null);
        }}
        onClear={() => {
          if (correcting) editor.edit((d) => clearCorrection(d, correcting));
          setCorrecting(null);
        }}
      />
      <ConflictModal editor={editor} />
    </Stack>
  );
}

function BackToMappings() {
  return <BackLink to="/admin/statement-mapping" label={msg`Statement Mapping`} />;
}
