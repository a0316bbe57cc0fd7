/**
 * Kanban attachments' live notices: every file attached to or removed from a task notifies
 * `kanban_attachments_changed` with `{ taskId, companyId }` on commit (migration 0046's trigger),
 * to this process (PGlite) or every replica LISTENing (PostgreSQL). GET /api/events passes each on
 * as `event: kanban-attachments` to the company's board members (attachments are not a synced
 * type, so `sync-changed` does not carry them).
 */
import type { KanbanAttachmentsEventData } from "../../../domain/kanban/board";
import type { Database } from "../../db/client";
import { type Notices, openNotices } from "../../db/listen";

const CHANNEL = "kanban_attachments_changed";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function parseNotice(payload: string): KanbanAttachmentsEventData | null {
  try {
    const v = JSON.parse(payload) as Partial<KanbanAttachmentsEventData>;
    if (
      typeof v.taskId === "string" &&
      UUID.test(v.taskId) &&
      typeof v.companyId === "string" &&
      UUID.test(v.companyId)
    )
      return { taskId: v.taskId, companyId: v.companyId };
  } catch {
    // not ours
  }
  return null;
}

export type KanbanAttachmentNotices = Notices<KanbanAttachmentsEventData>;

export const openKanbanAttachmentNotices = (database: Database): Promise<KanbanAttachmentNotices> =>
  openNotices(database, CHANNEL, parseNotice);
