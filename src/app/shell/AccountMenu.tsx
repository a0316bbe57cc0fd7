import { Trans, useLingui } from "@lingui/react/macro";
import { Avatar, Menu, Text, UnstyledButton } from "@mantine/core";
import { IconAdjustments, IconBuilding, IconLogout, IconUserCircle } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useAuth } from "../features/auth/auth-context";
import { useSignOut } from "../features/auth/use-sign-out";
import { settingsStore } from "../lib/settings/use-settings";
import { OnFirstUse } from "../ui/OnFirstUse";
import { ACCOUNT_MENU_WIDTH } from "../ui/shell-constants";

/** The avatar menu: who is signed in, account links, app settings and Logout. */
export function AccountMenu() {
  const { user } = useAuth();
  const { t } = useLingui();
  const signOut = useSignOut();
  return (
    <>
      <OnFirstUse
        popup="menu"
        trigger={
          <UnstyledButton aria-label={t`Account menu`}>
            <Avatar
              src={user?.photo || undefined}
              radius="xl"
              size={36}
              color="initials"
              name={user?.displayName || user?.email}
            />
          </UnstyledButton>
        }
      >
        {(target, openOnMount) => (
          <Menu width={ACCOUNT_MENU_WIDTH} position="bottom-end" withinPortal defaultOpened={openOnMount}>
            <Menu.Target>{target}</Menu.Target>
            <Menu.Dropdown>
              <div style={{ padding: "6px 12px" }}>
                {user ? (
                  <>
                    <Text size="sm" fw={600} truncate data-testid="account-name">
                      {user.displayName}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {user.email}
                    </Text>
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    <Trans>User not logged in</Trans>
                  </Text>
                )}
              </div>
              <Menu.Divider />
              <Menu.Item component={Link} to="/dashboard/account" leftSection={<IconUserCircle size={16} />}>
                <Trans>Account</Trans>
              </Menu.Item>
              <Menu.Item
                component={Link}
                to={"/dashboard/company-account" as never}
                leftSection={<IconBuilding size={16} />}
              >
                <Trans>Company Account</Trans>
              </Menu.Item>
              <Menu.Item
                leftSection={<IconAdjustments size={16} />}
                onClick={() => settingsStore.setOpenDrawer(true)}
              >
                <Trans>App Settings</Trans>
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconLogout size={16} />}
                onClick={() => void signOut.request()}
              >
                <Trans>Logout</Trans>
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </OnFirstUse>
      {signOut.confirm}
    </>
  );
}
