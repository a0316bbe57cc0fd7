import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Group, Loader, Paper, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { chatApi, chatKeys } from "./api";
import { MessageText } from "./MessageText";

/** Search within one thread: the messages whose text contains the query (server-side, ?query). */
export function ChatThreadSearch({ threadId }: { threadId: string }) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState("");
  const [query] = useDebouncedValue(text.trim(), 300);
  const found = useQuery({
    queryKey: chatKeys.search(threadId, query),
    queryFn: () => chatApi.messages(threadId, { query }),
    enabled: query !== "",
  });
  return (
    <Stack gap="xs">
      <TextInput
        size="xs"
        leftSection={<IconSearch size={14} />}
        placeholder={t`Search this conversation`}
        aria-label={t`Search this conversation`}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={200}
      />
      {query !== "" && found.isPending && <Loader size="xs" aria-label={t`Searching`} />}
      {query !== "" && found.isError && <Alert color="red" title={t`The search failed`} />}
      {query !== "" && found.data && (
        <Stack
          gap={4}
          component="ol"
          style={{ listStyle: "none", padding: 0, margin: 0 }}
          data-testid="chat-search"
        >
          {found.data.items.length === 0 && (
            <Text size="sm" c="dimmed">
              <Trans>No message matches.</Trans>
            </Text>
          )}
          {found.data.items.map((m) => (
            <Paper key={m.id} component="li" withBorder p="xs" radius="md">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="xs" fw={600}>
                  {m.author}
                </Text>
                <Text size="xs" c="dimmed">
                  {i18n.date(new Date(m.createdAt), { dateStyle: "medium", timeStyle: "short" })}
                </Text>
              </Group>
              <MessageText body={m.body} />
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
