import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Loader, Menu, Text } from "@mantine/core";
import { IconBuildingSkyscraper, IconCheck, IconSelector } from "@tabler/icons-react";
import { useEffect } from "react";
import { OnFirstUse } from "../../ui/OnFirstUse";
import { COMPANY_MENU_WIDTH } from "../../ui/shell-constants";
import { useAuth } from "../auth/auth-context";
import { toEntries, useCompanyState } from "./company-store";
import { bindTokenRefresher, companyStore } from "./company-switcher-store";

let loadedFor: string | null = null;

/** Top-bar company switcher: lists the user's companies, a check on the active one. */
export function CompanySwitcher() {
  const { t } = useLingui();
  const { user, refreshToken } = useAuth();
  const state = useCompanyState(companyStore);
  const entries = toEntries(state.companies);
  const active = entries.find((e) => e.isPrimary);

  useEffect(() => {
    bindTokenRefresher(refreshToken);
  }, [refreshToken]);

  useEffect(() => {
    if (!user) return;
    // Another user signed in without a page load: forget the previous user's companies.
    if (loadedFor !== user.id) {
      companyStore.clear();
      loadedFor = user.id;
    }
    void companyStore.ensureLoaded();
  }, [user]);

  return (
    <OnFirstUse
      popup="menu"
      trigger={
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          maw={200}
          leftSection={<IconBuildingSkyscraper size={18} />}
          rightSection={state.switching ? <Loader size={14} /> : <IconSelector size={14} />}
          aria-label={t`Switch company`}
        >
          <Text size="sm" truncate visibleFrom="sm" maw={120}>
            {active?.name ?? t`Company`}
          </Text>
        </Button>
      }
    >
      {(target, openOnMount) => (
        <Menu width={COMPANY_MENU_WIDTH} position="bottom-end" withinPortal defaultOpened={openOnMount}>
          <Menu.Target>{target}</Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>
              <Trans>Companies</Trans>
            </Menu.Label>
            {state.status === "loading" && entries.length === 0 ? (
              <Menu.Item disabled leftSection={<Loader size={14} />}>
                <Trans>Loading…</Trans>
              </Menu.Item>
            ) : entries.length === 0 ? (
              <Menu.Item disabled>
                <Trans>No tenants available.</Trans>
              </Menu.Item>
            ) : (
              entries.map((entry) => (
                <Menu.Item
                  key={entry.id}
                  onClick={() => void companyStore.select(entry.id)}
                  rightSection={
                    entry.isPrimary ? <IconCheck size={16} aria-label={t`Active company`} /> : null
                  }
                  fw={entry.isPrimary ? 600 : undefined}
                  disabled={state.switching !== null}
                >
                  <Text size="sm" truncate inherit>
                    {entry.name}
                  </Text>
                </Menu.Item>
              ))
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </OnFirstUse>
  );
}
