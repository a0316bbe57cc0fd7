import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Tabs,
  Text,
} from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import {
  assignLine,
  EXCLUDED,
  effectiveLine,
  IGNORE_SUBTOTAL,
  splitLine,
} from "../../../domain/statement-mapping/mapping";
import { HttpError } from "../../lib/http";
import { BackLink } from "../../ui/BackLink";
import { toast } from "../../ui/toast";
import { usePageTitle } from "../../ui/usePageTitle";
import { acceptAbove, bestSuggestion, DEFAULT_THRESHOLD, THRESHOLDS } from "./accept";
import type { MappingForm } from "./api";
import { ColumnSelect } from "./ColumnSelect";
import { ComparePanel } from "./ComparePanel";
import { ConflictModal } from "./ConflictModal";
import { useCatalogue } from "./fields";
import { HistoryPanel } from "./HistoryPanel";
import type { LineCommand } from "./keyboard";
import { LinkButton } from "./LinkButton";
import { LockBanner } from "./LockBanner";
import { MappingHeader, SaveStatusText } from "./MappingHeader";
import { type LineModel, MappingLines } from "./MappingLines";
import { OutputsMenu } from "./OutputsMenu";
import { ReconciliationPanel } from "./ReconciliationPanel";
import { ShortcutsHelp } from "./ShortcutsHelp";
import { SplitModal } from "./SplitModal";
import { FailedTotalsAlert } from "./StatementTotals";
import { useMappingEditor } from "./use-mapping-editor";

/**
 * /admin/statement-mapping/mapping/{fileId}: every line to a field, reconciliation, ready, outputs.
 * `onFilingMoved`: what else to refresh when "ready" moved the property's filing on.
 */
