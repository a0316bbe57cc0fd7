import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import type { Correction } from "../../../domain/statement-mapping/mapping";
import { AppModal } from "../../ui/AppModal";
import { formatAmount } from "../files/preview/line-items";
import type { LineModel } from "./MappingLines";

/** Corrects a misread label or amount; the original stays visible beside it. */
export function CorrectionModal({
  model,
  note,
  onClose,
  onSave,
  onClear,
}: {
  model: LineModel | null;
  note: string | undefined;
  onClose: () => void;
  onSave: (c: Correction) => void;
  onClear: () => void;
}) {
  const { t, i18n } = useLingui();
  const [label, setLabel] = useState("");
  const [amount, setAmount] = useState<number | string>("");
  const [why, setWhy] = useState("");
  useEffect(() => {
    if (!model) return;
    setLabel(model.label);
    setAmount(model.amount ?? "");
    setWhy(note ?? "");
  }, [model, note]);
  if (!model) return null;
  const original = model.line.originalLabel;
  const originalAmount =
    model.line.originalAmount === null ? "—" : formatAmount(model.line.originalAmount, i18n.locale);
  return (
    <AppModal opened onClose={onClose} title={t`Correct "${original}"`}>
      <Stack>
        <Text size="sm" c="dimmed">
          <Trans>
            As read from the file: {original}, {originalAmount}
          </Trans>
        </Text>
        <TextInput
          label={t`Corrected label`}
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
        />
        <NumberInput
          label={t`Corrected amount`}
          value={amount}
          onChange={setAmount}
          decimalScale={2}
          thousandSeparator=","
        />
        <TextInput label={t`Note (optional)`} value={why} onChange={(e) => setWhy(e.currentTarget.value)} />
        <Group justify="space-between">
          <Button variant="subtle" color="red" onClick={onClear} disabled={!model.line.corrected}>
            <Trans>Back to the original</Trans>
          </Button>
          <Group>
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              disabled={!label.trim() || amount === ""}
              onClick={() =>
                onSave({ label: label.trim(), amount: Number(amount), note: why.trim() || undefined })
              }
            >
              <Trans>Save correction</Trans>
            </Button>
          </Group>
        </Group>
      </Stack>
    </AppModal>
  );
}
