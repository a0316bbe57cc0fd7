/**
 * Filing mail into users' mailboxes (docs/mail.md): messages delivered inside the product,
 * received by the SMTP listener, and the product's own mails to its users. Every copy is a
 * `mail-message` record of its user (the feed and live notices carry it); a reply joins the
 * thread of the message it answers (In-Reply-To, then References), else it starts its own.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "../db/client";
import { mailMessages, users } from "../db/schema";
import { htmlToText, sanitizeMailHtml } from "./sanitize";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let domain = "blocklot.local";

/** The domain of users' product addresses (MAIL_DOMAIN), set once when the app starts. */
export function setMailDomain(d: string) {
  domain = d.toLowerCase();
}

/** A user's product address: `<user id>@MAIL_DOMAIN` (docs/mail.md "Addresses"). */
export const productAddress = (userId: string) => `${userId}@${domain}`;

/** A new RFC 5322 Message-ID (without angle brackets). */
export const newMessageId = () => `${uuidv7()}@${domain}`;

/** Message-IDs as stored: without angle brackets or spaces. */
const bareId = (id: string) => id.trim().replace(/^<|>$/g, "");

export interface MailUser {
  id: string;
  email: string;
  displayName: string;
}

/** The user a product address (`<user id>@MAIL_DOMAIN`) belongs to, or null. */
export async function userOfProductAddress(db: Db, address: string): Promise<MailUser | null> {
  const at = address.lastIndexOf("@");
  const local = address.slice(0, at);
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain || !UUID.test(local)) return null;
  const [u] = await db
    .select({ id: users.id, email: users.email, displayName: users.displayName })
    .from(users)
    .where(and(eq(users.id, local.toLowerCase()), isNull(users.disabledAt)));
  return u ?? null;
}

/** The user whose account email is `address`, or null. */
export async function userOfEmail(db: Db, address: string): Promise<MailUser | null> {
  const [u] = await db
    .select({ id: users.id, email: users.email, displayName: users.displayName })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${address.toLowerCase()}`, isNull(users.disabledAt)))
    .limit(1);
  return u ?? null;
}

/** The thread a message answering these ids joins in `userId`'s mailbox, or null (a new thread). */
export async function threadOf(db: Db, userId: string, answered: readonly string[]): Promise<string | null> {
  const ids = [...new Set(answered.map(bareId).filter(Boolean))];
  if (ids.length === 0) return null;
  const rows = await db
    .select({ threadId: mailMessages.threadId, messageId: mailMessages.messageId })
    .from(mailMessages)
    .where(and(eq(mailMessages.userId, userId), inArray(mailMessages.messageId, ids)));
  // In-Reply-To (the first id) wins over References.
  for (const id of ids) {
    const hit = rows.find((r) => r.messageId === id);
    if (hit) return hit.threadId;
  }
  return null;
}

export interface Incoming {
  messageId: string;
  inReplyTo: string;
  references: string[];
  from: string;
  fromName: string;
  to: string[];
  cc: string[];
  subject: string;
  /** Unsanitised HTML: sanitised here. */
  html: string;
  labels: string[];
  sentAt: Date;
  companyId?: string | null;
}

/**
 * Files a copy of a message into `userId`'s mailbox (state received). The same Message-ID filed
 * twice for one user (a resent SMTP delivery, a replayed job) is filed once: answers the id.
 */
export async function fileMessage(db: Db, userId: string, m: Incoming): Promise<string> {
  const messageId = bareId(m.messageId) || newMessageId();
  const [existing] = await db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.userId, userId),
        eq(mailMessages.messageId, messageId),
        eq(mailMessages.state, "received"),
      ),
    );
  if (existing) return existing.id;
  const inReplyTo = bareId(m.inReplyTo);
  const references = m.references.map(bareId).filter(Boolean);
  const id = uuidv7();
  const threadId = (await threadOf(db, userId, [inReplyTo, ...references.slice().reverse()])) ?? id;
  const html = sanitizeMailHtml(m.html);
  await db.insert(mailMessages).values({
    id,
    userId,
    companyId: m.companyId ?? null,
    threadId,
    messageId,
    inReplyTo,
    references,
    from: m.from,
    fromName: m.fromName,
    to: m.to,
    cc: m.cc,
    subject: m.subject,
    html,
    text: htmlToText(html),
    labels: m.labels,
    read: false,
    state: "received",
    sentAt: m.sentAt,
  });
  return id;
}
