/**
 * Kanban (issue 14, spec sections 2–4, docs/kanban.md): boards per company, their columns and
 * tasks, and comments appended to a task. Columns and tasks are ordered lists with fractional
 * `position` keys (sync/order-key.ts): a move — to another place in a column or to another
 * column — is one write of one task (`columnId` and `position`). Comments are their own records,
 * so two members commenting at once append two records and never conflict.
 */

export const KANBAN_LIMITS = {
  nameMax: 120,
  titleMax: 300,
  descriptionMax: 20_000,
  labelsMax: 20,
  labelMax: 40,
  assigneesMax: 50,
  checklistsMax: 20,
  checkItemsMax: 100,
  checkTextMax: 300,
  commentMax: 10_000,
  /** Files attached to one task (live ones). */
  attachmentsMax: 20,
  /** Bytes per attached file (the statement upload's own limit may be lower). */
  attachmentMaxBytes: 25 * 1024 * 1024,
} as const;

/** A file attached to a task, as `GET /api/kanban/tasks/{id}/attachments` answers it. */
export interface TaskAttachment {
  id: string;
  taskId: string;
  fileName: string;
  contentType: string;
  size: number;
  uploadedBy: string | null;
  createdAt: string;
}

/**
 * A task's attached file as the devices keep it: the read-only synced type `kanban-attachment`
 * (synced-types.ts), which the change feed carries, tombstones for removed files included.
 * `kind` is the type found from the file's first bytes (pdf, png, jpeg, tiff, heic, xlsx, xls, csv).
 */
export interface KanbanAttachment extends TaskAttachment {
  companyId: string;
  kind: string;
  version: number;
  updatedAt: string;
}

/**
 * The live channel's event (GET /api/events) when a file was attached to or removed from a task of
 * the caller's company: an open drawer of that task reads its list again.
 */
export const KANBAN_ATTACHMENTS_EVENT = "kanban-attachments";
export interface KanbanAttachmentsEventData {
  taskId: string;
  companyId: string;
}

/** ISO calendar date (YYYY-MM-DD). */
export const DUE_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

interface Stamps {
  id: string;
  companyId: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface BoardFields {
  name: string;
}
export type Board = Stamps & BoardFields;

export interface ColumnFields {
  boardId: string;
  name: string;
  position: string;
}
export type Column = Stamps & ColumnFields;

export interface CheckItem {
  id: string;
  text: string;
  done: boolean;
}
export interface Checklist {
  id: string;
  title: string;
  items: CheckItem[];
}

export interface TaskFields {
  boardId: string;
  columnId: string;
  title: string;
  description: string;
  position: string;
  dueDate: string | null;
  labels: string[];
  assignees: string[];
  checklists: Checklist[];
}
export type Task = Stamps & TaskFields;

export interface CommentFields {
  taskId: string;
  body: string;
}
export type Comment = Stamps & CommentFields & { authorId: string | null };

export const BOARD_FIELDS = ["name"] as const satisfies readonly (keyof BoardFields)[];
export const COLUMN_FIELDS = [
  "boardId",
  "name",
  "position",
] as const satisfies readonly (keyof ColumnFields)[];
export const TASK_FIELDS = [
  "boardId",
  "columnId",
  "title",
  "description",
  "position",
  "dueDate",
  "labels",
  "assignees",
  "checklists",
] as const satisfies readonly (keyof TaskFields)[];
export const COMMENT_FIELDS = ["taskId", "body"] as const satisfies readonly (keyof CommentFields)[];

export const newTaskFields = (boardId: string, columnId: string, position: string): TaskFields => ({
  boardId,
  columnId,
  title: "",
  description: "",
  position,
  dueDate: null,
  labels: [],
  assignees: [],
  checklists: [],
});
