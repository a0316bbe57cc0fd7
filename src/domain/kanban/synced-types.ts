/**
 * Kanban's synced types (src/domain/sync/entity.ts, docs/offline.md "How to add a synced type"):
 * boards, columns and tasks of a company, comments appended to tasks, and the files attached to
 * tasks (read-only: uploaded and removed through their own routes, kept on the device by the feed).
 */
import { defineSyncedType } from "../sync/entity";
import { BOARD_FIELDS, COLUMN_FIELDS, COMMENT_FIELDS, TASK_FIELDS } from "./board";
import { mergeColumn, mergeTask } from "./merge";

export const BOARD_TYPE = defineSyncedType({
  entity: "kanban-board",
  path: "/api/kanban/boards",
  fields: BOARD_FIELDS,
  scope: "company",
  localTable: "kanbanBoards",
});

export const COLUMN_TYPE = defineSyncedType({
  entity: "kanban-column",
  path: "/api/kanban/columns",
  fields: COLUMN_FIELDS,
  scope: "company",
  localTable: "kanbanColumns",
  merge: (base, mine, theirs) =>
    mergeColumn(base, mine, theirs) as { merged: Record<string, unknown>; conflicts: string[] },
});

export const TASK_TYPE = defineSyncedType({
  entity: "kanban-task",
  path: "/api/kanban/tasks",
  fields: TASK_FIELDS,
  scope: "company",
  localTable: "kanbanTasks",
  merge: (base, mine, theirs) =>
    mergeTask(base, mine, theirs) as ReturnType<typeof mergeTask<Record<string, unknown>>> & {
      conflicts: string[];
    },
});

/** Comments are appended (never edited by another member): each is its own record. */
export const COMMENT_TYPE = defineSyncedType({
  entity: "kanban-comment",
  path: "/api/kanban/comments",
  fields: COMMENT_FIELDS,
  scope: "company",
  localTable: "kanbanComments",
});

/**
 * Files attached to tasks (board.ts `KanbanAttachment`): the feed brings each task's list to the
 * device, so a drawer lists its files offline; attaching and removing go through
 * `/api/kanban/tasks/{taskId}/attachments` and `/api/kanban/attachments/{id}`, never the outbox.
 */
export const ATTACHMENT_TYPE = defineSyncedType({
  entity: "kanban-attachment",
  path: "/api/kanban/attachments",
  fields: [],
  scope: "company",
  localTable: "kanbanAttachments",
  readOnly: true,
});

export const KANBAN_TYPES = [BOARD_TYPE, COLUMN_TYPE, TASK_TYPE, COMMENT_TYPE, ATTACHMENT_TYPE] as const;
