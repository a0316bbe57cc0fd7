/**
 * The mailbox as the screen reads it from Dexie (live: the sync feed's changes and this device's
 * writes show at once, online or not): the user's labels with unread counts, a label's threads or
 * a search's, and one thread's messages.
 */
import { useLiveQuery } from "dexie-react-hooks";
import type { MailLabel, MailMessage } from "../../../domain/mail/message";
import { getDb } from "../../offline/db";
import { labelPage, searchMail } from "../../offline/mail";
import { inThreadOrder, SYSTEM_LABELS, threadsOf } from "./mail-model";

/** How many of a label's newest messages the list shows. */
const LIST_SIZE = 100;

/** The user's own labels, by name. */
export function useOwnLabels(userId: string): MailLabel[] | undefined {
  const db = getDb();
  return useLiveQuery(
    async () =>
      (await db.mailLabels.where("userId").equals(userId).toArray()).sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
    [db, userId],
  );
}

/** Unread messages per label (built-in and own), counted on the `*labels` index. */
export function useUnreadCounts(userId: string, own: readonly MailLabel[] | undefined) {
  const db = getDb();
  const labels = [...SYSTEM_LABELS, ...(own ?? []).map((l) => l.id)];
  return useLiveQuery(async () => {
    const counts: Record<string, number> = {};
    for (const label of labels)
      counts[label] = await db.mailMessages
        .where("labels")
        .equals(label)
        .filter((m) => m.userId === userId && !m.read)
        .count();
    return counts;
  }, [db, userId, labels.join(",")]);
}

/** A label's threads, or a search's when `query` is set (the device's own search: works offline). */
export function useThreads(userId: string, label: string, query: string) {
  const db = getDb();
  return useLiveQuery(
    async () =>
      threadsOf(
        query.trim()
          ? await searchMail(db, userId, query, LIST_SIZE)
          : await labelPage(db, userId, label, LIST_SIZE),
      ),
    [db, userId, label, query],
  );
}

/** One thread's messages, oldest first. */
export function useThread(userId: string, threadId: string | undefined): MailMessage[] | undefined {
  const db = getDb();
  return useLiveQuery(
    async () =>
      threadId
        ? inThreadOrder(
            await db.mailMessages
              .where("threadId")
              .equals(threadId)
              .filter((m) => m.userId === userId)
              .toArray(),
          )
        : [],
    [db, userId, threadId],
  );
}
