/**
 * A kanban task's files in the upload queue (attachment-uploads.ts `queueTaskFile`), and how they
 * leave with the task: a task that never reached the server (its create discarded on the sync
 * screen, or deleted before it was sent) takes its files with it, in the same transaction, so none
 * is later refused and left for the user to dismiss (docs/kanban.md "Attachments").
 */
import { TASK_TYPE } from "../../domain/kanban/synced-types";
import type { RecordDependents } from "../../sync/dependents";
import type { BlocklotDb } from "./db";

/** The queue's group of one kanban task's files. */
export const taskUploadHash = (taskId: string) => `kanban:${taskId}`;

/** Removes every queued file of a task, whatever its state; returns how many. */
function dropTaskFiles(db: BlocklotDb, taskId: string): Promise<number> {
  const hash = taskUploadHash(taskId);
  return db.photoUploads.where("[hash+createdAt]").between([hash, ""], [hash, "\uffff"]).delete();
}

/** The app's record dependents (sync engine option): a task's queued files. */
export const taskFileDependents: RecordDependents = {
  tables: (db) => [(db as BlocklotDb).photoUploads],
  forget: async (db, entity, id) => {
    if (entity === TASK_TYPE.entity) await dropTaskFiles(db as BlocklotDb, id);
  },
};
