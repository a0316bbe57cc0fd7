import { Trans, useLingui } from "@lingui/react/macro";
import { Badge } from "@mantine/core";
import { useNetwork } from "@mantine/hooks";
import { IconWifi, IconWifiOff } from "@tabler/icons-react";
import { AppTooltip } from "../../ui/tooltip";

/** Online/offline indicator for the top bar. */
export function OnlineStatus({ hideWhenOnline = false }: { hideWhenOnline?: boolean }) {
  const { online } = useNetwork();
  const { t } = useLingui();
  if (online && hideWhenOnline) return null;
  return (
    <AppTooltip
      label={
        online
          ? t`You are online`
          : t`You are offline. Changes are kept on this device and sent when you are back online.`
      }
    >
      <Badge
        role="status"
        variant="light"
        color={online ? "green" : "orange"}
        leftSection={online ? <IconWifi size={14} /> : <IconWifiOff size={14} />}
      >
        {online ? <Trans>Online</Trans> : <Trans>Offline</Trans>}
      </Badge>
    </AppTooltip>
  );
}
