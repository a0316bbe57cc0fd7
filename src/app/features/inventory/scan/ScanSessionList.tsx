/** The scans of this session, newest first, with Undo of the latest change. */
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowBackUp } from "@tabler/icons-react";
import type { MouseEvent } from "react";
import { itemPath } from "./item-path";
import type { ScanAction } from "./scan-logic";
import type { ScanEntry } from "./scan-session";

export function ScanSessionList({
  session,
  undoTarget,
  undoBusy,
  onUndo,
  actionLabel,
  openItem,
}: {
  session: readonly ScanEntry[];
  undoTarget: ScanEntry | null;
  undoBusy: boolean;
  onUndo: () => void;
  actionLabel: (a: ScanAction) => string;
  openItem: (id: string) => void;
}) {
  const { t, i18n } = useLingui();
  const time = (at: number) => i18n.date(new Date(at), { timeStyle: "medium" });
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h4">
          <Trans>This session</Trans>
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconArrowBackUp size={16} aria-hidden />}
          disabled={!undoTarget}
          loading={undoBusy}
          onClick={onUndo}
          aria-label={
            undoTarget
              ? undoTarget.action === "counted"
                ? t`Undo: take 1 back from ${undoTarget.title}`
                : t`Undo: delete ${undoTarget.title}`
              : t`Undo`
          }
        >
          <Trans>Undo</Trans>
        </Button>
      </Group>
      {session.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No scans yet. Scanned codes are listed here, newest first.</Trans>
        </Text>
      ) : (
        <>
          <Text size="xs" c="dimmed">
            {plural(session.length, { one: "# scan", other: "# scans" })}
          </Text>
          <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: "none" }} aria-label={t`Scans`}>
            {session.map((e) => (
              <Card key={e.id} component="li" withBorder padding="xs">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    {e.action === "created" && e.undone ? (
                      <Text size="sm" fw={500} truncate td="line-through">
                        {e.title}
                      </Text>
                    ) : (
                      <Anchor
                        size="sm"
                        fw={500}
                        truncate
                        href={itemPath(e.itemId)}
                        onClick={(ev: MouseEvent) => {
                          ev.preventDefault();
                          openItem(e.itemId);
                        }}
                      >
                        {e.title}
                      </Anchor>
                    )}
                    <Text size="xs" c="dimmed">
                      <time dateTime={new Date(e.at).toISOString()}>{time(e.at)}</time> · {e.code}
                    </Text>
                  </Stack>
                  <Badge
                    variant={e.undone ? "outline" : "light"}
                    color={e.undone ? "gray" : e.action === "created" ? "grape" : "teal"}
                    style={{ flexShrink: 0 }}
                  >
                    {e.undone ? t`Undone` : actionLabel(e.action)}
                  </Badge>
                </Group>
              </Card>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
