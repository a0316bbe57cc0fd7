import { fieldsFor } from "./catalogue";
import type { FieldDef, MappableForm } from "./types";

/**
 * A mapping document: what staff decided about one extracted statement. Pure data
 * (stored as jsonb, sent over the API as is) and pure functions over it; the extracted
 * line items themselves are never changed. Lines are named by their position in the
 * file's extraction (`"0"`, `"1"`, …), tables by page and section (see `tableId`).
 * See docs/statement-mapping.md, "Mapping records".
 */

/** An extracted line as the file module stores it (src/domain/line-items). */
export interface ExtractedLine {
  page: number;
  section: string | null;
  label: string;
  /** By column of the statement; null where the cell is blank. */
  amounts: (number | null)[];
  isTotal: boolean;
  /** What a total adds up, as extraction read it (line positions, signed). */
  parts?: { line: number; sign: 1 | -1 }[];
  /** OCR: the mean confidence of the line's words (0–100); absent on text and sheets. */
  confidence?: number;
  /** The account number printed beside the label ("6100"), kept apart from it. */
  account?: string;
}

/** A misread amount or label put right; the extracted original stays in the extraction. */
export interface Correction {
  label?: string;
  amount?: number;
  /** Why (optional): "OCR read 8 as 3". */
  note?: string;
}

export interface SplitPart {
  fieldId: string;
  amount: number;
}

/** Not a field of the form: left out on purpose (capital expenditures, a duplicate line). */
export const EXCLUDED = "excluded";
/** A subtotal the form recomputes: not mapped, not counted, not flagged as unmapped. */
export const IGNORE_SUBTOTAL = "ignore:subtotal";
/** The line's amount is divided between fields: see `splits`. */
export const SPLIT = "split";

export interface MappingDocument {
  /** Which amount column counts (statements often show this year and last year side by side). */
  column: number;
  selection: {
    /** Selected tables (`tableId`): only their lines count. */
    tables: string[];
    /** Lines of selected tables that do not count either (line ids). */
    skippedLines: string[];
  };
  /** By line id: the corrected label and/or amount. */
  corrections: Record<string, Correction>;
  /** By line id: a field id, "excluded", "ignore:subtotal" or "split". */
  assignments: Record<string, string>;
  /** By line id (assigned "split"): the parts, which add up to the line's amount. */
  splits: Record<string, SplitPart[]>;
  /** By reconciliation flag id: why it is all right. */
  explanations: Record<string, string>;
  /** The statement's period when it is not the calendar/fiscal year the file says. */
  period?: { start: string; end: string };
}

export const lineId = (index: number) => String(index);

/** A table is the lines of one section on one page (a sheet of a workbook is a page). */
function tableId(line: Pick<ExtractedLine, "page" | "section">): string {
  return `${line.page}|${line.section ?? ""}`;
}

export interface TableInfo {
  id: string;
  page: number;
  section: string | null;
  /** Line ids, in order. */
  lines: string[];
}

/** The tables of an extraction in reading order. */
export function tablesOf(lines: readonly ExtractedLine[]): TableInfo[] {
  const byId = new Map<string, TableInfo>();
  lines.forEach((line, i) => {
    const id = tableId(line);
    let t = byId.get(id);
    if (!t) {
      t = { id, page: line.page, section: line.section, lines: [] };
      byId.set(id, t);
    }
    t.lines.push(lineId(i));
  });
  return [...byId.values()];
}

/**
 * A new document: every table selected, nothing assigned, and the column extraction chose as
 * the statement year's annual figure (the first when there is no choice).
 */
export function emptyDocument(lines: readonly ExtractedLine[], column = 0): MappingDocument {
  return {
    column,
    selection: { tables: tablesOf(lines).map((t) => t.id), skippedLines: [] },
    corrections: {},
    assignments: {},
    splits: {},
    explanations: {},
  };
}

// ---------------------------------------------------------------------------------------
// Selection
// ---------------------------------------------------------------------------------------

