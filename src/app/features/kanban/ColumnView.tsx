/**
 * One column of the board: its name, a handle that drags the column among the others (mouse, long
 * press, keyboard) and its menu (rename, move, clear, delete), its tasks as a sortable list that
 * also takes drops when empty, and a field to add a task at its end.
 */
import { useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Badge, Button, Group, Menu, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import {
  IconArrowLeft,
  IconArrowRight,
  IconClearAll,
  IconDots,
  IconGripVertical,
  IconPencil,
  IconPlus,
  IconTrash,
} from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { KANBAN_LIMITS } from "../../../domain/kanban/board";
import type { BoardColumn } from "./board-model";
import { COLUMN_DRAG, columnDragId } from "./column-drag";
import { TaskCard } from "./TaskCard";

export const COLUMN_WIDTH = 280;

/** What is being dragged on the board (a task or a column), or null. */
export type DragKind = "task" | "column" | null;

export interface ColumnActions {
  onOpenTask: (id: string) => void;
  onAddTask: (columnId: string, title: string) => Promise<unknown>;
  onRename: (columnId: string) => void;
  onMove: (columnId: string, by: -1 | 1) => void;
  onClear: (columnId: string) => void;
  onDelete: (columnId: string) => void;
}

export function ColumnView({
  entry,
  first,
  last,
  dragging,
  actions,
}: {
  entry: BoardColumn;
  first: boolean;
  last: boolean;
  /** What is being dragged: a task drops only on task lists, a column only among columns. */
  dragging: DragKind;
  actions: ColumnActions;
}) {
  const { t } = useLingui();
  const { column, tasks } = entry;
  const { setNodeRef, isOver } = useDroppable({
    id: column.id,
    data: { type: "column" },
    disabled: dragging === "column",
  });
  const sortable = useSortable({
    id: columnDragId(column.id),
    data: { type: COLUMN_DRAG, columnId: column.id },
    disabled: { draggable: false, droppable: dragging === "task" },
  });
  const [title, setTitle] = useState("");
  const name = column.name;
  const count = tasks.length;
  const headingId = `kanban-column-${column.id}`;

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const value = title.trim();
    if (!value) return;
    await actions.onAddTask(column.id, value);
    setTitle("");
  };

  return (
    <Paper
      ref={sortable.setNodeRef}
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="sm"
      bg="var(--mantine-color-default-hover)"
      w={COLUMN_WIDTH}
      miw={COLUMN_WIDTH}
      data-testid="kanban-column"
      shadow={sortable.isDragging ? "md" : undefined}
      style={{
        flexShrink: 0,
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
        opacity: sortable.isDragging ? 0.7 : 1,
        zIndex: sortable.isDragging ? 1 : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <ActionIcon
            ref={sortable.setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="sm"
            {...sortable.attributes}
            {...sortable.listeners}
            aria-label={t`Move column ${name}`}
            style={{ cursor: "grab", touchAction: "manipulation" }}
          >
            <IconGripVertical size={16} />
          </ActionIcon>
          <Title order={2} size="h5" id={headingId} style={{ overflowWrap: "anywhere" }}>
            {name}
          </Title>
          <Badge size="sm" variant="default" aria-label={plural(count, { one: "# task", other: "# tasks" })}>
            {tasks.length}
          </Badge>
        </Group>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t`Actions for column ${name}`}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => actions.onRename(column.id)}>
              <Trans>Rename column</Trans>
            </Menu.Item>
            <Menu.Item
              leftSection={<IconArrowLeft size={16} />}
              disabled={first}
              onClick={() => actions.onMove(column.id, -1)}
            >
              <Trans>Move column left</Trans>
            </Menu.Item>
            <Menu.Item
              leftSection={<IconArrowRight size={16} />}
              disabled={last}
              onClick={() => actions.onMove(column.id, 1)}
            >
              <Trans>Move column right</Trans>
            </Menu.Item>
            <Menu.Item
              leftSection={<IconClearAll size={16} />}
              disabled={tasks.length === 0}
              onClick={() => actions.onClear(column.id)}
            >
              <Trans>Clear column</Trans>
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => actions.onDelete(column.id)}
            >
              <Trans>Delete column</Trans>
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <SortableContext id={column.id} items={tasks.map((x) => x.id)} strategy={verticalListSortingStrategy}>
        <Stack
          ref={setNodeRef}
          gap="xs"
          mih={48}
          p={4}
          bd={isOver ? "1px dashed var(--mantine-primary-color-filled)" : "1px dashed transparent"}
          style={{ borderRadius: "var(--mantine-radius-md)" }}
        >
          {tasks.map((task) => (
            <TaskCard
              key={task.id}
              task={task}
              onOpen={actions.onOpenTask}
              droppable={dragging !== "column"}
            />
          ))}
          {tasks.length === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="xs">
              <Trans>No tasks</Trans>
            </Text>
          )}
        </Stack>
      </SortableContext>
      <form onSubmit={(e) => void add(e)}>
        <Group gap={4} mt="xs" wrap="nowrap">
          <TextInput
            size="xs"
            flex={1}
            value={title}
            maxLength={KANBAN_LIMITS.titleMax}
            onChange={(e) => setTitle(e.currentTarget.value)}
            placeholder={t`New task`}
            aria-label={t`New task in ${name}`}
          />
          <Button
            size="xs"
            type="submit"
            variant="light"
            leftSection={<IconPlus size={14} />}
            disabled={!title.trim()}
          >
            <Trans>Add</Trans>
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
