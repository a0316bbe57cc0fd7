/**
 * Pure validation of inventory records, shared by the app's forms, the file import and the
 * API. Each check answers per-field messages (empty object = valid) keyed by the field's
 * path ("title", "dimensions.length", "photos.3"), so a form can show each under its field.
 *
 * Spec section 5: the inventory form's title, description and quantity are required;
 * quantity is a whole number ≥ 0, price ≥ 0 (integer cents), units come from the lists.
 */
import { itemEbayError } from "../ebay/item-ebay";
import { isCents, MAX_CENTS } from "../money";
import {
  DIMENSION_UNITS,
  ITEM_CATEGORIES,
  ITEM_CONDITIONS,
  ITEM_LIMITS,
  ITEM_STATUSES,
  type ItemFields,
  type ProductFields,
  PUBLICATION_STATUS,
  WEIGHT_UNITS,
} from "./item";

/** Field path → what is wrong with it, in words a person can act on. */
export type FieldErrors = Record<string, string>;

/** Loosely typed input (a form's state, a parsed import row, a request body). */
export type Loose<T> = { [K in keyof T]?: unknown };

export interface ValidateOptions {
  /**
   * Check only the fields present (a PATCH); required fields that are absent are not
   * reported, but a present one that is empty still is.
   */
  partial?: boolean;
}

const CONDITION_VALUES: readonly number[] = Object.values(ITEM_CONDITIONS);
const PUBLICATION_VALUES: readonly number[] = Object.values(PUBLICATION_STATUS);
/** Largest dimension or weight value accepted (a sanity bound, any unit). */
export const MEASURE_MAX = 1_000_000;

/** The SKU as stored: surrounding spaces removed. */
export function normalizeSku(sku: string): string {
  return sku.trim();
}

function has(obj: object, key: string): boolean {
  return Object.hasOwn(obj, key);
}

function text(
  errors: FieldErrors,
  path: string,
  value: unknown,
  opts: { label: string; max: number; required: boolean; nullable: boolean },
) {
  if (value === null || value === undefined) {
    if (opts.required || !opts.nullable) errors[path] = `${opts.label} is required`;
    return;
  }
  if (typeof value !== "string") {
    errors[path] = `${opts.label} must be text`;
    return;
  }
  if (opts.required && value.trim() === "") {
    errors[path] = `${opts.label} is required`;
    return;
  }
  if (value.length > opts.max) errors[path] = `${opts.label} must be at most ${opts.max} characters`;
}

function oneOf(
  errors: FieldErrors,
  path: string,
  value: unknown,
  allowed: readonly unknown[],
  label: string,
) {
  if (!allowed.includes(value)) errors[path] = `${label} must be one of: ${allowed.join(", ")}`;
}

function measure(errors: FieldErrors, path: string, value: unknown, label: string) {
  if (value === null) return;
  if (typeof value !== "number" || !Number.isFinite(value)) {
    errors[path] = `${label} must be a number`;
  } else if (value < 0) {
    errors[path] = `${label} cannot be negative`;
  } else if (value > MEASURE_MAX) {
    errors[path] = `${label} must be at most ${MEASURE_MAX}`;
  }
}

function dimensions(errors: FieldErrors, value: unknown) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    errors.dimensions = "Dimensions must have length, width, height and a unit";
    return;
  }
  const d = value as Record<string, unknown>;
  measure(errors, "dimensions.length", d.length ?? null, "Length");
  measure(errors, "dimensions.width", d.width ?? null, "Width");
  measure(errors, "dimensions.height", d.height ?? null, "Height");
  oneOf(errors, "dimensions.unit", d.unit, DIMENSION_UNITS, "Dimension unit");
}

function weight(errors: FieldErrors, value: unknown) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    errors.weight = "Weight must have a value and a unit";
    return;
  }
  const w = value as Record<string, unknown>;
  measure(errors, "weight.value", w.value ?? null, "Weight");
  oneOf(errors, "weight.unit", w.unit, WEIGHT_UNITS, "Weight unit");
}

function price(errors: FieldErrors, value: unknown) {
  if (value === null) return;
  if (typeof value !== "number" || !Number.isInteger(value)) {
    errors.price = "Price must be a whole number of cents";
  } else if (value < 0) {
    errors.price = "Price cannot be negative";
  } else if (!isCents(value)) {
    errors.price = `Price must be at most ${MAX_CENTS} cents`;
  }
}

function stringList(errors: FieldErrors, path: string, value: unknown, label: string, max: number) {
  if (!Array.isArray(value)) {
    errors[path] = `${label} must be a list`;
    return;
  }
  if (value.length > max) {
    errors[path] = `At most ${max} ${label.toLowerCase()}`;
    return;
  }
  value.forEach((v, i) => {
    if (typeof v !== "string" || v.trim() === "" || v.length > 2048) {
      errors[`${path}.${i}`] = `${label} entry must be a non-empty reference of at most 2048 characters`;
    }
  });
}

