import { Trans, useLingui } from "@lingui/react/macro";
import { AppShell, Avatar, Burger, Group, Menu, NavLink, Stack, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconBuilding, IconLogout, IconUpload } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useAuth } from "../../features/auth/auth-context";
import { HOME_AFTER_LOGIN } from "../../features/auth/issuer";
import { InstallButton } from "../../features/pwa/InstallButton";
import { OnlineStatus } from "../../features/pwa/OnlineStatus";
import { LanguageSwitcher } from "../../i18n/LanguageSwitcher";
import { Logo } from "../Logo";

/** Spec section 9: header 64 px, navigation drawer 280 px. */
export const HEADER_HEIGHT = 64;
export const NAV_WIDTH = 280;

function AccountMenu() {
  const { user, signOut } = useAuth();
  const { t } = useLingui();
  return (
    <Menu width={200} position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t`Account`}>
          <Avatar
            src={user?.photo ?? undefined}
            radius="xl"
            size={36}
            color="initials"
            name={user?.displayName || user?.email}
          />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {user ? (
            <>
              <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
                {user.displayName}
              </Text>
              <Text size="xs" truncate>
                {user.email}
              </Text>
            </>
          ) : (
            <Trans>User not logged in</Trans>
          )}
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item leftSection={<IconBuilding size={16} />} component="a" href="/dashboard/company-account">
          <Trans>Company Account</Trans>
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
          <Trans>Logout</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * PLACEHOLDER frame for /dashboard, /admin and /marketplace. The shell helper turns this
 * into the real dashboard frame (navigation sections, company switcher, notifications).
 */
export function DashboardLayout({
  children,
}: {
  area: "dashboard" | "admin" | "marketplace";
  children: ReactNode;
}) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: NAV_WIDTH, breakpoint: "lg", collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="lg" size="sm" aria-label="Menu" />
            <Link to="/" aria-label="Blocklot">
              <Logo size={32} />
            </Link>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <OnlineStatus />
            <InstallButton />
            <LanguageSwitcher />
            <AccountMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <Stack gap={4}>
          <NavLink
            component={Link}
            to={HOME_AFTER_LOGIN}
            label={<Trans>Upload File</Trans>}
            leftSection={<IconUpload size={18} />}
            onClick={close}
          />
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
