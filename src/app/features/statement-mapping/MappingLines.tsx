import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Badge, Box, Button, Grid, Group, Paper, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { memo, useEffect, useReducer, useRef } from "react";
import { SPLIT, type SplitPart } from "../../../domain/statement-mapping/mapping";
import { formatAmount } from "../files/preview/line-items";
import { AmountCorrection } from "./AmountCorrection";
import type { Candidate, FailedTotal, ViewLine } from "./api";
import { FieldPicker } from "./FieldPicker";
import { type Catalogue, fieldOptionLabel, SPECIAL_LABELS } from "./fields";
import {
  initialKeyboard,
  type KeyboardAction,
  keyAction,
  keyboardReducer,
  type LineCommand,
} from "./keyboard";

export interface LineModel {
  line: ViewLine;
  /** The label and amount that count (correction applied). */
  label: string;
  amount: number | null;
  target: string | null;
  split: SplitPart[] | undefined;
  candidates: Candidate[];
  /** This total does not add up to the lines of its section (expected vs stated). */
  failedTotal?: FailedTotal;
}

/** OCR confidence under this is worth a look; under LOW_CONFIDENCE, likely misread. */
const CHECK_CONFIDENCE = 85;
const LOW_CONFIDENCE = 60;

const pct = (n: number) => `${Math.round(n * 100)}%`;

