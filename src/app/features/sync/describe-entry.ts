/**
 * How the sync screen shows a queued write in words: what kind of change, on which record,
 * and the values the person wrote (prices in dollars, codes by name, measures with units).
 * Pure (an I18n is passed in), unit tested.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { InventoryEntity } from "../../../domain/inventory/item";
import {
  type DimensionUnit,
  ITEM_MERGE_FIELDS,
  type ItemCategory,
  type ItemCondition,
  type ItemStatus,
  type PublicationStatus,
  type WeightUnit,
} from "../../../domain/inventory/item";
import type { OutboxEntry } from "../../../sync/db";
import { SYNCED_TYPES } from "../../offline/synced-types";
import {
  CATEGORY_LABELS,
  CONDITION_LABELS,
  DIMENSION_UNIT_LABELS,
  PUBLICATION_STATUS_LABELS,
  WEIGHT_UNIT_LABELS,
} from "../inventory/field-labels";
import { ITEM_STATUS_LABELS } from "../inventory/item-status";
import { ITEM_FIELD_NAMES } from "../inventory/items-form/item-field-names";

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

const OTHER_FIELD_NAMES: Record<string, MessageDescriptor> = {
  images: msg`Images`,
  name: msg`Name`,
  sourceFileName: msg`Source file`,
  rowCount: msg`Rows`,
};

export function entityName(i18n: I18n, entity: string): string {
  const name = ENTITY_NAMES[entity as InventoryEntity | KanbanEntity | OtherEntity];
  return name ? i18n._(name) : entity;
}

export function fieldName(i18n: I18n, entity: string, field: string): string {
  if (entity === "product" && field === "title") return i18n._(msg`Title`);
  if (entity === "batch" && field === "name") return i18n._(msg`Batch name`);
  if (entity.startsWith("kanban-") && KANBAN_FIELD_NAMES[field]) return i18n._(KANBAN_FIELD_NAMES[field]);
  if (entity === "chat-message" && field === "body") return i18n._(msg`Message`);
  if (entity === "calendar-event" && CALENDAR_FIELD_NAMES[field]) return i18n._(CALENDAR_FIELD_NAMES[field]);
  if (entity.startsWith("mail-") && MAIL_FIELD_NAMES[field]) return i18n._(MAIL_FIELD_NAMES[field]);
  const named = ITEM_FIELD_NAMES[field as keyof typeof ITEM_FIELD_NAMES] ?? OTHER_FIELD_NAMES[field];
  return named ? i18n._(named) : field;
}

const UNIT_SHORT: Record<DimensionUnit | WeightUnit, string> = {
  INCH: "in",
  FEET: "ft",
  CENTIMETER: "cm",
  METER: "m",
  POUND: "lb",
  KILOGRAM: "kg",
  OUNCE: "oz",
  GRAM: "g",
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** A field's value as a person reads it ("—" for none). */
export function formatValue(i18n: I18n, field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  const label = (labels: Record<string | number, MessageDescriptor>) => {
    const d = labels[value as string | number];
    return d ? i18n._(d) : String(value);
  };
  switch (field) {
    case "price":
      return typeof value === "number"
        ? i18n.number(value / 100, { style: "currency", currency: "USD" })
        : String(value);
    case "condition":
      return label(CONDITION_LABELS as Record<ItemCondition, MessageDescriptor>);
    case "category":
      return label(CATEGORY_LABELS as Record<ItemCategory, MessageDescriptor>);
    case "status":
      return label(ITEM_STATUS_LABELS as Record<ItemStatus, MessageDescriptor>);
    case "publicationStatus":
      return label(PUBLICATION_STATUS_LABELS as Record<PublicationStatus, MessageDescriptor>);
    case "dimensions": {
      if (!isObject(value)) return String(value);
      const part = (v: unknown) => (typeof v === "number" ? i18n.number(v) : "—");
      const unit = UNIT_SHORT[value.unit as DimensionUnit] ?? i18n._(DIMENSION_UNIT_LABELS.INCH);
      if ([value.length, value.width, value.height].every((v) => v === null || v === undefined)) return "—";
      return `${part(value.length)} × ${part(value.width)} × ${part(value.height)} ${unit}`;
    }
    case "weight": {
      if (!isObject(value)) return String(value);
      if (typeof value.value !== "number") return "—";
      return `${i18n.number(value.value)} ${UNIT_SHORT[value.unit as WeightUnit] ?? i18n._(WEIGHT_UNIT_LABELS.POUND)}`;
    }
    case "photos":
    case "images": {
      const n = Array.isArray(value) ? value.length : 0;
      return i18n._(msg`${plural(n, { one: "# picture", other: "# pictures" })}`);
    }
    default:
      if (typeof value === "number") return i18n.number(value);
      if (typeof value === "string") return value;
      return JSON.stringify(value);
  }
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
