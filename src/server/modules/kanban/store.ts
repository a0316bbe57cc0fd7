/**
 * Kanban's synced types on the server (domain/kanban, docs/kanban.md): each a SyncKind of the sync
 * module (modules/sync/store.ts). Columns name their board and tasks their board and column,
 * comments their task; those references are checked inside the company (a live record), so a
 * write can never attach a record to another company's board.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import {
  type Board,
  type BoardFields,
  type Column,
  type ColumnFields,
  type Comment,
  type CommentFields,
  newTaskFields,
  type Task,
  type TaskFields,
} from "../../../domain/kanban/board";
import { BOARD_TYPE, COLUMN_TYPE, COMMENT_TYPE, TASK_TYPE } from "../../../domain/kanban/synced-types";
import {
  validateBoardFields,
  validateColumnFields,
  validateCommentFields,
  validateTaskFields,
} from "../../../domain/kanban/validate";
import type { Db } from "../../db/client";
import { kanbanBoards, kanbanColumns, kanbanComments, kanbanTasks } from "../../db/schema";
import { httpError } from "../../plugins/errors";
import type { AnyKind, SyncKind } from "../sync/store";

const stamps = (r: { id: string; companyId: string; version: number; createdAt: Date; updatedAt: Date }) => ({
  id: r.id,
  companyId: r.companyId,
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const pick = <T extends object>(obj: T, keys: readonly (keyof T)[]) =>
  Object.fromEntries(keys.map((k) => [k, obj[k]])) as T;

type RefTable = typeof kanbanBoards | typeof kanbanColumns | typeof kanbanTasks;

/** 400 unless `ref` is a live record of `table` in the company (and, for a column, of `boardId`). */
async function mustExist(
  tx: Db,
  table: RefTable,
  companyId: string,
  key: string,
  ref: string,
  label: string,
) {
  const [found] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, ref), eq(table.companyId, companyId), isNull(table.deletedAt)));
  if (!found)
    throw httpError(400, `${key}: ${label} ${ref} is not in your company`, {
      errors: { [key]: `${label} not found` },
    });
}

export const BOARD: SyncKind<BoardFields, Board> = {
  decl: BOARD_TYPE,
  label: "Board",
  table: kanbanBoards,
  toApi: ((r: typeof kanbanBoards.$inferSelect) => ({ ...stamps(r), name: r.name })) as (row: never) => Board,
  defaults: {},
  fieldsOf: (api) => pick(api, ["name"]),
  columns: (f) => ({ ...f }),
  validate: (f, partial) => validateBoardFields(f, partial),
};

export const COLUMN: SyncKind<ColumnFields, Column> = {
  decl: COLUMN_TYPE,
  label: "Column",
  table: kanbanColumns,
  toApi: ((r: typeof kanbanColumns.$inferSelect) => ({
    ...stamps(r),
    boardId: r.boardId,
    name: r.name,
    position: r.position,
  })) as (row: never) => Column,
  defaults: {},
  fieldsOf: (api) => pick(api, ["boardId", "name", "position"]),
  columns: (f) => ({ ...f }),
  validate: (f, partial) => validateColumnFields(f, partial),
  async check(tx, companyId, _id, f, changed) {
    if (!changed || changed.has("boardId"))
      await mustExist(tx, kanbanBoards, companyId, "boardId", f.boardId, "Board");
  },
};

const TASK_KEYS = Object.keys(newTaskFields("", "", "")) as (keyof TaskFields)[];

export const TASK: SyncKind<TaskFields, Task> = {
  decl: TASK_TYPE,
  label: "Task",
  table: kanbanTasks,
  toApi: ((r: typeof kanbanTasks.$inferSelect) => ({
    ...stamps(r),
    ...pick(r as unknown as TaskFields, TASK_KEYS),
  })) as (row: never) => Task,
  defaults: { description: "", dueDate: null, labels: [], assignees: [], checklists: [] },
  fieldsOf: (api) => pick(api, TASK_KEYS),
  columns: (f) => ({ ...f }),
  validate: (f, partial) => validateTaskFields(f, partial),
  async check(tx, companyId, _id, f, changed) {
    if (!changed || changed.has("boardId"))
      await mustExist(tx, kanbanBoards, companyId, "boardId", f.boardId, "Board");
    if (!changed || changed.has("columnId") || changed.has("boardId")) {
      const [col] = await tx
        .select({ boardId: kanbanColumns.boardId })
        .from(kanbanColumns)
        .where(and(eq(kanbanColumns.id, f.columnId), eq(kanbanColumns.companyId, companyId)));
      if (!col || col.boardId !== f.boardId)
        throw httpError(400, `columnId: Column ${f.columnId} is not on this board`, {
          errors: { columnId: "Column not found" },
        });
    }
  },
};

export const COMMENT: SyncKind<CommentFields, Comment> = {
  decl: COMMENT_TYPE,
  label: "Comment",
  table: kanbanComments,
  appendOnly: true,
  toApi: ((r: typeof kanbanComments.$inferSelect) => ({
    ...stamps(r),
    taskId: r.taskId,
    body: r.body,
    authorId: r.authorId,
  })) as (row: never) => Comment,
  defaults: {},
  fieldsOf: (api) => pick(api, ["taskId", "body"]),
  columns: (f) => ({ ...f }),
  validate: (f, partial) => validateCommentFields(f, partial),
  async check(tx, companyId, _id, f, changed) {
    if (!changed || changed.has("taskId"))
      await mustExist(tx, kanbanTasks, companyId, "taskId", f.taskId, "Task");
  },
};

/** The company's live records of one kanban kind, oldest first (the list route; the app reads the feed). */
export async function listKind(db: Db, kind: AnyKind, companyId: string) {
  const table = kind.table as RefTable;
  return db
    .select()
    .from(table)
    .where(and(eq(table.companyId, companyId), isNull(table.deletedAt)))
    .orderBy(asc(table.createdAt));
}
