import { Trans, useLingui } from "@lingui/react/macro";
import { Button, CloseButton, Group, Paper, Portal, Text } from "@mantine/core";
import { IconCloudCheck, IconRefresh } from "@tabler/icons-react";
import { NOTICE_RIGHT, useBarHeight, useStackedBottom } from "../../ui/bottom-stack";
import { applyUpdate, dismiss, usePwa } from "./pwa-store";

/**
 * "New version available — Reload" and "ready to work offline" notices, bottom-start corner,
 * above the cookie banner while that is shown and above the page's bottom action bar
 * (ui/bottom-stack.ts). On a page with such a bar (the phone's photo page: its shutter, the
 * first thing a worker who scanned a QR code needs) the one-time "ready to work offline" card
 * waits until the page is left; it would only cover the camera. "New version available" shows.
 */
export function PwaPrompts() {
  const { needRefresh, offlineReady } = usePwa();
  const { t } = useLingui();
  const bottom = useStackedBottom();
  const pageHasBar = useBarHeight() > 0;
  if (!needRefresh && (!offlineReady || pageHasBar)) return null;
  return (
    <Portal>
      <Paper
        role="status"
        shadow="lg"
        withBorder
        p="md"
        radius="md"
        pos="fixed"
        bottom={bottom}
        // Clear of the floating Settings button on a narrow screen.
        maw={`min(360px, calc(100vw - ${16 + NOTICE_RIGHT}px))`}
        style={{ insetInlineStart: 16, zIndex: 1500 }}
      >
        <Group wrap="nowrap" align="flex-start" gap="sm">
          {needRefresh ? <IconRefresh size={22} /> : <IconCloudCheck size={22} />}
          <div style={{ flex: 1 }}>
            <Text size="sm" fw={600}>
              {needRefresh ? <Trans>New version available</Trans> : <Trans>Ready to work offline</Trans>}
            </Text>
            {needRefresh ? (
              <Button size="xs" mt="xs" onClick={applyUpdate}>
                <Trans>Reload</Trans>
              </Button>
            ) : (
              <Text size="xs" c="dimmed">
                <Trans>Blocklot now opens even without a connection.</Trans>
              </Text>
            )}
          </div>
          <CloseButton
            aria-label={t`Close`}
            onClick={() => dismiss(needRefresh ? "needRefresh" : "offlineReady")}
          />
        </Group>
      </Paper>
    </Portal>
  );
}
