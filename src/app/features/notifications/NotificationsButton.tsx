import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Anchor,
  Avatar,
  Button,
  CloseButton,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import {
  type Icon,
  IconBell,
  IconBriefcase,
  IconBuilding,
  IconCalendarDue,
  IconCash,
  IconFileAlert,
  IconFileCertificate,
  IconFileCheck,
  IconFileDollar,
  IconFileImport,
  IconMailOpened,
  IconMessageCircle,
  IconPlugConnectedX,
  IconReceipt,
  IconShoppingCart,
  IconSparkles,
  IconUserPlus,
} from "@tabler/icons-react";
import { useRouter } from "@tanstack/react-router";
import { type MouseEvent, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { isAppPath, type NotificationType } from "../../../domain/notifications/types";
import { OnFirstUse } from "../../ui/OnFirstUse";
import { NOTIFICATIONS_LIST_MAX_HEIGHT, NOTIFICATIONS_POPOVER_WIDTH } from "../../ui/shell-constants";
import { AppTooltip } from "../../ui/tooltip";
import type { NotificationApi } from "./api";
import { badgeLabel, formatNotificationDate } from "./notification-format";
import { useNotifications } from "./use-notifications";

const TYPE_ICON: Record<NotificationType, Icon> = {
  job_add: IconBriefcase,
  company_created: IconBuilding,
  new_feature: IconSparkles,
  statement_extracted: IconFileCheck,
  statement_failed: IconFileAlert,
  quote_sent: IconReceipt,
  invoice_paid: IconCash,
  filing_filed: IconFileCertificate,
  invitation_accepted: IconUserPlus,
  import_finished: IconFileImport,
  chat_message: IconMessageCircle,
  deadline_approaching: IconCalendarDue,
  invoice_due: IconFileDollar,
  ebay_sale: IconShoppingCart,
  ebay_reconnect: IconPlugConnectedX,
};

/** The headline of a notification, in the user's language; the server's description follows it. */
function NotificationTitle({ n }: { n: NotificationApi }) {
  const { author, job, company } = n;
  switch (n.type) {
    case "job_add":
      return (
        <Trans>
          <b>{author}</b> added a new job <b>{job}</b>
        </Trans>
      );
    case "company_created":
      return (
        <Trans>
          <b>{author}</b> created <b>{company}</b> company
        </Trans>
      );
    case "new_feature":
      return <Trans>New feature!</Trans>;
    case "statement_extracted":
      return <Trans>Statement read</Trans>;
    case "statement_failed":
      return <Trans>Statement could not be read</Trans>;
    case "quote_sent":
      return <Trans>New quote</Trans>;
    case "invoice_paid":
      return <Trans>Invoice paid</Trans>;
    case "filing_filed":
      return <Trans>Filing filed</Trans>;
    case "invitation_accepted":
      return <Trans>Invitation accepted</Trans>;
    case "import_finished":
      return <Trans>Import saved</Trans>;
    case "chat_message":
      return (
        <Trans>
          New message from <b>{author}</b>
        </Trans>
      );
    case "deadline_approaching":
      return <Trans>RPIE deadline approaching</Trans>;
    case "invoice_due":
      return <Trans>Invoice due</Trans>;
    case "ebay_sale":
      return <Trans>Sold on eBay</Trans>;
    case "ebay_reconnect":
      return <Trans>Reconnect your eBay account</Trans>;
  }
}

/**
 * Before a row leaves the list: focus moves to the next row's button (remove, or Undo), or the
 * previous one's, or the dialog, so a keyboard user stays in the popover.
 */
function keepFocusNear(button: HTMLElement) {
  const row = button.closest("li");
  const near = (row?.nextElementSibling ?? row?.previousElementSibling)?.querySelector(
    "[data-remove], [data-undo]",
  );
  const target = near instanceof HTMLElement ? near : button.closest<HTMLElement>("[role=dialog]");
  target?.focus();
}

function NotificationItem({
  n,
  focus,
  onOpen,
  onRemove,
}: {
  n: NotificationApi;
  /** Focus its remove button once shown (it came back by Undo). */
  focus: boolean;
  onOpen: (n: NotificationApi, e: MouseEvent<HTMLAnchorElement>) => void;
  onRemove: (n: NotificationApi) => void;
}) {
  const { t } = useLingui();
  const removeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) removeButton.current?.focus();
  }, [focus]);
  const Icon = TYPE_ICON[n.type] ?? IconBell;
  const title = <NotificationTitle n={n} />;
  const byline = n.job ? `${n.author} · ${n.job}` : n.author;
  return (
    <Group
      component="li"
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      px="md"
      py="sm"
      bg={n.read ? undefined : "var(--mantine-primary-color-light)"}
      style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
    >
      <Avatar src={n.avatar} radius="xl" size={36} alt="">
        <Icon size={18} aria-hidden />
      </Avatar>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={n.read ? undefined : 600}>
          {isAppPath(n.link) ? (
            <Anchor href={n.link} inherit c="inherit" onClick={(e) => onOpen(n, e)}>
              {title}
            </Anchor>
          ) : (
            title
          )}
          {n.read ? null : (
            <VisuallyHidden>
              {" "}
              <Trans>(unread)</Trans>
            </VisuallyHidden>
          )}
        </Text>
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {n.description}
        </Text>
        <Text size="xs" c="dimmed">
          {byline} · {n.company} · <time dateTime={n.createdAt}>{formatNotificationDate(n.createdAt)}</time>
        </Text>
      </Stack>
      <CloseButton
        ref={removeButton}
        size="sm"
        data-remove
        onClick={() => onRemove(n)}
        aria-label={t`Remove notification`}
      />
    </Group>
  );
}

