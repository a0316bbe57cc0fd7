/**
 * /dashboard/mail (issue 14, docs/mail.md "The screen"): the user's mailbox, read live from
 * Dexie and changed through the outbox like every synced type, so it works offline. Labels with
 * unread counts, a label's threads (or a search), the reading pane, compose / reply / forward.
 * On a phone the list and the reading pane are separate views (`?thread=` chooses).
 */
import "../../ui/theme/full-styles";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  NavLink,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconPencil, IconSearch, IconStar, IconStarFilled } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { MAIL_LIMITS, type MailMessage } from "../../../domain/mail/message";
import { newId } from "../../../sync/outbox";
import { useCompanyId } from "../../offline/company-context";
import { useSyncEngine } from "../../offline/sync-engine";
import { toast } from "../../ui/toast";
import { undoToast } from "../../ui/undo-toast";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-context";
import { failed } from "../kanban/write-failed";
import { ComposeModal, type ComposeState } from "./ComposeModal";
import { LabelTools } from "./LabelTools";
import { SYSTEM_LABEL_NAMES } from "./label-names";
import {
  forwardDraft,
  isSystemLabel,
  replyDraft,
  SYSTEM_LABELS,
  senderOf,
  type ThreadSummary,
} from "./mail-model";
import { mailWrites } from "./mail-writes";
import { ThreadView } from "./ThreadView";
import { useMailList, useOwnLabels, useUnreadCounts } from "./use-mailbox";

/** How long Undo is offered after moving a conversation to the trash (ms). */
const UNDO_MS = 8000;

export interface MailSearch {
  label?: string;
  thread?: string;
}

function ThreadRow({
  thread,
  selected,
  onOpen,
  onStar,
}: {
  thread: ThreadSummary;
  selected: boolean;
  onOpen: () => void;
  onStar: () => void;
}) {
  const { t, i18n } = useLingui();
  const m = thread.latest;
  const who =
    m.state === "draft" || m.state === "outbox" || m.state === "sent"
      ? t`To: ${m.to.join(", ")}`
      : senderOf(m);
  return (
    <Group
      component="li"
      wrap="nowrap"
      gap="xs"
      p="xs"
      bg={selected ? "var(--mantine-primary-color-light)" : undefined}
      style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
    >
      <ActionIcon
        variant="subtle"
        color={thread.starred ? "yellow" : "gray"}
        aria-pressed={thread.starred}
        aria-label={thread.starred ? t`Remove the star` : t`Star`}
        onClick={onStar}
      >
        {thread.starred ? <IconStarFilled size={16} /> : <IconStar size={16} />}
      </ActionIcon>
      <UnstyledButton
        onClick={onOpen}
        aria-current={selected ? "true" : undefined}
        style={{ flex: 1, minWidth: 0 }}
        data-testid="mail-thread"
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={thread.unread ? 700 : 400} truncate>
            {thread.unread && <VisuallyHidden>{t`Unread:`} </VisuallyHidden>}
            {who || t`(no sender)`}
            {thread.count > 1 ? ` (${thread.count})` : ""}
          </Text>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {i18n.date(m.sentAt ?? m.updatedAt, { dateStyle: "short" })}
          </Text>
        </Group>
        <Text size="sm" fw={thread.unread ? 600 : 400} truncate>
          {m.subject || t`(no subject)`}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {m.text}
        </Text>
      </UnstyledButton>
    </Group>
  );
}

