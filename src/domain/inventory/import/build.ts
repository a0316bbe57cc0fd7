/**
 * Mapped rows → item fields, with every problem explained per row and per cell, and duplicates
 * by SKU (within the file and against the SKUs the company already has) reported instead of
 * imported twice. Validation of the finished fields is the shared `validateItemFields`
 * (the same words as the forms and the API).
 */
import { type Cents, MAX_CENTS } from "../../money";
import {
  type DimensionUnit,
  ITEM_CONDITIONS,
  type ItemCondition,
  type ItemFields,
  newItemFields,
  type WeightUnit,
} from "../item";
import { normalizeSku, validateItemFields } from "../validate";
import {
  type ColumnMapping,
  type HeaderUnits,
  type ImportField,
  parseDimensionUnit,
  parseWeightUnit,
} from "./mapping";
import type { CellNote, RawRow, RawTable } from "./types";

export interface BuildOptions {
  mapping: ColumnMapping;
  units?: HeaderUnits;
  /** SKUs the company already holds (normalised with normalizeSku). */
  existingSkus?: ReadonlySet<string>;
  /** Values for fields the file does not give. */
  defaults?: Partial<ItemFields>;
  /** "1,5" means one and a half (files from locales with a decimal comma; set for ";" files). */
  decimalComma?: boolean;
}

export interface CellError {
  /** 0-based column of the file, or null when the problem is a field no column gives. */
  column: number | null;
  field: keyof ItemFields | ImportField;
  message: string;
}

export type RowStatus = "valid" | "invalid" | "duplicate-in-file" | "duplicate-existing";

interface ImportRow {
  line: number;
  status: RowStatus;
  /** The item fields to import (also filled, as far as they parsed, for invalid rows). */
  fields: ItemFields;
  errors: CellError[];
  /** For duplicates: the line of the first row with this SKU, or null when it already exists. */
  duplicateOf?: number | null;
}

export interface ImportPreview {
  rows: ImportRow[];
  counts: Record<RowStatus, number>;
  /** Required fields with no column mapped (each row would fail on them). */
  unmappedRequired: (keyof ItemFields)[];
}

/**
 * A number as people write it in spreadsheets: "1,234.5", "1 234", "$12", "(3)" is refused,
 * "1.234,5" with a decimal comma. Null when it is not a number.
 */
