import {
  type AuditReport,
  auditProblemsForTc309,
  type MappableForm,
  requiresTc309,
  TC309_INCOME_OVER,
  TC309_MIN_TENTATIVE_AAV,
} from "../../domain/statement-mapping";
import { formatMoney, periodText } from "./format";
import { newDocument, Writer } from "./layout";
import type { OutputInput, Worksheet } from "./types";
import { prepareWorksheet } from "./worksheet";

const TITLE = "TC309 certification checklist";
const dollars = (n: number) => `$${formatMoney(n)}`;

/** Which lines make up the income and expenses compared with the audited totals. */
const INCOME_LINES: Record<MappableForm, string> = {
  rpie: "lines J 12 + K 3",
  tc201: "line 6l",
  tc203: "line 6f",
};
const EXPENSE_FIELDS: Record<MappableForm, readonly string[]> = {
  rpie: ["rpie.L.14", "rpie.LII.15"],
  tc201: ["tc201.7.o"],
  tc203: ["tc203.7.l"],
};
const EXPENSE_LINES: Record<MappableForm, string> = {
  rpie: "lines L 14 + L(II) 15",
  tc201: "line 7o",
  tc203: "line 7l",
};

export interface Tc309Decision {
  required: boolean;
  /** Why, in a sentence. */
  reason: string;
  tentativeAav: number | null;
  /** The worksheet's total income (RPIE J 12 + K 3, TC201 6l, TC203 6f). */
  income: number;
}

/** Whether the TC309 applies to this worksheet: tentative AAV ≥ $5,000,000 and income > $100,000. */
export function tc309Decision(w: Worksheet, audit: OutputInput["audit"]): Tc309Decision {
  const income = w.totalIncome;
  const where = INCOME_LINES[w.form];
  if (!audit)
    return {
      required: false,
      reason: "No tentative AAV was given, so the TC309 test was not made",
      tentativeAav: null,
      income,
    };
  const aav = audit.tentativeAav;
  const required = requiresTc309({ tentativeAav: aav, income });
  const reason = required
    ? `The tentative actual assessed value ${dollars(aav)} is at least ${dollars(TC309_MIN_TENTATIVE_AAV)} and the income ${dollars(income)} (${where}) is over ${dollars(TC309_INCOME_OVER)}`
    : aav < TC309_MIN_TENTATIVE_AAV
      ? `The tentative actual assessed value ${dollars(aav)} is under ${dollars(TC309_MIN_TENTATIVE_AAV)}`
      : `The income ${dollars(income)} (${where}) is not over ${dollars(TC309_INCOME_OVER)}`;
  return { required, reason, tentativeAav: aav, income };
}

function amountOf(w: Worksheet, id: string): number {
  for (const s of w.sections) for (const r of s.rows) if (r.field.id === id) return r.value ?? 0;
  return 0;
}

/** Differences between the audit report and the worksheet that the preparer must explain. */
export function auditDifferences(w: Worksheet, report: AuditReport): string[] {
  const out: string[] = [];
  if (report.periodStart && report.periodEnd) {
    if (report.periodStart !== w.period.start || report.periodEnd !== w.period.end)
      out.push(
        `The audited period (${report.periodStart} to ${report.periodEnd}) is not the statement's period (${periodText(w)})`,
      );
  }
  const expenses = Math.round(EXPENSE_FIELDS[w.form].reduce((s, id) => s + amountOf(w, id), 0) * 100) / 100;
  const compare = (name: string, audited: number | null | undefined, ours: number, where: string) => {
    if (typeof audited === "number" && Number.isFinite(audited) && Math.abs(audited - ours) >= 0.005)
      out.push(
        `The audited total ${name} ${dollars(audited)} differs from the worksheet's ${dollars(ours)} (${where})`,
      );
  };
  compare("income", report.totalIncome, w.totalIncome, INCOME_LINES[w.form]);
  compare("expenses", report.totalExpenses, expenses, EXPENSE_LINES[w.form]);
  return out;
}

/** Draws the checklist for a prepared worksheet; null when the TC309 does not apply. */
export async function drawTc309Checklist(
  w: Worksheet,
  audit: OutputInput["audit"],
): Promise<Uint8Array | null> {
  const decision = tc309Decision(w, audit);
  if (!decision.required) return null;
  const report: AuditReport = audit?.report ?? {};
  const { doc, fonts } = await newDocument(w, TITLE);
  const out = new Writer(doc, fonts);

  out.section("Why the TC309 is required");
  out.note(
    `${decision.reason}. The owner must file a TC309 certification by an independent CPA with the ${w.form.toUpperCase()}.`,
  );

  out.section("What is required");
  const required = [
    "A certified audit of the property's income and expenses by an independent CPA firm",
    "The CPA's licence number",
    "An unmodified (clean) audit opinion",
    `An audited period matching the statement's period (${periodText(w)})`,
    "The audited total income",
    "The audited total expenses",
    "The TC309 form signed by the CPA",
  ];
  required.forEach((label, i) => {
    out.row({ line: String(i + 1), label });
  });

  out.section("What the audit report has");
  const has = (v: string | null | undefined) => (v?.trim() ? v.trim() : "missing");
  const money = (v: number | null | undefined) => (typeof v === "number" ? dollars(v) : "missing");
  const period =
    report.periodStart && report.periodEnd ? `${report.periodStart} to ${report.periodEnd}` : "missing";
  const rows: [string, string][] = [
    ["Auditor (firm)", has(report.auditor)],
    ["CPA licence number", has(report.cpaLicence)],
    ["Opinion type", has(report.opinion)],
    ["Period audited", period],
    ["Audited total income", money(report.totalIncome)],
    ["Audited total expenses", money(report.totalExpenses)],
  ];
  for (const [label, value] of rows) out.row({ label, value, valueWidth: 200 });

  out.section("What is missing");
  const problems = auditProblemsForTc309(report);
  for (const [i, p] of problems.entries()) out.row({ line: String(i + 1), label: p });
  if (!problems.length) out.note("Nothing: the audit report supports the TC309 certification.");

  const differences = auditDifferences(w, report);
  if (differences.length) {
    out.section("Differences to explain before filing");
    for (const [i, d] of differences.entries()) out.row({ line: String(i + 1), label: d });
  }
  return out.finish(w, TITLE);
}

/**
 * The TC309 checklist as a PDF when the certification applies (`input.audit.tentativeAav`
 * ≥ $5,000,000 and the worksheet's recomputed income > $100,000): why it applies, what is
 * required, what the audit report has, what is missing (`auditProblemsForTc309`) and where
 * the audit and the worksheet differ. Resolves to null when it does not apply.
 * Throws `OutputInputError` for input that cannot go on the form.
 */
export async function renderTc309Checklist(input: OutputInput): Promise<Uint8Array | null> {
  return drawTc309Checklist(prepareWorksheet(input), input.audit);
}