/**
 * The place of a notification just removed: "Removed" and its Undo, which takes the focus when
 * it appears (so the keyboard reaches it where the notification was). When it goes (time is up,
 * or Undo), focus it held moves to a neighbour first.
 */
function RemovedItem({
  n,
  focus,
  onUndo,
  onHold,
  onResume,
}: {
  n: NotificationApi;
  focus: boolean;
  onUndo: (n: NotificationApi) => void;
  onHold: () => void;
  onResume: () => void;
}) {
  const labelId = useId();
  const undo = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) undo.current?.focus();
  }, [focus]);
  useLayoutEffect(() => {
    const button = undo.current;
    return () => {
      if (button && button === document.activeElement) keepFocusNear(button);
    };
  }, []);
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      px="md"
      py="sm"
      onMouseEnter={onHold}
      onMouseLeave={onResume}
      style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
    >
      <Text size="sm" c="dimmed" id={labelId}>
        <Trans>Notification removed</Trans>
      </Text>
      <Button
        ref={undo}
        size="xs"
        variant="light"
        data-undo
        aria-describedby={labelId}
        onClick={() => onUndo(n)}
      >
        <Trans>Undo</Trans>
      </Button>
    </Group>
  );
}

/**
 * Top-bar notifications bell (spec sections 3, 4, 9; docs/notifications.md): unread badge (max
 * 99+), the caller's notifications from the server, newest first, live; each links to what it is
 * about (and is marked read when opened); remove one (with Undo at its place for 5 s); mark all
 * as read.
 */
