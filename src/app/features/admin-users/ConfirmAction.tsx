import { Trans } from "@lingui/react/macro";
import { Button, type ButtonProps, Group, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { ReactNode } from "react";
import { AppModal } from "../../ui/AppModal";

/** A button that asks before doing something that cannot be undone. */
export function ConfirmAction({
  label,
  title,
  question,
  confirmLabel,
  onConfirm,
  loading,
  testId,
  ...button
}: ButtonProps & {
  label: ReactNode;
  title: string;
  question: ReactNode;
  confirmLabel: ReactNode;
  onConfirm(): void;
  loading?: boolean;
  testId?: string;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        color="red"
        {...button}
        onClick={open}
        loading={loading}
        data-testid={testId}
      >
        {label}
      </Button>
      <AppModal opened={opened} onClose={close} title={title} centered>
        <Stack>
          <Text size="sm">{question}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              color="red"
              onClick={() => {
                close();
                onConfirm();
              }}
              data-testid={testId ? `${testId}-confirm` : undefined}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}
