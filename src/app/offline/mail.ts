/**
 * The user's mail as kept on the device (docs/mail.md "On the device"): a label's newest
 * messages and a search, both from IndexedDB so they work offline. Messages are listed newest
 * first by id (UUIDv7, time-ordered: a copy is made when it is sent or received).
 */
import type { MailMessage } from "../../domain/mail/message";
import { MAIL_MESSAGE_TYPE } from "../../domain/mail/synced-types";
import type { BlocklotDb } from "./db";
import { unreadKey } from "./mail-unread";
import { wordsOf } from "./mail-words";

const MAIL_PAGE = 50;

/** The newest `limit` messages of `userId` carrying `label` (one index range, read backwards). */
export function labelPage(db: BlocklotDb, userId: string, label: string, limit = MAIL_PAGE) {
  return db.mailMessages
    .where("labels")
    .equals(label)
    .reverse()
    .filter((m) => m.userId === userId)
    .limit(limit)
    .toArray();
}

/**
 * Unread messages of `userId` per label (built-in and own): one count of the `*unreadIn` index per
 * label (mail-unread.ts). Reading the user's rows and counting them in memory took ~400 ms for
 * 20,000 messages (docs/benchmarks.md "Mailbox on the device").
 */
export async function unreadCounts(
  db: BlocklotDb,
  userId: string,
  labels: readonly string[],
): Promise<Record<string, number>> {
  const counts = await Promise.all(
    labels.map((l) => db.mailMessages.where("unreadIn").equals(unreadKey(userId, l)).count()),
  );
  return Object.fromEntries(labels.map((l, i) => [l, counts[i] ?? 0]));
}

/** Unread messages of `userId` whatever their labels (one count of the `*unreadIn` index). */
export function unreadTotal(db: BlocklotDb, userId: string): Promise<number> {
  return db.mailMessages.where("unreadIn").equals(unreadKey(userId)).count();
}

/** Whether a message matches a search (subject, sender address or name, body text; any case). */
function matches(m: MailMessage, q: string): boolean {
  return (
    m.subject.toLowerCase().includes(q) ||
    m.from.toLowerCase().includes(q) ||
    m.fromName.toLowerCase().includes(q) ||
    m.text.toLowerCase().includes(q)
  );
}

/**
 * The newest `limit` messages of `userId` matching `query` (the offline search): the messages with
 * a word starting with the query's longest word (the `*words` index, mail-words.ts), matched in
 * full, newest first. Offline a query matches from the start of a word; the server's search
 * (online) matches anywhere.
 */
export async function searchMail(db: BlocklotDb, userId: string, query: string, limit = MAIL_PAGE) {
  const q = query.trim().toLowerCase();
  const longest = wordsOf(q).sort((a, b) => b.length - a.length)[0];
  if (!longest) return [] as MailMessage[];
  const ids = await db.mailMessages.where("words").startsWith(longest).primaryKeys();
  const newest = [...new Set(ids as string[])].sort().reverse();
  const hits: MailMessage[] = [];
  for (let at = 0; at < newest.length && hits.length < limit; at += limit) {
    const rows = await db.mailMessages.bulkGet(newest.slice(at, at + limit));
    for (const m of rows) if (m && m.userId === userId && matches(m, q) && hits.length < limit) hits.push(m);
  }
  return hits;
}

/**
 * One growing page of the list (docs/mail.md "The screen"): the newest `limit` messages of a
 * label, or of a search on the device when `query` is set, and whether older ones follow (one
 * more is read to know). "Load more" asks again with a larger `limit`.
 */
export async function mailPage(
  db: BlocklotDb,
  userId: string,
  { label, query }: { label: string; query: string },
  limit: number,
): Promise<{ messages: MailMessage[]; more: boolean }> {
  const rows = query.trim()
    ? await searchMail(db, userId, query, limit + 1)
    : await labelPage(db, userId, label, limit + 1);
  return { messages: rows.slice(0, limit), more: rows.length > limit };
}

/**
 * The server's search results as the device knows them: a message the device holds is shown
 * from Dexie (so a star or a read mark made here shows at once), else as the server sent it;
 * one the device deleted (a tombstone applied, a discard queued) is left out.
 */
export async function withDeviceRows(db: BlocklotDb, rows: readonly MailMessage[]): Promise<MailMessage[]> {
  const [local, removed] = await Promise.all([
    db.mailMessages.bulkGet(rows.map((r) => r.id)),
    db.outbox
      .where("[entity+id]")
      .anyOf(rows.map((r) => [MAIL_MESSAGE_TYPE.entity, r.id]))
      .filter((e) => e.method === "DELETE")
      .toArray()
      .then((es) => new Set(es.map((e) => e.id))),
  ]);
  return rows.flatMap((r, i) => (removed.has(r.id) ? [] : [local[i] ?? r]));
}
