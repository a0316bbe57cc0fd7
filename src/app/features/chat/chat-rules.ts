/** Chat's client rules (spec section 4), plain functions with a test beside them. */
import { QUEUED_SEQ } from "../../../domain/chat/synced-types";
import type { ChatMessageApi, ChatReaderApi, ChatThreadApi } from "../../../domain/chat/types";

/** The admin list: page 0 replaces what is shown, a later page appends (without repeating a thread). */
export function mergeAdminPage(list: ChatThreadApi[], page: number, items: ChatThreadApi[]): ChatThreadApi[] {
  if (page === 0) return items;
  const fresh = new Set(items.map((t) => t.id));
  return [...list.filter((t) => !fresh.has(t.id)), ...items];
}

/** Merges messages by id (a newer rev wins) and keeps the thread's order; nothing shows twice. */
export function mergeMessages(list: ChatMessageApi[], incoming: ChatMessageApi[]): ChatMessageApi[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of incoming) {
    const had = byId.get(m.id);
    if (!had || had.rev <= m.rev) byId.set(m.id, m);
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * What a thread shows: the device's numbered messages merged with the server's, then the device's
 * own queued ones in the order written. A queued message the server has already answered with (its
 * id is among the numbered ones, before the outbox has caught up on this device) shows once, as sent.
 */
export function threadMessages(device: ChatMessageApi[], server: ChatMessageApi[]): ChatMessageApi[] {
  const numbered = mergeMessages(
    device.filter((m) => m.seq !== QUEUED_SEQ),
    server,
  );
  const sent = new Set(numbered.map((m) => m.id));
  const queued = device
    .filter((m) => m.seq === QUEUED_SEQ && !sent.has(m.id))
    .sort((a, b) => a.id.localeCompare(b.id));
  return [...numbered, ...queued];
}

/** Marking a thread seen sets its unread count to 0. */
export function markThreadSeen(threads: ChatThreadApi[], id: string): ChatThreadApi[] {
  return threads.map((t) => (t.id === id ? { ...t, unreadCount: 0 } : t));
}

/** A new thread goes to the front. */
export function addThreadToFront(threads: ChatThreadApi[], thread: ChatThreadApi): ChatThreadApi[] {
  return [thread, ...threads.filter((t) => t.id !== thread.id)];
}

/**
 * "Read by": each reader other than me appears under the last message they have read up to (the
 * newest standing message at or before their place), except under a message they wrote themselves.
 * Answers the readers by message id.
 */
export function readersByMessage(
  messages: ChatMessageApi[],
  readers: ChatReaderApi[],
  myId: string | null,
): Map<string, ChatReaderApi[]> {
  const standing = messages.filter((m) => !m.deletedAt && m.seq !== QUEUED_SEQ);
  const out = new Map<string, ChatReaderApi[]>();
  for (const r of readers) {
    if (r.userId === myId) continue;
    const at = standing.findLast((m) => m.seq <= r.seenSeq);
    if (!at || at.authorId === r.userId) continue;
    out.set(at.id, [...(out.get(at.id) ?? []), r]);
  }
  return out;
}
