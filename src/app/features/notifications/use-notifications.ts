/**
 * The bell's state: the caller's notifications from the server (paged, newest first), the unread
 * count (of every company of the user), and the changes (read one, read all, remove one with its
 * Undo). Kept current by the page's live channel: `notifications-changed` (any tab or device of
 * this user, any of their companies, any server replica) and every reopen of the stream (events
 * may have been missed) read the list again.
 */
import { useLingui } from "@lingui/react/macro";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { liveEvents } from "../../lib/live-events";
import { toast } from "../../ui/toast";
import { undoToast } from "../../ui/undo-toast";
import { useAuth } from "../auth/auth-context";
import { type NotificationApi, notificationKeys, notificationQueries, notificationsApi } from "./api";
import { type NotificationPages, withNotification, withoutNotification } from "./notification-cache";

export function useNotifications() {
  const { isAuthenticated } = useAuth();
  const { t } = useLingui();
  const client = useQueryClient();
  const query = useInfiniteQuery({ ...notificationQueries.list(), enabled: isAuthenticated });

  useEffect(() => {
    const live = liveEvents();
    if (!isAuthenticated || !live) return;
    const refresh = () => void client.invalidateQueries({ queryKey: notificationKeys.all });
    const leave = [live.subscribe("notifications-changed", refresh), live.onOpen(refresh)];
    return () => {
      for (const off of leave) off();
    };
  }, [isAuthenticated, client]);

  const reread = () => client.invalidateQueries({ queryKey: notificationKeys.all });
  const settle = { onSettled: reread };
  const markRead = useMutation({ mutationFn: notificationsApi.markRead, ...settle });
  const markAllRead = useMutation({ mutationFn: notificationsApi.markAllRead, ...settle });
  const edit = (change: (data: NotificationPages | undefined) => NotificationPages | undefined) =>
    client.setQueryData<NotificationPages>(notificationKeys.list(), change);

  // Back at its place at once, then stored (the server keeps a removed one a day).
  const restore = async (n: NotificationApi) => {
    await client.cancelQueries({ queryKey: notificationKeys.list() });
    edit((data) => withNotification(data, n));
    try {
      await notificationsApi.restore(n.id);
    } catch {
      toast.error(t`The notification could not be brought back.`);
    } finally {
      void reread();
    }
  };
  // Gone from the list at once; once the server removed it, a toast offers its Undo for 5 s.
  const remove = useMutation({
    mutationFn: (n: NotificationApi) => notificationsApi.remove(n.id),
    onMutate: async (n) => {
      await client.cancelQueries({ queryKey: notificationKeys.list() });
      edit((data) => withoutNotification(data, n.id));
    },
    onSuccess: (_, n) => {
      undoToast(t`Notification removed`, () => void restore(n));
    },
    ...settle,
  });

  const pages = query.data?.pages ?? [];
  return {
    notifications: pages.flatMap((p) => p.items),
    unreadCount: pages[0]?.unread ?? 0,
    isLoading: query.isPending && isAuthenticated,
    isError: query.isError,
    retry: () => void query.refetch(),
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    loadingMore: query.isFetchingNextPage,
    markRead: (id: string) => markRead.mutate(id),
    markAllRead: () => markAllRead.mutate(),
    markingAll: markAllRead.isPending,
    remove: (n: NotificationApi) => remove.mutate(n),
    changeFailed: markRead.isError || markAllRead.isError || remove.isError,
  };
}