export function toggleTable(doc: MappingDocument, table: string): MappingDocument {
  const has = doc.selection.tables.includes(table);
  return {
    ...doc,
    selection: {
      ...doc.selection,
      tables: has ? doc.selection.tables.filter((t) => t !== table) : [...doc.selection.tables, table],
    },
  };
}

/** Nothing selected (spec section 4: "selected tables can be toggled and cleared"). */
export function clearSelection(doc: MappingDocument): MappingDocument {
  return { ...doc, selection: { tables: [], skippedLines: [] } };
}

export function selectAllTables(doc: MappingDocument, lines: readonly ExtractedLine[]): MappingDocument {
  return { ...doc, selection: { tables: tablesOf(lines).map((t) => t.id), skippedLines: [] } };
}

/** Leaves one line of a selected table out, or lets it count again. */
export function toggleLine(doc: MappingDocument, id: string): MappingDocument {
  const skipped = doc.selection.skippedLines.includes(id);
  return {
    ...doc,
    selection: {
      ...doc.selection,
      skippedLines: skipped
        ? doc.selection.skippedLines.filter((x) => x !== id)
        : [...doc.selection.skippedLines, id],
    },
  };
}

export function isSelected(doc: MappingDocument, lines: readonly ExtractedLine[], id: string): boolean {
  const line = lines[Number(id)];
  if (!line) return false;
  return doc.selection.tables.includes(tableId(line)) && !doc.selection.skippedLines.includes(id);
}

// ---------------------------------------------------------------------------------------
// Corrections
// ---------------------------------------------------------------------------------------

/** A line as it counts: the correction where there is one, the original beside it. */
export interface EffectiveLine {
  id: string;
  page: number;
  section: string | null;
  isTotal: boolean;
  label: string;
  amount: number | null;
  originalLabel: string;
  originalAmount: number | null;
  corrected: boolean;
}

export function effectiveLine(
  doc: MappingDocument,
  lines: readonly ExtractedLine[],
  id: string,
): EffectiveLine {
  const line = lines[Number(id)];
  if (!line) throw new RangeError(`No line ${id}`);
  const c = doc.corrections[id];
  const originalAmount = line.amounts[doc.column] ?? null;
  const label = c?.label ?? line.label;
  const amount = c?.amount ?? originalAmount;
  return {
    id,
    page: line.page,
    section: line.section,
    isTotal: line.isTotal,
    label,
    amount,
    originalLabel: line.label,
    originalAmount,
    corrected: c !== undefined && (c.label !== undefined || c.amount !== undefined),
  };
}

/** Corrects a line; the original stays in the extraction. Correcting back to the original removes the correction. */
export function correctLine(
  doc: MappingDocument,
  lines: readonly ExtractedLine[],
  id: string,
  change: Correction,
): MappingDocument {
  const line = lines[Number(id)];
  if (!line) throw new RangeError(`No line ${id}`);
  const next: Correction = { ...doc.corrections[id], ...change };
  if (next.label !== undefined && next.label === line.label) delete next.label;
  if (next.amount !== undefined && next.amount === (line.amounts[doc.column] ?? null)) delete next.amount;
  const corrections = { ...doc.corrections };
  if (next.label === undefined && next.amount === undefined) delete corrections[id];
  else corrections[id] = next;
  return { ...doc, corrections };
}

export function clearCorrection(doc: MappingDocument, id: string): MappingDocument {
  const corrections = { ...doc.corrections };
  delete corrections[id];
  return { ...doc, corrections };
}

// ---------------------------------------------------------------------------------------
// Assignments and splits
// ---------------------------------------------------------------------------------------

/** Assigns a line to a field, "excluded" or "ignore:subtotal" (null: unassigns). Drops a split. */
export function assignLine(doc: MappingDocument, id: string, target: string | null): MappingDocument {
  const assignments = { ...doc.assignments };
  const splits = { ...doc.splits };
  delete splits[id];
  if (target === null) delete assignments[id];
  else assignments[id] = target;
  return { ...doc, assignments, splits };
}

