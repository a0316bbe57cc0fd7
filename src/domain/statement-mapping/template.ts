import { fieldsFor } from "./catalogue";
import { computeTotals } from "./figures";
import {
  EXCLUDED,
  type ExtractedLine,
  effectiveLine,
  IGNORE_SUBTOTAL,
  isSelected,
  type MappingDocument,
  SPLIT,
} from "./mapping";
import { accountKey, normaliseLabel } from "./normalise";
import type { FieldKind, MappableForm } from "./types";

/**
 * Templates (label → target from an earlier year's mapping, applied to a new year's
 * statement), the label → field entries a confirmed mapping teaches the learned table,
 * the comparison with last year's figures and the difference between two documents
 * (for the change history and for a refused stale save).
 */

export interface TemplateEntry {
  /** The label as the statement had it (after any correction). */
  label: string;
  /** normaliseLabel(label): what a new statement's label is matched on. */
  key: string;
  /** A field id, "excluded" or "ignore:subtotal". */
  target: string;
  /** The account number printed beside the label ("6100"): the same owner's account maps the same way next year. */
  account?: string;
}

/**
 * The decisions of a mapping that carry over to next year: each counted line assigned to
 * a field, "excluded" or "ignore:subtotal", once per label (the first line wins). Split
 * lines are left out: their parts are amounts of one year.
 */
export function templateEntries(doc: MappingDocument, lines: readonly ExtractedLine[]): TemplateEntry[] {
  const out = new Map<string, TemplateEntry>();
  const ids = Object.keys(doc.assignments).sort((a, b) => Number(a) - Number(b));
  for (const id of ids) {
    const target = doc.assignments[id] as string;
    if (target === SPLIT || !isSelected(doc, lines, id)) continue;
    const { label } = effectiveLine(doc, lines, id);
    const key = normaliseLabel(label);
    const account = lines[Number(id)]?.account;
    // Once per label, and once per account number (two accounts may share a name).
    const slot = account ? `${key}|${accountKey(account)}` : key;
    if (!key || out.has(slot) || (!account && out.has(key))) continue;
    out.set(slot, account ? { label, key, target, account } : { label, key, target });
  }
  return [...out.values()];
}

/** The label → field entries a confirmed mapping adds to the learned table (fields of the form only). */
export function learnedEntries(
  doc: MappingDocument,
  lines: readonly ExtractedLine[],
  form: MappableForm,
  year: number,
): { label: string; key: string; fieldId: string }[] {
  const fields = new Map(fieldsFor(form, year).map((f) => [f.id, f]));
  const seen = new Set<string>();
  return templateEntries(doc, lines)
    .filter((e) => !seen.has(e.key) && !!seen.add(e.key))
    .filter((e) => {
      const f = fields.get(e.target);
      return !!f && f.kind !== "total" && f.kind !== "info";
    })
    .map((e) => ({ label: e.label, key: e.key, fieldId: e.target }));
}

export interface AppliedEntry {
  lineId: string;
  label: string;
  target: string;
}

/**
 * Applies a template to a statement: each counted line whose label (normalised) is in the
 * template gets the template's target, unless it is already assigned (`overwrite` to
 * replace). Targets that are not fields of this form and year are skipped.
 */
