/** The bell's server API (docs/notifications.md): the caller's own notifications. */
import { infiniteQueryOptions } from "@tanstack/react-query";
import {
  NOTIFICATIONS_PATH,
  type NotificationApi,
  type NotificationPage,
} from "../../../domain/notifications/types";
import { http } from "../../lib/http";

export type { NotificationApi };

const PAGE = 20;

export const notificationKeys = {
  all: ["notifications"] as const,
  list: () => ["notifications", "list"] as const,
};

export const notificationsApi = {
  page: (cursor: string | null) =>
    http.get<NotificationPage>(NOTIFICATIONS_PATH, { query: { limit: PAGE, cursor: cursor ?? undefined } }),
  markRead: (id: string) => http.post<{ unread: number }>(`${NOTIFICATIONS_PATH}/${id}/read`),
  markAllRead: () => http.post<{ changed: number; unread: number }>(`${NOTIFICATIONS_PATH}/read-all`),
  remove: (id: string) => http.delete<void>(`${NOTIFICATIONS_PATH}/${id}`),
  restore: (id: string) => http.post<void>(`${NOTIFICATIONS_PATH}/${id}/restore`),
};

export const notificationQueries = {
  /** Newest first; each page carries the unread count, the first page's is current. */
  list: () =>
    infiniteQueryOptions({
      queryKey: notificationKeys.list(),
      queryFn: ({ pageParam }) => notificationsApi.page(pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
};
