import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Group, NavLink, Stack, Text } from "@mantine/core";
import type { ChatThreadApi } from "../../../domain/chat/types";

/** The thread list: subject, company, last message and the unread badge; each entry is a link-like button. */
export function ChatThreadList({
  threads,
  current,
  onOpen,
  showCompany = false,
}: {
  threads: ChatThreadApi[];
  current: string | null;
  onOpen(thread: ChatThreadApi): void;
  showCompany?: boolean;
}) {
  const { t } = useLingui();
  if (threads.length === 0) {
    return (
      <Text c="dimmed" size="sm" p="md">
        <Trans>No conversations yet</Trans>
      </Text>
    );
  }
  return (
    <Stack
      gap={2}
      component="ul"
      style={{ listStyle: "none", padding: 0, margin: 0 }}
      aria-label={t`Conversations`}
    >
      {threads.map((thread) => {
        const unread = thread.unreadCount;
        return (
          <li key={thread.id}>
            <NavLink
              component="button"
              type="button"
              active={thread.id === current}
              aria-current={thread.id === current ? "true" : undefined}
              onClick={() => onOpen(thread)}
              label={
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={unread > 0 ? 700 : 500} truncate>
                    {thread.kind === "support-marketplace" ? t`Marketplace support` : thread.subject}
                  </Text>
                  {unread > 0 && (
                    <Badge size="sm" circle={unread < 10} aria-label={t`${unread} unread`}>
                      {unread > 99 ? "99+" : unread}
                    </Badge>
                  )}
                </Group>
              }
              description={
                <>
                  {showCompany && (
                    <Text
                      size="xs"
                      c={thread.id === current ? undefined : "dimmed"}
                      truncate
                      component="span"
                      display="block"
                    >
                      {thread.companyName}
                    </Text>
                  )}
                  <Text
                    size="xs"
                    c={thread.id === current ? undefined : "dimmed"}
                    truncate
                    component="span"
                    display="block"
                  >
                    {thread.lastMessage
                      ? `${thread.lastMessage.author}: ${thread.lastMessage.body}`
                      : t`No messages yet`}
                  </Text>
                </>
              }
            />
          </li>
        );
      })}
    </Stack>
  );
}
