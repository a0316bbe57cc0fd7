/**
 * Sending a message (docs/mail.md "Sending"). The request's transaction only makes the sender's
 * copy `sent` and queues one `mail-deliver` job, so a send answers at once and its delivery
 * survives a restart. That job, in its own transaction, files a copy into the inbox of each
 * recipient who is a user of the product — by product address, or by account email when they
 * share a company with the sender — and queues one `mail-send` job for the outside addresses,
 * which hands the mail to SMTP_URL through the product's mailer. A replayed request (same
 * Idempotency-Key) answers the stored result and queues nothing again; a job run twice delivers
 * once.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { MailMessage } from "../../../domain/mail/message";
import type { ServerContext } from "../../context";
import type { Db } from "../../db/client";
import { companyMembers, jobs, mailMessages, users } from "../../db/schema";
import type { Job } from "../../jobs/queue";
import { fileMessage, productAddress, userOfEmail, userOfProductAddress } from "../../mail/mailbox";
import type { Owner } from "../sync/store";
import { messageToApi } from "./api";

export const MAIL_SEND_JOB = "mail-send";
export const MAIL_DELIVER_JOB = "mail-deliver";
/** NOTIFY channel: a message was sent (its delivery job is queued); payload its id. */
export const MAIL_DELIVER_CHANNEL = "mail_deliver";

/** Whether two users share a company. */
async function shareCompany(tx: Db, a: string, b: string): Promise<boolean> {
  const rows = await tx
    .select({ companyId: companyMembers.companyId, userId: companyMembers.userId })
    .from(companyMembers)
    .where(inArray(companyMembers.userId, [a, b]));
  const ofA = new Set(rows.filter((r) => r.userId === a).map((r) => r.companyId));
  return rows.some((r) => r.userId === b && ofA.has(r.companyId));
}

/** The product user an address reaches from `senderId`, or null (an outside address). */
async function productRecipient(tx: Db, senderId: string, address: string) {
  const byProduct = await userOfProductAddress(tx, address);
  if (byProduct) return byProduct;
  const byEmail = await userOfEmail(tx, address);
  if (byEmail && (byEmail.id === senderId || (await shareCompany(tx, senderId, byEmail.id)))) return byEmail;
  return null;
}

/**
 * Sends `m` (state outbox) inside the write's transaction; answers the sender's copy, now sent.
 * Delivery is not done here: one `mail-deliver` job (inserted in this transaction, so it exists
 * exactly when the send committed) files the copies and hands outside addresses to `mail-send`;
 * a NOTIFY on commit wakes the runner that runs it (mailDeliveryWaker).
 */
export async function sendMessage(tx: Db, _owner: Owner, m: MailMessage): Promise<MailMessage> {
  const [sender] = await tx
    .select({ displayName: users.displayName })
    .from(users)
    .where(eq(users.id, m.userId));
  const labels = [...m.labels.filter((l) => l !== "drafts" && l !== "sent"), "sent"];
  const [row] = await tx
    .update(mailMessages)
    .set({
      state: "sent",
      sentAt: new Date(),
      from: productAddress(m.userId),
      fromName: sender?.displayName ?? "",
      labels,
      read: true,
    })
    .where(eq(mailMessages.id, m.id))
    .returning();
  if (m.to.length + m.cc.length > 0) {
    await tx.insert(jobs).values({
      id: uuidv7(),
      kind: MAIL_DELIVER_JOB,
      key: `${MAIL_DELIVER_JOB}:${m.id}`,
      payload: { messageId: m.id },
      maxAttempts: 8,
    });
    await tx.execute(sql`select pg_notify(${MAIL_DELIVER_CHANNEL}, ${m.id})`);
  }
  return messageToApi(row as typeof mailMessages.$inferSelect);
}

/**
 * The `mail-deliver` job: files a copy of the sent message into each product recipient's inbox and
 * queues one `mail-send` job for the outside addresses, all in one transaction. Idempotent: a run
 * again after a crash (the work committed, the job not yet marked done) or after a failure files
 * nothing twice (one received copy per mailbox and Message-ID, `fileMessage`) and sends nothing
 * twice by SMTP (a second `mail-send` is refused by the key or finds `delivered_at` set). The
 * sender's row is locked first, so two runs of one delivery never interleave.
 */
export function mailDeliverHandler(ctx: Pick<ServerContext, "db">) {
  return async (job: Job) => {
    const { messageId } = job.payload as { messageId: string };
    await deliverMessage(ctx.db, messageId).catch((err) => {
      // The job's last_error keeps the database's reason, not the failed query with the mail in it.
      throw new Error(`mail delivery failed: ${rootMessage(err)}`);
    });
  };
}

/** The innermost cause's message (drizzle wraps the driver's error with the query and its parameters). */
function rootMessage(err: unknown): string {
  let e: unknown = err;
  while ((e as { cause?: unknown })?.cause) e = (e as { cause: unknown }).cause;
  return e instanceof Error ? e.message : String(e);
}

/**
 * Delivers one sent message (the `mail-deliver` job's work, in one transaction). Safe to call
 * beside the job, any number of times: the demo seed calls it to fill its mailboxes at once.
 */
export async function deliverMessage(db: Db, messageId: string) {
  await db.transaction(async (tx) => {
    const [m] = await tx.select().from(mailMessages).where(eq(mailMessages.id, messageId)).for("update");
    if (m?.state !== "sent") return;
    const outside: string[] = [];
    const seen = new Set<string>();
    for (const address of [...m.to, ...m.cc]) {
      if (seen.has(address)) continue;
      seen.add(address);
      const user = await productRecipient(tx, m.userId, address);
      if (!user) {
        outside.push(address);
        continue;
      }
      await fileMessage(tx, user.id, {
        messageId: m.messageId,
        inReplyTo: m.inReplyTo,
        references: m.references,
        from: m.from,
        fromName: m.fromName,
        to: m.to,
        cc: m.cc,
        subject: m.subject,
        html: m.html,
        labels: ["inbox"],
        sentAt: m.sentAt ?? new Date(),
        companyId: user.id === m.userId ? m.companyId : null,
      });
    }
    if (!outside.length) return;
    // A run again finds the first run's job queued (the key is unique while queued or running:
    // nothing inserted) or finished (the new one sees `delivered_at` and sends nothing).
    await tx
      .insert(jobs)
      .values({
        id: uuidv7(),
        kind: MAIL_SEND_JOB,
        key: `${MAIL_SEND_JOB}:${m.id}`,
        payload: {
          messageId: m.id,
          to: m.to.filter((a) => outside.includes(a)),
          cc: m.cc.filter((a) => outside.includes(a)),
        },
        maxAttempts: 8,
      })
      .onConflictDoNothing();
  });
}

/** The job: hands the sent message to SMTP_URL once (delivered_at is set when it was accepted). */
export function mailSendHandler(ctx: ServerContext) {
  return async (job: Job) => {
    const { messageId, to, cc } = job.payload as { messageId: string; to: string[]; cc: string[] };
    const [m] = await ctx.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.id, messageId), isNull(mailMessages.deliveredAt)));
    if (m?.state !== "sent") return;
    await ctx.mailer.relay({
      from: { name: m.fromName, address: m.from },
      to,
      cc,
      subject: m.subject,
      html: m.html,
      text: m.text,
      messageId: m.messageId,
      inReplyTo: m.inReplyTo,
      references: m.references,
    });
    await ctx.db.update(mailMessages).set({ deliveredAt: new Date() }).where(eq(mailMessages.id, m.id));
  };
}