function Mailbox({ companyId, userId, search }: { companyId: string; userId: string; search: MailSearch }) {
  const { t, i18n } = useLingui();
  const engine = useSyncEngine();
  const navigate = useNavigate();
  const phone = useMediaQuery("(max-width: 48em)", false);
  const writes = mailWrites(engine, companyId, userId);
  const label = search.label ?? "inbox";
  const own = useOwnLabels(userId);
  const counts = useUnreadCounts(userId, own);
  const [query, setQuery] = useState("");
  const [debounced] = useDebouncedValue(query, 300);
  const mailList = useMailList(userId, label, debounced);
  const { threads } = mailList;
  const [compose, setCompose] = useState<ComposeState | null>(null);

  const go = (next: MailSearch) => void navigate({ to: "/dashboard/mail", search: next });
  const labelName = (l: string) =>
    isSystemLabel(l) ? i18n._(SYSTEM_LABEL_NAMES[l]) : (own?.find((x) => x.id === l)?.name ?? l);
  const allLabels = [...SYSTEM_LABELS, ...(own ?? []).map((l) => l.id)];
  const labelTools = (
    <LabelTools
      current={own?.find((l) => l.id === label)}
      writes={writes}
      onCreated={(id) => go({ label: id })}
      onDeleted={() => go({ label: "inbox" })}
    />
  );

  const trash = async (messages: MailMessage[]) => {
    try {
      const before = await writes.moveTo(messages, "trash");
      go({ label: search.label });
      undoToast(
        t`Conversation moved to the trash`,
        () => void writes.restoreLabels(before).then(() => toast(t`Undone`), failed),
        { ms: UNDO_MS },
      );
    } catch (e) {
      failed(e);
    }
  };

  const newMessage = () =>
    setCompose({
      id: newId(),
      threadId: "",
      initial: { to: [], cc: [], subject: "", html: "", inReplyTo: "" },
    });
  const quoteHeader = (m: MailMessage) =>
    t`On ${i18n.date(m.sentAt ?? m.updatedAt, { dateStyle: "medium", timeStyle: "short" })}, ${senderOf(m)} wrote:`;

  const labelList = (
    <Stack gap={0} component="nav" aria-label={t`Mail labels`}>
      {allLabels.map((l) => {
        const n = counts?.[l] ?? 0;
        return (
          <NavLink
            key={l}
            label={labelName(l)}
            active={l === label && !query}
            aria-current={l === label ? "page" : undefined}
            onClick={() => {
              setQuery("");
              go({ label: l });
            }}
            rightSection={
              n > 0 ? (
                <Badge size="sm" variant="light" aria-label={t`${n} unread`}>
                  {n}
                </Badge>
              ) : null
            }
          />
        );
      })}
    </Stack>
  );

  const list = (
    <Stack gap="xs">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t`Search mail`}
        aria-label={t`Search mail (subject, sender, text)`}
        value={query}
        maxLength={MAIL_LIMITS.searchMax}
        onChange={(e) => setQuery(e.currentTarget.value)}
      />
      {mailList.serverFailed ? (
        <Alert color="yellow" p="xs" role="status">
          <Trans>The server's search failed: showing the matches on this device.</Trans>
        </Alert>
      ) : mailList.searchedOn === "device" ? (
        <Text size="xs" c="dimmed" role="status">
          <Trans>Offline: searching the mail on this device (word starts).</Trans>
        </Text>
      ) : null}
      {threads === undefined ? (
        <Center mih={160}>
          <Loader aria-label={t`Loading the mail`} />
        </Center>
      ) : threads.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" role="status">
          {debounced.trim() ? <Trans>No mail matches this search.</Trans> : <Trans>No mail here.</Trans>}
        </Text>
      ) : (
        <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: "none" }} aria-label={t`Conversations`}>
          {threads.map((th) => (
            <ThreadRow
              key={th.threadId}
              thread={th}
              selected={th.threadId === search.thread}
              onOpen={() => {
                if (th.latest.state === "draft" && th.count === 1)
                  setCompose({
                    id: th.latest.id,
                    threadId: th.threadId,
                    initial: th.latest,
                  });
                else go({ label: search.label, thread: th.threadId });
              }}
              onStar={() => writes.setStarred(th.latest, !th.starred).catch(failed)}
            />
          ))}
        </Stack>
      )}
      {threads && mailList.more && (
        <Button variant="light" loading={mailList.loadingMore} onClick={mailList.loadMore}>
          <Trans>Load older messages</Trans>
        </Button>
      )}
    </Stack>
  );

  const pane = search.thread ? (
    <ThreadView
      userId={userId}
      threadId={search.thread}
      ownLabels={own ?? []}
      writes={writes}
      onBack={() => go({ label: search.label })}
      onReply={(m) =>
        setCompose({ id: newId(), threadId: m.threadId, initial: replyDraft(m, quoteHeader(m)) })
      }
      onForward={(m) =>
        setCompose({
          id: newId(),
          threadId: "",
          initial: forwardDraft(
            m,
            t`Forwarded message from ${senderOf(m)}, ${i18n.date(m.sentAt ?? m.updatedAt, { dateStyle: "medium" })}: ${m.subject}`,
          ),
        })
      }
      onEdit={(m) => setCompose({ id: m.id, threadId: m.threadId, initial: m })}
      onTrash={(messages) => void trash(messages)}
    />
  ) : (
    <Text c="dimmed" ta="center" py="xl">
      <Trans>Choose a conversation to read it.</Trans>
    </Text>
  );

  const composeButton = (
    <Button leftSection={<IconPencil size={16} />} onClick={newMessage}>
      <Trans>Compose</Trans>
    </Button>
  );

  return (
    <>
      {phone ? (
        search.thread ? (
          pane
        ) : (
          <Stack>
            <Group wrap="nowrap" align="flex-end">
              <Select
                label={t`Label`}
                data={allLabels.map((l) => ({
                  value: l,
                  label: counts?.[l] ? `${labelName(l)} (${counts[l]})` : labelName(l),
                }))}
                value={label}
                onChange={(v) => v && go({ label: v })}
                allowDeselect={false}
                style={{ flex: 1 }}
              />
              {composeButton}
            </Group>
            {labelTools}
            {list}
          </Stack>
        )
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, md: 2 }}>
            <Stack>
              {composeButton}
              {labelList}
              {labelTools}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>{list}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>{pane}</Grid.Col>
        </Grid>
      )}
      <ComposeModal state={compose} writes={writes} onClose={() => setCompose(null)} />
    </>
  );
}

export function MailPage({ search }: { search: MailSearch }) {
  const { t } = useLingui();
  usePageTitle(t`Mail`);
  const companyId = useCompanyId();
  const { user } = useAuth();
  return (
    <Stack>
      <Title order={1}>
        <Trans>Mail</Trans>
      </Title>
      {companyId && user ? (
        <Mailbox companyId={companyId} userId={user.id} search={search} />
      ) : (
        <Alert color="yellow" title={t`No company yet`}>
          <Trans>
            Mail syncs with a company account. Create or join one on the Company Account page first.
          </Trans>
        </Alert>
      )}
    </Stack>
  );
}
