/**
 * The item form's values and their conversion to and from the record (pure, unit tested).
 * The form holds what a person types (numbers may be "" while empty, the price in dollars);
 * the record holds the contract's types (`ItemFields`: price in integer cents, dimensions and
 * weight as objects). Validation is the shared `validateItemFields`, so the form, the file
 * import and the API refuse the same things.
 */
import {
  type DimensionUnit,
  type Item,
  type ItemCategory,
  type ItemCondition,
  type ItemFields,
  type ItemStatus,
  PUBLICATION_STATUS,
  type WeightUnit,
} from "../../../../domain/inventory/item";
import { type FieldErrors, normalizeSku, validateItemFields } from "../../../../domain/inventory/validate";
import { deepEqual } from "../../../../domain/sync/merge";

export interface ItemFormValues {
  title: string;
  description: string;
  /** Whole number; "" while empty. */
  quantity: number | string;
  sku: string;
  barcode: string;
  condition: `${ItemCondition}`;
  /** Dollars as typed (two decimals at most); "" = no price. */
  price: number | string;
  category: ItemCategory;
  length: number | string;
  width: number | string;
  height: number | string;
  dimensionUnit: DimensionUnit;
  weight: number | string;
  weightUnit: WeightUnit;
  location: string;
  status: ItemStatus;
  notes: string;
  /** Optional batch the item belongs to. */
  batchId: string | null;
}

/** The fields the form edits (the rest — product, publication status, photos — stay as they are). */
const FORM_ITEM_FIELDS = [
  "title",
  "description",
  "quantity",
  "sku",
  "barcode",
  "condition",
  "price",
  "category",
  "dimensions",
  "weight",
  "location",
  "status",
  "notes",
  "batchId",
] as const satisfies readonly (keyof ItemFields)[];

type FormItemField = (typeof FORM_ITEM_FIELDS)[number];
export type FormItemFields = Pick<ItemFields, FormItemField>;

/** A new item's starting values (the server's defaults: Used, inventory, inches, pounds, new). */
export function emptyItemFormValues(batchId: string | null = null): ItemFormValues {
  return {
    title: "",
    description: "",
    quantity: 1,
    sku: "",
    barcode: "",
    condition: "13",
    price: "",
    category: "inventory",
    length: "",
    width: "",
    height: "",
    dimensionUnit: "INCH",
    weight: "",
    weightUnit: "POUND",
    location: "",
    status: "new",
    notes: "",
    batchId,
  };
}

const numberOrEmpty = (v: number | null | undefined): number | string =>
  v === null || v === undefined ? "" : v;

/** Cents → dollars for the price field ("" when there is no price). */
function centsToDollars(cents: number | null | undefined): number | string {
  return cents === null || cents === undefined ? "" : cents / 100;
}

/** Dollars as the field holds them → integer cents; null when empty, NaN when not a number. */
export function dollarsToCents(value: number | string): number | null {
  if (value === "" || value === null || value === undefined) return null;
  const n = typeof value === "number" ? value : Number(String(value).replaceAll(",", "").replace(/^\$/, ""));
  if (!Number.isFinite(n)) return Number.NaN;
  // 19.99 * 100 is 1998.9999999999998: round to the cent the person typed
  return Math.round(n * 100);
}

export function itemToFormValues(item: Item): ItemFormValues {
  return {
    title: item.title,
    description: item.description,
    quantity: item.quantity,
    sku: item.sku,
    barcode: item.barcode ?? "",
    condition: String(item.condition) as `${ItemCondition}`,
    price: centsToDollars(item.price),
    category: item.category,
    length: numberOrEmpty(item.dimensions?.length),
    width: numberOrEmpty(item.dimensions?.width),
    height: numberOrEmpty(item.dimensions?.height),
    dimensionUnit: item.dimensions?.unit ?? "INCH",
    weight: numberOrEmpty(item.weight?.value),
    weightUnit: item.weight?.unit ?? "POUND",
    location: item.location ?? "",
    status: item.status,
    notes: item.notes ?? "",
    batchId: item.batchId,
  };
}

/** A measure field → number, null when empty; a non-number stays as it is for the validator to name. */
function measure(v: number | string): unknown {
  if (v === "" || v === null || v === undefined) return null;
  if (typeof v === "number") return v;
  const n = Number(v);
  return Number.isFinite(n) ? n : v;
}

const textOrNull = (v: string) => (v.trim() === "" ? null : v.trim());

/** The record fields the form's values stand for (not yet validated). */
export function formValuesToFields(v: ItemFormValues): FormItemFields {
  const quantity =
    v.quantity === "" ? null : typeof v.quantity === "number" ? v.quantity : Number(v.quantity);
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    quantity: quantity as number,
    sku: normalizeSku(v.sku),
    barcode: textOrNull(v.barcode),
    condition: Number(v.condition) as ItemCondition,
    price: dollarsToCents(v.price),
    category: v.category,
    dimensions: {
      length: measure(v.length) as number | null,
      width: measure(v.width) as number | null,
      height: measure(v.height) as number | null,
      unit: v.dimensionUnit,
    },
    weight: { value: measure(v.weight) as number | null, unit: v.weightUnit },
    location: textOrNull(v.location),
    status: v.status,
    notes: textOrNull(v.notes),
    batchId: v.batchId || null,
  };
}

/** The fields of a new item: the form's plus the contract's defaults for the rest. */
export function newItemFields(v: ItemFormValues): ItemFields {
  return {
    ...formValuesToFields(v),
    productId: null,
    publicationStatus: PUBLICATION_STATUS.UNPUBLISHED,
    photos: [],
  };
}

/** Where a record field's error shows in the form ("dimensions.length" → "length"). */
const ERROR_PATHS: Record<string, keyof ItemFormValues> = {
  dimensions: "length",
  "dimensions.length": "length",
  "dimensions.width": "width",
  "dimensions.height": "height",
  "dimensions.unit": "dimensionUnit",
  weight: "weight",
  "weight.value": "weight",
  "weight.unit": "weightUnit",
};

export interface FormError {
  /** The record's field path as `validateItemFields` names it. */
  path: string;
  /** The validator's message (English; the form shows it translated). */
  message: string;
}

/** `validateItemFields` on the form's values, keyed by form field. */
export function validateItemForm(v: ItemFormValues): Partial<Record<keyof ItemFormValues, FormError>> {
  const fields = formValuesToFields(v);
  const errors: FieldErrors = validateItemFields(fields, { partial: true });
  // A price the field cannot turn into cents: say so in the validator's words
  if (Number.isNaN(fields.price)) errors.price = "Price must be a number";
  const out: Partial<Record<keyof ItemFormValues, FormError>> = {};
  for (const [path, message] of Object.entries(errors)) {
    const key = (ERROR_PATHS[path] ?? path) as keyof ItemFormValues;
    out[key] ??= { path, message };
  }
  return out;
}

/** The record fields the person changed between two states of the form (for a PATCH). */
export function changedFormFields(before: ItemFormValues, after: ItemFormValues): Partial<FormItemFields> {
  const a = formValuesToFields(before);
  const b = formValuesToFields(after);
  const changes: Partial<FormItemFields> = {};
  for (const f of FORM_ITEM_FIELDS) {
    if (!deepEqual(a[f], b[f])) (changes as Record<string, unknown>)[f] = b[f];
  }
  return changes;
}
