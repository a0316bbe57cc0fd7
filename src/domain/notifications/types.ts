/**
 * The bell's notifications (spec sections 3, 4, 9; issue 16; docs/notifications.md): what the
 * server stores and sends, and the constants the app and the server share.
 */

/** The spec's types, then the product's own events. */
export const NOTIFICATION_TYPES = [
  "job_add",
  "new_feature",
  "company_created",
  "statement_extracted",
  "statement_failed",
  "quote_sent",
  "invoice_paid",
  "filing_filed",
  "invitation_accepted",
  "import_finished",
  "chat_message",
  "deadline_approaching",
  "invoice_due",
  "ebay_sale",
  "ebay_reconnect",
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** One notification as GET /api/notifications sends it (spec section 3 Notification). */
export interface NotificationApi {
  id: string;
  type: NotificationType;
  /** ISO instant. */
  createdAt: string;
  author: string;
  avatar: string | null;
  job: string | null;
  /** The company's name. */
  company: string;
  companyId: string;
  description: string;
  /** An app path ("/dashboard/…") to what it is about, or null. */
  link: string | null;
  read: boolean;
}

export interface NotificationPage {
  items: NotificationApi[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
  unread: number;
}

export const NOTIFICATIONS_PATH = "/api/notifications";
/** The live event GET /api/events sends the recipient when their notifications change. */
export const NOTIFICATIONS_CHANGED_EVENT = "notifications-changed";

export const NOTIFICATIONS_PAGE_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_MAX = 100;
/** Read notifications older than this are deleted (issue 16). */
export const NOTIFICATION_READ_RETENTION_DAYS = 90;

/** Only app paths are links (never another site): "/x", not "//host" or "https:". */
export function isAppPath(link: string | null | undefined): link is string {
  return typeof link === "string" && link.startsWith("/") && !link.startsWith("//");
}
