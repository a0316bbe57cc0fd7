/**
 * A demo request or contact message as the staff inbox API sends it (server: modules/admin/inbox.ts;
 * app: features/admin-inbox). Times are ISO strings.
 */
import type { InboxState } from "./list-sorts";

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
