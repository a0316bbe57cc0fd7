import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Alert, Button, Group, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { MAX_QUOTE_ITEMS, QUOTE_ITEM_KINDS, type QuoteItemKind } from "../../../../domain/filing";
import { formatCents, parseDollars } from "../../../../domain/money";
import { errorMessage, type Filing, staffApi } from "../filing-api";
import { ITEM_LABELS } from "../labels";
import { centsToDollarInput, type DraftLine, parseQuantity, quoteTotals } from "../quote-draft";

let nextKey = 0;
const newLine = (kind: QuoteItemKind = "base_filing"): DraftLine => ({
  key: `line-${++nextKey}`,
  kind,
  description: "",
  quantity: "1",
  unitDollars: "",
});

/** Staff price a filing: lines (kind, description, quantity, unit price in dollars) and a note. */
export function QuoteEditor({ filing, onSaved }: { filing: Filing; onSaved: () => void }) {
  const { t, i18n } = useLingui();
  const draft = filing.quote?.status === "draft" || filing.quote?.status === "sent" ? filing.quote : null;
  const [lines, setLines] = useState<DraftLine[]>(() =>
    draft
      ? draft.items.map((it) => ({
          key: `line-${++nextKey}`,
          kind: it.kind,
          description: it.description === i18n._(ITEM_LABELS[it.kind]) ? "" : it.description,
          quantity: String(it.quantity),
          unitDollars: centsToDollarInput(it.unitCents),
        }))
      : [newLine(filing.kind === "penalty_removal" ? "penalty_removal" : "base_filing")],
  );
  const [note, setNote] = useState(draft?.note ?? "");
  const [busy, setBusy] = useState<"send" | "draft" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const totals = quoteTotals(lines);
  const set = (key: string, change: Partial<DraftLine>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...change } : l)));

  const save = async (send: boolean) => {
    if (!totals.items) {
      setError(
        t`Check the lines: every quantity is a whole number from 1 to 1000, every price in dollars, and the total above $0.00`,
      );
      return;
    }
    setBusy(send ? "send" : "draft");
    setError(null);
    try {
      await staffApi.quote(filing.id, totals.items, note.trim() || undefined, send);
      onSaved();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const total = formatCents(totals.totalCents);
  return (
    <Stack gap="sm" data-testid="quote-editor">
      {lines.map((l, i) => {
        const n = i + 1;
        const amount = totals.amounts[i];
        return (
          <Group key={l.key} gap="xs" align="flex-end" wrap="wrap" data-testid="quote-line">
            <Select
              w={170}
              label={t`Line ${n} item`}
              data={QUOTE_ITEM_KINDS.map((k) => ({ value: k, label: i18n._(ITEM_LABELS[k]) }))}
              value={l.kind}
              allowDeselect={false}
              onChange={(v) => v && set(l.key, { kind: v as QuoteItemKind })}
            />
            <TextInput
              style={{ flex: "1 1 160px" }}
              label={t`Line ${n} description`}
              placeholder={t`Optional`}
              maxLength={300}
              value={l.description}
              onChange={(e) => set(l.key, { description: e.currentTarget.value })}
            />
            <TextInput
              w={80}
              label={t`Line ${n} quantity`}
              inputMode="numeric"
              value={l.quantity}
              error={l.quantity !== "" && parseQuantity(l.quantity) === null}
              onChange={(e) => set(l.key, { quantity: e.currentTarget.value })}
            />
            <TextInput
              w={120}
              label={t`Line ${n} unit price ($)`}
              inputMode="decimal"
              placeholder="0.00"
              error={l.unitDollars !== "" && parseDollars(l.unitDollars) === null}
              value={l.unitDollars}
              onChange={(e) => set(l.key, { unitDollars: e.currentTarget.value })}
            />
            <Text w={100} ta="right" pb={8} data-testid="quote-line-amount">
              {amount == null ? "—" : formatCents(amount)}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              mb={6}
              aria-label={t`Remove line ${n}`}
              disabled={lines.length === 1}
              onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        );
      })}
      <Group justify="space-between" wrap="wrap">
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} />}
          disabled={lines.length >= MAX_QUOTE_ITEMS}
          onClick={() => setLines((ls) => [...ls, newLine("extra_statement")])}
        >
          <Trans>Add line</Trans>
        </Button>
        <Text fw={700} data-testid="quote-editor-total">
          <Trans>Total {total}</Trans>
        </Text>
      </Group>
      <Textarea
        label={t`Note to the owner`}
        autosize
        minRows={2}
        maxLength={5000}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button
          variant="default"
          loading={busy === "draft"}
          disabled={busy !== null}
          onClick={() => save(false)}
        >
          <Trans>Save draft</Trans>
        </Button>
        <Button loading={busy === "send"} disabled={busy !== null} onClick={() => save(true)}>
          <Trans>Send quote</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
