import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import type { SplitPart } from "../../../domain/statement-mapping/mapping";
import { AppModal } from "../../ui/AppModal";
import { formatAmount } from "../files/preview/line-items";
import { type Catalogue, fieldGroups } from "./fields";
import { type DraftPart, fillRemainder, splitIssue, splitRemainder } from "./split";

/** Splits one line across fields: the parts must add up to the line's amount; the remainder is shown as it changes. */
export function SplitModal({
  opened,
  lineLabel,
  amount,
  initial,
  catalogue,
  onClose,
  onSave,
}: {
  opened: boolean;
  lineLabel: string;
  amount: number;
  initial: SplitPart[] | undefined;
  catalogue: Catalogue;
  onClose: () => void;
  onSave: (parts: SplitPart[]) => void;
}) {
  const { t, i18n } = useLingui();
  const [parts, setParts] = useState<DraftPart[]>([]);
  useEffect(() => {
    if (opened)
      setParts(
        initial?.length
          ? initial.map((p) => ({ ...p }))
          : [
              { fieldId: null, amount },
              { fieldId: null, amount: null },
            ],
      );
  }, [opened, initial, amount]);
  const data = useMemo(() => fieldGroups(catalogue, false), [catalogue]);
  const remainder = splitRemainder(amount, parts);
  const issue = splitIssue(amount, parts);
  const money = (n: number) => formatAmount(n, i18n.locale);
  const set = (i: number, p: Partial<DraftPart>) =>
    setParts((ps) => ps.map((x, j) => (j === i ? { ...x, ...p } : x)));

  return (
    <AppModal opened={opened} onClose={onClose} title={t`Split "${lineLabel}"`} size="lg">
      <Stack gap="sm">
        <Text size="sm">
          <Trans>Line amount: {money(amount)}</Trans>
        </Text>
        {parts.map((p, i) => {
          const n = i + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity of their own
            <Group key={i} align="flex-end" wrap="nowrap" gap="xs">
              <Select
                label={t`Field of part ${n}`}
                data={data}
                value={p.fieldId}
                onChange={(v) => set(i, { fieldId: v })}
                searchable
                style={{ flex: 1 }}
                comboboxProps={{ withinPortal: true }}
              />
              <NumberInput
                label={t`Amount of part ${n}`}
                value={p.amount ?? ""}
                onChange={(v) => set(i, { amount: v === "" ? null : Number(v) })}
                decimalScale={2}
                thousandSeparator=","
                w={140}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t`Remove part ${n}`}
                disabled={parts.length <= 2}
                onClick={() => setParts((ps) => ps.filter((_, j) => j !== i))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
        })}
        <Group justify="space-between">
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} />}
            onClick={() => setParts((ps) => [...ps, { fieldId: null, amount: null }])}
          >
            <Trans>Add a part</Trans>
          </Button>
          <Button variant="default" onClick={() => setParts((ps) => fillRemainder(amount, ps))}>
            <Trans>Put the remainder in the last part</Trans>
          </Button>
        </Group>
        <Text
          size="sm"
          fw={600}
          c={remainder === 0 ? "green" : "red"}
          aria-live="polite"
          data-testid="split-remainder"
        >
          <Trans>Remainder: {money(remainder)}</Trans>
        </Text>
        {issue && issue !== "remainder" && (
          <Text size="sm" c="dimmed">
            {issue === "too-few"
              ? t`A split needs two parts or more.`
              : issue === "missing-field"
                ? t`Choose a field for every part.`
                : t`Give every part an amount.`}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            disabled={issue !== null}
            onClick={() =>
              onSave(parts.map((p) => ({ fieldId: p.fieldId as string, amount: p.amount as number })))
            }
          >
            <Trans>Save split</Trans>
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
