/**
 * A task's details in a drawer: title, description, column, due date, labels, assigned members,
 * checklists with their items, attached files (online: TaskAttachments), and comments (appended: posting adds a record, nothing is edited).
 * Each change is saved on this device at once (on leaving a text field) and synced through the
 * outbox; another member's change shows as the feed brings it.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Button,
  Checkbox,
  Divider,
  Drawer,
  Group,
  MultiSelect,
  Paper,
  Progress,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { IconPlus, IconTrash, IconX } from "@tabler/icons-react";
import { useLiveQuery } from "dexie-react-hooks";
import { type FormEvent, useEffect, useState } from "react";
import { type Checklist, type Column, KANBAN_LIMITS as L, type Task } from "../../../domain/kanban/board";
import { keyBetween } from "../../../domain/sync/order-key";
import { newId } from "../../../sync/outbox";
import { getDb } from "../../offline/db";
import { DateField } from "../../ui/dates/date-fields";
import type { BoardWrites } from "./board-writes";
import { addCheckItem, addChecklist, removeCheckItem, removeChecklist, toggleCheckItem } from "./checklists";
import { useMemberNames } from "./member-names";
import { TaskAttachments } from "./TaskAttachments";
import { failed } from "./write-failed";

/** A text field saved when it loses focus (and shows another member's change when not being edited). */
function SavedText({
  value,
  onSave,
  multiline,
  ...rest
}: {
  value: string;
  onSave: (v: string) => void;
  multiline?: boolean;
  label: string;
  maxLength: number;
  required?: boolean;
}) {
  const [draft, setDraft] = useState(value);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setDraft(value);
  }, [value, editing]);
  const props = {
    ...rest,
    value: draft,
    onFocus: () => setEditing(true),
    onChange: (e: { currentTarget: { value: string } }) => setDraft(e.currentTarget.value),
    onBlur: () => {
      setEditing(false);
      if (draft !== value && (!rest.required || draft.trim())) onSave(rest.required ? draft.trim() : draft);
      else setDraft(value);
    },
  };
  return multiline ? <Textarea autosize minRows={3} maxRows={12} {...props} /> : <TextInput {...props} />;
}

function Checklists({ task, writes }: { task: Task; writes: BoardWrites }) {
  const { t } = useLingui();
  const [newList, setNewList] = useState("");
  const [newItem, setNewItem] = useState<Record<string, string>>({});
  const save = (next: Checklist[]) => writes.setChecklists(task.id, next).catch(failed);

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        <Trans>Checklists</Trans>
      </Title>
      {task.checklists.map((list) => {
        const done = list.items.filter((i) => i.done).length;
        const total = list.items.length;
        const listTitle = list.title;
        return (
          <Paper key={list.id} withBorder p="sm" radius="md">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={500}>{list.title}</Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t`Delete checklist ${listTitle}`}
                onClick={() => save(removeChecklist(task.checklists, list.id))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            {list.items.length > 0 && (
              <Progress
                value={(done / list.items.length) * 100}
                size="sm"
                my="xs"
                aria-label={t`${done} of ${total} done`}
              />
            )}
            <Stack gap={4}>
              {list.items.map((item) => {
                const text = item.text;
                return (
                  <Group key={item.id} justify="space-between" wrap="nowrap">
                    <Checkbox
                      label={item.text}
                      checked={item.done}
                      onChange={() => save(toggleCheckItem(task.checklists, list.id, item.id))}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={t`Remove ${text}`}
                      onClick={() => save(removeCheckItem(task.checklists, list.id, item.id))}
                    >
                      <IconX size={14} />
                    </ActionIcon>
                  </Group>
                );
              })}
            </Stack>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                const text = (newItem[list.id] ?? "").trim();
                if (!text) return;
                save(addCheckItem(task.checklists, list.id, { id: newId(), text, done: false }));
                setNewItem({ ...newItem, [list.id]: "" });
              }}
            >
              <Group gap={4} mt="xs" wrap="nowrap">
                <TextInput
                  size="xs"
                  flex={1}
                  maxLength={L.checkTextMax}
                  value={newItem[list.id] ?? ""}
                  onChange={(e) => setNewItem({ ...newItem, [list.id]: e.currentTarget.value })}
                  aria-label={t`New item in ${listTitle}`}
                  placeholder={t`New item`}
                  disabled={list.items.length >= L.checkItemsMax}
                />
                <Button size="xs" type="submit" variant="light">
                  <Trans>Add to list</Trans>
                </Button>
              </Group>
            </form>
          </Paper>
        );
      })}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!newList.trim()) return;
          save(addChecklist(task.checklists, { id: newId(), title: newList.trim(), items: [] }));
          setNewList("");
        }}
      >
        <Group gap={4} wrap="nowrap">
          <TextInput
            size="xs"
            flex={1}
            maxLength={L.nameMax}
            value={newList}
            onChange={(e) => setNewList(e.currentTarget.value)}
            aria-label={t`New checklist`}
            placeholder={t`New checklist`}
            disabled={task.checklists.length >= L.checklistsMax}
          />
          <Button size="xs" type="submit" variant="light" leftSection={<IconPlus size={14} />}>
            <Trans>Add checklist</Trans>
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

