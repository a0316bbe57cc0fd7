import { useLingui } from "@lingui/react/macro";
import { Anchor, Box, Burger, Group } from "@mantine/core";
import { IconMail, IconPhone } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { InstallButton } from "../features/pwa/InstallButton";
import { OnlineStatus } from "../features/pwa/OnlineStatus";
import { AfterIdle } from "../ui/after-idle";
import { Logo } from "../ui/Logo";
import { retryingLazy } from "../ui/retrying-lazy";
import { CONTACT_EMAIL, CONTACT_PHONE, TOP_BAR_HEIGHT } from "../ui/shell-constants";
import classes from "./Shell.module.css";

// The top bar's menus and badges (sync state from Dexie, language, company, notifications,
// account) are not needed to see the page: their code (menus, popovers, Dexie, the notifications
// and company requests) loads once the page has painted, in the place kept for them; offline
// before it arrived, the place stays until the browser is back online.
const TopBarTools = retryingLazy(
  () => import("./TopBarTools").then((m) => m.default),
  () => <TopBarToolsPlace />,
);

const telHref = `tel:${CONTACT_PHONE.replace(/[^\d+]/g, "")}`;

/** The 64 px top bar of the signed-in shell. */
export function TopBar({
  navOpened,
  onToggleNav,
  showLogo,
}: {
  navOpened: boolean;
  onToggleNav(): void;
  /** Show the logo here (horizontal layout, where there is no drawer on large screens). */
  showLogo: boolean;
}) {
  const { t } = useLingui();
  return (
    <Group h={TOP_BAR_HEIGHT} px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="lg"
          size="sm"
          aria-label={navOpened ? t`Close navigation` : t`Open navigation`}
        />
        <Anchor
          component={Link}
          to="/"
          aria-label={t`Blocklot home`}
          hiddenFrom={showLogo ? undefined : "lg"}
          display="flex"
        >
          <Logo size={32} />
        </Anchor>
        <Group gap="md" visibleFrom="md" wrap="nowrap">
          <a className={classes.contact} href={telHref}>
            <Group gap={6} wrap="nowrap">
              <IconPhone size={16} />
              {CONTACT_PHONE}
            </Group>
          </a>
          <a className={classes.contact} href={`mailto:${CONTACT_EMAIL}`}>
            <Group gap={6} wrap="nowrap">
              <IconMail size={16} />
              {CONTACT_EMAIL}
            </Group>
          </a>
        </Group>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Box visibleFrom="sm">
          <OnlineStatus />
        </Box>
        <Box hiddenFrom="sm">
          <OnlineStatus hideWhenOnline />
        </Box>
        <Box visibleFrom="sm">
          <InstallButton />
        </Box>
        <AfterIdle fallback={<TopBarToolsPlace />}>
          <TopBarTools />
        </AfterIdle>
      </Group>
    </Group>
  );
}

/** The room the top bar's tools take (five 28 px buttons and the company's name), kept while they load. */
function TopBarToolsPlace() {
  return <Box h={28} w={{ base: 5 * 34, sm: 5 * 34 + 120 }} aria-hidden="true" />;
}