export function parseNumber(raw: string, decimalComma = false): number | null {
  let s = raw
    .trim()
    .replace(/^[$€£]\s*|\s*(USD|EUR|GBP|[$€£])$/i, "")
    .replace(/[\s\u00a0\u202f']/g, "");
  if (s === "") return null;
  const negative = /^[-−]/.test(s);
  s = s.replace(/^[-−+]/, "");
  if (decimalComma) {
    if (!/^(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$/.test(s)) return null;
    s = s.replaceAll(".", "").replace(",", ".");
  } else {
    if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$|^\.\d+$/.test(s)) return null;
    s = s.replaceAll(",", "");
  }
  const n = Number(s);
  if (!Number.isFinite(n)) return null;
  return negative ? -n : n;
}

/** "10x5x2 in", "10 × 5 × 2cm", "10*5*2" → numbers and an optional unit. */
export function parseDimensions(
  raw: string,
  decimalComma = false,
): { length: number; width: number; height: number; unit: DimensionUnit | null } | null {
  const m =
    /^\s*([\d.,]+)\s*(?:[a-z"]*\s*)?[x×*]\s*([\d.,]+)\s*(?:[a-z"]*\s*)?[x×*]\s*([\d.,]+)\s*([a-z."']*)\s*$/i.exec(
      raw,
    );
  if (!m) return null;
  const [l, w, h] = [m[1], m[2], m[3]].map((v) => parseNumber(v ?? "", decimalComma));
  if (l === null || w === null || h === null || l === undefined || w === undefined || h === undefined)
    return null;
  const unitWord = m[4] ?? "";
  const unit = unitWord ? parseDimensionUnit(unitWord) : null;
  if (unitWord && !unit) return null;
  return { length: l, width: w, height: h, unit };
}

/** "2.5", "2.5 lb", "40oz" → value and an optional unit. */
export function parseWeight(
  raw: string,
  decimalComma = false,
): { value: number; unit: WeightUnit | null } | null {
  const m = /^\s*([-−]?[\d.,\s]+?)\s*([a-z#.]*)\s*$/i.exec(raw);
  if (!m) return null;
  const value = parseNumber(m[1] ?? "", decimalComma);
  if (value === null) return null;
  const unit = m[2] ? parseWeightUnit(m[2]) : null;
  if (m[2] && !unit) return null;
  return { value, unit };
}

function parseCondition(raw: string): ItemCondition | null {
  const s = raw.trim().toLowerCase();
  if (
    /^(5|new|brand new|new with tags|new with box|new without tags|new other|nwt|nib|nwob|sealed)$/.test(s)
  ) {
    return ITEM_CONDITIONS.NEW;
  }
  if (
    /^(13|used|pre-owned|preowned|second hand|secondhand|open box|like new|good|very good|acceptable|fair)$/.test(
      s,
    )
  ) {
    return ITEM_CONDITIONS.USED;
  }
  return null;
}

function toCents(n: number): Cents | null {
  const cents = Math.round(n * 100);
  return Math.abs(n * 100 - cents) < 1e-6 && cents <= MAX_CENTS ? cents : null;
}

function buildRow(row: RawRow, opts: BuildOptions, notes: Map<string, string>): ImportRow {
  const { mapping } = opts;
  const dc = opts.decimalComma ?? false;
  const fields = newItemFields(opts.defaults);
  const errors: CellError[] = [];
  const cell = (f: ImportField): string | undefined => {
    const col = mapping[f];
    return col === undefined ? undefined : (row.cells[col] ?? "").trim();
  };
  const err = (f: ImportField | keyof ItemFields, message: string) => {
    const col = (mapping as Record<string, number | undefined>)[f];
    errors.push({ column: col ?? null, field: f, message });
  };
  // cells the reader explained (formula without result, merged area)
  if (notes.size > 0) {
    for (const [f, col] of Object.entries(mapping) as [ImportField, number][]) {
      const note = notes.get(`${row.line}:${col}`);
      if (note && (row.cells[col] ?? "").trim() === "") errors.push({ column: col, field: f, message: note });
    }
  }

  const title = cell("title");
  if (title !== undefined) fields.title = title;
  const sku = cell("sku");
  if (sku !== undefined) fields.sku = normalizeSku(sku);
  const barcode = cell("barcode");
  if (barcode !== undefined) {
    // spreadsheets turn long codes into numbers like 1.23457E+11: the digits are lost
    if (/^\d+(\.\d+)?e\+\d+$/i.test(barcode)) {
      err(
        "barcode",
        "This barcode was turned into a number in scientific notation; format the column as text and export again.",
      );
    }
    fields.barcode = barcode === "" ? null : barcode.replace(/\s+/g, "");
  }
  const description = cell("description");
  if (description !== undefined) fields.description = description;
  const location = cell("location");
  if (location !== undefined) fields.location = location === "" ? null : location;
  const notesCell = cell("notes");
  if (notesCell !== undefined) fields.notes = notesCell === "" ? null : notesCell;

  const qty = cell("quantity");
  if (qty !== undefined) {
    const n = qty === "" ? null : parseNumber(qty, dc);
    if (qty === "") err("quantity", "Quantity is empty");
    else if (n === null) err("quantity", `"${qty}" is not a number`);
    else if (n < 0) err("quantity", `Quantity cannot be negative (${qty})`);
    else if (!Number.isInteger(n)) err("quantity", `Quantity must be a whole number (${qty})`);
    else fields.quantity = n;
  }

  const price = cell("price");
  if (price !== undefined && price !== "") {
    const n = parseNumber(price, dc);
    if (n === null) err("price", `"${price}" is not a price`);
    else if (n < 0) err("price", `Price cannot be negative (${price})`);
    else {
      const cents = toCents(n);
      if (cents === null) err("price", `"${price}" has more than two decimals or is too large`);
      else fields.price = cents;
    }
  }

  const condition = cell("condition");
  if (condition !== undefined && condition !== "") {
    const c = parseCondition(condition);
    if (c === null) err("condition", `"${condition}" is not a condition; use New or Used`);
    else fields.condition = c;
  }

  const weightUnitCell = cell("weightUnit");
  let weightUnit = opts.units?.weightUnit ?? fields.weight.unit;
  if (weightUnitCell) {
    const u = parseWeightUnit(weightUnitCell);
    if (u) weightUnit = u;
    else err("weightUnit", `"${weightUnitCell}" is not a weight unit; use lb, kg, oz or g`);
  }
  fields.weight.unit = weightUnit;
  const weight = cell("weight");
  if (weight !== undefined && weight !== "") {
    const w = parseWeight(weight, dc);
    if (!w) err("weight", `"${weight}" is not a weight, e.g. 2.5 or 2.5 lb`);
    else if (w.value < 0) err("weight", `Weight cannot be negative (${weight})`);
    else fields.weight = { value: w.value, unit: w.unit ?? weightUnit };
  }

  const dimUnitCell = cell("dimensionUnit");
  let dimUnit = opts.units?.dimensionUnit ?? fields.dimensions.unit;
  if (dimUnitCell) {
    const u = parseDimensionUnit(dimUnitCell);
    if (u) dimUnit = u;
    else err("dimensionUnit", `"${dimUnitCell}" is not a length unit; use in, ft, cm or m`);
  }
  fields.dimensions.unit = dimUnit;
  const dims = cell("dimensions");
  if (dims !== undefined && dims !== "") {
    const d = parseDimensions(dims, dc);
    if (!d) err("dimensions", `"${dims}" is not length × width × height, e.g. 10x5x2 in`);
    else fields.dimensions = { length: d.length, width: d.width, height: d.height, unit: d.unit ?? dimUnit };
  }
  for (const side of ["length", "width", "height"] as const) {
    const v = cell(side);
    if (v === undefined || v === "") continue;
    const n = parseNumber(v, dc);
    if (n === null) err(side, `"${v}" is not a number`);
    else if (n < 0) err(side, `${side[0]?.toUpperCase()}${side.slice(1)} cannot be negative (${v})`);
    else fields.dimensions[side] = n;
  }

  // shared checks (required fields, lengths, ranges) for whatever parsed cleanly
  const reported = new Set(errors.map((e) => e.field));
  for (const [path, message] of Object.entries(validateItemFields(fields))) {
    const field = (path.split(".")[0] ?? path) as keyof ItemFields;
    const sub = path.split(".")[1] as ImportField | undefined;
    const importField: ImportField | keyof ItemFields =
      field === "dimensions" && sub && mapping[sub] !== undefined ? sub : field;
    if (reported.has(importField) || reported.has(field)) continue;
    err(importField, message);
  }
  return { line: row.line, status: errors.length ? "invalid" : "valid", fields, errors };
}

const REQUIRED: (keyof ItemFields & ImportField)[] = ["title", "sku", "description", "quantity"];

/** Builds the preview: every row with its status and explained errors. */
export function buildImport(table: Pick<RawTable, "rows" | "cellNotes">, opts: BuildOptions): ImportPreview {
  const notes = new Map<string, string>();
  for (const n of table.cellNotes as CellNote[]) notes.set(`${n.line}:${n.column}`, n.message);
  const firstLineBySku = new Map<string, number>();
  const rows = table.rows.map((raw) => {
    const row = buildRow(raw, opts, notes);
    const sku = row.fields.sku;
    if (!sku) return row;
    const first = firstLineBySku.get(sku);
    if (first !== undefined) {
      row.status = "duplicate-in-file";
      row.duplicateOf = first;
    } else firstLineBySku.set(sku, row.line);
    return row;
  });
  // quantity defaults to 1 when no column gives it; the others have no sensible default
  const unmappedRequired = REQUIRED.filter(
    (f) => f !== "quantity" && opts.mapping[f] === undefined && !opts.defaults?.[f],
  );
  return withExistingSkus({ rows, counts: countRows(rows), unmappedRequired }, opts.existingSkus);
}

function countRows(rows: readonly ImportRow[]): Record<RowStatus, number> {
  const counts: Record<RowStatus, number> = {
    valid: 0,
    invalid: 0,
    "duplicate-in-file": 0,
    "duplicate-existing": 0,
  };
  for (const r of rows) counts[r.status]++;
  return counts;
}

/**
 * The preview with every row whose SKU the company already has marked `duplicate-existing`
 * (whatever else it was: it is skipped). Rows it changes are copies; the preview given is left
 * as it was, so the worker can build once and check against the device's SKUs when asked.
 */
export function withExistingSkus(preview: ImportPreview, existing?: ReadonlySet<string>): ImportPreview {
  if (!existing || existing.size === 0) return preview;
  let changed = false;
  const rows = preview.rows.map((row) => {
    if (!row.fields.sku || !existing.has(row.fields.sku)) return row;
    changed = true;
    return { ...row, status: "duplicate-existing" as const, duplicateOf: null };
  });
  return changed ? { ...preview, rows, counts: countRows(rows) } : preview;
}
