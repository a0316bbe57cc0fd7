/**
 * Top-bar notifications (spec sections 3 and 4): a local list that starts empty;
 * notifications are removed one at a time or all marked as read. Changes stay local.
 */
import dayjs from "dayjs";
import { useSyncExternalStore } from "react";

type NotificationType = "job_add" | "new_feature" | "company_created";

export interface AppNotification {
  id: string;
  type: NotificationType;
  /** ISO date-time or epoch milliseconds. */
  createdAt: string | number;
  author?: string;
  avatar?: string;
  job?: string;
  company?: string;
  description?: string;
  read: boolean;
}

interface NotificationsState {
  notifications: AppNotification[];
  unreadCount: number;
}

export interface NotificationsStore {
  getState(): NotificationsState;
  subscribe(listener: () => void): () => void;
  /** Adds one to the top of the list (a later live channel feeds this). */
  add(notification: AppNotification): void;
  remove(id: string): void;
  markAllAsRead(): void;
}

const countUnread = (list: readonly AppNotification[]) => list.filter((n) => !n.read).length;

export function createNotificationsStore(initial: readonly AppNotification[] = []): NotificationsStore {
  const listeners = new Set<() => void>();
  let state: NotificationsState = { notifications: [...initial], unreadCount: countUnread(initial) };
  const set = (notifications: AppNotification[]) => {
    state = { notifications, unreadCount: countUnread(notifications) };
    for (const l of listeners) l();
  };
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add(notification) {
      set([notification, ...state.notifications.filter((n) => n.id !== notification.id)]);
    },
    remove(id) {
      if (!state.notifications.some((n) => n.id === id)) return;
      set(state.notifications.filter((n) => n.id !== id));
    },
    markAllAsRead() {
      if (state.unreadCount === 0) return;
      set(state.notifications.map((n) => (n.read ? n : { ...n, read: true })));
    },
  };
}

/** The app's one notifications store; the list starts empty (spec). */
export const notificationsStore = createNotificationsStore();

export function useNotifications(store: NotificationsStore = notificationsStore) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  return { ...state, remove: store.remove, markAllAsRead: store.markAllAsRead };
}

/** Spec section 9: badge maximum 99 — more shows as "99+". */
export function badgeLabel(count: number, max = 99): string {
  return count > max ? `${max}+` : String(count);
}

/** Spec section 9: notification dates read "MMM dd, h:mm a", e.g. "Mar 05, 3:07 PM". */
export function formatNotificationDate(value: string | number | Date): string {
  const d = dayjs(value);
  return d.isValid() ? d.format("MMM DD, h:mm A") : "";
}
