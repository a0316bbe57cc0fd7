/**
 * The bell's state: the caller's notifications from the server (paged, newest first), the unread
 * count (of every company of the user), and the changes (read one, read all, remove one with its
 * Undo: for 5 s a removed notification stays in `rows` as `removed`, the list's "Removed — Undo"
 * row at its place; the time pauses while the pointer is on that row). Kept current by the page's live channel: `notifications-changed` (any tab or device of
 * this user, any of their companies, any server replica) and every reopen of the stream (events
 * may have been missed) read the list again.
 */
import { useLingui } from "@lingui/react/macro";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { liveEvents } from "../../lib/live-events";
import { toast } from "../../ui/toast";
import { UNDO_MS } from "../../ui/undo-toast";
import { useAuth } from "../auth/auth-context";
import { type NotificationApi, notificationKeys, notificationQueries, notificationsApi } from "./api";
import {
  type NotificationPages,
  rowsWithRemoved,
  withNotification,
  withoutNotification,
} from "./notification-cache";

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

  // Recently removed notifications (their Undo is offered), each with its removal and its timer.
  const [removed, setRemoved] = useState<NotificationApi[]>([]);
  const pending = useRef(
    new Map<string, { removal: Promise<unknown>; timer?: ReturnType<typeof setTimeout> }>(),
  );
  const forget = (id: string) => {
    const p = pending.current.get(id);
    if (p?.timer) clearTimeout(p.timer);
    pending.current.delete(id);
    setRemoved((r) => r.filter((m) => m.id !== id));
  };
  const startTimer = (id: string) => {
    const p = pending.current.get(id);
    if (!p) return;
    if (p.timer) clearTimeout(p.timer);
    p.timer = setTimeout(() => forget(id), UNDO_MS);
  };
  useEffect(
    () => () => {
      for (const p of pending.current.values()) if (p.timer) clearTimeout(p.timer);
    },
    [],
  );

  // Back at its place at once, then stored once its removal was (the server keeps a removed one a day).
  const restore = async (n: NotificationApi) => {
    const removal = pending.current.get(n.id)?.removal;
    forget(n.id);
    await client.cancelQueries({ queryKey: notificationKeys.list() });
    edit((data) => withNotification(data, n));
    try {
      await removal;
      await notificationsApi.restore(n.id);
    } catch {
      toast.error(t`The notification could not be brought back.`);
    } finally {
      void reread();
    }
  };
  // Gone from the list at once; its place offers Undo for 5 s.
  const remove = useMutation({
    mutationFn: (n: NotificationApi) => notificationsApi.remove(n.id),
    onMutate: async (n) => {
      await client.cancelQueries({ queryKey: notificationKeys.list() });
      edit((data) => withoutNotification(data, n.id));
    },
    onError: (_, n) => forget(n.id),
    ...settle,
  });
  const removeOne = (n: NotificationApi) => {
    forget(n.id);
    pending.current.set(n.id, { removal: remove.mutateAsync(n).catch(() => undefined) });
    setRemoved((r) => [...r, n]);
    startTimer(n.id);
  };

  const pages = query.data?.pages ?? [];
  const listed = pages.flatMap((p) => p.items);
  return {
    notifications: listed,
    /** The list as shown: the notifications, and "Removed — Undo" rows at removed ones' places. */
    rows: rowsWithRemoved(listed, removed, !query.hasNextPage),
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
    remove: removeOne,
    undo: (n: NotificationApi) => void restore(n),
    /** Holds a removed one's Undo while the pointer is on it; `resumeUndo` gives it 5 s again. */
    holdUndo: (id: string) => {
      const p = pending.current.get(id);
      if (p?.timer) clearTimeout(p.timer);
    },
    resumeUndo: startTimer,
    changeFailed: markRead.isError || markAllRead.isError || remove.isError,
  };
}
