import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { IconArrowLeft, IconPencil, IconSend, IconTrash } from "@tabler/icons-react";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { QUEUED_SEQ } from "../../../domain/chat/synced-types";
import { CHAT_BODY_MAX, CHAT_EDIT_WINDOW_MS, type ChatThreadApi } from "../../../domain/chat/types";
import { ChatThreadSearch } from "./ChatThreadSearch";
import { AttachButton, ComposerAttachments } from "./ComposerAttachments";
import { readersByMessage } from "./chat-rules";
import { MessageAttachments } from "./MessageAttachments";
import { MessageDelivery } from "./MessageDelivery";
import { MessageText } from "./MessageText";
import { PendingUploads } from "./PendingUploads";
import { ReadBy } from "./ReadBy";
import { useChatAttachments } from "./use-chat-attachments";
import { useChatReaders } from "./use-chat-readers";
import { useOfflineChatThread } from "./use-offline-chat-thread";

/** The open thread: its messages (links clickable), older ones on demand, and the composer. */
export function ChatThreadView({
  thread,
  myId,
  onBack,
  actions,
  staffView = false,
}: {
  thread: ChatThreadApi;
  myId: string | null;
  /** The staff's screens: "Read by" names the staff too (members see them as "staff"). */
  staffView?: boolean;
  /** Phones: back to the list. */
  onBack?: () => void;
  /** Extra controls in the header (the admin's assign menu). */
  actions?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const chat = useOfflineChatThread(thread, { id: myId, name: t`You` });
  const [draft, setDraft] = useState("");
  const files = useChatAttachments(thread.id);
  const [editing, setEditing] = useState<string | null>(null);
  const [sendFailed, setSendFailed] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const count = chat.messages.length;
  const readers = useChatReaders(thread.id);
  const readBy = useMemo(
    () => readersByMessage(chat.messages, readers, myId),
    [chat.messages, readers, myId],
  );

  useEffect(() => {
    if (count > 0) bottom.current?.scrollIntoView({ block: "end" });
  }, [count]);

  const last = chat.messages.filter((m) => !m.deletedAt).at(-1);
  const canChange =
    !!last &&
    last.seq !== QUEUED_SEQ &&
    last.authorId === myId &&
    Date.now() - new Date(last.createdAt).getTime() < CHAT_EDIT_WINDOW_MS;

  const submit = async () => {
    const body = draft.trim();
    if (body.length > CHAT_BODY_MAX || files.uploading) return;
    if (!body && (editing || files.files.length + files.local.length === 0)) return;
    setSendFailed(false);
    if (editing) {
      try {
        await chat.edit(editing, body);
        setEditing(null);
        setDraft("");
      } catch {
        setSendFailed(true);
      }
      return;
    }
    if (await chat.send(body, files.files, files.local)) {
      setDraft("");
      files.clear();
    } else setSendFailed(true);
  };

  return (
    <Stack gap="sm" h="100%">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" miw={0}>
          {onBack && (
            <ActionIcon variant="subtle" onClick={onBack} aria-label={t`Back to conversations`}>
              <IconArrowLeft size={18} />
            </ActionIcon>
          )}
          <Box miw={0}>
            <Title order={2} size="h4" lineClamp={1}>
              {thread.kind === "support-marketplace" ? t`Marketplace support` : thread.subject}
            </Title>
            <Text size="xs" c="dimmed" truncate>
              {thread.companyName}
              {thread.assignedTo ? ` · ${t`Assigned to ${thread.assignedTo.name}`}` : ""}
            </Text>
          </Box>
        </Group>
        {actions}
      </Group>

      <ChatThreadSearch threadId={thread.id} />

      <ScrollArea.Autosize mah="60vh" type="auto" offsetScrollbars>
        {chat.older !== null && (
          <Button variant="subtle" size="compact-sm" onClick={() => void chat.loadOlder()}>
            <Trans>Show older messages</Trans>
          </Button>
        )}
        {chat.loading && <Loader size="sm" aria-label={t`Loading messages`} />}
        {chat.failed && (
          <Alert color="red" title={t`Messages could not be loaded`}>
            <Button size="compact-sm" variant="light" onClick={() => void chat.retry()}>
              <Trans>Try again</Trans>
            </Button>
          </Alert>
        )}
        {!chat.loading && !chat.failed && count === 0 && (
          <Text c="dimmed" size="sm">
            <Trans>No messages yet. Write the first one.</Trans>
          </Text>
        )}
        <Stack
          gap="xs"
          component="ol"
          style={{ listStyle: "none", padding: 0, margin: 0 }}
          aria-live="polite"
          data-testid="chat-messages"
        >
          {chat.messages.map((m) => {
            const mine = m.authorId === myId;
            const delivery = chat.delivery(m);
            return (
              <Paper
                key={m.id}
                component="li"
                withBorder
                p="xs"
                radius="md"
                bg={mine ? "var(--mantine-color-default-hover)" : undefined}
                ml={mine ? "xl" : 0}
                mr={mine ? 0 : "xl"}
              >
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="xs" fw={600}>
                    {m.author}
                    {m.staff ? ` · ${t`Blocklot staff`}` : ""}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {i18n.date(new Date(m.createdAt), { dateStyle: "medium", timeStyle: "short" })}
                    {m.editedAt && !m.deletedAt ? ` · ${t`edited`}` : ""}
                  </Text>
                </Group>
                {m.deletedAt ? (
                  <Text size="sm" c="dimmed" fs="italic">
                    <Trans>Message deleted</Trans>
                  </Text>
                ) : (
                  <>
                    {m.body && <MessageText body={m.body} />}
                    <MessageAttachments files={m.attachments ?? []} />
                    <PendingUploads uploads={chat.uploadsOf(m)} />
                  </>
                )}
                {delivery && !m.deletedAt && <MessageDelivery delivery={delivery} />}
                <ReadBy readers={readBy.get(m.id) ?? []} staffNames={staffView} />
                {canChange && last?.id === m.id && editing !== m.id && (
                  <Group gap={4} justify="flex-end">
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      aria-label={t`Edit message`}
                      onClick={() => {
                        setEditing(m.id);
                        setDraft(m.body);
                      }}
                    >
                      <IconPencil size={14} />
                    </ActionIcon>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={t`Delete message`}
                      onClick={() => void chat.remove(m.id).catch(() => setSendFailed(true))}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Group>
                )}
              </Paper>
            );
          })}
        </Stack>
        <div ref={bottom} />
      </ScrollArea.Autosize>

      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap={4}>
          {sendFailed && (
            <Text size="xs" c="red" role="alert">
              <Trans>The message was not sent. Check your connection and try again.</Trans>
            </Text>
          )}
          <ComposerAttachments attachments={files} />
          <Group align="flex-end" wrap="nowrap" gap="xs">
            <AttachButton attachments={files} disabled={!!editing} />
            <Textarea
              flex={1}
              autosize
              minRows={1}
              maxRows={6}
              label={editing ? t`Edit your message` : t`Message`}
              placeholder={t`Write a message. Enter sends, Shift+Enter adds a line.`}
              value={draft}
              maxLength={CHAT_BODY_MAX}
              onChange={(e) => setDraft(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  void submit();
                }
                if (e.key === "Escape" && editing) {
                  setEditing(null);
                  setDraft("");
                }
              }}
            />
            <Button
              type="submit"
              loading={chat.sending}
              disabled={(!draft.trim() && (!!editing || files.files.length === 0)) || files.uploading}
              leftSection={<IconSend size={16} />}
            >
              {editing ? <Trans>Save</Trans> : <Trans>Send</Trans>}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
