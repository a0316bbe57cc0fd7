/**
 * A task on the board: a sortable card (dnd-kit) picked up by mouse, a long press on a phone, or
 * Space from the keyboard; a click or Enter opens its details.
 */
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useLingui } from "@lingui/react/macro";
import { Badge, Group, Paper, Text } from "@mantine/core";
import { IconCalendarDue, IconChecklist, IconUsers } from "@tabler/icons-react";
import type { KeyboardEvent } from "react";
import type { Task } from "../../../domain/kanban/board";

/** Done and total check items of a task's checklists. */
const checkCount = (task: Task) => {
  const items = task.checklists.flatMap((c) => c.items);
  return { done: items.filter((i) => i.done).length, total: items.length };
};

export function TaskCard({
  task,
  onOpen,
  droppable = true,
}: {
  task: Task;
  onOpen: (id: string) => void;
  /** False while a column is dragged: a column never drops on a card. */
  droppable?: boolean;
}) {
  const { i18n } = useLingui();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: task.id,
    data: { type: "task" },
    disabled: { draggable: false, droppable: !droppable },
  });
  const checks = checkCount(task);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    listeners?.onKeyDown?.(e);
    if (e.key === "Enter" && !e.defaultPrevented) onOpen(task.id);
  };
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      shadow={isDragging ? "md" : "xs"}
      p="sm"
      radius="md"
      data-testid="kanban-task"
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      onClick={() => onOpen(task.id)}
      aria-label={task.title}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        cursor: "grab",
        touchAction: "manipulation",
      }}
    >
      <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
        {task.title}
      </Text>
      {(task.labels.length > 0 || task.dueDate || checks.total > 0 || task.assignees.length > 0) && (
        <Group gap={6} mt={6}>
          {task.labels.map((l) => (
            <Badge key={l} size="xs" variant="light">
              {l}
            </Badge>
          ))}
          {task.dueDate && (
            <Badge size="xs" variant="outline" color="gray" leftSection={<IconCalendarDue size={12} />}>
              {i18n.date(`${task.dueDate}T12:00:00`, { month: "short", day: "numeric" })}
            </Badge>
          )}
          {checks.total > 0 && (
            <Badge size="xs" variant="outline" color="gray" leftSection={<IconChecklist size={12} />}>
              {checks.done}/{checks.total}
            </Badge>
          )}
          {task.assignees.length > 0 && (
            <Badge size="xs" variant="outline" color="gray" leftSection={<IconUsers size={12} />}>
              {task.assignees.length}
            </Badge>
          )}
        </Group>
      )}
    </Paper>
  );
}
