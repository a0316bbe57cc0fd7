/**
 * The words of statement layouts: section headings, totals in the forms exports print them,
 * column headers, page furniture (titles, report parameters, run dates, page numbers),
 * period titles and notes.
 */

/** Headings that open a top-level section. */
const SECTION_WORDS = [
  String.raw`(?:(?:gross|operating|rental|rent|other|non-?operating|miscellaneous|misc\.?|total|property)\s+)?(?:income|revenues?|receipts)`,
  String.raw`(?:(?:operating|other|non-?operating|administrative|fixed|variable|general(?: and| &)? administrative|property)\s+)?(?:expenses?|expenditures|disbursements|costs)`,
  String.raw`ordinary\s+income\s*/\s*expenses?|other\s+income\s*/\s*expenses?|operating\s+income\s*(?:&|and)\s*expenses?`,
  String.raw`capital\s+(?:expenditures|improvements|expenses)`,
  String.raw`debt\s+service`,
  String.raw`(?:financing|non-?cash|financing and non-?cash)(?:\s+(?:expenses?|items|and non-?cash expenses))?`,
  String.raw`(?:cash\s+flow|other\s+items|non-?recurring\s+items|reserves|below the line)`,
];
const SECTION_RE = new RegExp(`^(?:${SECTION_WORDS.join("|")})$`, "i");

/** Sub-groups some statements also treat as sections of their own. */
const GROUP_SECTION_RE =
  /^(?:payroll(?: (?:and|&) (?:benefits|related))?|utilities|repairs(?: and| &) maintenance|taxes(?: and| &) insurance)$/i;

const tidy = (s: string) =>
  s
    .replace(/\s+/g, " ")
    .replace(/[\s.·_:…]+$/u, "")
    .replace(/^[\s.·_:…]+/u, "")
    .trim();

/** The heading text if the line opens a top-level section ("INCOME:", "Operating Expenses"). */
export function sectionHeading(text: string): string | null {
  const t = tidy(text);
  if (!t || t.length > 60) return null;
  return SECTION_RE.test(t) || GROUP_SECTION_RE.test(t) ? t : null;
}

/** +1 for a section that adds (income), −1 for one that is taken away (expenses), 0 when unclear. */
export function sectionSign(heading: string | null): 1 | -1 | 0 {
  if (!heading) return 0;
  const t = heading.toLowerCase();
  if (/income\s*\/\s*expense|income\s*(?:&|and)\s*expense/.test(t)) return 0;
  if (
    /expen|cost|disburse|debt service|capital|financing|non-?cash|reserve|payroll|utilit|repairs|taxes/.test(
      t,
    )
  )
    return -1;
  if (/income|revenue|receipt/.test(t)) return 1;
  return 0;
}

/** Totals that add up the lines above them. */
const SUM_TOTAL_RE = /^(?:total\b|totals\b|sub-?total\b|grand\s+total\b)|\btotal\s*$/i;
/**
 * Totals that take one figure from another: net operating income, gross profit, income
 * before taxes, net income, excess of revenue over expenses.
 */
const NET_TOTAL_RE =
  /^(?:noi\b|net\s+(?:operating\s+income|ordinary\s+income|other\s+income|income|loss|income\s*\(loss\)|\(loss\)|profit|cash\s+flow|operating\s+(?:loss|income\s*\(loss\))|\(income\s+less\s+expenses\)|results?)|gross\s+(?:profit|margin)|(?:operating\s+)?(?:income|loss|earnings|profit)(?:\s*\(loss\))?\s+(?:before|after|from)\b|excess\s+of\s+(?:revenues?|income|expenses?)|cash\s+flow\b|effective\s+gross\s+income|egi\b)/i;
