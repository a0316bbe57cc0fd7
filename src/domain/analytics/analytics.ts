/**
 * The analytics dashboard's contract (docs/dashboard.md "Analytics"): a company's own figures per
 * calendar month (UTC) over a chosen range; super admins may ask for the whole product's.
 */

export const ANALYTICS_PATH = "/api/analytics";

/** The longest range one request may cover, in months. */
const ANALYTICS_MAX_MONTHS = 36;

/** Whose figures: the caller's active company, or (super admins only) every company's. */
export const ANALYTICS_SCOPES = ["company", "all"] as const;
export type AnalyticsScope = (typeof ANALYTICS_SCOPES)[number];

/** The monthly series, each with one value per month of `months`. */
export const ANALYTICS_SERIES = [
  "statementsUploaded",
  "statementsExtracted",
  "invoicesPaid",
  "invoicesPaidCents",
  "itemsImported",
  "itemsListed",
  "itemsSold",
  "ebayRevenueCents",
] as const;
export type AnalyticsSeriesName = (typeof ANALYTICS_SERIES)[number];

export interface Analytics {
  scope: AnalyticsScope;
  /** "YYYY-MM", oldest first, from `from` to `to` inclusive. */
  months: string[];
  series: Record<AnalyticsSeriesName, number[]>;
  /** Filings opened in the range, by their current state (states with none left out). */
  filingsByState: { state: string; count: number }[];
}

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** "YYYY-MM" → months since year 0, or null when it is not a month. */
export function monthIndex(month: string): number | null {
  const m = MONTH_RE.exec(month);
  if (!m) return null;
  return Number(m[1]) * 12 + Number(m[2]) - 1;
}

function monthOf(index: number): string {
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** Every month from `from` to `to` inclusive ("YYYY-MM"), or the reason the range is refused. */
export function monthRange(from: string, to: string): { months: string[] } | { error: string } {
  const a = monthIndex(from);
  const b = monthIndex(to);
  if (a === null || b === null) return { error: '"from" and "to" must be months (YYYY-MM)' };
  if (a > b) return { error: '"from" must not be after "to"' };
  if (b - a + 1 > ANALYTICS_MAX_MONTHS) {
    return { error: `The range may cover at most ${ANALYTICS_MAX_MONTHS} months` };
  }
  const months: string[] = [];
  for (let i = a; i <= b; i++) months.push(monthOf(i));
  return { months };
}

/** The last `count` months up to and including the month of `now` (UTC). */
export function lastMonths(now: Date, count: number): { from: string; to: string } {
  const end = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return { from: monthOf(end - count + 1), to: monthOf(end) };
}