/** Splits a line across fields; `splitProblems` says whether the parts add up. */
export function splitLine(doc: MappingDocument, id: string, parts: readonly SplitPart[]): MappingDocument {
  return {
    ...doc,
    assignments: { ...doc.assignments, [id]: SPLIT },
    splits: { ...doc.splits, [id]: parts.map((p) => ({ fieldId: p.fieldId, amount: p.amount })) },
  };
}

const cents = (n: number) => Math.round(n * 100);
const dollars = (c: number) => c / 100;
/** A finite amount of dollars and whole cents (float noise allowed). */
const wholeCents = (n: number) => Number.isFinite(n) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** Formats an amount for messages: 1,234.5 → "1,234.50". */
export const formatMoney = (n: number) =>
  n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export interface DocumentProblem {
  /** Where: "assignments.12", "splits.4", "corrections.7.amount", "column", … */
  path: string;
  message: string;
}

const isSpecial = (t: string) => t === EXCLUDED || t === IGNORE_SUBTOTAL || t === SPLIT;

/**
 * Everything in a document that cannot be saved: lines that do not exist, targets that
 * are not a field of this form and year (or are a total for a line that is not one),
 * splits whose parts do not add up to the line's amount, amounts that are not whole
 * cents. Empty when the document is consistent.
 */
export function documentProblems(
  doc: MappingDocument,
  lines: readonly ExtractedLine[],
  form: MappableForm,
  year: number,
): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  const fields = new Map(fieldsFor(form, year).map((f) => [f.id, f]));
  const otherForms = new Map(
    (["rpie", "tc201", "tc203", "audit"] as const)
      .filter((f) => f !== form)
      .flatMap((f) => fieldsFor(f, year).map((x) => [x.id, x] as const)),
  );
  const lineName = (id: string) => {
    const l = lines[Number(id)];
    return l ? `line ${Number(id) + 1} ("${doc.corrections[id]?.label ?? l.label}")` : `line ${id}`;
  };
  const exists = (path: string, id: string) => {
    if (/^\d+$/.test(id) && Number(id) < lines.length) return true;
    problems.push({
      path,
      message: `There is no line ${id} in this file's extraction (${lines.length} lines)`,
    });
    return false;
  };
  const fieldProblem = (path: string, fieldId: string, totalAllowed: boolean, who: string) => {
    const f = fields.get(fieldId);
    if (!f) {
      const other = otherForms.get(fieldId);
      problems.push({
        path,
        message: other
          ? `${who} is mapped to "${other.label}" (${fieldId}), a ${other.form.toUpperCase()} field, not ${form.toUpperCase()}`
          : `${who} is mapped to "${fieldId}", which is not a ${form.toUpperCase()} field for filing year ${year}`,
      });
      return;
    }
    if (f.kind === "info")
      problems.push({
        path,
        message: `${who} is mapped to "${f.label}", which does not take a statement amount`,
      });
    else if (f.kind === "total" && !totalAllowed)
      problems.push({
        path,
        message: `${who} is mapped to "${f.label}", a total the form recomputes; only a statement's own total line can be compared with it`,
      });
  };

  if (!Number.isInteger(doc.column) || doc.column < 0)
    problems.push({ path: "column", message: "column must be a whole number from 0" });

  for (const id of doc.selection.skippedLines) exists("selection.skippedLines", id);

  for (const [id, c] of Object.entries(doc.corrections)) {
    if (!exists(`corrections.${id}`, id)) continue;
    if (c.amount !== undefined && !wholeCents(c.amount))
      problems.push({
        path: `corrections.${id}.amount`,
        message: `The corrected amount of ${lineName(id)} must be dollars and whole cents`,
      });
    if (c.label !== undefined && c.label.trim() === "")
      problems.push({
        path: `corrections.${id}.label`,
        message: `The corrected label of ${lineName(id)} is empty`,
      });
  }

  for (const [id, target] of Object.entries(doc.assignments)) {
    if (!exists(`assignments.${id}`, id)) continue;
    const line = lines[Number(id)] as ExtractedLine;
    if (target === SPLIT) {
      if (!doc.splits[id])
        problems.push({
          path: `assignments.${id}`,
          message: `${lineName(id)} is marked split but has no parts`,
        });
      continue;
    }
    if (isSpecial(target)) continue;
    fieldProblem(`assignments.${id}`, target, line.isTotal, lineName(id));
  }

  for (const [id, parts] of Object.entries(doc.splits)) {
    if (!exists(`splits.${id}`, id)) continue;
    if (doc.assignments[id] !== SPLIT) {
      problems.push({
        path: `splits.${id}`,
        message: `${lineName(id)} has split parts but is not assigned "split"`,
      });
      continue;
    }
    if (parts.length < 2) {
      problems.push({ path: `splits.${id}`, message: `A split of ${lineName(id)} needs at least two parts` });
      continue;
    }
    parts.forEach((p, i) => {
      fieldProblem(`splits.${id}.${i}`, p.fieldId, false, `Part ${i + 1} of ${lineName(id)}`);
      if (!wholeCents(p.amount))
        problems.push({
          path: `splits.${id}.${i}.amount`,
          message: `Part ${i + 1} of ${lineName(id)} must be dollars and whole cents`,
        });
    });
    const amount = effectiveLine(doc, lines, id).amount;
    const sum = parts.reduce((t, p) => t + cents(p.amount), 0);
    if (amount === null)
      problems.push({
        path: `splits.${id}`,
        message: `${lineName(id)} has no amount in column ${doc.column + 1} to split`,
      });
    else if (sum !== cents(amount))
      problems.push({
        path: `splits.${id}`,
        message: `The parts of ${lineName(id)} add up to ${formatMoney(dollars(sum))}, not the line's ${formatMoney(amount)} (difference ${formatMoney(dollars(cents(amount) - sum))})`,
      });
  }
  return problems;
}