/** A "net …" that may be a detail line (net rent) rather than a total: decided by the arithmetic. */
const WEAK_NET_RE = /^net\s+(?!operating|ordinary|other\s+income|income|loss|profit|cash|\()/i;

export type TotalKind = "sum" | "net" | "maybe-net" | null;

/** Whether a label is a total, and of which kind. */
export function totalKind(label: string): TotalKind {
  const t = tidy(label).replace(/^[A-Z]{0,4}\s*-\s*(?=net\b)/i, "");
  if (SUM_TOTAL_RE.test(t)) return "sum";
  if (NET_TOTAL_RE.test(t)) return "net";
  if (WEAK_NET_RE.test(t)) return "maybe-net";
  return null;
}

/** What a "Total …" line names: "Total for Rental Income" → "rental income". */
export function totalSubject(label: string): string {
  return groupKey(
    tidy(label)
      .replace(/^(?:total|totals|sub-?total|grand\s+total)\b\s*(?:for|of)?\s*/i, "")
      .replace(/\btotal\s*$/i, ""),
  );
}

/** A heading or total subject reduced for matching: no account numbers, punctuation or case. */
export function groupKey(s: string): string {
  return s
    .toLowerCase()
    .replace(/\b\d[\d-]*\b\s*[·:-]?\s*/g, " ")
    .replace(/&/g, " and ")
    .replace(/[^a-z ]+/g, " ")
    .replace(/\b(?:and|the|of|for)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const MONTH_RE = new RegExp(`^${MONTH}$`, "i");
const MONTH_NAMES = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
export function monthNumber(word: string): number | null {
  const w = word.toLowerCase().replace(/\.$/, "");
  if (!MONTH_RE.test(w)) return null;
  const i = MONTH_NAMES.indexOf(w.slice(0, 3));
  return i === -1 ? null : i + 1;
}

/** Dates and times: never amounts. */
export const DATE_RE = new RegExp(
  [
    String.raw`\b${MONTH}\s+\d{1,2},?\s+\d{4}\b`,
    String.raw`\b${MONTH}\s*[-']?\s*\d{2,4}\b`,
    String.raw`\b\d{1,2}[/-]\d{1,2}[/-]\d{2,4}\b`,
    String.raw`\b\d{4}-\d{2}-\d{2}\b`,
    String.raw`\b\d{1,2}[/-]\d{4}\b`,
    String.raw`\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?`,
  ].join("|"),
  "gi",
);

/** Page furniture: page numbers, "Page 2 of 5", contact lines, run stamps. */
const FURNITURE_RES = [
  /^page\s*\d+(?:\s*(?:of|\/)\s*\d+)?$/i,
  /^[-–—]?\s*\d{1,4}\s*[-–—]?$/,
  /^\d+\s*(?:of|\/)\s*\d+$/i,
  /\bpage\s+\d+\s+of\s+\d+\b/i,
  /\bpage\s*\d+$/i, // a footer that ends in the page number: "Created on 01/06/2025     Page 1"
  /^(?:printed|run|created|generated|exported|prepared)(?:\s+(?:on|at|date))?\s+\d{1,2}[/-]\d{1,2}[/-]\d{2,4}\b/i,
  /,\s*[A-Z]{2}\.?\s+\d{5}(?:-\d{4})?\b/, // "New York, NY 10001"
  /\(\d{3}\)\s*\d{3}-\d{4}|\b\d{3}[-.]\d{3}[-.]\d{4}\b/, // phone numbers
  /^(?:printed|run|run date|exported(?: on)?|created(?: on)?|generated(?: on)?|prepared(?: by| on)?|report (?:id|date)|user|database|entity|book|tree|currency|accounting basis|basis|level of detail|properties|property|period range|date range|gl account map|include zero balance|fund|location|as of|report)\s*[:=#]/i,
  /^(?:accrual|cash|modified cash)\s+basis\b/i,
  /\b(?:brought|carried)\s+(?:forward|fwd)\b|\bcontinued\s+(?:on|from)\b|^\(?continued\)?$/i,
  /^see (?:the )?(?:accompanying|independent|accountant|notes)/i,
  /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday),/i,
];

export function isFurniture(line: string): boolean {
  const t = line.trim();
  return FURNITURE_RES.some((re) => re.test(t));
}

/** Statistics printed under a statement (occupancy, units, square feet): never amounts. */
export function isStatistics(label: string): boolean {
  return /^(?:physical\s+|economic\s+|average\s+|financial\s+)?(?:occupancy|occupied\s+units|vacant\s+units|total\s+units|units|number\s+of\s+units|unit\s+count|square\s+feet|sq\.?\s*ft|rentable\s+(?:area|square))\b/i.test(
    label.trim(),
  );
}

/** A period title: "For the Years Ended December 31, 2024 and 2023", "Twelve Months Ending 12/31/2024". */
export function isPeriodTitle(label: string): boolean {
  return /\b(?:ended|ending)\b|\bfor the (?:years?|periods?|months?|quarters?|twelve|\d+)\b|\bas of\b|\b(?:through|thru)\b|^period\s*[=:]|^(?:period|date range|period range)\s*(?:from|:)/i.test(
    label,
  );
}

/** "NOTES TO FINANCIAL STATEMENTS": what follows is notes, not items. */
export function isNotesHeading(label: string): boolean {
  return /^notes?\s+to\s+(?:the\s+)?(?:consolidated\s+)?(?:financial\s+statements?|statements?|the\s+financial\s+statements?)\b/i.test(
    label.trim(),
  );
}

/** Supplementary schedules after the notes are statements again. */
export function endsNotes(label: string): boolean {
  return /^(?:supplementary|supplemental)\s+(?:information|schedules?|data)|^schedules?\s+(?:of|\d|[ivx]+\b)/i.test(
    label.trim(),
  );
}

/** Words of a column-header row ("Actual Budget Variance % Var", "Year to Date", "Dec 2024"). */
const HEADER_WORD =
  /^(?:description|account|accounts|name|account name|line item|item|category|year|years|period|selected|amount|amounts|actual|actuals|act|budget|budgeted|bud|plan|forecast|variance|var|var\.|variances|ytd|mtd|ptd|qtd|to|date|current|prior|py|cy|last|this|month|months|fiscal|fy|calendar|total|totals|annual|annualized|change|increase|decrease|\(decrease\)|\(increase\)|difference|diff|percent|pct|%|\$|of|income|sales|per|unit|units|sf|psf|twelve|12|trailing|t-12|through|thru|ending|ended|quarter|q[1-4]|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|-|–|\(py\)|\(cy\)|previous|comparison|vs\.?|over|under|\(under\)|over\/\(under\)|favorable|unfavorable|fav|unfav|\(unfav\)|fav\/\(unfav\)|orig|original|revised|reforecast)$/i;

export function isHeaderWord(word: string): boolean {
  const w = word.trim();
  return (
    HEADER_WORD.test(w) ||
    MONTH_RE.test(w) ||
    /^(?:19|20)\d{2}$/.test(w) ||
    /^'\d{2}$/.test(w) ||
    /^\(?(?:19|20)\d{2}\)?$/.test(w) ||
    /^\d{1,2}\/\d{1,2}\/\d{2,4}$/.test(w) ||
    /^[a-z]{3}-\d{2}$/i.test(w) ||
    /^(?:19|20)\d{2}-\d{2}$/.test(w)
  );
}
