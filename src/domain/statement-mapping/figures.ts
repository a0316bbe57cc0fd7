import { fieldById, fieldsFor } from "./catalogue";
import type { FieldDef, Form } from "./types";

/** Amounts by field id (what the mapped statement lines add up to per field). */
export type Amounts = Readonly<Record<string, number>>;

/** Rounds to cents, so sums of cents do not drift (0.1 + 0.2). */
const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * Every computed total of a form from the amounts of its lines. Totals are always
 * recomputed from their parts (an amount given for a total field is the statement's
 * own figure, for reconciliation, and is not used here). Excluded items and info
 * fields never count, whatever a total's definition says.
 */
export function computeTotals(form: Form, year: number, amounts: Amounts): Record<string, number> {
  const fields = fieldsFor(form, year);
  const byId = new Map(fields.map((x) => [x.id, x]));
  const memo = new Map<string, number>();

  const amountOf = (id: string, path: readonly string[]): number => {
    const field = byId.get(id);
    if (!field || field.kind === "excluded" || field.kind === "info") return 0;
    if (field.kind !== "total" || !field.totalOf) return amounts[id] ?? 0;
    const known = memo.get(id);
    if (known !== undefined) return known;
    if (path.includes(id)) throw new Error(`Total ${id} refers to itself (${[...path, id].join(" → ")})`);
    const next = [...path, id];
    let sum = 0;
    for (const part of field.totalOf) sum += amountOf(part, next);
    for (const part of field.less ?? []) sum -= amountOf(part, next);
    const value = cents(sum);
    memo.set(id, value);
    return value;
  };

  const out: Record<string, number> = {};
  for (const field of fields)
    if (field.kind === "total" && field.totalOf) out[field.id] = amountOf(field.id, []);
  return out;
}

export interface FigureProblem {
  fieldId: string;
  message: string;
}

/**
 * Checks amounts before they go on a form: every id must be a field of this form and
 * year that holds an amount, and figures must be finite and not negative (the forms do
 * not allow negative figures). Returns the problems, empty when all is well.
 */
export function validateAmounts(form: Form, year: number, amounts: Amounts): FigureProblem[] {
  const problems: FigureProblem[] = [];
  for (const [fieldId, value] of Object.entries(amounts)) {
    const field: FieldDef | undefined = fieldById(fieldId, year);
    if (!field) {
      problems.push({ fieldId, message: `Unknown field "${fieldId}" for filing year ${year}` });
      continue;
    }
    if (field.form !== form) {
      problems.push({
        fieldId,
        message: `"${field.label}" (${fieldId}) is a ${field.form.toUpperCase()} field, not ${form.toUpperCase()}`,
      });
      continue;
    }
    if (field.kind === "info" && (field.valueType ?? "amount") !== "amount" && field.valueType !== "count") {
      problems.push({ fieldId, message: `"${field.label}" does not hold an amount` });
      continue;
    }
    if (typeof value !== "number" || !Number.isFinite(value)) {
      problems.push({ fieldId, message: `"${field.label}" must be a number` });
      continue;
    }
    if (value < 0 && !field.allowsNegative) {
      problems.push({
        fieldId,
        message: `"${field.label}" is negative (${value}); negative figures are not allowed on the form`,
      });
    }
  }
  return problems;
}
