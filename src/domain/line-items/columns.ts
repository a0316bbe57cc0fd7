import type { ColumnPeriod, ColumnRole, StatementColumn, StatementLayout } from "./types";
import { monthNumber } from "./vocabulary";

/**
 * What a money column's header says it holds: actual, budget, variance or prior year; over a
 * month, a quarter, the year to date, a year or a 12-month total; for which year and month.
 */
export function columnMeaning(key: string, label: string): StatementColumn {
  const t = label.toLowerCase().replace(/\s+/g, " ").trim();
  let role: ColumnRole = "actual";
  if (/\b(?:budget|budgeted|bud|plan|forecast|reforecast)\b/.test(t)) role = "budget";
  if (
    /\b(?:variance|var|var\.|change|increase|decrease|difference|diff|over|under|fav|unfav|favorable|unfavorable)\b|\$\s*change|\(decrease\)/.test(
      t,
    )
  )
    role = "variance";
  else if (/\b(?:prior|py|last year|previous)\b|\(py\)/.test(t) && role === "actual") role = "prior";

  let year: number | null = null;
  const four = [...t.matchAll(/\b((?:19|20)\d{2})\b/g)].map((m) => Number(m[1]));
  if (four.length) year = Math.max(...four);
  else {
    const two =
      /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*[-'’]?\s*(\d{2})\b|\bfy\s*'?(\d{2})\b|'(\d{2})\b/.exec(
        t,
      );
    const y = two ? Number(two[1] ?? two[2] ?? two[3]) : Number.NaN;
    if (Number.isFinite(y)) year = 2000 + y;
  }
  const dated = /\b(\d{1,2})\/\d{1,2}\/(\d{2,4})\b/.exec(t);
  if (year === null && dated) {
    const y = Number(dated[2]);
    year = y < 100 ? 2000 + y : y;
  }

  const months = t
    .split(/[^a-z]+/)
    .map((w) => monthNumber(w))
    .filter((m): m is number => m !== null);
  let period: ColumnPeriod = null;
  let month: number | null = null;
  if (/\b(?:ytd|year to date|year-to-date|fiscal ytd)\b/.test(t)) period = "ytd";
  else if (
    /\b(?:total|annual|annualized|12 months?|twelve months?|t-?12|trailing 12|full year|year ended|year ending)\b/.test(
      t,
    )
  )
    period = "total";
  else if (months.length >= 2 && months[0] === 1 && months.at(-1) === 12) period = "year";
  else if (
    /\b(?:mtd|ptd|month to date|period to date|current period|current month|month|this month|period)\b/.test(
      t,
    )
  )
    period = "month";
  else if (/\b(?:qtd|quarter|q[1-4])\b/.test(t)) period = "quarter";
  else if (months.length === 1) {
    period = "month";
    month = months[0] as number;
  } else if (
    year !== null &&
    /^(?:fy\s*)?'?\(?(?:19|20)\d{2}\)?(?:\s+(?:actual|actuals|act))?$|^(?:calendar|fiscal) year (?:19|20)\d{2}$/.test(
      t,
    )
  )
    period = "year";
  if (period === "month" && month === null && months.length === 1) month = months[0] as number;
  return { key, label, role, period, year, month };
}

/** Why a column is the default: the app words it in the staff's language. */
type DefaultColumnWhy =
  | "none"
  | "only"
  | "twelve-month-total"
  | "total"
  | "ytd"
  | "statement-year"
  | "year"
  | "first-actual";

export interface DefaultColumn {
  index: number;
  why: DefaultColumnWhy;
  /** Why this column, in English words for staff and the API. */
  reason: string;
}

/**
 * The column whose figures are the statement year's annual figures — the default for
 * mapping: the 12-month total, the year to date at year end, the statement year's column of
 * a comparative statement, or the only column. Budgets, variances and prior years never.
 */
export function defaultColumn(
  columns: readonly StatementColumn[],
  statementYear?: number | null,
): DefaultColumn {
  if (columns.length === 0) return { index: 0, why: "none", reason: "The statement has no amount columns" };
  if (columns.length === 1)
    return { index: 0, why: "only", reason: `The only amount column ("${columns[0]?.label}")` };
  const annualBudget = columns.some((c) => c.role === "budget");
  const actual = columns
    .map((c, index) => ({ c, index }))
    .filter(({ c }) => c.role === "actual" && !(annualBudget && /^annual$/i.test(c.label.trim())));
  const years = actual.map(({ c }) => c.year).filter((y): y is number => y !== null);
  const year = statementYear ?? (years.length ? Math.max(...years) : null);
  const pick = (pred: (c: StatementColumn) => boolean) => actual.find(({ c }) => pred(c));

  const total = pick((c) => c.period === "total" && (c.year === null || year === null || c.year === year));
  if (total) {
    const months = columns.filter((c) => c.period === "month").length;
    return {
      index: total.index,
      why: months >= 3 ? "twelve-month-total" : "total",
      reason:
        months >= 3
          ? `The 12-month total ("${total.c.label}"), not one month`
          : `The annual total ("${total.c.label}")`,
    };
  }
  const ytd = pick((c) => c.period === "ytd" && (c.year === null || year === null || c.year === year));
  if (ytd)
    return {
      index: ytd.index,
      why: "ytd",
      reason: `Year to date ("${ytd.c.label}"): at the statement's year end it is the year's figure, not the month's`,
    };
  if (year !== null) {
    const same = pick((c) => c.year === year && c.period !== "month" && c.period !== "quarter");
    if (same)
      return {
        index: same.index,
        why: "statement-year",
        reason: `The ${year} column ("${same.c.label}"): the statement year, not the earlier year beside it`,
      };
  }
  const yearly = pick((c) => c.period === "year");
  if (yearly) return { index: yearly.index, why: "year", reason: `The year's column ("${yearly.c.label}")` };
  const first = actual[0] ?? { c: columns[0] as StatementColumn, index: 0 };
  return {
    index: first.index,
    why: "first-actual",
    reason: `The first column of actual figures ("${first.c.label}"); no column says year to date, total or the statement year`,
  };
}

/**
 * The layout of an extraction stored before columns were read (issue 23): as many unnamed
 * actual columns as its widest line has amounts.
 */
function fallbackLayout(items: readonly { amounts: readonly (number | null)[] }[]): StatementLayout {
  const width = Math.max(0, ...items.map((i) => i.amounts.length));
  return {
    columns: Array.from({ length: width }, (_, i) => columnMeaning(`c${i}`, `Column ${i + 1}`)),
    skippedColumns: [],
    year: null,
  };
}

/** A stored layout, or the fallback for an old extraction. */
export function layoutOf(
  stored: unknown,
  items: readonly { amounts: readonly (number | null)[] }[],
): StatementLayout {
  const s = stored as Partial<StatementLayout> | null | undefined;
  if (s && Array.isArray(s.columns))
    return { columns: s.columns, skippedColumns: s.skippedColumns ?? [], year: s.year ?? null };
  return fallbackLayout(items);
}
