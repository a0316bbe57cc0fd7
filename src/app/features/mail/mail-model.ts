/**
 * The mail screen's rules (docs/mail.md "The screen"), pure and unit tested: which labels a
 * mailbox shows, a label's messages as threads, a move to a label, and a reply's or a forward's
 * first fields.
 */
import type { MailMessage, MailMessageFields } from "../../../domain/mail/message";
import { SYSTEM_LABELS } from "../../../domain/mail/message";

export type SystemLabel = (typeof SYSTEM_LABELS)[number];
export { SYSTEM_LABELS };

/** The places a message is in: a move replaces the one it is in (the other labels stay). */
const PLACES = ["inbox", "spam", "trash"] as const;

export const isSystemLabel = (l: string): l is SystemLabel =>
  (SYSTEM_LABELS as readonly string[]).includes(l);

/** The labels after a move to `target`: a place replaces the current place; another label is added. */
export function movedLabels(labels: readonly string[], target: string): string[] {
  const isPlace = (l: string) => (PLACES as readonly string[]).includes(l);
  const kept = isPlace(target) ? labels.filter((l) => !isPlace(l)) : [...labels];
  return kept.includes(target) ? kept : [...kept, target];
}

/** The labels with `label` on or off (star, important). */
export function toggledLabel(labels: readonly string[], label: string, on: boolean): string[] {
  const without = labels.filter((l) => l !== label);
  return on ? [...without, label] : without;
}

export interface ThreadSummary {
  threadId: string;
  /** The newest message of the thread in the list. */
  latest: MailMessage;
  count: number;
  unread: boolean;
  starred: boolean;
}

/**
 * Messages (newest first) as threads, in the order of each thread's newest message: the list
 * shows a conversation once, with its newest message.
 */
export function threadsOf(messages: readonly MailMessage[]): ThreadSummary[] {
  const byThread = new Map<string, ThreadSummary>();
  for (const m of messages) {
    const key = m.threadId || m.id;
    const t = byThread.get(key);
    if (!t) {
      byThread.set(key, {
        threadId: key,
        latest: m,
        count: 1,
        unread: !m.read,
        starred: m.labels.includes("starred"),
      });
      continue;
    }
    t.count += 1;
    t.unread ||= !m.read;
    t.starred ||= m.labels.includes("starred");
  }
  return [...byThread.values()];
}

/** A thread's messages, oldest first (ids are UUIDv7: time-ordered). */
export const inThreadOrder = (messages: readonly MailMessage[]) =>
  [...messages].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

const prefixed = (prefix: string, subject: string) =>
  subject.toLowerCase().startsWith(prefix.toLowerCase()) ? subject : `${prefix} ${subject}`.trim();

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Who wrote a message, as a person reads it. */
export const senderOf = (m: Pick<MailMessage, "from" | "fromName">) =>
  m.fromName && m.fromName !== m.from ? `${m.fromName} <${m.from}>` : m.from;

export type DraftFields = Pick<MailMessageFields, "to" | "cc" | "subject" | "html" | "inReplyTo">;

/**
 * A reply's first fields: to the sender (to the first recipients when the message is the user's
 * own), "Re:" once, the quoted message, and `inReplyTo` so that the server threads it.
 */
export function replyDraft(m: MailMessage, quoteHeader: string): DraftFields {
  const own = m.state === "sent" || m.state === "draft" || m.state === "outbox";
  return {
    to: own ? [...m.to] : m.from ? [m.from] : [],
    cc: [],
    subject: prefixed("Re:", m.subject),
    html: `<p></p><p>${escapeHtml(quoteHeader)}</p><blockquote>${m.html}</blockquote>`,
    inReplyTo: m.messageId,
  };
}

/** A forward's first fields: no recipient, "Fwd:" once, the message below a header; a new thread. */
export function forwardDraft(m: MailMessage, header: string): DraftFields {
  return {
    to: [],
    cc: [],
    subject: prefixed("Fwd:", m.subject),
    html: `<p></p><p>${escapeHtml(header)}</p><blockquote>${m.html}</blockquote>`,
    inReplyTo: "",
  };
}

/** Addresses typed in one field ("a@x.com, b@y.org; c@z.net"), trimmed, without repeats. */
export function splitAddresses(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((a) => a.trim())
        .filter(Boolean),
    ),
  ];
}
