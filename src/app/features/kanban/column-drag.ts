/**
 * Dragging columns among the board's columns on the same dnd-kit board as the cards: a task drag
 * only meets task lists and cards, a column drag only the other columns; with the keyboard a
 * column goes left or right one column per arrow; a drop is one write of the column's position
 * (board-writes.ts `moveColumn`), like a card's.
 */
import {
  type CollisionDetection,
  closestCenter,
  closestCorners,
  type KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";

/** The dnd-kit data of a column's sortable (ColumnView). */
export const COLUMN_DRAG = "board-column";

/** The dnd-kit id of a column as a sortable among the columns (its own id is its task list's drop target). */
export const columnDragId = (columnId: string) => `column:${columnId}`;

interface DragData {
  type?: string;
  columnId?: string;
}
const dataOf = (d: { data: { current?: unknown } } | null | undefined) => (d?.data.current ?? {}) as DragData;

/** The column being dragged, or null when a task is. */
export const draggedColumn = (active: { data: { current?: unknown } } | null | undefined) => {
  const data = dataOf(active);
  return data.type === COLUMN_DRAG && data.columnId ? data.columnId : null;
};

/** The column a dragged column is over. */
export const overColumn = (over: { data: { current?: unknown } } | null | undefined) => {
  const data = dataOf(over);
  return data.type === COLUMN_DRAG && data.columnId ? data.columnId : null;
};

/** Collisions of the kind dragged: columns among columns (by centre), tasks among tasks (by corners). */
export const boardCollisions: CollisionDetection = (args) => {
  const column = dataOf(args.active).type === COLUMN_DRAG;
  const droppableContainers = args.droppableContainers.filter(
    (c) => (dataOf(c).type === COLUMN_DRAG) === column,
  );
  return column
    ? closestCenter({ ...args, droppableContainers })
    : closestCorners({ ...args, droppableContainers });
};

/**
 * The keyboard's moves: a task as dnd-kit's sortable lists move it; a column one column left or
 * right per arrow (up and down do nothing). `order()`: the board's column ids in order.
 */
export function boardKeyboardCoordinates(order: () => readonly string[]): KeyboardCoordinateGetter {
  return (event, args) => {
    const { context } = args;
    const columnId = draggedColumn(context.active);
    if (!columnId) return sortableKeyboardCoordinates(event, args);
    const by = event.code === "ArrowRight" ? 1 : event.code === "ArrowLeft" ? -1 : 0;
    if (by === 0) return undefined;
    event.preventDefault();
    const ids = order();
    const next = ids[ids.indexOf(overColumn(context.over) ?? columnId) + by];
    const rect = next ? context.droppableRects.get(columnDragId(next)) : undefined;
    return rect ? { x: rect.left, y: rect.top } : undefined;
  };
}

/** Where a column dropped over `overId` lands among the columns (null: it did not move). */
export function columnDropIndex(order: readonly string[], columnId: string, overId: string | null) {
  if (!overId || overId === columnId) return null;
  const to = order.indexOf(overId);
  return to < 0 || order.indexOf(columnId) < 0 ? null : to;
}