function uuidOrNull(errors: FieldErrors, path: string, value: unknown, label: string) {
  if (value === null) return;
  if (typeof value !== "string" || !UUID.test(value)) errors[path] = `${label} must be an id (UUID) or empty`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID of version 7 (time-ordered), as the app makes for records created offline. */
export function isUuidV7(value: unknown): value is string {
  return (
    typeof value === "string" &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(value)
  );
}

/** Checks item fields; `{}` when valid. */
export function validateItemFields(input: Loose<ItemFields>, opts: ValidateOptions = {}): FieldErrors {
  const errors: FieldErrors = {};
  const check = (key: keyof ItemFields) => !opts.partial || has(input, key);
  const L = ITEM_LIMITS;

  if (check("title"))
    text(errors, "title", input.title, {
      label: "Inventory title",
      max: L.titleMax,
      required: true,
      nullable: false,
    });
  if (check("description"))
    text(errors, "description", input.description, {
      label: "Description",
      max: L.descriptionMax,
      required: true,
      nullable: false,
    });
  if (check("quantity")) {
    const q = input.quantity;
    if (q === null || q === undefined || q === "") errors.quantity = "Quantity is required";
    else if (typeof q !== "number" || !Number.isInteger(q))
      errors.quantity = "Quantity must be a whole number";
    else if (q < 0) errors.quantity = "Quantity cannot be negative";
    else if (q > L.quantityMax) errors.quantity = `Quantity must be at most ${L.quantityMax}`;
  }
  if (check("sku")) {
    const sku = input.sku;
    if (typeof sku !== "string" || normalizeSku(sku) === "") errors.sku = "SKU is required";
    else if (normalizeSku(sku).length > L.skuMax) errors.sku = `SKU must be at most ${L.skuMax} characters`;
  }
  if (check("barcode"))
    text(errors, "barcode", input.barcode ?? null, {
      label: "Barcode",
      max: L.barcodeMax,
      required: false,
      nullable: true,
    });
  if (check("location"))
    text(errors, "location", input.location ?? null, {
      label: "Location",
      max: L.locationMax,
      required: false,
      nullable: true,
    });
  if (check("notes"))
    text(errors, "notes", input.notes ?? null, {
      label: "Notes",
      max: L.notesMax,
      required: false,
      nullable: true,
    });
  if (check("batchId")) uuidOrNull(errors, "batchId", input.batchId ?? null, "Batch");
  if (check("productId")) uuidOrNull(errors, "productId", input.productId ?? null, "Product");
  if (check("condition")) oneOf(errors, "condition", input.condition, CONDITION_VALUES, "Condition");
  if (check("category")) oneOf(errors, "category", input.category, ITEM_CATEGORIES, "Category");
  if (check("status")) oneOf(errors, "status", input.status, ITEM_STATUSES, "Status");
  if (check("publicationStatus"))
    oneOf(errors, "publicationStatus", input.publicationStatus, PUBLICATION_VALUES, "Publication status");
  if (check("price")) price(errors, input.price ?? null);
  if (check("dimensions")) dimensions(errors, input.dimensions);
  if (check("weight")) weight(errors, input.weight);
  if (check("photos")) stringList(errors, "photos", input.photos, "Photos", L.photosMax);
  if (has(input, "ebay")) {
    const problem = itemEbayError(input.ebay);
    if (problem) errors.ebay = problem;
  }
  return errors;
}

/** Checks product fields; `{}` when valid. */
export function validateProductFields(input: Loose<ProductFields>, opts: ValidateOptions = {}): FieldErrors {
  const errors: FieldErrors = {};
  const check = (key: keyof ProductFields) => !opts.partial || has(input, key);
  const L = ITEM_LIMITS;
  if (check("title"))
    text(errors, "title", input.title, { label: "Title", max: L.titleMax, required: true, nullable: false });
  if (check("description"))
    text(errors, "description", input.description, {
      label: "Description",
      max: L.descriptionMax,
      required: true,
      nullable: false,
    });
  if (check("condition")) oneOf(errors, "condition", input.condition, CONDITION_VALUES, "Condition");
  if (check("category")) oneOf(errors, "category", input.category, ITEM_CATEGORIES, "Category");
  if (check("price")) price(errors, input.price ?? null);
  if (check("dimensions")) dimensions(errors, input.dimensions);
  if (check("weight")) weight(errors, input.weight);
  if (check("images")) stringList(errors, "images", input.images, "Images", L.photosMax);
  return errors;
}

/** The fields a person or the import sets on a batch. */
export interface BatchFields {
  name: string;
  sourceFileName: string | null;
  rowCount: number;
}

export const BATCH_LIMITS = { nameMax: 200, fileNameMax: 255, rowCountMax: 10_000_000 } as const;

/** Checks batch fields; `{}` when valid. */
export function validateBatchFields(input: Loose<BatchFields>, opts: ValidateOptions = {}): FieldErrors {
  const errors: FieldErrors = {};
  const check = (key: keyof BatchFields) => !opts.partial || has(input, key);
  if (check("name"))
    text(errors, "name", input.name, {
      label: "Batch name",
      max: BATCH_LIMITS.nameMax,
      required: true,
      nullable: false,
    });
  if (check("sourceFileName"))
    text(errors, "sourceFileName", input.sourceFileName ?? null, {
      label: "Source file name",
      max: BATCH_LIMITS.fileNameMax,
      required: false,
      nullable: true,
    });
  if (check("rowCount")) {
    const n = input.rowCount;
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > BATCH_LIMITS.rowCountMax)
      errors.rowCount = `Row count must be a whole number from 0 to ${BATCH_LIMITS.rowCountMax}`;
  }
  return errors;
}

/** The first message of a check, for an API error line: `title: Inventory title is required`. */
export function firstError(errors: FieldErrors): string | null {
  const [path, message] = Object.entries(errors)[0] ?? [];
  return path ? `${path}: ${message}` : null;
}
