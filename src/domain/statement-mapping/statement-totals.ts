import { checkTotals } from "../line-items";
import { type ExtractedLine, effectiveLine, lineId, type MappingDocument } from "./mapping";
import type { MappableForm } from "./types";

/**
 * The statement's own arithmetic beside the mapping (issue 23): the totals that do not add
 * up to the lines of their section (with corrections applied, in the chosen column), and
 * the statement's income, expense and NOI totals beside the mapped form's.
 */

export interface FailedTotal {
  lineId: string;
  section: string | null;
  label: string;
  /** What the section's lines add up to, and what the total line says. */
  expected: number;
  found: number;
  difference: number;
}

/** Totals whose parts (as extraction read them, corrected by staff) do not add up, in the document's column. */
export function failedStatementTotals(doc: MappingDocument, lines: readonly ExtractedLine[]): FailedTotal[] {
  const amountOf = (line: number, column: number) =>
    column === doc.column && lines[line]
      ? effectiveLine(doc, lines, lineId(line)).amount
      : (lines[line]?.amounts[column] ?? null);
  return checkTotals(lines, doc.column, amountOf)
    .filter((c) => !c.ok)
    .map((c) => {
      const line = lines[c.line] as ExtractedLine;
      return {
        lineId: lineId(c.line),
        section: line.section,
        label: effectiveLine(doc, lines, lineId(c.line)).label,
        expected: c.expected,
        found: c.found,
        difference: c.difference,
      };
    });
}

type SummaryKind = "income" | "expenses" | "noi";

export interface TotalsRow {
  kind: SummaryKind;
  /** The statement's own total line, when it has one. */
  statement: { lineId: string; label: string; amount: number } | null;
  /** The form's total from the mapped lines. */
  mapped: number;
  /** statement − mapped, when the statement has the total. */
  difference: number | null;
}

const INCOME_RE = /\b(income|revenue|revenues|receipts)\b/i;
const EXPENSE_RE = /\bexpenses?\b|\bexpenditures?\b|\bcosts?\b/i;
const NOI_RE =
  /\bnet operating income\b|\bnoi\b|\bnet operating (profit|loss)\b|^income before\b|\bnet income\b/i;

/** The form's income and expense totals (NOI is income − expenses). */
const FORM_TOTALS: Record<MappableForm, { income: string[]; expenses: string[] }> = {
  rpie: { income: ["rpie.J.12", "rpie.K.3"], expenses: ["rpie.L.14"] },
  tc201: { income: ["tc201.6.l"], expenses: ["tc201.7.o"] },
  tc203: { income: ["tc203.6.f"], expenses: ["tc203.7.l"] },
};

const cents = (n: number) => Math.round(n * 100);

function kindOf(label: string): SummaryKind | null {
  if (NOI_RE.test(label)) return "noi";
  if (EXPENSE_RE.test(label)) return "expenses";
  if (INCOME_RE.test(label)) return "income";
  return null;
}

/**
 * The statement's own totals beside the mapped ones: for income and expenses the largest
 * matching total line (the grand total, not a subsection's), for NOI the first matching one.
 */
export function statementTotalsBeside(
  doc: MappingDocument,
  lines: readonly ExtractedLine[],
  form: MappableForm,
  formTotals: Readonly<Record<string, number>>,
): TotalsRow[] {
  const found: Partial<Record<SummaryKind, { lineId: string; label: string; amount: number }>> = {};
  lines.forEach((line, i) => {
    if (!line.isTotal) return;
    const eff = effectiveLine(doc, lines, lineId(i));
    if (eff.amount === null) return;
    const kind = kindOf(eff.label);
    if (!kind) return;
    const prev = found[kind];
    const better = !prev || (kind !== "noi" && Math.abs(eff.amount) > Math.abs(prev.amount));
    if (better) found[kind] = { lineId: eff.id, label: eff.label, amount: eff.amount };
  });
  const sum = (ids: string[]) => ids.reduce((a, id) => a + cents(formTotals[id] ?? 0), 0);
  const income = sum(FORM_TOTALS[form].income);
  const expenses = sum(FORM_TOTALS[form].expenses);
  const mapped: Record<SummaryKind, number> = { income, expenses, noi: income - expenses };
  return (["income", "expenses", "noi"] as const).map((kind) => {
    const statement = found[kind] ?? null;
    return {
      kind,
      statement,
      mapped: mapped[kind] / 100,
      difference: statement ? (cents(statement.amount) - mapped[kind]) / 100 : null,
    };
  });
}
