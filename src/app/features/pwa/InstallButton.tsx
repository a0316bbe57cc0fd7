import { Trans, useLingui } from "@lingui/react/macro";
import { Button, List, Popover, Text } from "@mantine/core";
import { IconDownload, IconShare2 } from "@tabler/icons-react";
import { isIos, promptInstall, usePwa } from "./pwa-store";

/** Install the app: the browser's prompt where offered, Share → Add to Home Screen steps on iOS. */
export function InstallButton() {
  const { canInstall, standalone } = usePwa();
  const { t } = useLingui();
  if (standalone) return null;
  if (canInstall) {
    return (
      <Button
        variant="light"
        size="xs"
        leftSection={<IconDownload size={16} />}
        onClick={() => void promptInstall()}
      >
        <Trans>Install app</Trans>
      </Button>
    );
  }
  if (!isIos()) return null;
  return (
    <Popover width={280} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <Button variant="light" size="xs" leftSection={<IconShare2 size={16} />} aria-label={t`Install app`}>
          <Trans>Install app</Trans>
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" fw={600} mb="xs">
          <Trans>Add Blocklot to your Home Screen</Trans>
        </Text>
        <List size="sm" type="ordered" spacing={4}>
          <List.Item>
            <Trans>Tap the Share button in Safari.</Trans>
          </List.Item>
          <List.Item>
            <Trans>Choose “Add to Home Screen”.</Trans>
          </List.Item>
          <List.Item>
            <Trans>Tap “Add”.</Trans>
          </List.Item>
        </List>
      </Popover.Dropdown>
    </Popover>
  );
}
