/** The staff inbox's data: demo requests and contact messages (server: modules/admin/inbox.ts). */
import type { InboxRow } from "../../../domain/admin/inbox";
import type { InboxState } from "../../../domain/admin/list-sorts";
import { http } from "../../lib/http";

export type InboxKind = "demo-requests" | "email-demo-requests" | "contact-messages";

export const inboxEndpoint = (kind: InboxKind) => `/api/admin/${kind}`;

/** Saves a row's state and notes; the server records who changed them and when. */
export const saveInboxRow = (kind: InboxKind, id: string, change: { state: InboxState; notes: string }) =>
  http.patch<InboxRow>(`${inboxEndpoint(kind)}/${id}`, change);
