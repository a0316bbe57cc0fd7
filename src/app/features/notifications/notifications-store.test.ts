import { describe, expect, it } from "vitest";
import {
  type AppNotification,
  badgeLabel,
  createNotificationsStore,
  formatNotificationDate,
  notificationsStore,
} from "./notifications-store";

const n = (id: string, read = false): AppNotification => ({
  id,
  type: "new_feature",
  createdAt: "2025-03-05T15:07:00",
  description: `feature ${id}`,
  read,
});

describe("notifications store", () => {
  it("starts empty in the app", () => {
    expect(notificationsStore.getState()).toEqual({ notifications: [], unreadCount: 0 });
  });

  it("counts unread notifications and puts new ones first", () => {
    const store = createNotificationsStore([n("a", true), n("b")]);
    expect(store.getState().unreadCount).toBe(1);
    store.add(n("c"));
    expect(store.getState().notifications.map((x) => x.id)).toEqual(["c", "a", "b"]);
    expect(store.getState().unreadCount).toBe(2);
  });

  it("removes one notification and updates the unread count", () => {
    const store = createNotificationsStore([n("a"), n("b"), n("c", true)]);
    store.remove("b");
    expect(store.getState().notifications.map((x) => x.id)).toEqual(["a", "c"]);
    expect(store.getState().unreadCount).toBe(1);
    store.remove("nope");
    expect(store.getState().notifications).toHaveLength(2);
  });

  it("marks all as read without removing any", () => {
    const store = createNotificationsStore([n("a"), n("b"), n("c", true)]);
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.getState().unreadCount));
    store.markAllAsRead();
    expect(store.getState().unreadCount).toBe(0);
    expect(store.getState().notifications.every((x) => x.read)).toBe(true);
    expect(store.getState().notifications).toHaveLength(3);
    store.markAllAsRead();
    expect(seen).toEqual([0]);
  });

  it("does not change the list it was created from", () => {
    const initial = [n("a")];
    const store = createNotificationsStore(initial);
    store.markAllAsRead();
    expect(initial[0]?.read).toBe(false);
  });
});

describe("badge and date format", () => {
  it("caps the badge at 99+", () => {
    expect(badgeLabel(0)).toBe("0");
    expect(badgeLabel(99)).toBe("99");
    expect(badgeLabel(100)).toBe("99+");
    expect(badgeLabel(1234)).toBe("99+");
  });

  it('formats dates as "MMM dd, h:mm a"', () => {
    expect(formatNotificationDate("2025-03-05T15:07:00")).toBe("Mar 05, 3:07 PM");
    expect(formatNotificationDate("2025-12-24T00:30:00")).toBe("Dec 24, 12:30 AM");
    expect(formatNotificationDate("not a date")).toBe("");
  });
});
