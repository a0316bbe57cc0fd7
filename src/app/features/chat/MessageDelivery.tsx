import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Button, Group, Text } from "@mantine/core";
import type { Delivery } from "./use-offline-chat-thread";

/** One's own message's delivery state: queued (offline), sent, or failed with the reason and a retry. */
export function MessageDelivery({ delivery }: { delivery: Delivery }) {
  const { t } = useLingui();
  if (delivery.state === "sent")
    return (
      <Text size="xs" c="dimmed" ta="right">
        <Trans>Sent</Trans>
      </Text>
    );
  if (delivery.state === "queued")
    return (
      <Group justify="flex-end" gap={4}>
        <Badge
          size="xs"
          color="yellow"
          variant="light"
          title={delivery.error ?? t`Sent when the connection returns`}
        >
          <Trans>Queued</Trans>
        </Badge>
      </Group>
    );
  return (
    <Group justify="flex-end" gap={4} wrap="nowrap">
      <Badge size="xs" color="red" variant="light">
        <Trans>Failed</Trans>
      </Badge>
      {delivery.error && (
        <Text size="xs" c="red">
          {delivery.error}
        </Text>
      )}
      <Button size="compact-xs" variant="subtle" onClick={delivery.retry}>
        <Trans>Retry</Trans>
      </Button>
    </Group>
  );
}
