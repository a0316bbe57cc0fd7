/**
 * The bell's cached pages changed at once, before the server answers: a removed notification
 * leaves the list, and its undo puts it back where it belongs (newest first, by date then id, as
 * the server orders them). The next read of the list settles both.
 */
import type { InfiniteData } from "@tanstack/react-query";
import type { NotificationApi, NotificationPage } from "../../../domain/notifications/types";

export type NotificationPages = InfiniteData<NotificationPage, string | null>;

/** True when `a` is listed before `b` (newer, or as new with a greater id). */
function before(a: NotificationApi, b: NotificationApi): boolean {
  return a.createdAt === b.createdAt ? a.id > b.id : a.createdAt > b.createdAt;
}

function countUnread(data: NotificationPages, delta: number): NotificationPages {
  if (delta === 0) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, unread: Math.max(0, p.unread + delta) })) };
}

/** The pages without notification `id` (the unread count lowered if it was unread). */
export function withoutNotification(
  data: NotificationPages | undefined,
  id: string,
): NotificationPages | undefined {
  const gone = data?.pages.flatMap((p) => p.items).find((n) => n.id === id);
  if (!data || !gone) return data;
  const pages = data.pages.map((p) => ({ ...p, items: p.items.filter((n) => n.id !== id) }));
  return countUnread({ ...data, pages }, gone.read ? 0 : -1);
}

/**
 * The pages with `n` back at its place. One that belongs after the last loaded page while older
 * ones remain on the server is left for "Show older" to bring.
 */
export function withNotification(
  data: NotificationPages | undefined,
  n: NotificationApi,
): NotificationPages | undefined {
  if (!data || data.pages.some((p) => p.items.some((m) => m.id === n.id))) return data;
  const last = data.pages.length - 1;
  let placed = false;
  const pages = data.pages.map((p, i) => {
    if (placed) return p;
    const at = p.items.findIndex((m) => before(n, m));
    if (at === -1 && !(i === last && p.nextCursor === null)) return p;
    placed = true;
    const items = [...p.items];
    items.splice(at === -1 ? items.length : at, 0, n);
    return { ...p, items };
  });
  return placed ? countUnread({ ...data, pages }, n.read ? 0 : 1) : data;
}

/** A row of the bell's list: a notification, or the place of one just removed (its Undo). */
export interface NotificationRow {
  n: NotificationApi;
  removed: boolean;
}

/**
 * The listed notifications with the recently removed ones at their places (as the server orders
 * them), so each removal's Undo stands where the notification was. A removed one that is listed
 * again (its removal failed, or it came back) is shown once, as listed; one that belongs after
 * the last listed notification is left out when older ones remain on the server.
 */
export function rowsWithRemoved(
  listed: NotificationApi[],
  removed: NotificationApi[],
  complete: boolean,
): NotificationRow[] {
  const ids = new Set(listed.map((n) => n.id));
  const last = listed[listed.length - 1];
  const gone = removed.filter((n) => !ids.has(n.id) && (complete || (last !== undefined && before(n, last))));
  return [...listed.map((n) => ({ n, removed: false })), ...gone.map((n) => ({ n, removed: true }))].sort(
    (a, b) => (before(a.n, b.n) ? -1 : before(b.n, a.n) ? 1 : 0),
  );
}
