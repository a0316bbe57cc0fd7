/**
 * A board: its columns side by side (scrolling sideways on a phone), their tasks read live from
 * Dexie (another member's move appears as the sync feed brings it), drag and drop of cards between
 * and within columns, and of columns among columns, with a mouse, a long press or the keyboard, and
 * the column and task actions. A drop is one write of one record: a task's column and a key between
 * its new neighbours, or a column's key.
 */
import {
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { horizontalListSortingStrategy, SortableContext } from "@dnd-kit/sortable";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Center, Group, Loader, ScrollArea, Stack, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { type Column, KANBAN_LIMITS, type Task } from "../../../domain/kanban/board";
import { getDb } from "../../offline/db";
import { useSyncEngine } from "../../offline/sync-engine";
import { AppModal } from "../../ui/AppModal";
import { NameModal } from "../../ui/NameModal";
import { toast } from "../../ui/toast";
import { undoToast } from "../../ui/undo-toast";
import { type BoardColumn, buildBoard, type DragPreview, dropChange, dropTarget } from "./board-model";
import { boardWrites } from "./board-writes";
import { COLUMN_WIDTH, ColumnView, type DragKind } from "./ColumnView";
import {
  boardCollisions,
  boardKeyboardCoordinates,
  columnDragId,
  columnDropIndex,
  draggedColumn,
  overColumn,
} from "./column-drag";
import { dragAnnouncements, dragInstructions } from "./drag-announcements";
import { createPendingRemovals } from "./pending-removals";
import { TaskDrawer } from "./TaskDrawer";
import { failed } from "./write-failed";

/** How long Undo is offered after clearing a column or deleting a task (ms). */
const UNDO_MS = 8000;

type Dialog =
  | { kind: "add" }
  | { kind: "rename"; column: Column }
  | { kind: "delete"; column: Column; tasks: readonly Task[] }
  | null;

export function BoardView({ companyId, boardId }: { companyId: string; boardId: string }) {
  const { t, i18n } = useLingui();
  const engine = useSyncEngine();
  const db = getDb();
  const writes = useMemo(() => boardWrites(engine, companyId), [engine, companyId]);
  const columns = useLiveQuery(
    () => db.kanbanColumns.where("boardId").equals(boardId).toArray(),
    [db, boardId],
  );
  const tasks = useLiveQuery(() => db.kanbanTasks.where("boardId").equals(boardId).toArray(), [db, boardId]);

  // removals wait for their undo window; leaving the screen or the page deletes them at once
  const removals = useMemo(
    () =>
      createPendingRemovals({ commit: (ids) => writes.removeTasks(ids).catch(failed), windowMs: UNDO_MS }),
    [writes],
  );
  const hidden = useSyncExternalStore(removals.subscribe, removals.hidden, removals.hidden);
  useEffect(() => {
    const onHide = () => void removals.flush();
    window.addEventListener("pagehide", onHide);
    return () => {
      window.removeEventListener("pagehide", onHide);
      void removals.flush();
    };
  }, [removals]);

  const [preview, setPreview] = useState<DragPreview | null>(null);
  const [dragging, setDragging] = useState<DragKind>(null);
  const [openTask, setOpenTask] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  const board: BoardColumn[] = useMemo(
    () => buildBoard(columns ?? [], tasks ?? [], hidden, preview),
    [columns, tasks, hidden, preview],
  );
  const boardRef = useRef(board);
  boardRef.current = board;
  const announcements = useMemo(() => dragAnnouncements(i18n, () => boardRef.current), [i18n]);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: boardKeyboardCoordinates(() => boardRef.current.map((b) => b.column.id)),
      keyboardCodes: { start: ["Space"], cancel: ["Escape"], end: ["Space"] },
    }),
  );

  const columnOf = (id: string) =>
    board.find((b) => b.column.id === id || b.tasks.some((x) => x.id === id))?.column.id ?? null;

  const onDragStart = ({ active }: DragStartEvent) => setDragging(draggedColumn(active) ? "column" : "task");

  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over || active.id === over.id || draggedColumn(active)) return;
    const from = columnOf(String(active.id));
    const to = columnOf(String(over.id));
    // within a column the sortable list shows the move; across columns the card joins the other list
    if (!to || from === to) return;
    const target = dropTarget(board, String(active.id), String(over.id));
    if (target) setPreview({ taskId: String(active.id), ...target });
  };

  const onColumnDrop = async (columnId: string, overId: string | null) => {
    const order = board.map((b) => b.column);
    const index = columnDropIndex(
      order.map((c) => c.id),
      columnId,
      overId,
    );
    if (index !== null) await writes.moveColumn(columnId, order, index);
  };

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const columnId = draggedColumn(active);
    if (columnId) {
      await onColumnDrop(columnId, overColumn(over)).catch(failed);
      return;
    }
    const task = tasks?.find((x) => x.id === active.id);
    const target = over && task ? dropTarget(board, task.id, String(over.id)) : null;
    const change = task && target ? dropChange(board, task, target.columnId, target.index) : null;
    if (task && target) setPreview({ taskId: task.id, ...target });
    try {
      if (task && change) await writes.moveTask(task.id, change);
    } catch (error) {
      failed(error);
    } finally {
      setPreview(null);
    }
  };

  const removeWithUndo = (ids: readonly string[], message: string) => {
    const key = removals.remove(ids);
    undoToast(message, () => removals.undo(key) && toast(t`Undone`), { ms: UNDO_MS });
  };

  if (columns === undefined || tasks === undefined)
    return (
      <Center mih={240}>
        <Loader aria-label={t`Loading the board`} />
      </Center>
    );

  const orderedColumns = board.map((b) => b.column);
  const deleting = dialog?.kind === "delete" ? dialog.column.name : "";
  const deletingCount = dialog?.kind === "delete" ? dialog.tasks.length : 0;
  const actions = {
    onOpenTask: setOpenTask,
    onAddTask: (columnId: string, title: string) =>
      writes
        .addTask(
          boardId,
          columnId,
          title,
          (tasks ?? []).filter((x) => x.columnId === columnId),
        )
        .catch(failed),
    onRename: (columnId: string) => {
      const column = orderedColumns.find((c) => c.id === columnId);
      if (column) setDialog({ kind: "rename", column });
    },
    onMove: (columnId: string, by: -1 | 1) => {
      const i = orderedColumns.findIndex((c) => c.id === columnId);
      writes.moveColumn(columnId, orderedColumns, i + by).catch(failed);
    },
    onClear: (columnId: string) => {
      const entry = board.find((b) => b.column.id === columnId);
      if (!entry || entry.tasks.length === 0) return;
      const name = entry.column.name;
      const count = entry.tasks.length;
      removeWithUndo(
        entry.tasks.map((x) => x.id),
        plural(count, { one: `# task removed from ${name}.`, other: `# tasks removed from ${name}.` }),
      );
    },
    onDelete: (columnId: string) => {
      const entry = board.find((b) => b.column.id === columnId);
      if (entry) setDialog({ kind: "delete", column: entry.column, tasks: entry.tasks });
    },
  };

  return (
    <Stack>
      <Group justify="flex-end">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => setDialog({ kind: "add" })}
        >
          <Trans>Add column</Trans>
        </Button>
      </Group>
      {board.length === 0 && (
        <Text c="dimmed">
          <Trans>This board has no columns yet. Add one to start.</Trans>
        </Text>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={boardCollisions}
        accessibility={{ announcements, screenReaderInstructions: dragInstructions(i18n) }}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={(e) => void onDragEnd(e)}
        onDragCancel={() => {
          setDragging(null);
          setPreview(null);
        }}
      >
        <ScrollArea type="auto" offsetScrollbars scrollbars="x" data-testid="kanban-board">
          <SortableContext
            id="kanban-columns"
            items={board.map((b) => columnDragId(b.column.id))}
            strategy={horizontalListSortingStrategy}
          >
            <Group align="flex-start" wrap="nowrap" gap="md" pb="sm" miw={board.length * (COLUMN_WIDTH + 16)}>
              {board.map((entry, i) => (
                <ColumnView
                  key={entry.column.id}
                  entry={entry}
                  first={i === 0}
                  last={i === board.length - 1}
                  dragging={dragging}
                  actions={actions}
                />
              ))}
            </Group>
          </SortableContext>
        </ScrollArea>
      </DndContext>

      <NameModal
        maxLength={KANBAN_LIMITS.nameMax}
        opened={dialog?.kind === "add" || dialog?.kind === "rename"}
        title={dialog?.kind === "rename" ? t`Rename column` : t`Add column`}
        label={t`Column name`}
        initial={dialog?.kind === "rename" ? dialog.column.name : ""}
        onClose={() => setDialog(null)}
        onSave={async (name) => {
          try {
            if (dialog?.kind === "rename") await writes.renameColumn(dialog.column.id, name);
            else await writes.addColumn(boardId, name, orderedColumns);
            setDialog(null);
          } catch (error) {
            failed(error);
          }
        }}
      />
      <AppModal
        opened={dialog?.kind === "delete"}
        onClose={() => setDialog(null)}
        title={t`Delete column`}
        closeButtonProps={{ "aria-label": t`Close` }}
      >
        {dialog?.kind === "delete" && (
          <Stack>
            <Text>
              {dialog.tasks.length > 0 ? (
                <Trans>
                  Delete the column {deleting} and its {deletingCount} tasks? This cannot be undone.
                </Trans>
              ) : (
                <Trans>Delete the empty column {deleting}?</Trans>
              )}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button
                color="red"
                onClick={async () => {
                  try {
                    await writes.deleteColumn(
                      dialog.column.id,
                      dialog.tasks.map((x) => x.id),
                    );
                    setDialog(null);
                  } catch (error) {
                    failed(error);
                  }
                }}
              >
                <Trans>Delete column</Trans>
              </Button>
            </Group>
          </Stack>
        )}
      </AppModal>
      <TaskDrawer
        taskId={openTask}
        companyId={companyId}
        writes={writes}
        columns={orderedColumns}
        onClose={() => setOpenTask(null)}
        onDelete={(task) => {
          setOpenTask(null);
          const title = task.title;
          removeWithUndo([task.id], t`Task ${title} deleted.`);
        }}
      />
    </Stack>
  );
}
