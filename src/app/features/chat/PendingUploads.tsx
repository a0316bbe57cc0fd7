import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconClockHour4, IconFileCheck } from "@tabler/icons-react";
import type { PhotoUploadRecord } from "../../offline/db";
import { useFileSize } from "./use-file-size";

/**
 * A message's files picked offline (offline/attachment-uploads.ts): each with its name and size,
 * waiting for a connection, uploaded (sent with the message), or refused with the server's reason.
 * With `onDismiss`, a refused file has a Dismiss button that takes it off the queue.
 */
export function PendingUploads({
  uploads,
  label,
  onDismiss,
}: {
  uploads: PhotoUploadRecord[];
  label?: string;
  onDismiss?: (upload: PhotoUploadRecord) => void;
}) {
  const { t } = useLingui();
  const size = useFileSize();
  if (uploads.length === 0) return null;
  return (
    <Stack gap={2} mt={4} role="list" aria-label={label ?? t`Files of this message`}>
      {uploads.map((r) => {
        const name = r.upload?.fileName ?? "";
        const reason = r.error ?? t`the server refused this file`;
        return (
          <Group key={r.id} gap={4} wrap="nowrap" role="listitem">
            {r.state === "failed" ? (
              <IconAlertTriangle size={16} color="var(--mantine-color-red-filled)" aria-hidden />
            ) : r.state === "done" ? (
              <IconFileCheck size={16} aria-hidden />
            ) : (
              <IconClockHour4 size={16} aria-hidden />
            )}
            <Text size="sm">{name}</Text>
            <Text size="xs" c="dimmed">
              {size(r.upload?.size ?? 0)}
            </Text>
            {r.state === "failed" ? (
              <Text size="xs" c="red" role="alert">
                <Trans>Not sent: {reason}</Trans>
              </Text>
            ) : r.state === "done" ? (
              <Text size="xs" c="dimmed">
                <Trans>Uploaded</Trans>
              </Text>
            ) : (
              <Text size="xs" c="dimmed">
                <Trans>Waits for a connection</Trans>
              </Text>
            )}
            {r.state === "failed" && onDismiss && (
              <Button
                size="compact-xs"
                variant="subtle"
                color="gray"
                onClick={() => onDismiss(r)}
                aria-label={t`Dismiss ${name}`}
              >
                <Trans>Dismiss</Trans>
              </Button>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
