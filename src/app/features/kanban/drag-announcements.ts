/**
 * dnd-kit's screen-reader texts in the user's language: the instructions read when a card gets
 * focus, and what is announced as a card is picked up, moved over a place and dropped.
 */

import type { Announcements, ScreenReaderInstructions } from "@dnd-kit/core";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { BoardColumn } from "./board-model";

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
      msg`To pick up a task, press Space. Move it with the arrow keys: left and right to another column, up and down within a column. Press Space again to drop it, or Escape to cancel. Press Enter to open it.`,
    ),
  };
}

/** `board()`: the board as shown now (with the dragged card where it would land). */
export function dragAnnouncements(i18n: I18n, board: () => readonly BoardColumn[]): Announcements {
  const where = (id: string | number | undefined) => placeOf(board(), id);
  return {
    onDragStart({ active }) {
      const title = titleOf(board(), active.id);
      const at = where(active.id);
      if (!at) return i18n._(msg`Picked up task ${title}.`);
      const { column, place, of } = at;
      return i18n._(msg`Picked up task ${title}, in column ${column}, position ${place} of ${of}.`);
    },
    onDragOver({ active, over }) {
      const title = titleOf(board(), active.id);
      const at = where(active.id);
      if (!over || !at) return i18n._(msg`Task ${title} is no longer over a place to drop it.`);
      const { column, place, of } = at;
      return i18n._(msg`Task ${title} moved to column ${column}, position ${place} of ${of}.`);
    },
    onDragEnd({ active, over }) {
      const title = titleOf(board(), active.id);
      const at = where(active.id);
      if (!over || !at) return i18n._(msg`Task ${title} was dropped where it was.`);
      const { column, place, of } = at;
      return i18n._(msg`Task ${title} dropped in column ${column}, position ${place} of ${of}.`);
    },
    onDragCancel({ active }) {
      const title = titleOf(board(), active.id);
      return i18n._(msg`Moving task ${title} was cancelled; it is back where it was.`);
    },
  };
}
