import type { AuditOpinion } from "./catalogue";

/** TC309 thresholds: tentative AAV of $5,000,000 or more and income over $100,000. */
export const TC309_MIN_TENTATIVE_AAV = 5_000_000;
export const TC309_INCOME_OVER = 100_000;

/**
 * Is the TC309 certification (a CPA's certified audit of the income and expenses) required?
 * Yes when the tentative actual assessed value is at least $5,000,000 and the income is
 * more than $100,000 — both conditions, the first inclusive, the second strict.
 */
export function requiresTc309(facts: { tentativeAav: number; income: number }): boolean {
  return facts.tentativeAav >= TC309_MIN_TENTATIVE_AAV && facts.income > TC309_INCOME_OVER;
}

export interface AuditReport {
  auditor?: string | null;
  cpaLicence?: string | null;
  opinion?: AuditOpinion | null;
  periodStart?: string | null;
  periodEnd?: string | null;
  totalIncome?: number | null;
  totalExpenses?: number | null;
}

/**
 * What stops an audit report from supporting a TC309 certification; empty when it can.
 * The opinion must be unmodified; the auditor, licence, period and audited totals must be
 * present, the period in order, the totals not negative.
 */
export function auditProblemsForTc309(report: AuditReport): string[] {
  const problems: string[] = [];
  if (!report.auditor?.trim()) problems.push("The auditor is missing");
  if (!report.cpaLicence?.trim()) problems.push("The CPA licence number is missing");
  if (!report.opinion) problems.push("The opinion type is missing");
  else if (report.opinion !== "unmodified")
    problems.push(`A ${report.opinion} opinion cannot support a TC309; the opinion must be unmodified`);
  if (!report.periodStart || !report.periodEnd) problems.push("The audited period is missing");
  else if (report.periodStart > report.periodEnd) problems.push("The audited period ends before it starts");
  for (const [key, name] of [
    ["totalIncome", "audited total income"],
    ["totalExpenses", "audited total expenses"],
  ] as const) {
    const v = report[key];
    if (v === null || v === undefined) problems.push(`The ${name} is missing`);
    else if (!Number.isFinite(v) || v < 0) problems.push(`The ${name} must be a non-negative amount`);
  }
  return problems;
}
