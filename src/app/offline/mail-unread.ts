/**
 * The unread counts' index (docs/mail.md "On the device", docs/offline.md v11): each stored message
 * carries `unreadIn`, the keys it counts under while unread — `{userId} {label}` per label and
 * `{userId}` for the user's total — or none once read, in the multi-entry index `*unreadIn`.
 * IndexedDB indexes no booleans, and a compound index cannot be multi-entry, hence the derived
 * keys. Dexie hooks keep it whatever writes the row (a feed pull, a read mark, a move, a merge),
 * so a label's count is one index count instead of a read of the whole mailbox.
 */
import type { Dexie } from "dexie";
import type { MailMessage } from "../../domain/mail/message";

type Counted = Partial<Pick<MailMessage, "userId" | "labels" | "read">>;

/** The key a label's unread messages of `userId` are counted under (no label: the user's total). */
export const unreadKey = (userId: string, label?: string) =>
  label === undefined ? userId : `${userId} ${label}`;

/** The `unreadIn` keys of a message: none when it is read or has no owner yet. */
export function unreadKeysOf(m: Counted): string[] {
  if (m.read || !m.userId) return [];
  const userId = m.userId;
  return [unreadKey(userId), ...[...new Set(m.labels ?? [])].map((l) => unreadKey(userId, l))];
}

/** Keeps `unreadIn` of every mail row written to `db.mailMessages`. */
export function indexMailUnread(db: Dexie) {
  const table = db.table("mailMessages");
  table.hook("creating", (_key, obj: Counted & { unreadIn?: string[] }) => {
    obj.unreadIn = unreadKeysOf(obj);
  });
  // Always recomputed: a row replaced by the feed's copy comes without `unreadIn`.
  table.hook("updating", (mods: object, _key, obj: Counted) => ({
    unreadIn: unreadKeysOf({ ...obj, ...(mods as Counted) }),
  }));
}
