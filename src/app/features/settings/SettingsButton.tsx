import { useLingui } from "@lingui/react/macro";
import { ActionIcon, Affix, Tooltip } from "@mantine/core";
import { IconSettings } from "@tabler/icons-react";
import { useLocation } from "@tanstack/react-router";
import { useAuth } from "../auth/auth-context";
import { showSettingsButton } from "./settings-button-visibility";
import { useSettings } from "./useSettings";

/** The floating Settings button (bottom right) that opens the App Settings drawer. */
export function SettingsButton() {
  const { t } = useLingui();
  const { isAuthenticated } = useAuth();
  const pathname = useLocation({ select: (l) => l.pathname });
  const { openDrawer, setOpenDrawer } = useSettings();
  if (!showSettingsButton(isAuthenticated, pathname) || openDrawer) return null;
  return (
    <Affix position={{ bottom: 24, right: 24 }} zIndex={1300}>
      <Tooltip label={t`Settings`} position="left">
        <ActionIcon
          size={48}
          radius="xl"
          variant="filled"
          onClick={() => setOpenDrawer(true)}
          aria-label={t`Settings`}
          style={{ boxShadow: "var(--mantine-shadow-lg)" }}
        >
          <IconSettings size={24} />
        </ActionIcon>
      </Tooltip>
    </Affix>
  );
}