export function applyTemplate(
  doc: MappingDocument,
  lines: readonly ExtractedLine[],
  entries: readonly (Pick<TemplateEntry, "label" | "target"> & { account?: string })[],
  opts: { form: MappableForm; year: number; overwrite?: boolean },
): { document: MappingDocument; applied: AppliedEntry[] } {
  const fields = new Map(fieldsFor(opts.form, opts.year).map((f) => [f.id, f]));
  const byKey = new Map<string, string>();
  const byAccount = new Map<string, string>();
  for (const e of entries) {
    const key = normaliseLabel(e.label);
    if (key && !byKey.has(key)) byKey.set(key, e.target);
    const acct = accountKey(e.account);
    if (acct && !byAccount.has(acct)) byAccount.set(acct, e.target);
  }
  const assignments = { ...doc.assignments };
  const splits = { ...doc.splits };
  const applied: AppliedEntry[] = [];
  lines.forEach((_, i) => {
    const id = String(i);
    if (!isSelected(doc, lines, id)) return;
    if (assignments[id] !== undefined && !opts.overwrite) return;
    const line = effectiveLine(doc, lines, id);
    // The same account number maps the same way even when its name changed.
    const acct = accountKey(lines[i]?.account);
    const target = (acct ? byAccount.get(acct) : undefined) ?? byKey.get(normaliseLabel(line.label));
    if (!target) return;
    if (target !== EXCLUDED && target !== IGNORE_SUBTOTAL) {
      const f = fields.get(target);
      if (!f || f.kind === "info" || (f.kind === "total" && !line.isTotal)) return;
    }
    if (assignments[id] === target) return;
    assignments[id] = target;
    delete splits[id];
    applied.push({ lineId: id, label: line.label, target });
  });
  return { document: { ...doc, assignments, splits }, applied };
}

export interface ComparisonRow {
  fieldId: string;
  section: string;
  line: string;
  label: string;
  kind: FieldKind;
  lastYear: number | null;
  thisYear: number | null;
  /** thisYear − lastYear (a missing side counts as 0); null when neither has a figure. */
  change: number | null;
  /** The change as a share of last year (0.125 = +12.5 %); null without a non-zero last year. */
  changeRatio: number | null;
}

/**
 * This year's figures beside last year's, per field in the form's order: every field
 * either year has an amount for, and every total either year has a non-zero result for
 * (both recomputed with `computeTotals`, the years' catalogues may differ).
 */
export function compareFigures(
  form: MappableForm,
  year: number,
  thisYear: Readonly<Record<string, number>>,
  last: { year: number; amounts: Readonly<Record<string, number>> } | null,
): ComparisonRow[] {
  const nowTotals = computeTotals(form, year, thisYear);
  const lastTotals = last ? computeTotals(form, last.year, last.amounts) : {};
  const value = (
    f: { id: string; kind: FieldKind },
    amounts: Readonly<Record<string, number>>,
    totals: Record<string, number>,
  ) => (f.kind === "total" ? (totals[f.id] ?? null) : (amounts[f.id] ?? null));
  const rows: ComparisonRow[] = [];
  for (const f of fieldsFor(form, year)) {
    if (f.kind === "info") continue;
    const a = last ? value(f, last.amounts, lastTotals) : null;
    const b = value(f, thisYear, nowTotals);
    const shown = f.kind === "total" ? (a ?? 0) !== 0 || (b ?? 0) !== 0 : a !== null || b !== null;
    if (!shown) continue;
    const change = a === null && b === null ? null : Math.round(((b ?? 0) - (a ?? 0)) * 100) / 100;
    rows.push({
      fieldId: f.id,
      section: f.section,
      line: f.line,
      label: f.label,
      kind: f.kind,
      lastYear: a,
      thisYear: b,
      change,
      changeRatio: a ? Math.round(((change ?? 0) / a) * 10_000) / 10_000 : null,
    });
  }
  return rows;
}

export interface Change {
  /** Dotted path in the document: "assignments.12", "corrections.3.amount", "selection.tables". */
  path: string;
  from: unknown;
  to: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** What changed from `a` to `b`, leaf by leaf (arrays compared whole); undefined means absent. */
export function diffDocuments(a: unknown, b: unknown, path = ""): Change[] {
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort((x, y) =>
      /^\d+$/.test(x) && /^\d+$/.test(y) ? Number(x) - Number(y) : x < y ? -1 : x > y ? 1 : 0,
    );
    return keys.flatMap((k) => diffDocuments(a[k], b[k], path ? `${path}.${k}` : k));
  }
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  return [{ path, from: a ?? null, to: b ?? null }];
}
