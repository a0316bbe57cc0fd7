import type { AuditReport } from "./audit";

/**
 * Suggestions for the audit report fields from an uploaded audit report's text (issue 23,
 * TC309): the firm, the CPA licence, the opinion, the audited period and the audited totals,
 * each with the text it was read from, for staff to confirm. Nothing found is left out.
 */

type AuditFieldKey = keyof AuditReport;

export interface AuditSuggestion {
  fields: AuditReport;
  /** The line each field was read from. */
  evidence: Partial<Record<AuditFieldKey, string>>;
}

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
const DATE = String.raw`(january|february|march|april|may|june|july|august|september|october|november|december)\s+(\d{1,2}),?\s+(\d{4})`;
const pad = (n: number) => String(n).padStart(2, "0");

function isoDate(month: string, day: string, year: string): string | null {
  const m = MONTHS.indexOf(month.toLowerCase()) + 1;
  const d = Number(day);
  const date = new Date(Date.UTC(Number(year), m - 1, d));
  if (m < 1 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${year}-${pad(m)}-${pad(d)}`;
}

/** The day after the same date a year before: the start of a year ended on `end`. */
function yearBefore(end: string): string {
  const d = new Date(`${end}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const FIRM_RE = /\b(LLP|L\.L\.P\.|LLC|P\.C\.|PC|CPAs?|PLLC|Certified Public Accountants|& Co\.?|& Company)\b/;
const AMOUNT_RE = /\(?-?\$?\s*\d{1,3}(?:,\d{3})+(?:\.\d{2})?\)?|\(?-?\$?\s*\d+\.\d{2}\)?/g;

function lastAmount(line: string): number | null {
  const found = line.match(AMOUNT_RE);
  const raw = found?.at(-1);
  if (!raw) return null;
  const negative = raw.includes("(") || raw.includes("-");
  const n = Number(raw.replace(/[^\d.]/g, ""));
  return Number.isFinite(n) ? (negative ? -n : n) : null;
}

export function auditReportFromText(text: string): AuditSuggestion {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  const fields: AuditReport = {};
  const evidence: AuditSuggestion["evidence"] = {};
  const flat = lines.join(" ");

  // The opinion: the words each kind of report uses.
  const opinion = /\badverse opinion\b|\bdo not present fairly\b/i.test(flat)
    ? "adverse"
    : /\bdisclaimer of opinion\b|\bdo not express an opinion\b/i.test(flat)
      ? "disclaimer"
      : /\bqualified opinion\b|\bexcept for the (?:effects?|possible effects?)\b/i.test(flat)
        ? "qualified"
        : /\bpresent(?:s)? fairly, in all material respects\b/i.test(flat)
          ? "unmodified"
          : null;
  if (opinion) {
    fields.opinion = opinion;
    evidence.opinion =
      lines.find((l) => /opinion|present(?:s)? fairly|except for/i.test(l) && !/^basis for/i.test(l)) ?? "";
  }

  // The period: "for the year ended December 31, 2024", or "from … to/through …".
  const range = new RegExp(
    String.raw`(?:from|for the period)\s+${DATE}\s+(?:to|through|-)\s+${DATE}`,
    "i",
  ).exec(flat);
  const ended = new RegExp(String.raw`(?:year|period|twelve months|12 months)\s+ended\s+${DATE}`, "i").exec(
    flat,
  );
  if (range) {
    const start = isoDate(range[1] as string, range[2] as string, range[3] as string);
    const end = isoDate(range[4] as string, range[5] as string, range[6] as string);
    if (start && end) Object.assign(fields, { periodStart: start, periodEnd: end });
    evidence.periodStart = range[0];
  } else if (ended) {
    const end = isoDate(ended[1] as string, ended[2] as string, ended[3] as string);
    if (end) Object.assign(fields, { periodStart: yearBefore(end), periodEnd: end });
    evidence.periodStart = ended[0];
  }
  if (evidence.periodStart) evidence.periodEnd = evidence.periodStart;

  // The licence number.
  for (const l of lines) {
    const m = /licen[cs]e\s*(?:no\.?|number|#)?\s*[:#.]?\s*([A-Z]{0,3}[-\s]?\d[\d-]{3,})/i.exec(l);
    if (m) {
      fields.cpaLicence = (m[1] as string).replace(/\s+/g, "");
      evidence.cpaLicence = l;
      break;
    }
  }

  // The firm: the signature, a short line naming a firm (the last one: letterheads repeat it).
  const firms = lines.filter(
    (l) => l.length <= 80 && FIRM_RE.test(l) && !/opinion|licen[cs]e|responsib/i.test(l),
  );
  const firm = firms.at(-1);
  if (firm) {
    fields.auditor = firm.replace(/^\/s\/\s*/i, "");
    evidence.auditor = firm;
  }

  // The audited totals: the first total income / total expenses line with an amount.
  for (const l of lines) {
    if (
      fields.totalIncome === undefined &&
      /^total\s+(?:operating\s+)?(?:income|revenues?|receipts)\b/i.test(l)
    ) {
      const n = lastAmount(l);
      if (n !== null) {
        fields.totalIncome = n;
        evidence.totalIncome = l;
      }
    }
    if (fields.totalExpenses === undefined && /^total\s+(?:operating\s+)?expenses\b/i.test(l)) {
      const n = lastAmount(l);
      if (n !== null) {
        fields.totalExpenses = n;
        evidence.totalExpenses = l;
      }
    }
  }
  return { fields, evidence };
}