// ---------------------------------------------------------------------------------------
// What the mapping adds up to
// ---------------------------------------------------------------------------------------

export interface MappedFigures {
  /** Sum per field id of the lines (and split parts) mapped to it; totals are not here. */
  amounts: Record<string, number>;
  /** Per itemised field: its lines as schedule items (label, amount). */
  itemisations: Record<string, { label: string; amount: number }[]>;
  /** Per field id: the line ids that make it up. */
  sources: Record<string, string[]>;
}

/** The counted lines (selected, with an amount) mapped to fields of the form, summed per field. */
export function mappedFigures(
  doc: MappingDocument,
  lines: readonly ExtractedLine[],
  form: MappableForm,
  year: number,
): MappedFigures {
  const fields = new Map(fieldsFor(form, year).map((f) => [f.id, f]));
  const sumCents = new Map<string, number>();
  const itemisations: Record<string, { label: string; amount: number }[]> = {};
  const sources: Record<string, string[]> = {};
  const add = (field: FieldDef, amount: number, label: string, id: string) => {
    sumCents.set(field.id, (sumCents.get(field.id) ?? 0) + cents(amount));
    sources[field.id] = [...(sources[field.id] ?? []), id];
    if (field.itemised)
      itemisations[field.id] = [...(itemisations[field.id] ?? []), { label, amount: dollars(cents(amount)) }];
  };
  for (const [id, target] of Object.entries(doc.assignments)) {
    if (!isSelected(doc, lines, id)) continue;
    const line = effectiveLine(doc, lines, id);
    if (target === SPLIT) {
      for (const p of doc.splits[id] ?? []) {
        const f = fields.get(p.fieldId);
        if (f && f.kind !== "total" && f.kind !== "info") add(f, p.amount, line.label, id);
      }
      continue;
    }
    const f = fields.get(target);
    if (!f || f.kind === "total" || f.kind === "info" || line.amount === null) continue;
    add(f, line.amount, line.label, id);
  }
  const amounts: Record<string, number> = {};
  for (const f of fields.values()) {
    const c = sumCents.get(f.id);
    if (c !== undefined) amounts[f.id] = dollars(c);
  }
  return { amounts, itemisations, sources };
}
