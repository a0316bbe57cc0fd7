import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Button, Group, NumberInput, Popover, Stack, TextInput } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { useState } from "react";

/**
 * Correct one line's amount in place (a misread figure on a scan): a small form in a popover,
 * Enter saves, Esc closes; "Use the amount as read" takes the correction back.
 */
export function AmountCorrection({
  label,
  amount,
  corrected,
  disabled,
  saving,
  onCorrect,
}: {
  label: string;
  amount: number | null;
  corrected: boolean;
  disabled: boolean;
  saving: boolean;
  onCorrect: (amount: number | null, note: string) => Promise<unknown> | undefined;
}) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState<number | string>(amount ?? "");
  const [note, setNote] = useState("");
  const open = () => {
    setValue(amount ?? "");
    setNote("");
    setOpened(true);
  };
  const submit = async (next: number | null) => {
    await onCorrect(next, note.trim());
    setOpened(false);
  };
  const valid = typeof value === "number" && Number.isFinite(value);
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withArrow position="bottom-end" width={260}>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="sm"
          onClick={() => (opened ? setOpened(false) : open())}
          disabled={disabled}
          aria-label={t`Correct the amount of ${label}`}
          data-testid="correct-amount"
        >
          <IconPencil size={14} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) void submit(value as number);
          }}
        >
          <Stack gap="xs">
            <NumberInput
              label={t`Amount as printed`}
              value={value}
              onChange={setValue}
              decimalScale={2}
              thousandSeparator=","
              allowNegative
              data-autofocus
              size="xs"
            />
            <TextInput
              label={t`Note`}
              placeholder={t`e.g. OCR read 8 as 3`}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              maxLength={500}
              size="xs"
            />
            <Group justify="space-between" gap="xs">
              {corrected ? (
                <Button size="compact-xs" variant="subtle" onClick={() => void submit(null)} loading={saving}>
                  <Trans>Use the amount as read</Trans>
                </Button>
              ) : (
                <span />
              )}
              <Button size="compact-sm" type="submit" disabled={!valid} loading={saving}>
                <Trans>Correct</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
