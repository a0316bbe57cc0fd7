import { describe, expect, it } from "vitest";
import type { NotificationApi } from "../../../domain/notifications/types";
import {
  type NotificationPages,
  rowsWithRemoved,
  withNotification,
  withoutNotification,
} from "./notification-cache";

const n = (id: string, minute: number, read = false): NotificationApi => ({
  id,
  type: "new_feature",
  createdAt: `2026-11-27T12:${String(minute).padStart(2, "0")}:00.000Z`,
  author: "Blocklot",
  avatar: null,
  job: null,
  company: "Ann Realty",
  companyId: "c",
  description: id,
  link: null,
  read,
});

const pages = (items: NotificationApi[][], more = false): NotificationPages => ({
  pages: items.map((page, i) => ({
    items: page,
    nextCursor: i === items.length - 1 && !more ? null : `cursor${i}`,
    unread: 3,
  })),
  pageParams: items.map((_, i) => (i === 0 ? null : `cursor${i - 1}`)),
});

/** The list as the bell shows it, every loaded page in turn. */
const ids = (data: NotificationPages | undefined) => data?.pages.flatMap((p) => p.items.map((m) => m.id));

describe("the bell's cache on remove and undo", () => {
  it("takes a notification out and puts it back at its place, counting unread ones", () => {
    const data = pages([
      [n("d", 4), n("c", 3)],
      [n("b", 2, true), n("a", 1)],
    ]);
    const without = withoutNotification(data, "c");
    expect(ids(without)).toEqual(["d", "b", "a"]);
    expect(without?.pages.map((p) => p.unread)).toEqual([2, 2]);
    const back = withNotification(without, n("c", 3));
    expect(ids(back)).toEqual(["d", "c", "b", "a"]);
    expect(back?.pages[0]?.unread).toBe(3);

    expect(ids(withNotification(withoutNotification(data, "a"), n("a", 1)))).toEqual(["d", "c", "b", "a"]);
    expect(withoutNotification(data, "b")?.pages[0]?.unread).toBe(3);
  });

  it("orders equal dates by id, never adds twice, and leaves an older one for paging", () => {
    const data = pages([[n("y", 5), n("w", 5)]]);
    expect(ids(withNotification(data, n("x", 5)))).toEqual(["y", "x", "w"]);
    expect(withNotification(data, n("y", 5))).toBe(data);
    const more = pages([[n("y", 5)]], true);
    expect(withNotification(more, n("a", 1))).toBe(more);
    expect(withNotification(undefined, n("a", 1))).toBeUndefined();
  });
});

describe("rowsWithRemoved", () => {
  const rows = (r: ReturnType<typeof rowsWithRemoved>) => r.map((x) => (x.removed ? `(${x.n.id})` : x.n.id));

  it("puts each removed notification's Undo row at its place", () => {
    const listed = [n("d", 40), n("b", 20)];
    expect(rows(rowsWithRemoved(listed, [n("c", 30), n("e", 50), n("a", 10)], true))).toEqual([
      "(e)",
      "d",
      "(c)",
      "b",
      "(a)",
    ]);
  });

  it("shows one listed again once, and leaves out one that belongs to an unloaded page", () => {
    const listed = [n("d", 40), n("b", 20)];
    expect(rows(rowsWithRemoved(listed, [n("d", 40), n("a", 10)], false))).toEqual(["d", "b"]);
    expect(rows(rowsWithRemoved([], [n("a", 10)], true))).toEqual(["(a)"]);
  });
});
