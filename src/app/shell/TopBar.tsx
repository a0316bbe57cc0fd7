import { useLingui } from "@lingui/react/macro";
import { Anchor, Box, Burger, Group } from "@mantine/core";
import { IconMail, IconPhone } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { CompanySwitcher } from "../features/company/CompanySwitcher";
import { NotificationsButton } from "../features/notifications/NotificationsButton";
import { InstallButton } from "../features/pwa/InstallButton";
import { OnlineStatus } from "../features/pwa/OnlineStatus";
import { OutboxIndicator } from "../features/sync/OutboxIndicator";
import { LanguageSwitcher } from "../ui/LanguageSwitcher";
import { Logo } from "../ui/Logo";
import { CONTACT_EMAIL, CONTACT_PHONE, TOP_BAR_HEIGHT } from "../ui/shell-constants";
import { AccountMenu } from "./AccountMenu";
import classes from "./Shell.module.css";

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
        <OutboxIndicator />
        <LanguageSwitcher />
        <CompanySwitcher />
        <NotificationsButton />
        <AccountMenu />
      </Group>
    </Group>
  );
}
