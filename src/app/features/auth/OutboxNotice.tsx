import { Trans } from "@lingui/react/macro";
import { Alert, Text } from "@mantine/core";
import { IconMailbox } from "@tabler/icons-react";
import { QueryProvider } from "../../lib/QueryProvider";
import { usePublicConfig } from "./public-config";

/**
 * Under "Check your email": when this server has no mail server (SMTP_URL unset), no mail
 * arrives, and the notice says where it is instead — in the outbox, which an administrator
 * reads at /admin/outbox.
 */
export function OutboxNotice() {
  // Its own query provider (the shared client): some of these pages are outside the auth layout.
  return (
    <QueryProvider>
      <Notice />
    </QueryProvider>
  );
}

function Notice() {
  if (usePublicConfig().mailDelivery !== "outbox") return null;
  return (
    <Alert
      color="yellow"
      icon={<IconMailbox />}
      title={<Trans>No mail server is configured</Trans>}
      data-testid="outbox-notice"
    >
      <Text size="sm">
        <Trans>
          This Blocklot keeps its mail instead of sending it. An administrator can read your mail in the
          outbox (Administrator → Outbox) and give you the link.
        </Trans>
      </Text>
    </Alert>
  );
}
