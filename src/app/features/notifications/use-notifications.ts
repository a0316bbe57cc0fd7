/**
 * The bell's state: the caller's notifications from the server (paged, newest first), the unread
 * count, and the three changes (read one, read all, remove one). Kept current by the page's live
 * channel: `notifications-changed` (any tab or device of this user, any server replica) and every
 * reopen of the stream (events may have been missed) read the list again.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { liveEvents } from "../../lib/live-events";
import { useAuth } from "../auth/auth-context";
import { notificationKeys, notificationQueries, notificationsApi } from "./api";

export function useNotifications() {
  const { isAuthenticated } = useAuth();
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

  const settle = { onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }) };
  const markRead = useMutation({ mutationFn: notificationsApi.markRead, ...settle });
  const markAllRead = useMutation({ mutationFn: notificationsApi.markAllRead, ...settle });
  const remove = useMutation({ mutationFn: notificationsApi.remove, ...settle });

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
    remove: (id: string) => remove.mutate(id),
    removing: remove.isPending ? remove.variables : undefined,
    changeFailed: markRead.isError || markAllRead.isError || remove.isError,
  };
}
