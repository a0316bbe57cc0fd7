/**
 * Top bar: how many writes wait to reach the server and how many the server refused or need a
 * choice (live from the outbox); links to the sync screen.
 */
import { useLingui } from "@lingui/react/macro";
import { ActionIcon, Indicator } from "@mantine/core";
import { IconCloudCheck, IconCloudExclamation, IconCloudUp } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useCompanyId } from "../../offline/company-context";
import { useOutboxStatus } from "../../offline/use-outbox-status";
import { AppTooltip } from "../../ui/tooltip";
import { useAuth } from "../auth/auth-context";
import { outboxLabel } from "./outbox-label";

export function OutboxIndicator() {
  const { i18n } = useLingui();
  const { user } = useAuth();
  // the dashboard syncs a company (SyncProvider); the admin frames show the user's own
  const companyId = useCompanyId() ?? user?.companyId ?? null;
  const status = useOutboxStatus(companyId ?? undefined);
  const held = status.rejected + status.conflicts;
  const total = status.waiting + held;
  const label = outboxLabel(i18n, status);
  const Icon = held > 0 ? IconCloudExclamation : total > 0 ? IconCloudUp : IconCloudCheck;
  return (
    <AppTooltip label={label}>
      <Indicator
        label={<span aria-hidden="true">{total > 99 ? "99+" : total}</span>}
        size={16}
        color={held > 0 ? "red" : "yellow"}
        disabled={total === 0}
        offset={4}
      >
        <ActionIcon
          component={Link}
          to="/dashboard/sync"
          variant="subtle"
          color={held > 0 ? "red" : "gray"}
          size="lg"
          aria-label={label}
          data-testid="outbox-indicator"
        >
          <Icon size={20} />
        </ActionIcon>
      </Indicator>
    </AppTooltip>
  );
}
