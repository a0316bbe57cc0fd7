/**
 * An inventory record's fields in words: the name of a field of an item, product or batch, and
 * a value as a person reads it (prices in dollars, codes by name, measures with units). Used by
 * the item's staff history and by the Sync screen. Pure (an I18n is passed in).
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type {
  DimensionUnit,
  ItemCategory,
  ItemCondition,
  ItemStatus,
  PublicationStatus,
  WeightUnit,
} from "../../../domain/inventory/item";
import {
  CATEGORY_LABELS,
  CONDITION_LABELS,
  DIMENSION_UNIT_LABELS,
  PUBLICATION_STATUS_LABELS,
  WEIGHT_UNIT_LABELS,
} from "./field-labels";
import { ITEM_STATUS_LABELS } from "./item-status";
import { ITEM_FIELD_NAMES } from "./items-form/item-field-names";

const OTHER_FIELD_NAMES: Record<string, MessageDescriptor> = {
  images: msg`Images`,
  name: msg`Name`,
  sourceFileName: msg`Source file`,
  rowCount: msg`Rows`,
};

/** The name of a field of an item, product or batch (the field itself when it has none). */
export function inventoryFieldName(i18n: I18n, entity: string, field: string): string {
  if (entity === "product" && field === "title") return i18n._(msg`Title`);
  if (entity === "batch" && field === "name") return i18n._(msg`Batch name`);
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
