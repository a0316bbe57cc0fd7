/**
 * dnd-kit's screen-reader texts in the user's language: the instructions read when a card or a
 * column's move handle gets focus, and what is announced as a card or a column is picked up, moved
 * over a place and dropped.
 */

import type { Announcements, ScreenReaderInstructions } from "@dnd-kit/core";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { BoardColumn } from "./board-model";
import { draggedColumn, overColumn } from "./column-drag";

/** Where `id` (a task or a column) is on the board: column name and 1-based place. */
function placeOf(board: readonly BoardColumn[], id: string | number | undefined) {
  for (const { column, tasks } of board) {
    if (column.id === id) return { column: column.name, place: tasks.length + 1, of: tasks.length + 1 };
    const i = tasks.findIndex((t) => t.id === id);
    if (i >= 0) return { column: column.name, place: i + 1, of: tasks.length };
  }
  return null;
}

const titleOf = (board: readonly BoardColumn[], id: string | number) =>
  board.flatMap((b) => b.tasks).find((t) => t.id === id)?.title ?? "";

export function dragInstructions(i18n: I18n): ScreenReaderInstructions {
  return {
    draggable: i18n._(
      msg`To pick up a task, or a column by its move handle, press Space. Move a task with the arrow keys: left and right to another column, up and down within a column; move a column left and right. Press Space again to drop it, or Escape to cancel. Press Enter to open a task.`,
    ),
  };
}

/** What is said while a column is dragged (`over`: the column it would take the place of). */
function columnAnnouncements(i18n: I18n, board: () => readonly BoardColumn[]) {
  const nameOf = (id: string) => board().find((b) => b.column.id === id)?.column.name ?? "";
  const placeOf = (id: string | null) => {
    const i = id ? board().findIndex((b) => b.column.id === id) : -1;
    return i < 0 ? null : { place: i + 1, of: board().length };
  };
  return {
    start(id: string) {
      const name = nameOf(id);
      const { place = 0, of = 0 } = placeOf(id) ?? {};
      return i18n._(msg`Picked up column ${name}, position ${place} of ${of}.`);
    },
    over(id: string, overId: string | null) {
      const name = nameOf(id);
      const at = placeOf(overId);
      if (!at) return i18n._(msg`Column ${name} is no longer over a place to drop it.`);
      const { place, of } = at;
      return i18n._(msg`Column ${name} moved to position ${place} of ${of}.`);
    },
    end(id: string, overId: string | null) {
      const name = nameOf(id);
      const at = placeOf(overId);
      if (!at) return i18n._(msg`Column ${name} was dropped where it was.`);
      const { place, of } = at;
      return i18n._(msg`Column ${name} dropped at position ${place} of ${of}.`);
    },
    cancel(id: string) {
      const name = nameOf(id);
      return i18n._(msg`Moving column ${name} was cancelled; it is back where it was.`);
    },
  };
}

/** `board()`: the board as shown now (with the dragged card where it would land). */
export function dragAnnouncements(i18n: I18n, board: () => readonly BoardColumn[]): Announcements {
  const where = (id: string | number | undefined) => placeOf(board(), id);
  const columns = columnAnnouncements(i18n, board);
  return {
    onDragStart({ active }) {
      const dragged = draggedColumn(active);
      if (dragged) return columns.start(dragged);
      const title = titleOf(board(), active.id);
      const at = where(active.id);
      if (!at) return i18n._(msg`Picked up task ${title}.`);
      const { column, place, of } = at;
      return i18n._(msg`Picked up task ${title}, in column ${column}, position ${place} of ${of}.`);
    },
    onDragOver({ active, over }) {
      const dragged = draggedColumn(active);
      if (dragged) return columns.over(dragged, overColumn(over));
      const title = titleOf(board(), active.id);
      const at = where(active.id);
      if (!over || !at) return i18n._(msg`Task ${title} is no longer over a place to drop it.`);
      const { column, place, of } = at;
      return i18n._(msg`Task ${title} moved to column ${column}, position ${place} of ${of}.`);
    },
    onDragEnd({ active, over }) {
      const dragged = draggedColumn(active);
      if (dragged) return columns.end(dragged, overColumn(over));
      const title = titleOf(board(), active.id);
      const at = where(active.id);
      if (!over || !at) return i18n._(msg`Task ${title} was dropped where it was.`);
      const { column, place, of } = at;
      return i18n._(msg`Task ${title} dropped in column ${column}, position ${place} of ${of}.`);
    },
    onDragCancel({ active }) {
      const dragged = draggedColumn(active);
      if (dragged) return columns.cancel(dragged);
      const title = titleOf(board(), active.id);
      return i18n._(msg`Moving task ${title} was cancelled; it is back where it was.`);
    },
  };
}
