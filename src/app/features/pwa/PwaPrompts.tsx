import { Trans, useLingui } from "@lingui/react/macro";
import { Button, CloseButton, Group, Paper, Portal, Text } from "@mantine/core";
import { IconCloudCheck, IconRefresh } from "@tabler/icons-react";
import { NOTICE_RIGHT, useStackedBottom } from "../../ui/bottom-stack";
import { applyUpdate, dismiss, usePwa } from "./pwa-store";

/**
 * "New version available — Reload" and "ready to work offline" notices, bottom-start corner,
 * above the cookie banner while that is shown (ui/bottom-stack.ts).
 */
export function PwaPrompts() {
  const { needRefresh, offlineReady } = usePwa();
  const { t } = useLingui();
  const bottom = useStackedBottom();
  if (!needRefresh && !offlineReady) return null;
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
