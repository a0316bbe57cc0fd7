import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Avatar,
  CloseButton,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from "@mantine/core";
import { IconBell, IconBriefcase, IconBuilding, IconMailOpened, IconSparkles } from "@tabler/icons-react";
import {
  BADGE_MAX,
  NOTIFICATIONS_LIST_MAX_HEIGHT,
  NOTIFICATIONS_POPOVER_WIDTH,
} from "../../ui/shell-constants";
import { AppTooltip } from "../../ui/tooltip";
import {
  type AppNotification,
  badgeLabel,
  formatNotificationDate,
  useNotifications,
} from "./notifications-store";

function NotificationText({ n }: { n: AppNotification }) {
  const author = n.author ?? "";
  switch (n.type) {
    case "job_add": {
      const job = n.job ?? "";
      return (
        <Trans>
          <b>{author}</b> added a new job <b>{job}</b>
        </Trans>
      );
    }
    case "company_created": {
      const company = n.company ?? "";
      return (
        <Trans>
          <b>{author}</b> created <b>{company}</b> company
        </Trans>
      );
    }
    case "new_feature": {
      const description = n.description ?? "";
      return (
        <Trans>
          <b>New feature!</b> {description}
        </Trans>
      );
    }
  }
}

const TYPE_ICON = { job_add: IconBriefcase, company_created: IconBuilding, new_feature: IconSparkles };

/** Top-bar notifications bell: unread badge (max 99+), list, remove one, mark all as read. */
export function NotificationsButton() {
  const { t } = useLingui();
  const { notifications, unreadCount, remove, markAllAsRead } = useNotifications();
  return (
    <Popover width={NOTIFICATIONS_POPOVER_WIDTH} position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <AppTooltip label={t`Notifications`}>
          <Indicator
            label={badgeLabel(unreadCount, BADGE_MAX)}
            disabled={unreadCount === 0}
            size={18}
            color="red"
            offset={6}
          >
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={unreadCount ? t`Notifications, ${unreadCount} unread` : t`Notifications`}
            >
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </AppTooltip>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" px="md" py="sm">
          <Text fw={600}>
            <Trans>Notifications</Trans>
          </Text>
          {notifications.length > 0 ? (
            <AppTooltip label={t`Mark all as read`}>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={markAllAsRead}
                aria-label={t`Mark all as read`}
              >
                <IconMailOpened size={18} />
              </ActionIcon>
            </AppTooltip>
          ) : null}
        </Group>
        {notifications.length === 0 ? (
          <Text c="dimmed" size="sm" px="md" pb="md">
            <Trans>There are no notifications</Trans>
          </Text>
        ) : (
          <ScrollArea.Autosize mah={NOTIFICATIONS_LIST_MAX_HEIGHT}>
            <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
              {notifications.map((n) => {
                const Icon = TYPE_ICON[n.type];
                return (
                  <Group
                    key={n.id}
                    component="li"
                    wrap="nowrap"
                    align="flex-start"
                    gap="sm"
                    px="md"
                    py="sm"
                    style={{
                      borderTop: "1px solid var(--mantine-color-default-border)",
                      background: n.read ? undefined : "var(--mantine-primary-color-light)",
                    }}
                  >
                    <Avatar src={n.avatar} radius="xl" size={36}>
                      <Icon size={18} />
                    </Avatar>
                    <div style={{ flex: 1, minWidth: 0 }}>
                      <Text size="sm">
                        <NotificationText n={n} />
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatNotificationDate(n.createdAt)}
                      </Text>
                    </div>
                    <CloseButton size="sm" onClick={() => remove(n.id)} aria-label={t`Remove notification`} />
                  </Group>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
