import { fieldsFor } from "./catalogue";
import { computeTotals } from "./figures";
import {
  EXCLUDED,
  type ExtractedLine,
  effectiveLine,
  formatMoney,
  IGNORE_SUBTOTAL,
  isSelected,
  lineId,
  type MappingDocument,
  mappedFigures,
  SPLIT,
} from "./mapping";
import type { FieldDef, MappableForm } from "./types";

/**
 * Reconciliation of a mapping with the statement it came from (issue 5, "Reconciliation"):
 * - `difference`: a statement total line against the lines above it in its section, as
 *   mapped: only lines mapped to counted fields add up (excluded items, lines left out
 *   and lines not yet mapped do not), so a misread amount, a forgotten line or an
 *   excluded item shows as a difference to fix or explain;
 * - `form-difference`: a statement total line mapped to a total of the form ("Total
 *   income" → RPIE J 12) against that total recomputed by `computeTotals`;
 * - `unmapped`: a counted line with an amount and no target;
 * - `negative-line`: a negative amount mapped to a field (netted into a positive sum);
 * - `negative-field`: a field adding up to less than zero — the form does not allow it,
 *   so this one cannot be explained away, only fixed;
 * - `empty`: nothing mapped at all.
 * "Ready" needs every flag explained (a text per flag id in `explanations`) and none of
 * the ones that cannot be explained.
 */

type FlagKind = "difference" | "form-difference" | "unmapped" | "negative-line" | "negative-field" | "empty";

export interface ReconciliationFlag {
  /** Stable while the cause lasts: "difference:12", "unmapped:4", "negative-field:rpie.L.5". */
  id: string;
  kind: FlagKind;
  message: string;
  lineId?: string;
  fieldId?: string;
  statementAmount?: number;
  computedAmount?: number;
  difference?: number;
  /** False when only a fix will do (the form cannot carry it). */
  explainable: boolean;
  explanation: string | null;
  /** Explained (and explainable). */
  resolved: boolean;
}

interface SectionCheck {
  lineId: string;
  section: string | null;
  label: string;
  statementTotal: number;
  /** What the mapped lines above it add up to. */
  mapped: number;
  difference: number;
}

export interface Reconciliation {
  /** Amount per field from the mapped lines. */
  amounts: Record<string, number>;
  /** Every total of the form recomputed from them (computeTotals). */
  totals: Record<string, number>;
  sections: SectionCheck[];
  flags: ReconciliationFlag[];
  /** Flags still in the way of "ready". */
  blocking: ReconciliationFlag[];
  ready: boolean;
}

const cents = (n: number) => Math.round(n * 100);
const dollars = (c: number) => c / 100;