export function MappingEditorPage({ fileId, onFilingMoved }: { fileId: string; onFilingMoved: () => void }) {
  const { t, i18n } = useLingui();
  const editor = useMappingEditor(fileId, { onFilingMoved });
  const { record, doc, view } = editor;
  const catalogue = useCatalogue(record?.form, record?.filingYear);
  const [threshold, setThreshold] = useState(String(DEFAULT_THRESHOLD));
  const [showAll, setShowAll] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [splitting, setSplitting] = useState<string | null>(null);
  const [focusLine, setFocusLine] = useState<{ id: string; n: number } | null>(null);
  const fileName = record?.fileName;
  usePageTitle(fileName ? t`Mapping ${fileName}` : t`Statement Mapping`);

  const models: LineModel[] = useMemo(() => {
    if (!view.data || !doc) return [];
    const byLine = new Map(view.data.suggestions.map((s) => [s.lineId, s.candidates]));
    const failed = new Map(editor.failedTotals.map((f) => [f.lineId, f]));
    return view.data.extraction.lines.map((l) => {
      const e = effectiveLine(doc, editor.lines, l.id);
      const selected =
        doc.selection.tables.includes(`${l.page}|${l.section ?? ""}`) &&
        !doc.selection.skippedLines.includes(l.id);
      return {
        line: { ...l, selected, corrected: e.corrected },
        label: e.label,
        amount: e.amount,
        target: doc.assignments[l.id] ?? null,
        split: doc.splits[l.id],
        candidates: byLine.get(l.id) ?? [],
        failedTotal: failed.get(l.id),
      };
    });
  }, [view.data, doc, editor.lines, editor.failedTotals]);
  const visible = useMemo(
    () => (showAll ? models : models.filter((m) => m.line.selected)),
    [models, showAll],
  );

  const allowedFor = useCallback(
    (isTotal: boolean) =>
      isTotal ? new Set([...catalogue.detailIds, ...catalogue.totals.map((f) => f.id)]) : catalogue.detailIds,
    [catalogue],
  );
  const assign = useCallback(
    (id: string, target: string | null) => editor.edit((d) => assignLine(d, id, target)),
    [editor],
  );
  const onCommand = (command: LineCommand, m: LineModel) => {
    if (command === "accept") {
      const best = bestSuggestion(view.data?.suggestions ?? [], m.line.id, allowedFor(m.line.isTotal));
      if (best) assign(m.line.id, best);
    } else if (command === "exclude") assign(m.line.id, EXCLUDED);
    else if (command === "ignore-subtotal") assign(m.line.id, IGNORE_SUBTOTAL);
    else if (command === "clear") assign(m.line.id, null);
    else setSplitting(m.line.id);
  };
  const acceptAll = () => {
    if (!doc || !view.data) return;
    const r = acceptAbove(
      doc,
      models.map((m) => ({ ...m.line, amount: m.amount })),
      view.data.suggestions,
      Number(threshold),
      catalogue.detailIds,
    );
    if (r.accepted.length) editor.edit(() => r.document);
    toast.success(
      plural(r.accepted.length, { one: "# suggestion accepted", other: "# suggestions accepted" }),
    );
  };

  // Ctrl/Cmd+S saves.
  const { save, dirty } = editor;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") {
        e.preventDefault();
        if (dirty) void save();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [save, dirty]);

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
          title={t`This mapping could not be opened`}
          role="alert"
        >
          {view.error instanceof HttpError ? view.error.message : String(view.error ?? "")}
        </Alert>
      </Stack>
    );

  const splitModel = splitting ? models.find((m) => m.line.id === splitting) : undefined;
  const readOnly = editor.readOnly || editor.heldByOther;
  const unassigned = models.filter(
    (m) => m.line.selected && !m.target && m.amount !== null && !m.line.isTotal,
  ).length;

  return (
    <Stack gap="md">
      <BackToMappings />
      <MappingHeader record={record} title={t`Mapping: ${record.fileName}`} />
      <LockBanner editor={editor} />
      <Paper withBorder p="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="wrap" align="flex-end">
            <Select
              label={t`Form`}
              data={[
                { value: "rpie", label: "RPIE" },
                { value: "tc201", label: "TC201" },
                { value: "tc203", label: "TC203" },
              ]}
              value={record.form}
              allowDeselect={false}
              disabled={readOnly}
              onChange={(v) => v && v !== record.form && void editor.save(v as MappingForm)}
              w={110}
            />
            {view.data && <ColumnSelect editor={editor} view={view.data} />}
            <Select
              label={t`Confidence at least`}
              data={THRESHOLDS.map((n) => ({
                value: String(n),
                label: i18n.number(n, { style: "percent" }),
              }))}
              value={threshold}
              allowDeselect={false}
              onChange={(v) => v && setThreshold(v)}
              w={140}
            />
            <Button variant="light" onClick={acceptAll} disabled={readOnly}>
              <Trans>Accept all suggestions above this</Trans>
            </Button>
            <Button
              variant="default"
              disabled={readOnly}
              loading={editor.applyTemplate.isPending}
              onClick={() =>
                editor.applyTemplate.mutate(false, {
                  onSuccess: (r) => {
                    toast.success(
                      plural(r.applied.length, {
                        one: "# line set from the template",
                        other: "# lines set from the template",
                      }),
                    );
                  },
                  onError: (e) =>
                    toast.error(
                      e instanceof HttpError && e.status === 404
                        ? t`This property has no template for this form yet`
                        : e.message,
                    ),
                })
              }
            >
              <Trans>Apply template</Trans>
            </Button>
          </Group>
          <Group gap="sm">
            <ShortcutsHelp opened={helpOpen} onChange={setHelpOpen} />
            <LinkButton
              to="/admin/statement-mapping/previews/$statementMappingId"
              params={{ statementMappingId: fileId }}
              variant="default"
            >
              <Trans>Preview and tables</Trans>
            </LinkButton>
            <OutputsMenu record={record} disabled={editor.dirty} />
            <Button
              onClick={() => void editor.save()}
              disabled={!editor.dirty || readOnly}
              loading={editor.saving}
            >
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Group>
        <Group justify="space-between" mt="xs">
          <SaveStatusText editor={editor} />
          <Text size="sm" c="dimmed" data-testid="unassigned-count">
            {plural(unassigned, { one: "# line without a field", other: "# lines without a field" })}
          </Text>
        </Group>
      </Paper>

      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="xs">
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                <Trans>
                  Arrow keys move between lines; Enter opens the field picker; "a" accepts the suggestion.
                </Trans>
              </Text>
              <Switch
                label={t`Show lines that do not count`}
                checked={showAll}
                onChange={(e) => setShowAll(e.currentTarget.checked)}
                size="xs"
              />
            </Group>
            <FailedTotalsAlert
              failed={editor.failedTotals}
              onShowLine={(id) => {
                if (!visible.some((m) => m.line.id === id)) setShowAll(true);
                setFocusLine((f) => ({ id, n: (f?.n ?? 0) + 1 }));
              }}
            />
            {visible.length === 0 ? (
              <Alert color="gray">
                <Trans>No table is selected. Choose the tables that count on the preview.</Trans>
              </Alert>
            ) : (
              <MappingLines
                models={visible}
                catalogue={catalogue}
                readOnly={readOnly}
                focusLine={focusLine}
                helpOpen={helpOpen}
                onHelp={setHelpOpen}
                onCommand={onCommand}
                onAssign={assign}
                onSplit={(id) => !readOnly && setSplitting(id)}
                onCorrect={(id, amount, note) =>
                  editor.correctAmount.mutateAsync({ lineId: id, amount, note }).catch(() => undefined)
                }
                correcting={editor.correctAmount.isPending}
              />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder p="sm">
            <Tabs defaultValue="reconciliation" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="reconciliation">
                  <Trans>Reconciliation</Trans>
                </Tabs.Tab>
                <Tabs.Tab value="history">
                  <Trans>History</Trans>
                </Tabs.Tab>
                <Tabs.Tab value="compare">
                  <Trans>Last year</Trans>
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="reconciliation" pt="sm">
                <ReconciliationPanel
                  editor={editor}
                  onShowLine={(id) => {
                    if (!visible.some((m) => m.line.id === id)) setShowAll(true);
                    setFocusLine((f) => ({ id, n: (f?.n ?? 0) + 1 }));
                  }}
                />
              </Tabs.Panel>
              <Tabs.Panel value="history" pt="sm">
                <HistoryPanel fileId={fileId} />
              </Tabs.Panel>
              <Tabs.Panel value="compare" pt="sm">
                <ComparePanel fileId={fileId} />
              </Tabs.Panel>
            </Tabs>
          </Paper>
        </Grid.Col>
      </Grid>

      {splitModel && (
        <SplitModal
          opened
          lineLabel={splitModel.label}
          amount={splitModel.amount ?? 0}
          initial={splitModel.split}
          catalogue={catalogue}
          onClose={() => setSplitting(null)}
          onSave={(parts) => {
            editor.edit((d) => splitLine(d, splitModel.line.id, parts));
            setSplitting(null);
          }}
        />
      )}
      <ConflictModal editor={editor} />
    </Stack>
  );
}

function BackToMappings() {
  return <BackLink to="/admin/statement-mapping" label={msg`Statement Mapping`} />;
}
