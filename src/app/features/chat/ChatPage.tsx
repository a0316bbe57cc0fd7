import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Avatar,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CHAT_BODY_MAX, CHAT_SUBJECT_MAX } from "../../../domain/chat/types";
import { AppModal } from "../../ui/AppModal";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-context";
import { chatQueries } from "./api";
import { ChatSplit } from "./ChatSplit";
import { ChatThreadList } from "./ChatThreadList";
import { ChatThreadView } from "./ChatThreadView";
import { useChatThreads } from "./use-chat-threads";

/**
 * /dashboard/chat: the company's conversations with the Blocklot staff. Threads on the left with
 * unread badges, the open thread on the right; on a phone the list, then the thread.
 */
export function ChatPage({ threadId, onOpen }: { threadId: string | null; onOpen(id: string | null): void }) {
  const { t } = useLingui();
  usePageTitle(t`Chat`);
  const { user } = useAuth();
  const phone = useMediaQuery("(max-width: 48em)");
  const chat = useChatThreads();
  const contacts = useQuery(chatQueries.contacts());
  const [composing, setComposing] = useState(false);
  const [subject, setSubject] = useState("");
  const [first, setFirst] = useState("");
  const current = chat.threads.find((th) => th.id === threadId) ?? null;

  const open = (id: string) => {
    chat.seenLocally(id);
    onOpen(id);
  };

  const start = () =>
    chat.create.mutate(
      { subject: subject.trim(), body: first.trim() },
      {
        onSuccess: (thread) => {
          setComposing(false);
          setSubject("");
          setFirst("");
          onOpen(thread.id);
        },
      },
    );

  const list = (
    <Paper withBorder p="xs" radius="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h5">
            <Trans>Conversations</Trans>
          </Title>
          <Button size="compact-sm" leftSection={<IconPlus size={14} />} onClick={() => setComposing(true)}>
            <Trans>New conversation</Trans>
          </Button>
        </Group>
        <Button
          size="compact-sm"
          variant="subtle"
          loading={chat.support.isPending}
          onClick={() => chat.support.mutate(undefined, { onSuccess: (thread) => onOpen(thread.id) })}
        >
          <Trans>Ask the marketplace staff</Trans>
        </Button>
        {chat.isLoading && <Loader size="sm" aria-label={t`Loading conversations`} />}
        {chat.isError && (
          <Alert color="red" title={t`Conversations could not be loaded`}>
            <Button size="compact-sm" variant="light" onClick={chat.retry}>
              <Trans>Try again</Trans>
            </Button>
          </Alert>
        )}
        <ChatThreadList threads={chat.threads} current={threadId} onOpen={(th) => open(th.id)} />
        {(contacts.data?.length ?? 0) > 0 && (
          <Stack gap={4}>
            <Text size="xs" c="dimmed" fw={600}>
              <Trans>Who reads your conversations</Trans>
            </Text>
            <Avatar.Group>
              {contacts.data?.slice(0, 8).map((c) => (
                <Tooltip key={c.id} label={c.role === "staff" ? `${c.name} · ${t`Blocklot staff`}` : c.name}>
                  <Avatar src={c.photo} name={c.name} alt={c.name} size="sm" />
                </Tooltip>
              ))}
            </Avatar.Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );

  const view = current ? (
    <Paper withBorder p="sm" radius="md">
      <ChatThreadView
        thread={current}
        myId={user?.id ?? null}
        onBack={phone ? () => onOpen(null) : undefined}
      />
    </Paper>
  ) : (
    <Text c="dimmed" p="md">
      <Trans>Choose a conversation, or start a new one to ask the Blocklot staff.</Trans>
    </Text>
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        <Trans>Chat</Trans>
      </Title>
      <ChatSplit list={list} thread={view} threadOpen={!!current} phone={phone} />
      <AppModal opened={composing} onClose={() => setComposing(false)} title={t`New conversation`}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (subject.trim()) start();
          }}
        >
          <Stack>
            <TextInput
              label={t`Subject`}
              required
              data-autofocus
              maxLength={CHAT_SUBJECT_MAX}
              value={subject}
              onChange={(e) => setSubject(e.currentTarget.value)}
            />
            <Textarea
              label={t`Message`}
              autosize
              minRows={3}
              maxLength={CHAT_BODY_MAX}
              value={first}
              onChange={(e) => setFirst(e.currentTarget.value)}
            />
            {chat.create.isError && (
              <Text c="red" size="sm" role="alert">
                <Trans>The conversation could not be started. Try again.</Trans>
              </Text>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={chat.create.isPending} disabled={!subject.trim()}>
                <Trans>Start</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </AppModal>
    </Stack>
  );
}