export function reconcile(
  doc: MappingDocument,
  lines: readonly ExtractedLine[],
  form: MappableForm,
  year: number,
): Reconciliation {
  const fields = new Map(fieldsFor(form, year).map((f) => [f.id, f]));
  const counted = (f: FieldDef | undefined) => !!f && (f.kind === "income" || f.kind === "expense");
  const { amounts } = mappedFigures(doc, lines, form, year);
  const totals = computeTotals(form, year, amounts);
  const flags: Omit<ReconciliationFlag, "explanation" | "resolved">[] = [];
  const sections: SectionCheck[] = [];

  // The statement's own totals, section by section (a section may run over several pages).
  const running = new Map<string, { cents: number; lines: number }>();
  lines.forEach((_, i) => {
    const id = lineId(i);
    const line = effectiveLine(doc, lines, id);
    const key = line.section ?? "";
    const acc = running.get(key) ?? { cents: 0, lines: 0 };
    running.set(key, acc);
    const target = doc.assignments[id];
    const targetField = target ? fields.get(target) : undefined;
    // A total line is a detail line when staff mapped it to a counted field (the parser took "Net rent" for a total).
    const isTotalLine =
      line.isTotal &&
      !(targetField && targetField.kind !== "total") &&
      target !== EXCLUDED &&
      target !== SPLIT;
    if (!isSelected(doc, lines, id)) {
      if (isTotalLine) running.set(key, { cents: 0, lines: 0 });
      return;
    }
    if (isTotalLine) {
      if (line.amount !== null && acc.lines > 0) {
        const diff = cents(line.amount) - acc.cents;
        sections.push({
          lineId: id,
          section: line.section,
          label: line.label,
          statementTotal: line.amount,
          mapped: dollars(acc.cents),
          difference: dollars(diff),
        });
        if (diff !== 0)
          flags.push({
            id: `difference:${id}`,
            kind: "difference",
            lineId: id,
            statementAmount: line.amount,
            computedAmount: dollars(acc.cents),
            difference: dollars(diff),
            explainable: true,
            message: `"${line.label}" on the statement is ${formatMoney(line.amount)}; the mapped lines above it add up to ${formatMoney(dollars(acc.cents))} (difference ${formatMoney(dollars(diff))})`,
          });
      }
      if (line.amount !== null && targetField?.kind === "total") {
        const computed = totals[targetField.id] ?? 0;
        const diff = cents(line.amount) - cents(computed);
        if (diff !== 0)
          flags.push({
            id: `form-difference:${id}`,
            kind: "form-difference",
            lineId: id,
            fieldId: targetField.id,
            statementAmount: line.amount,
            computedAmount: computed,
            difference: dollars(diff),
            explainable: true,
            message: `"${line.label}" on the statement is ${formatMoney(line.amount)}; "${targetField.label}" recomputed from the mapped lines is ${formatMoney(computed)} (difference ${formatMoney(dollars(diff))})`,
          });
      }
      running.set(key, { cents: 0, lines: 0 });
      return;
    }
    if (target === IGNORE_SUBTOTAL) return;
    acc.lines++;
    if (target === SPLIT) {
      for (const p of doc.splits[id] ?? []) if (counted(fields.get(p.fieldId))) acc.cents += cents(p.amount);
    } else if (counted(targetField) && line.amount !== null) acc.cents += cents(line.amount);

    if (line.amount === null || line.amount === 0) return;
    if (!target) {
      flags.push({
        id: `unmapped:${id}`,
        kind: "unmapped",
        lineId: id,
        statementAmount: line.amount,
        explainable: true,
        message: `"${line.label}" (${formatMoney(line.amount)}) is not mapped`,
      });
      return;
    }
    const negativeParts =
      target === SPLIT
        ? (doc.splits[id] ?? []).some((p) => p.amount < 0)
        : targetField !== undefined && line.amount < 0;
    if (negativeParts)
      flags.push({
        id: `negative-line:${id}`,
        kind: "negative-line",
        lineId: id,
        statementAmount: line.amount,
        explainable: true,
        message: `"${line.label}" is negative (${formatMoney(line.amount)}) and is netted into ${
          target === SPLIT ? "its split fields" : `"${targetField?.label}"`
        }`,
      });
  });

  for (const [fieldId, value] of Object.entries(amounts)) {
    const f = fields.get(fieldId);
    if (f && value < 0 && !f.allowsNegative)
      flags.push({
        id: `negative-field:${fieldId}`,
        kind: "negative-field",
        fieldId,
        computedAmount: value,
        explainable: false,
        message: `"${f.label}" adds up to ${formatMoney(value)}; negative figures are not allowed on the form`,
      });
  }

  const anyMapped = Object.entries(doc.assignments).some(
    ([id, t]) => t !== IGNORE_SUBTOTAL && isSelected(doc, lines, id),
  );
  if (!anyMapped)
    flags.push({ id: "empty", kind: "empty", explainable: false, message: "No line is mapped yet" });

  const out: ReconciliationFlag[] = flags.map((f) => {
    const text = doc.explanations[f.id]?.trim() || null;
    return { ...f, explanation: text, resolved: f.explainable && text !== null };
  });
  const blocking = out.filter((f) => !f.resolved);
  return { amounts, totals, sections, flags: out, blocking, ready: blocking.length === 0 };
}
