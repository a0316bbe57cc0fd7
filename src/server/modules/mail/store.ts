/**
 * Mail on the server (domain/mail, docs/mail.md): messages and labels as user types of the sync
 * module (modules/sync/store.ts). A message's body is sanitised whenever it is written; a message
 * put in the outbox is sent in the same write (send.ts) and answered `sent`; sent and received
 * messages keep their text (only labels and the read mark change).
 */
import { and, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { ERROR_CODES } from "../../../domain/errors";
import {
  MAIL_CONTENT_FIELDS,
  MAIL_LABEL_FIELDS,
  MAIL_MESSAGE_FIELDS,
  type MailLabel,
  type MailLabelFields,
  type MailMessage,
  type MailMessageFields,
  validateLabelFields,
  validateMessageFields,
} from "../../../domain/mail/message";
import { MAIL_LABEL_TYPE, MAIL_MESSAGE_TYPE } from "../../../domain/mail/synced-types";
import type { Db } from "../../db/client";
import { mailLabels, mailMessages } from "../../db/schema";
import { newMessageId, threadOf } from "../../mail/mailbox";
import { htmlToText, sanitizeMailHtml } from "../../mail/sanitize";
import { httpError } from "../../plugins/errors";
import type { Owner, SyncKind } from "../sync/store";
import { messageToApi } from "./api";
import { sendMessage } from "./send";

type MessageRow = typeof mailMessages.$inferSelect;
type LabelRow = typeof mailLabels.$inferSelect;

const pick = <K extends string>(keys: readonly K[], api: Record<string, unknown>) =>
  Object.fromEntries(keys.map((k) => [k, api[k]]));

const forbidden = (message: string) => httpError(403, message, { code: ERROR_CODES.FORBIDDEN });

export const MESSAGE: SyncKind<MailMessageFields, MailMessage> = {
  decl: MAIL_MESSAGE_TYPE,
  label: "Message",
  table: mailMessages,
  toApi: messageToApi as (row: never) => MailMessage,
  defaults: {
    to: [],
    cc: [],
    subject: "",
    html: "",
    inReplyTo: "",
    labels: ["drafts"],
    read: true,
    state: "draft",
  },
  // The stored body is the sanitised one: compare sanitised with sanitised (a resent create).
  fieldsOf: (api) =>
    ({
      ...pick(MAIL_MESSAGE_FIELDS, api as unknown as Record<string, unknown>),
      html: sanitizeMailHtml(api.html),
    }) as unknown as MailMessageFields,
  columns: (f) => {
    const out: Record<string, unknown> = { ...f };
    if (f.html !== undefined) {
      out.html = sanitizeMailHtml(f.html);
      out.text = htmlToText(out.html as string);
    }
    if (f.to) out.to = f.to.map((a) => a.toLowerCase());
    if (f.cc) out.cc = f.cc.map((a) => a.toLowerCase());
    return out;
  },
  validate: (f, partial) => validateMessageFields(f, partial),
  async afterWrite(tx, owner, before, after) {
    const was = before?.state;
    if (was === "sent" || was === "received") {
      const changed = [...MAIL_CONTENT_FIELDS, "state" as const].filter(
        (k) => JSON.stringify(before?.[k]) !== JSON.stringify(after[k]),
      );
      if (changed.length)
        throw forbidden(
          `A ${was} message keeps its ${changed.join(", ")}; only its labels and read mark change`,
        );
      return after;
    }
    if (after.state === "sent" || after.state === "received")
      throw httpError(400, "state: a message becomes sent or received only by the server", {
        errors: { state: "Only draft or outbox" },
      });
    let row = after;
    if (after.inReplyTo !== (before?.inReplyTo ?? "")) row = await joinThread(tx, row);
    if (row.state === "outbox") row = await sendMessage(tx, owner, row);
    return row;
  },
};

/** A draft answering a message joins its thread and carries its References (RFC 5322 3.6.4). */
async function joinThread(tx: Db, m: MailMessage): Promise<MailMessage> {
  const [answered] = m.inReplyTo
    ? await tx
        .select({ threadId: mailMessages.threadId, references: mailMessages.references })
        .from(mailMessages)
        .where(and(eq(mailMessages.userId, m.userId), eq(mailMessages.messageId, m.inReplyTo)))
        .limit(1)
    : [];
  const threadId = answered?.threadId ?? (await threadOf(tx, m.userId, [m.inReplyTo])) ?? m.id;
  const references = m.inReplyTo ? [...(answered?.references ?? []), m.inReplyTo].slice(-20) : [];
  const [row] = await tx
    .update(mailMessages)
    .set({ threadId, references })
    .where(eq(mailMessages.id, m.id))
    .returning();
  return messageToApi(row as MessageRow);
}

/** Columns a new message gets: its own thread (until it answers one) and Message-ID. */
export const newMessageColumns = () => ({ threadId: uuidv7(), messageId: newMessageId() });

const labelToApi = (r: LabelRow): MailLabel => ({
  id: r.id,
  userId: r.userId,
  name: r.name,
  colour: r.colour,
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const LABEL: SyncKind<MailLabelFields, MailLabel> = {
  decl: MAIL_LABEL_TYPE,
  label: "Label",
  table: mailLabels,
  toApi: labelToApi as (row: never) => MailLabel,
  defaults: { colour: "gray" },
  fieldsOf: (api) =>
    pick(MAIL_LABEL_FIELDS, api as unknown as Record<string, unknown>) as unknown as MailLabelFields,
  columns: (f) => (f.name === undefined ? { ...f } : { ...f, name: f.name.trim() }),
  validate: (f, partial) => validateLabelFields(f, partial),
  afterDelete: async (tx, owner, label) => {
    await removeLabelFromMessages(tx, owner, label.id);
  },
};

/**
 * A deleted label leaves every live message of its owner that carries it, in the delete's
 * transaction: each such message is one change (version + 1, so the feed brings it to every
 * device), and a message another device labelled offline meanwhile loses it too. Answers how many
 * messages changed.
 */
async function removeLabelFromMessages(tx: Db, owner: Owner, labelId: string): Promise<number> {
  const t = mailMessages;
  const changed = await tx
    .update(t)
    .set({
      labels: sql`${t.labels} - ${labelId}::text`,
      version: sql`${t.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(t.userId, owner.userId ?? ""),
        isNull(t.deletedAt),
        sql`${t.labels} @> ${JSON.stringify([labelId])}::jsonb`,
      ),
    )
    .returning({ id: t.id });
  return changed.length;
}

export async function listLabels(db: Db, userId: string): Promise<MailLabel[]> {
  const rows = await db
    .select()
    .from(mailLabels)
    .where(and(eq(mailLabels.userId, userId), isNull(mailLabels.deletedAt)))
    .orderBy(mailLabels.name);
  return rows.map(labelToApi);
}

/**
 * The list order's time: sent (else last changed), to the millisecond (the cursor's precision), in
 * UTC. Written so (immutable: an explicit zone) that the index `mail_messages_user_list_idx`
 * (migration 0050) holds it: a page is a walk of that index, not a sort of the mailbox.
 */
const listOrder = () =>
  sql`date_trunc('milliseconds', timezone('UTC', coalesce(${mailMessages.sentAt}, ${mailMessages.updatedAt})))`;

/**
 * How many of the newest messages a search reads before it asks the trigram index: a word found
 * in as many as 1 in 40 messages fills its page there, cheaper than the index's every match.
 */
const RECENT_SCAN = 2000;

/** `%`, `_` and `\` matched literally in ILIKE. */
const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of the user's messages, newest first: with `label`, those carrying it; with `q`, those
 * whose subject, sender (address or name) or body contains it (any case); `before` = the last
 * page's oldest `sentAt|id` for the next page. The online search; the app searches its own copy
 * offline (docs/mail.md "Search").
 */
export async function listMessages(
  db: Db,
  userId: string,
  query: { label?: string; q?: string; thread?: string; before?: string; limit: number },
): Promise<{ rows: MailMessage[]; next: string | null }> {
  const t = mailMessages;
  const when = listOrder();
  const where: SQL[] = [eq(t.userId, userId), isNull(t.deletedAt)];
  if (query.label) where.push(sql`${t.labels} @> ${JSON.stringify([query.label])}::jsonb`);
  if (query.thread) where.push(eq(t.threadId, query.thread));
  if (query.before) {
    const [at, id] = query.before.split("|");
    const date = new Date(at ?? "");
    if (Number.isNaN(date.getTime()) || !id || !/^[0-9a-f-]{36}$/i.test(id))
      throw httpError(400, "before: not a cursor of this list");
    where.push(sql`(${when}, ${t.id}) < (timezone('UTC', ${date.toISOString()}::timestamptz), ${id}::uuid)`);
  }
  const pageOf = (conditions: SQL[]) =>
    db
      .select()
      .from(t)
      .where(and(...conditions))
      .orderBy(desc(when), desc(t.id))
      .limit(query.limit + 1);
  let rows: MessageRow[];
  const q = query.q?.trim();
  if (!q) rows = await pageOf(where);
  else {
    const like = likeText(q);
    const matches = or(
      ilike(t.subject, like),
      ilike(t.from, like),
      ilike(t.fromName, like),
      ilike(t.text, like),
    ) as SQL;
    // A common word: the newest RECENT_SCAN messages (a walk of the list index) hold a full page.
    const recent = db
      .select({ id: t.id })
      .from(t)
      .where(and(...where))
      .orderBy(desc(when), desc(t.id))
      .limit(RECENT_SCAN);
    rows = await pageOf([inArray(t.id, recent), matches]);
    // A rare one: the trigram index of the four fields together (migration 0050) finds it in the
    // whole mailbox; each field on its own decides (no match across two fields).
    if (rows.length <= query.limit)
      rows = await pageOf([
        ...where,
        sql`(${t.subject} || ' ' || ${t.from} || ' ' || ${t.fromName} || ' ' || ${t.text}) ilike ${like}`,
        matches,
      ]);
  }
  const page = rows.slice(0, query.limit).map(messageToApi);
  const last = page.at(-1);
  return {
    rows: page,
    next: rows.length > query.limit && last ? `${last.sentAt ?? last.updatedAt}|${last.id}` : null,
  };
}
