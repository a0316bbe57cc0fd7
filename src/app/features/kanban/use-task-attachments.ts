/**
 * A task's attached files as this device keeps them (docs/kanban.md "Attachments"): the sync
 * feed brings every task's list (the read-only synced type `kanban-attachment`), so a drawer lists
 * its files offline, also for a task never opened online. Oldest first, as the server lists them.
 */
import { useLiveQuery } from "dexie-react-hooks";
import type { KanbanAttachment } from "../../../domain/kanban/board";
import type { BlocklotDb } from "../../offline/db";
import { getDb } from "../../offline/db";

const oldestFirst = (a: KanbanAttachment, b: KanbanAttachment) =>
  a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/** The task's files on the device, oldest first. */
export async function taskAttachments(db: BlocklotDb, taskId: string): Promise<KanbanAttachment[]> {
  const rows = await db.kanbanAttachments.where("taskId").equals(taskId).toArray();
  return rows.sort(oldestFirst);
}

/** The task's files on the device (undefined while the first read runs). */
export function useTaskAttachments(taskId: string): KanbanAttachment[] | undefined {
  const db = getDb();
  return useLiveQuery(() => taskAttachments(db, taskId), [db, taskId]);
}
