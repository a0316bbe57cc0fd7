/**
 * The board's writes (docs/kanban.md): each changes Dexie and queues its request in one
 * transaction through the sync engine, so every action works offline and settles when back
 * online. A move is one PATCH of one task (`columnId` + `position`); clearing a column is one
 * DELETE per task; a comment is a new record (appended).
 */
import { v5 as uuidv5 } from "uuid";
import {
  type Board,
  type Checklist,
  type Column,
  type Comment,
  newTaskFields,
  type Task,
  type TaskFields,
} from "../../../domain/kanban/board";
import { BOARD_TYPE, COLUMN_TYPE, COMMENT_TYPE, TASK_TYPE } from "../../../domain/kanban/synced-types";
import { keysBetween, positionAt } from "../../../domain/sync/order-key";
import { newId } from "../../../sync/outbox";
import type { AppSyncEngine } from "../../offline/synced-types";

/** Namespace of the default board's ids (UUIDv5 of the company id): every device makes the same. */
const DEFAULT_BOARD_NS = "6f0d3c3e-4a55-4f0e-9b7e-2f1a0c7b9d41";

/**
 * A UUIDv5 of `name` with its version digit made 7: the same on every device, and of the form the
 * server takes for a new record's id (`isUuidV7`). A plain v5 id was refused (400), so a new
 * company's default board never reached the server.
 */
function stableId(name: string): string {
  const id = uuidv5(name, DEFAULT_BOARD_NS);
  return `${id.slice(0, 14)}7${id.slice(15)}`;
}

const defaultBoardId = (companyId: string) => stableId(`${companyId}:board`);
const defaultColumnId = (companyId: string, n: number) => stableId(`${companyId}:column:${n}`);

/**
 * Makes the company's default board with its first columns when it has no board. Ids and keys are
 * the same on every device, so two members opening an empty board at once make one board (a
 * resent create with the same fields is a no-op on the server).
 */
export async function ensureDefaultBoard(
  engine: AppSyncEngine,
  companyId: string,
  names: { board: string; columns: readonly string[] },
): Promise<void> {
  if ((await engine.db.kanbanBoards.where("companyId").equals(companyId).count()) > 0) return;
  const boardId = defaultBoardId(companyId);
  await engine.write.put<Board>(BOARD_TYPE.entity, companyId, boardId, { name: names.board });
  const keys = keysBetween(null, null, names.columns.length);
  for (const [i, name] of names.columns.entries())
    await engine.write.put<Column>(COLUMN_TYPE.entity, companyId, defaultColumnId(companyId, i), {
      boardId,
      name,
      position: keys[i],
    });
}

export function boardWrites(engine: AppSyncEngine, companyId: string) {
  const { write } = engine;
  return {
    /** A new board with its first columns (named in the user's language); answers its id. */
    addBoard: async (name: string, columnNames: readonly string[]) => {
      const boardId = newId();
      await write.put<Board>(BOARD_TYPE.entity, companyId, boardId, { name });
      const keys = keysBetween(null, null, columnNames.length);
      for (const [i, column] of columnNames.entries())
        await write.put<Column>(COLUMN_TYPE.entity, companyId, newId(), {
          boardId,
          name: column,
          position: keys[i],
        });
      return boardId;
    },
    renameBoard: (id: string, name: string) => write.patch<Board>(BOARD_TYPE.entity, id, { name }),
    addColumn: (boardId: string, name: string, columns: readonly Column[]) =>
      write.put<Column>(COLUMN_TYPE.entity, companyId, newId(), {
        boardId,
        name,
        position: positionAt(columns, null, columns.length),
      }),
    renameColumn: (id: string, name: string) => write.patch<Column>(COLUMN_TYPE.entity, id, { name }),
    /** Moves a column to `index` among the board's columns (one write). */
    moveColumn: (id: string, columns: readonly Column[], index: number) =>
      write.patch<Column>(COLUMN_TYPE.entity, id, { position: positionAt(columns, id, index) }),
    /** Deletes a column and its tasks (the tasks first: a task never points at a deleted column). */
    deleteColumn: async (id: string, taskIds: readonly string[]) => {
      for (const t of taskIds) await write.remove(TASK_TYPE.entity, t);
      await write.remove(COLUMN_TYPE.entity, id);
    },
    addTask: (boardId: string, columnId: string, title: string, tasks: readonly Task[]) =>
      write.put<Task>(TASK_TYPE.entity, companyId, newId(), {
        ...newTaskFields(boardId, columnId, positionAt(tasks, null, tasks.length)),
        title,
      }),
    /** One write of one task: its column and its new key. */
    moveTask: (id: string, change: { columnId: string; position: string }) =>
      write.patch<Task>(TASK_TYPE.entity, id, change),
    updateTask: (id: string, changes: Partial<Omit<TaskFields, "boardId" | "columnId" | "position">>) =>
      write.patch<Task>(TASK_TYPE.entity, id, changes),
    setChecklists: (id: string, checklists: Checklist[]) =>
      write.patch<Task>(TASK_TYPE.entity, id, { checklists }),
    removeTasks: async (ids: readonly string[]) => {
      for (const t of ids) await write.remove(TASK_TYPE.entity, t);
    },
    addComment: (taskId: string, body: string) =>
      write.put<Comment>(COMMENT_TYPE.entity, companyId, newId(), { taskId, body }),
  };
}

export type BoardWrites = ReturnType<typeof boardWrites>;
