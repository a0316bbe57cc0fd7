/**
 * How the sync screen shows a queued write in words: what kind of change, on which record,
 * and the values the person wrote (prices in dollars, codes by name, measures with units).
 * Pure (an I18n is passed in), unit tested.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type InventoryEntity, ITEM_MERGE_FIELDS } from "../../../domain/inventory/item";
import type { OutboxEntry } from "../../../sync/db";
import { SYNCED_TYPES } from "../../offline/synced-types";
import { inventoryFieldName } from "../inventory/record-fields";

export type EntryAction = "create" | "update" | "delete" | "import";

/** A create is a PUT of a record the server never had (no base version); "import" is a chunk of an import. */
export function entryAction(e: Pick<OutboxEntry, "method" | "baseVersion" | "bulk">): EntryAction {
  if (e.bulk) return "import";
  // a POST without `bulk` appends a record the server numbers (a chat message written offline)
  if (e.method === "POST") return "create";
  if (e.method === "DELETE") return "delete";
  if (e.method === "PUT" && e.baseVersion === null) return "create";
  return "update";
}

const ENTITY_NAMES: Record<InventoryEntity | KanbanEntity | OtherEntity, MessageDescriptor> = {
  item: msg`Item`,
  product: msg`Product`,
  batch: msg`Batch`,
  "kanban-board": msg`Board`,
  "kanban-column": msg`Column`,
  "kanban-task": msg`Task`,
  "kanban-comment": msg`Comment`,
  "calendar-event": msg`Calendar event`,
  "mail-message": msg`Mail`,
  "mail-label": msg`Mail label`,
  "chat-message": msg`Chat message`,
};

type KanbanEntity = "kanban-board" | "kanban-column" | "kanban-task" | "kanban-comment";
type OtherEntity = "calendar-event" | "mail-message" | "mail-label" | "chat-message";

/** Calendar events' and mail's fields in words. */
const CALENDAR_FIELD_NAMES: Record<string, MessageDescriptor> = {
  title: msg`Title`,
  description: msg`Description`,
  start: msg`Starts`,
  end: msg`Ends`,
  allDay: msg`All day`,
  colour: msg`Colour`,
  visibility: msg`Visible to`,
};

const MAIL_FIELD_NAMES: Record<string, MessageDescriptor> = {
  to: msg`To`,
  cc: msg`Cc`,
  subject: msg`Subject`,
  html: msg`Message`,
  inReplyTo: msg`In reply to`,
  labels: msg`Labels`,
  read: msg`Read`,
  state: msg`State`,
  name: msg`Name`,
  colour: msg`Colour`,
};

/** Kanban's fields in words (a task's title, a comment's text, ...). */
const KANBAN_FIELD_NAMES: Record<string, MessageDescriptor> = {
  title: msg`Title`,
  description: msg`Description`,
  dueDate: msg`Due date`,
  labels: msg`Labels`,
  assignees: msg`Assigned members`,
  checklists: msg`Checklists`,
  columnId: msg`Column`,
  boardId: msg`Board`,
  position: msg`Place`,
  taskId: msg`Task`,
  body: msg`Comment`,
};

export function entityName(i18n: I18n, entity: string): string {
  const name = ENTITY_NAMES[entity as InventoryEntity | KanbanEntity | OtherEntity];
  return name ? i18n._(name) : entity;
}

export function fieldName(i18n: I18n, entity: string, field: string): string {
  if (entity.startsWith("kanban-") && KANBAN_FIELD_NAMES[field]) return i18n._(KANBAN_FIELD_NAMES[field]);
  if (entity === "chat-message" && field === "body") return i18n._(msg`Message`);
  if (entity === "calendar-event" && CALENDAR_FIELD_NAMES[field]) return i18n._(CALENDAR_FIELD_NAMES[field]);
  if (entity.startsWith("mail-") && MAIL_FIELD_NAMES[field]) return i18n._(MAIL_FIELD_NAMES[field]);
  return inventoryFieldName(i18n, entity, field);
}

/** The fields the person wrote in this entry, in the record's field order (no `version`). */
export function writtenFields(e: Pick<OutboxEntry, "entity" | "body" | "bulk">): [string, unknown][] {
  if (e.bulk) return [];
  const body = e.body ?? {};
  const order: readonly string[] =
    e.entity === "item" ? ITEM_MERGE_FIELDS : (SYNCED_TYPES[e.entity]?.fields ?? Object.keys(body));
  return order.filter((f) => f in body).map((f) => [f, body[f]]);
}

/** The record's name for a list: its title or name (a comment: the start of its text), else its id. */
export function recordLabel(
  e: Pick<OutboxEntry, "id" | "body" | "base">,
  local?: Record<string, unknown> | null,
): string {
  for (const src of [e.body, local, e.base]) {
    const t = src?.title ?? src?.name ?? src?.subject ?? src?.body;
    if (typeof t === "string" && t.trim()) return t.length > 60 ? `${t.slice(0, 59)}…` : t;
  }
  return e.id;
}