export function NotificationsButton() {
  const { t } = useLingui();
  const router = useRouter();
  const [opened, { toggle, close }] = useDisclosure(false);
  const s = useNotifications();
  const open = (n: NotificationApi, e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0 || !n.link) return;
    e.preventDefault();
    if (!n.read) s.markRead(n.id);
    close();
    router.history.push(n.link);
  };
  const unread = s.unreadCount;
  // The row to focus after a removal (its Undo) or an Undo (its remove button), and what a
  // screen reader hears of both.
  const [focusId, setFocusId] = useState<string | null>(null);
  const [said, setSaid] = useState("");
  useEffect(() => {
    if (!opened) setFocusId(null);
  }, [opened]);
  const remove = (n: NotificationApi) => {
    setFocusId(n.id);
    setSaid(t`Notification removed. Undo is offered for 5 seconds.`);
    s.remove(n);
  };
  const undo = (n: NotificationApi) => {
    setFocusId(n.id);
    setSaid(t`Notification restored.`);
    s.undo(n);
  };
  return (
    <OnFirstUse
      trigger={
        <AppTooltip label={t`Notifications`}>
          <Indicator
            label={badgeLabel(unread)}
            disabled={unread === 0}
            size={18}
            color="red"
            offset={6}
            data-testid="notifications-badge"
          >
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={toggle}
              aria-expanded={opened}
              aria-haspopup="dialog"
              aria-label={unread ? t`Notifications, ${unread} unread` : t`Notifications`}
            >
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </AppTooltip>
      }
    >
      {(target) => (
        <Popover
          opened={opened}
          onChange={(o) => (o ? undefined : close())}
          width={NOTIFICATIONS_POPOVER_WIDTH}
          position="bottom-end"
          shadow="md"
          withinPortal
          trapFocus
          returnFocus
          styles={{ dropdown: { maxWidth: "calc(100vw - 16px)" } }}
        >
          <Popover.Target>{target}</Popover.Target>
          <Popover.Dropdown p={0} role="dialog" aria-label={t`Notifications`}>
            <Group justify="space-between" px="md" py="sm">
              <Text fw={600} component="h2" size="md" m={0}>
                <Trans>Notifications</Trans>
              </Text>
              {unread > 0 ? (
                <AppTooltip label={t`Mark all as read`}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    loading={s.markingAll}
                    onClick={s.markAllRead}
                    aria-label={t`Mark all as read`}
                  >
                    <IconMailOpened size={18} />
                  </ActionIcon>
                </AppTooltip>
              ) : null}
            </Group>
            <VisuallyHidden role="status" aria-live="polite">
              {said}
            </VisuallyHidden>
            {s.changeFailed ? (
              <Text c="red" size="sm" px="md" pb="xs" role="alert">
                <Trans>The change could not be saved. Check your connection and try again.</Trans>
              </Text>
            ) : null}
            {s.isLoading ? (
              <Group justify="center" p="md">
                <Loader size="sm" aria-label={t`Loading notifications`} />
              </Group>
            ) : s.isError ? (
              <Stack gap="xs" px="md" pb="md" align="flex-start" role="alert">
                <Text size="sm" c="red">
                  <Trans>Notifications could not be loaded.</Trans>
                </Text>
                <Button size="xs" variant="light" onClick={s.retry}>
                  <Trans>Try again</Trans>
                </Button>
              </Stack>
            ) : s.rows.length === 0 ? (
              <Text c="dimmed" size="sm" px="md" pb="md">
                <Trans>There are no notifications</Trans>
              </Text>
            ) : (
              <ScrollArea.Autosize mah={NOTIFICATIONS_LIST_MAX_HEIGHT} type="auto">
                <Stack
                  gap={0}
                  component="ul"
                  m={0}
                  p={0}
                  style={{ listStyle: "none" }}
                  aria-label={t`Notifications`}
                >
                  {s.rows.map(({ n, removed }) =>
                    removed ? (
                      <RemovedItem
                        key={`removed-${n.id}`}
                        n={n}
                        focus={focusId === n.id}
                        onUndo={undo}
                        onHold={() => s.holdUndo(n.id)}
                        onResume={() => s.resumeUndo(n.id)}
                      />
                    ) : (
                      <NotificationItem
                        key={n.id}
                        n={n}
                        focus={focusId === n.id}
                        onOpen={open}
                        onRemove={remove}
                      />
                    ),
                  )}
                </Stack>
                {s.hasMore ? (
                  <Group justify="center" p="xs">
                    <Button size="xs" variant="subtle" loading={s.loadingMore} onClick={s.loadMore}>
                      <Trans>Show older</Trans>
                    </Button>
                  </Group>
                ) : null}
              </ScrollArea.Autosize>
            )}
          </Popover.Dropdown>
        </Popover>
      )}
    </OnFirstUse>
  );
}
