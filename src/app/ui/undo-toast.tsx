/**
 * A toast offering Undo for a few seconds (paused while the pointer is on it) after something was
 * removed. Pressing Undo hides it and calls `onUndo`. A press inside it is no click outside an
 * open popover: the bell's list stays open and shows what came back.
 */
import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { SyntheticEvent } from "react";

/** How long Undo is offered (ms). */
export const UNDO_MS = 5000;

let counter = 0;

// Popovers close on a mousedown/touchstart reaching the document; the toast's stop here.
const stay = (e: SyntheticEvent) => e.stopPropagation();

export function undoToast(message: string, onUndo: () => void, opts: { ms?: number } = {}): string {
  const id = `undo-${++counter}`;
  notifications.show({
    id,
    message: (
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{message}</Text>
        <Button
          size="xs"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            onUndo();
          }}
        >
          <Trans>Undo</Trans>
        </Button>
      </Group>
    ),
    autoClose: opts.ms ?? UNDO_MS,
    withCloseButton: true,
    closeButtonProps: { "aria-label": t`Close` },
    onMouseDown: stay,
    onTouchStart: stay,
  });
  return id;
}
