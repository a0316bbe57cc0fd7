/**
 * The reading pane: one thread's messages, oldest first, with reply, forward, star, mark unread,
 * move to a label and trash (with Undo). Opening a thread marks its unread messages read. Bodies
 * are the server's sanitised HTML (docs/mail.md "Sanitising"); a draft opens in the composer.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Menu,
  Stack,
  Text,
  Title,
  Typography,
} from "@mantine/core";
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconArrowLeft,
  IconFolder,
  IconMailOpened,
  IconStar,
  IconStarFilled,
  IconTrash,
} from "@tabler/icons-react";
import { useEffect } from "react";
import type { MailLabel, MailMessage } from "../../../domain/mail/message";
import { failed } from "../kanban/write-failed";
import { SYSTEM_LABEL_NAMES } from "./label-names";
import { senderOf } from "./mail-model";
import type { MailWrites } from "./mail-writes";
import { useThread } from "./use-mailbox";

function MessageCard({ m, onEdit }: { m: MailMessage; onEdit: (m: MailMessage) => void }) {
  const { t, i18n } = useLingui();
  const when = m.sentAt ?? m.updatedAt;
  return (
    <Card withBorder component="article" aria-label={t`Message from ${senderOf(m) || t`you`}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {m.state === "draft" || m.state === "outbox" ? <Trans>You</Trans> : senderOf(m)}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            <Trans>To: {m.to.join(", ")}</Trans>
          </Text>
        </Stack>
        <Stack gap={2} align="flex-end">
          <Text size="xs" c="dimmed">
            {i18n.date(when, { dateStyle: "medium", timeStyle: "short" })}
          </Text>
          {m.state === "draft" && <Badge color="gray">{t`Draft`}</Badge>}
          {m.state === "outbox" && <Badge color="yellow">{t`Waiting to be sent`}</Badge>}
        </Stack>
      </Group>
      {m.state === "sent" || m.state === "received" ? (
        <Typography mt="sm">
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server before it was stored (src/server/mail/sanitize.ts) */}
          <div dangerouslySetInnerHTML={{ __html: m.html }} />
        </Typography>
      ) : (
        <Group mt="sm">
          <Text size="sm" c="dimmed" lineClamp={2}>
            {m.text}
          </Text>
          {m.state === "draft" && (
            <Button size="xs" variant="light" onClick={() => onEdit(m)}>
              <Trans>Edit draft</Trans>
            </Button>
          )}
        </Group>
      )}
    </Card>
  );
}

export function ThreadView({
  userId,
  threadId,
  ownLabels,
  writes,
  onBack,
  onReply,
  onForward,
  onEdit,
  onTrash,
}: {
  userId: string;
  threadId: string;
  ownLabels: readonly MailLabel[];
  writes: MailWrites;
  onBack: () => void;
  onReply: (m: MailMessage) => void;
  onForward: (m: MailMessage) => void;
  onEdit: (m: MailMessage) => void;
  onTrash: (messages: MailMessage[]) => void;
}) {
  const { t, i18n } = useLingui();
  const messages = useThread(userId, threadId);
  const unread = (messages ?? []).filter((m) => !m.read).map((m) => m.id);

  // opening a thread reads it
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the unread set changes
  useEffect(() => {
    if (unread.length > 0) writes.setRead(unread, true).catch(failed);
  }, [unread.join(",")]);

  if (messages === undefined)
    return (
      <Center mih={200}>
        <Loader aria-label={t`Loading the conversation`} />
      </Center>
    );
  if (messages.length === 0)
    return (
      <Stack>
        <Text c="dimmed">
          <Trans>This conversation is not on this device (it may have been deleted).</Trans>
        </Text>
        <Button variant="default" onClick={onBack} leftSection={<IconArrowLeft size={16} />}>
          <Trans>Back to the list</Trans>
        </Button>
      </Stack>
    );

  const last = messages[messages.length - 1] as MailMessage;
  const delivered = [...messages].reverse().find((m) => m.state === "sent" || m.state === "received") ?? last;
  const starred = messages.some((m) => m.labels.includes("starred"));
  const move = async (target: string) => {
    try {
      await writes.moveTo(messages, target);
    } catch (e) {
      failed(e);
    }
  };

  return (
    <Stack component="section" aria-label={t`Conversation`}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <ActionIcon variant="subtle" onClick={onBack} aria-label={t`Back to the list`} hiddenFrom="md">
            <IconArrowLeft size={18} />
          </ActionIcon>
          <Title order={2} size="h4" style={{ overflowWrap: "anywhere" }}>
            {last.subject || t`(no subject)`}
          </Title>
        </Group>
      </Group>
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconArrowBackUp size={16} />}
          onClick={() => onReply(delivered)}
        >
          <Trans>Reply</Trans>
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArrowForwardUp size={16} />}
          onClick={() => onForward(delivered)}
        >
          <Trans>Forward</Trans>
        </Button>
        <ActionIcon
          variant="default"
          size="lg"
          aria-pressed={starred}
          aria-label={starred ? t`Remove the star` : t`Star`}
          onClick={() => writes.setStarred(delivered, !starred).catch(failed)}
        >
          {starred ? <IconStarFilled size={16} /> : <IconStar size={16} />}
        </ActionIcon>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t`Mark as unread`}
          onClick={() => {
            writes.setRead([last.id], false).then(onBack, failed);
          }}
        >
          <IconMailOpened size={16} />
        </ActionIcon>
        <Menu>
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label={t`Move to`}>
              <IconFolder size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => void move("inbox")}>{i18n._(SYSTEM_LABEL_NAMES.inbox)}</Menu.Item>
            <Menu.Item onClick={() => void move("important")}>
              {i18n._(SYSTEM_LABEL_NAMES.important)}
            </Menu.Item>
            <Menu.Item onClick={() => void move("spam")}>{i18n._(SYSTEM_LABEL_NAMES.spam)}</Menu.Item>
            {ownLabels.map((l) => (
              <Menu.Item key={l.id} onClick={() => void move(l.id)}>
                {l.name}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <ActionIcon
          variant="default"
          size="lg"
          color="red"
          aria-label={t`Move to trash`}
          onClick={() => onTrash(messages)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
      {messages.map((m) => (
        <MessageCard key={m.id} m={m} onEdit={onEdit} />
      ))}
    </Stack>
  );
}