const LineRow = memo(function LineRow({
  model,
  index,
  active,
  pickerOpen,
  catalogue,
  readOnly,
  rowRef,
  pickerRef,
  onFocus,
  onOpenPicker,
  onClosePicker,
  onAssign,
  onSplit,
  onCorrect,
  correcting,
}: {
  model: LineModel;
  index: number;
  active: boolean;
  pickerOpen: boolean;
  catalogue: Catalogue;
  readOnly: boolean;
  rowRef: (el: HTMLLIElement | null) => void;
  pickerRef: (el: HTMLInputElement | null) => void;
  onFocus: (index: number) => void;
  onOpenPicker: (index: number) => void;
  onClosePicker: () => void;
  onAssign: (id: string, target: string | null) => void;
  onSplit: (id: string) => void;
  onCorrect: (id: string, amount: number | null, note: string) => Promise<unknown> | undefined;
  correcting: boolean;
}) {
  const { t, i18n } = useLingui();
  const { line, label, amount, target, candidates } = model;
  const money = (n: number | null) => (n === null ? "—" : formatAmount(n, i18n.locale));
  const field = (id: string) => {
    const f = catalogue.byId.get(id);
    if (f) return fieldOptionLabel(f);
    const special = SPECIAL_LABELS[id] as MessageDescriptor | undefined;
    return special ? i18n._(special) : id;
  };
  return (
    <Paper
      component="li"
      ref={rowRef}
      withBorder
      p="xs"
      radius="sm"
      tabIndex={active ? 0 : -1}
      onFocus={(e) => {
        if (e.target === e.currentTarget) onFocus(index);
      }}
      onClick={() => onFocus(index)}
      aria-current={active ? "true" : undefined}
      aria-label={`${label}, ${money(amount)}`}
      data-testid="mapping-line"
      data-line={line.id}
      data-target={target ?? ""}
      bg={active ? "var(--mantine-primary-color-light)" : undefined}
      style={{ opacity: line.selected ? 1 : 0.55, outlineOffset: 2 }}
    >
      <Grid gutter="xs" align="center">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Group gap={6} wrap="nowrap" align="baseline">
            <Text size="sm" fw={line.isTotal ? 700 : 400} data-testid="line-label">
              {label}
            </Text>
            {!line.selected && (
              <Badge size="xs" color="gray" variant="outline">
                <Trans>Not counted</Trans>
              </Badge>
            )}
            {line.confidence !== null && (
              <Badge
                size="xs"
                variant="light"
                color={
                  line.confidence < LOW_CONFIDENCE
                    ? "red"
                    : line.confidence < CHECK_CONFIDENCE
                      ? "yellow"
                      : "gray"
                }
                title={t`OCR confidence of this line's words`}
                data-testid="ocr-confidence"
              >
                {t`OCR ${Math.round(line.confidence)}%`}
              </Badge>
            )}
          </Group>
          {model.failedTotal && (
            <Alert
              color="red"
              variant="light"
              p={6}
              mt={4}
              icon={<IconAlertTriangle size={14} />}
              data-testid="failed-total"
            >
              <Text size="xs">
                <Trans>
                  Does not add up: the lines of this section come to {money(model.failedTotal.expected)}, the
                  total says {money(model.failedTotal.found)}.
                </Trans>
              </Text>
            </Alert>
          )}
          {line.corrected && line.originalLabel !== label && (
            <Text size="xs" c="dimmed">
              <Trans>Read as: {line.originalLabel}</Trans>
            </Text>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 2 }}>
          <Text
            size="sm"
            ta={{ base: "left", md: "right" } as never}
            ff="monospace"
            data-testid="line-amount"
          >
            <Group gap={4} justify="flex-end" wrap="nowrap" component="span">
              {money(amount)}
              <AmountCorrection
                label={label}
                amount={amount}
                corrected={line.corrected && line.originalAmount !== amount}
                disabled={readOnly}
                saving={correcting}
                onCorrect={(next, note) => onCorrect(line.id, next, note)}
              />
            </Group>
          </Text>
          {line.corrected && line.originalAmount !== amount && (
            <Text size="xs" c="dimmed" ta="right">
              <Trans>Read as: {money(line.originalAmount)}</Trans>
            </Text>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          {candidates.length === 0 ? (
            <Text size="xs" c="dimmed">
              <Trans>No suggestion</Trans>
            </Text>
          ) : (
            <Stack gap={2} data-testid="suggestions">
              {candidates.slice(0, 2).map((c, i) => {
                const name = field(c.field.id);
                const conf = pct(c.confidence);
                return (
                  <Group key={c.field.id} gap={4} wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant={i === 0 ? "light" : "subtle"}
                      disabled={readOnly || target === c.field.id}
                      onClick={() => onAssign(line.id, c.field.id)}
                      aria-label={t`Use ${name} (${conf})`}
                      tabIndex={-1}
                    >
                      {conf}
                    </Button>
                    <Box style={{ minWidth: 0 }}>
                      <Text size="xs" truncate="end" title={name}>
                        {name}
                      </Text>
                      <Text
                        size="xs"
                        c="dimmed"
                        truncate="end"
                        title={c.reason}
                        data-testid="suggestion-reason"
                      >
                        {c.reason}
                      </Text>
                    </Box>
                  </Group>
                );
              })}
            </Stack>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <FieldPicker
            ref={pickerRef}
            lineLabel={label}
            value={target}
            catalogue={catalogue}
            isTotal={line.isTotal}
            opened={pickerOpen}
            disabled={readOnly}
            onOpen={() => onOpenPicker(index)}
            onClose={onClosePicker}
            onChange={(v) => (v === SPLIT ? onSplit(line.id) : onAssign(line.id, v))}
          />
          {target === SPLIT && model.split && (
            <Stack gap={0} mt={4}>
              {model.split.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity
                <Text size="xs" key={i}>
                  {field(p.fieldId)}: {money(p.amount)}
                </Text>
              ))}
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => onSplit(line.id)}
                w="fit-content"
                disabled={readOnly}
              >
                <Trans>Edit split</Trans>
              </Button>
            </Stack>
          )}
        </Grid.Col>
      </Grid>
    </Paper>
  );
});

/**
 * The keyboard-driven list of lines: ↑/↓ move, Enter opens the field picker (type-ahead),
 * a/x/s/Delete act on the active line (see ShortcutsHelp).
 */
export function MappingLines({
  models,
  catalogue,
  readOnly,
  focusLine,
  helpOpen,
  onHelp,
  onCommand,
  onAssign,
  onSplit,
  onCorrect,
  correcting,
}: {
  models: LineModel[];
  catalogue: Catalogue;
  readOnly: boolean;
  /** A line to bring into view and make active (from the reconciliation panel). */
  focusLine: { id: string; n: number } | null;
  helpOpen: boolean;
  onHelp: (open: boolean) => void;
  onCommand: (command: LineCommand, line: LineModel) => void;
  onAssign: (id: string, target: string | null) => void;
  onSplit: (id: string) => void;
  onCorrect: (id: string, amount: number | null, note: string) => Promise<unknown> | undefined;
  correcting: boolean;
}) {
  const { t } = useLingui();
  const count = models.length;
  const [state, dispatch] = useReducer(keyboardReducer(count), count, initialKeyboard);
  const rows = useRef<(HTMLLIElement | null)[]>([]);
  const pickers = useRef<(HTMLInputElement | null)[]>([]);
  const moved = useRef(false);

  useEffect(() => dispatch({ type: "resize", count }), [count]);
  const focusedRequest = useRef(0);
  useEffect(() => {
    if (!focusLine || focusLine.n === focusedRequest.current) return;
    const i = models.findIndex((m) => m.line.id === focusLine.id);
    if (i >= 0) focusedRequest.current = focusLine.n;
    if (i >= 0) {
      moved.current = true;
      dispatch({ type: "focus", index: i });
    }
  }, [focusLine, models]);
  // Keyboard moves take the focus with them (and scroll the line into view).
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    const el = state.pickerOpen ? pickers.current[state.active] : rows.current[state.active];
    el?.focus();
    if (!state.pickerOpen) el?.scrollIntoView?.({ block: "nearest" });
  }, [state.active, state.pickerOpen]);

  const act = (a: KeyboardAction) => {
    moved.current = true;
    dispatch(a);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const inField = (e.target as HTMLElement).closest("input, textarea, button, [role=listbox]");
    if (inField) {
      if (e.key === "Escape" && state.pickerOpen) act({ type: "close-picker" });
      return;
    }
    const a = keyAction(e.key, { ctrl: e.ctrlKey, meta: e.metaKey, alt: e.altKey });
    if (!a) return;
    e.preventDefault();
    if (a.type === "command") {
      const m = models[state.active];
      if (m && !readOnly) {
        onCommand(a.command, m);
        if (a.command !== "clear" && a.command !== "split") act({ type: "next" });
      }
      return;
    }
    if (a.type === "toggle-help") return onHelp(!helpOpen);
    if (a.type === "open-picker" && readOnly) return;
    act(a);
  };

  return (
    <section onKeyDown={onKeyDown} aria-label={t`Statement lines`} data-testid="mapping-lines">
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
        {models.map((m, i) => (
          <LineRow
            key={m.line.id}
            model={m}
            index={i}
            active={i === state.active}
            pickerOpen={state.pickerOpen && i === state.active}
            catalogue={catalogue}
            readOnly={readOnly}
            rowRef={(el) => {
              rows.current[i] = el;
            }}
            pickerRef={(el) => {
              pickers.current[i] = el;
            }}
            onFocus={(index) => dispatch({ type: "focus", index })}
            onOpenPicker={(index) => {
              dispatch({ type: "focus", index });
              dispatch({ type: "open-picker" });
            }}
            onClosePicker={() => {
              if (state.pickerOpen && i === state.active) act({ type: "close-picker" });
            }}
            onAssign={(id, target) => {
              onAssign(id, target);
              if (state.pickerOpen) act({ type: "close-picker" });
            }}
            onSplit={onSplit}
            onCorrect={onCorrect}
            correcting={correcting}
          />
        ))}
      </Stack>
    </section>
  );
}
