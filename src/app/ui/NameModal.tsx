/** A modal asking for one name (a kanban board or column, a mail label). */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { AppModal } from "./AppModal";

export function NameModal({
  opened,
  title,
  label,
  initial,
  maxLength,
  onClose,
  onSave,
}: {
  opened: boolean;
  title: string;
  label: string;
  initial: string;
  /** Longest name. */
  maxLength: number;
  onClose: () => void;
  onSave: (name: string) => Promise<void>;
}) {
  const { t } = useLingui();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setName(initial);
      setError(null);
    }
  }, [opened, initial]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(t`Required`);
      return;
    }
    await onSave(name.trim());
  };

  return (
    <AppModal opened={opened} onClose={onClose} title={title} closeButtonProps={{ "aria-label": t`Close` }}>
      <form onSubmit={(e) => void submit(e)}>
        <Stack>
          <TextInput
            label={label}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={maxLength}
            error={error}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit">
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
