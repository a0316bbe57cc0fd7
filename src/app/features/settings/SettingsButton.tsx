import { useLingui } from "@lingui/react/macro";
import { ActionIcon, Affix, type TooltipProps } from "@mantine/core";
import { IconSettings } from "@tabler/icons-react";
import { useLocation } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { useSettings } from "../../lib/settings/use-settings";
import { useAuth } from "../auth/auth-context";
import { showSettingsButton } from "./settings-button-visibility";

// The app tooltip (Mantine's, with floating-ui) is fetched after the first render, not before it.
// Should its chunk fail to load (offline before the service worker cached it), the button
// stays, without a tooltip, instead of the whole page failing.
const NoTooltip = ({ children }: TooltipProps) => <>{children}</>;
const Tooltip = lazy(() =>
  import("../../ui/tooltip-chunk").then(
    (m) => ({ default: m.Tooltip }),
    () => ({ default: NoTooltip }),
  ),
);

/** The floating Settings button (bottom right) that opens the App Settings drawer. */
export function SettingsButton() {
  const { t } = useLingui();
  const { isAuthenticated } = useAuth();
  const pathname = useLocation({ select: (l) => l.pathname });
  const { openDrawer, setOpenDrawer } = useSettings();
  if (!showSettingsButton(isAuthenticated, pathname) || openDrawer) return null;
  const icon = (
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
  );
  return (
    // In place, not in a portal: it is part of a prerendered page's HTML (__root.tsx).
    <Affix position={{ bottom: 24, right: 24 }} zIndex={1300} withinPortal={false}>
      <Suspense fallback={icon}>
        <Tooltip label={t`Settings`} position="left">
          {icon}
        </Tooltip>
      </Suspense>
    </Affix>
  );
}