function Comments({ task, writes, names }: { task: Task; writes: BoardWrites; names: Map<string, string> }) {
  const { t, i18n } = useLingui();
  const db = getDb();
  const comments = useLiveQuery(
    async () =>
      (await db.kanbanComments.where("taskId").equals(task.id).toArray()).sort((a, b) =>
        a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
      ),
    [db, task.id],
  );
  const [body, setBody] = useState("");
  const post = async (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return;
    try {
      await writes.addComment(task.id, body.trim());
      setBody("");
    } catch (error) {
      failed(error);
    }
  };
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        <Trans>Comments</Trans>
      </Title>
      {comments?.length === 0 && (
        <Text size="sm" c="dimmed">
          <Trans>No comments yet.</Trans>
        </Text>
      )}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {comments?.map((c) => (
          <Paper component="li" key={c.id} withBorder p="xs" radius="md">
            <Text size="xs" c="dimmed">
              {(c.authorId && names.get(c.authorId)) || t`A member`} ·{" "}
              {i18n.date(c.createdAt, { dateStyle: "medium", timeStyle: "short" })}
            </Text>
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {c.body}
            </Text>
          </Paper>
        ))}
      </Stack>
      <form onSubmit={(e) => void post(e)}>
        <Stack gap={4}>
          <Textarea
            label={t`New comment`}
            autosize
            minRows={2}
            maxLength={L.commentMax}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button size="xs" type="submit" disabled={!body.trim()}>
              <Trans>Post comment</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function Details({
  task,
  companyId,
  writes,
  columns,
  onDelete,
}: {
  task: Task;
  companyId: string;
  writes: BoardWrites;
  columns: readonly Column[];
  onDelete: (task: Task) => void;
}) {
  const { t } = useLingui();
  const members = useMemberNames(companyId);
  const names = new Map(members.members.map((m) => [m.id, m.name]));
  const update = (changes: Parameters<BoardWrites["updateTask"]>[1]) =>
    writes.updateTask(task.id, changes).catch(failed);
  const memberOptions = [
    ...members.members.map((m) => ({ value: m.id, label: m.name })),
    // assigned members this device does not know (offline, or no longer in the company)
    ...task.assignees.filter((id) => !names.has(id)).map((id) => ({ value: id, label: t`Unknown member` })),
  ];

  return (
    <Stack>
      <SavedText
        label={t`Title`}
        value={task.title}
        maxLength={L.titleMax}
        required
        onSave={(title) => update({ title })}
      />
      <SavedText
        label={t`Description`}
        value={task.description}
        maxLength={L.descriptionMax}
        multiline
        onSave={(description) => update({ description })}
      />
      <Select
        label={t`Column`}
        data={columns.map((c) => ({ value: c.id, label: c.name }))}
        value={task.columnId}
        allowDeselect={false}
        onChange={(columnId) => {
          if (!columnId || columnId === task.columnId) return;
          const tasks = getDb().kanbanTasks.where("columnId").equals(columnId);
          void tasks
            .toArray()
            .then((list) => {
              const last = list.reduce<string | null>(
                (m, x) => (m === null || x.position > m ? x.position : m),
                null,
              );
              return writes.moveTask(task.id, { columnId, position: keyBetween(last, null) });
            })
            .catch(failed);
        }}
      />
      <DateField
        label={t`Due date`}
        value={task.dueDate}
        clearable
        onChange={(dueDate) => update({ dueDate: dueDate ? String(dueDate).slice(0, 10) : null })}
      />
      <TagsInput
        label={t`Labels`}
        value={task.labels}
        maxTags={L.labelsMax}
        maxLength={L.labelMax}
        onChange={(labels) => update({ labels })}
        clearable
      />
      <MultiSelect
        label={t`Assigned members`}
        data={memberOptions}
        value={task.assignees}
        onChange={(assignees) => update({ assignees })}
        searchable
        clearable
        nothingFoundMessage={members.failed ? t`Members cannot be loaded offline` : t`No member found`}
      />
      <Divider />
      <Checklists task={task} writes={writes} />
      <Divider />
      <TaskAttachments taskId={task.id} saved={task.version > 0} companyId={companyId} />
      <Divider />
      <Comments task={task} writes={writes} names={names} />
      <Divider />
      <Group justify="flex-end">
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          onClick={() => onDelete(task)}
        >
          <Trans>Delete task</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

export function TaskDrawer({
  taskId,
  companyId,
  writes,
  columns,
  onClose,
  onDelete,
}: {
  taskId: string | null;
  companyId: string;
  writes: BoardWrites;
  columns: readonly Column[];
  onClose: () => void;
  onDelete: (task: Task) => void;
}) {
  const { t } = useLingui();
  const db = getDb();
  const task = useLiveQuery(
    async () => (taskId ? ((await db.kanbanTasks.get(taskId)) ?? null) : null),
    [db, taskId],
  );
  return (
    <Drawer
      opened={taskId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={t`Task details`}
      closeButtonProps={{ "aria-label": t`Close` }}
    >
      {task ? (
        <Details
          key={task.id}
          task={task}
          companyId={companyId}
          writes={writes}
          columns={columns}
          onDelete={onDelete}
        />
      ) : (
        task === null &&
        taskId !== null && (
          <Text c="dimmed">
            <Trans>This task was deleted.</Trans>
          </Text>
        )
      )}
    </Drawer>
  );
}
