/**
 * What the board screen computes from Dexie's rows before it renders (pure, so the benchmark and
 * the tests measure exactly what the page does): a board's columns in order, each with its tasks
 * in order, less the tasks waiting to be removed (undo window), with a dragged task shown where
 * it is being dropped. And where a drop lands: one new ordering key between the task's new
 * neighbours (domain/sync/order-key.ts), so a move is one write of one task.
 */
import type { Column, Task } from "../../../domain/kanban/board";
import { compareOrdered, positionAt } from "../../../domain/sync/order-key";

export interface BoardColumn {
  column: Column;
  tasks: Task[];
}

/** A task being dragged: shown in `columnId` at `index` (of that column without the task). */
export interface DragPreview {
  taskId: string;
  columnId: string;
  index: number;
}

/**
 * The board's columns in order with their tasks in order. `hidden`: tasks removed with an undo
 * window still open; `preview`: a task shown where it is being dragged.
 */
export function buildBoard(
  columns: readonly Column[],
  tasks: readonly Task[],
  hidden: ReadonlySet<string> = new Set(),
  preview: DragPreview | null = null,
): BoardColumn[] {
  const byColumn = new Map<string, Task[]>();
  for (const c of columns) byColumn.set(c.id, []);
  let dragged: Task | null = null;
  for (const t of tasks) {
    if (hidden.has(t.id)) continue;
    if (preview && t.id === preview.taskId) {
      dragged = t;
      continue;
    }
    byColumn.get(t.columnId)?.push(t);
  }
  for (const list of byColumn.values()) list.sort(compareOrdered);
  if (dragged && preview) {
    const target = byColumn.get(preview.columnId) ?? byColumn.get(dragged.columnId);
    if (target) target.splice(Math.max(0, Math.min(preview.index, target.length)), 0, dragged);
  }
  return [...columns]
    .sort(compareOrdered)
    .map((column) => ({ column, tasks: byColumn.get(column.id) ?? [] }));
}

/** The write of a drop: the task's column and a key between its new neighbours (null: it did not move). */
export function dropChange(
  board: readonly BoardColumn[],
  task: Pick<Task, "id" | "columnId" | "position">,
  columnId: string,
  index: number,
): { columnId: string; position: string } | null {
  const target = board.find((b) => b.column.id === columnId);
  if (!target) return null;
  const others = target.tasks.filter((t) => t.id !== task.id);
  const i = Math.max(0, Math.min(index, others.length));
  if (columnId === task.columnId) {
    const now = [...others, task].sort(compareOrdered).findIndex((t) => t.id === task.id);
    if (now === i) return null;
  }
  return { columnId, position: positionAt(others, task.id, i) };
}

/** Where a task dropped over `overId` lands: over a column → its end; over a task → that task's place. */
export function dropTarget(
  board: readonly BoardColumn[],
  activeId: string,
  overId: string,
): { columnId: string; index: number } | null {
  for (const { column, tasks } of board) {
    if (column.id === overId)
      return { columnId: column.id, index: tasks.filter((t) => t.id !== activeId).length };
    const others = tasks.filter((t) => t.id !== activeId);
    const at = tasks.findIndex((t) => t.id === overId);
    if (at >= 0) {
      // over a task of the same column: take its place (dnd-kit's sortable swap); another column:
      // go before it
      const from = tasks.findIndex((t) => t.id === activeId);
      const index = from >= 0 && from < at ? at : others.findIndex((t) => t.id === overId);
      return { columnId: column.id, index: Math.max(0, index) };
    }
  }
  return null;
}
