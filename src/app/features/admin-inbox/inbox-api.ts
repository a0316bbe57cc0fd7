/** The staff inbox's data: demo requests and contact messages (server: modules/admin/inbox.ts). */
import type { InboxState } from "../../../domain/admin/list-sorts";
import { http } from "../../lib/http";

export type InboxKind = "demo-requests" | "email-demo-requests" | "contact-messages";

export interface InboxRow {
  id: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  message: string | null;
  interest: string | null;
  state: InboxState;
  notes: string;
  stateChangedAt: string | null;
  stateChangedBy: string | null;
  notesChangedAt: string | null;
  notesChangedBy: string | null;
  createdAt: string;
}

export const inboxEndpoint = (kind: InboxKind) => `/api/admin/${kind}`;

/** Saves a row's state and notes; the server records who changed them and when. */
export const saveInboxRow = (kind: InboxKind, id: string, change: { state: InboxState; notes: string }) =>
  http.patch<InboxRow>(`${inboxEndpoint(kind)}/${id}`, change);
