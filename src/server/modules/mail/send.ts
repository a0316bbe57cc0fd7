/**
 * Sending a message (docs/mail.md "Sending"): in the transaction that puts it in the outbox, each
 * recipient who is a user of the product — by product address, or by account email when they share
 * a company with the sender — gets a copy in their inbox; outside addresses get one `mail-send` job,
 * keyed by the message, that hands the mail to SMTP_URL through the product's mailer. The sender's
 * copy becomes `sent`. A replayed request (same Idempotency-Key) answers the stored result and sends
 * nothing again; the job checks `delivered_at` before it sends.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
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

/** Sends `m` (state outbox) inside the write's transaction; answers the sender's copy, now sent. */
export async function sendMessage(tx: Db, owner: Owner, m: MailMessage): Promise<MailMessage> {
  const [sender] = await tx
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, m.userId));
  const from = productAddress(m.userId);
  const fromName = sender?.displayName ?? "";
  const sentAt = new Date();
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
      from,
      fromName,
      to: m.to,
      cc: m.cc,
      subject: m.subject,
      html: m.html,
      labels: ["inbox"],
      sentAt,
      companyId: user.id === owner.userId ? owner.companyId : null,
    });
  }
  const labels = [...m.labels.filter((l) => l !== "drafts" && l !== "sent"), "sent"];
  const [row] = await tx
    .update(mailMessages)
    .set({ state: "sent", sentAt, from, fromName, labels, read: true })
    .where(eq(mailMessages.id, m.id))
    .returning();
  if (outside.length) {
    // In the same transaction: the job exists exactly when the send committed.
    await tx.insert(jobs).values({
      id: uuidv7(),
      kind: MAIL_SEND_JOB,
      key: `${MAIL_SEND_JOB}:${m.id}`,
      payload: {
        messageId: m.id,
        to: m.to.filter((a) => outside.includes(a)),
        cc: m.cc.filter((a) => outside.includes(a)),
      },
      maxAttempts: 8,
    });
  }
  return messageToApi(row as typeof mailMessages.$inferSelect);
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
