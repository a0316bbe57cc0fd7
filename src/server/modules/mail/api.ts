/** A stored message as the API answers it. */
import type { MailMessage } from "../../../domain/mail/message";
import type { mailMessages } from "../../db/schema";

type MessageRow = typeof mailMessages.$inferSelect;

export const messageToApi = (r: MessageRow): MailMessage => ({
  id: r.id,
  userId: r.userId,
  threadId: r.threadId,
  messageId: r.messageId,
  inReplyTo: r.inReplyTo,
  references: r.references,
  from: r.from,
  fromName: r.fromName,
  to: r.to,
  cc: r.cc,
  subject: r.subject,
  html: r.html,
  text: r.text,
  labels: r.labels,
  read: r.read,
  state: r.state as MailMessage["state"],
  sentAt: r.sentAt ? r.sentAt.toISOString() : null,
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
