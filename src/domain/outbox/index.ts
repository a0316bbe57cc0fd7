/**
 * The mail outbox as super admins read it (/admin/outbox, issue 24): every mail the product
 * sends is a row; without a mail server (SMTP_URL unset) it stays there. Shared by the server
 * (src/server/modules/outbox) and the admin page (src/app/features/outbox).
 */

export const OUTBOX_PATH = "/api/admin/outbox";

/** sent: handed to the mail server; failed: the mail server refused it; kept: never left the outbox. */
export const OUTBOX_STATUSES = ["sent", "failed", "kept"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  kind: string;
  status: OutboxStatus;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface OutboxMailFull extends OutboxMail {
  text: string;
  html: string | null;
}

export interface OutboxPage {
  rows: OutboxMail[];
  total: number;
  page: number;
  rowsPerPage: number;
  /** Whether this server has a mail server (SMTP_URL) or keeps every mail here. */
  delivery: "smtp" | "outbox";
}
