import { useLingui } from "@lingui/react/macro";
import { Badge } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { chatKeys, chatQueries } from "./api";
import { useChatLive } from "./use-chat-live";

/** The Chat navigation item's count of unread messages in my companies' threads (none: nothing shown). */
export function ChatUnreadBadge() {
  const { t } = useLingui();
  const client = useQueryClient();
  const threads = useQuery(chatQueries.threads());
  const refresh = () => void client.invalidateQueries({ queryKey: chatKeys.threads() });
  useChatLive(refresh, refresh);
  const unread = (threads.data ?? []).reduce((n, th) => n + th.unreadCount, 0);
  if (unread === 0) return null;
  return (
    <Badge size="sm" circle={unread < 10} aria-label={t`${unread} unread`}>
      {unread > 99 ? "99+" : unread}
    </Badge>
  );
}
