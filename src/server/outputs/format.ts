import type { Worksheet, WorksheetRow } from "./types";

const MONEY = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const COUNT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** 1234567.5 → "1,234,567.50"; a loss keeps its minus sign ("-1,200.00"). */
export const formatMoney = (n: number) => MONEY.format(Math.round(n * 100) / 100).replace("−", "-");

/** 1234 → "1,234". */
const formatCount = (n: number) => COUNT.format(n);

/** How a row's value is printed: money, a count, text, or "" when not given. */
export function formatRowValue(row: WorksheetRow): string {
  if (row.kind === "text") return row.text ?? "";
  if (row.value === null) return "";
  return row.kind === "count" ? formatCount(row.value) : formatMoney(row.value);
}

/**
 * The line as the form prints it: "1a", "10c", "m", "15". Catalogue lines that are not
 * printed numbers ("1a.units", "before-taxes", "tenant", "—" for excluded items) print
 * nothing; the label says what they are.
 */
export const lineText = (line: string) => (/^\d{0,2}[a-z]?$/i.test(line) ? line : "");

/** "1-01119-0036 (Manhattan)". */
const bblText = (w: Worksheet) =>
  w.property.borough ? `${w.property.bblDashed} (${w.property.borough})` : w.property.bblDashed;

/** "2024-01-01 to 2024-12-31". */
export const periodText = (w: Worksheet) => `${w.period.start} to ${w.period.end}`;

/** The property and period lines every page and sheet starts with. */
export function headerFacts(w: Worksheet): [string, string][] {
  const facts: [string, string][] = [
    ["BBL", bblText(w)],
    ["Address", w.property.address],
    ["Owner", w.property.ownerName],
    ["Period", periodText(w)],
    ["Filing year", String(w.filingYear)],
  ];
  if (w.property.taxClass) facts.push(["Tax class", w.property.taxClass]);
  if (w.property.buildingClass) facts.push(["Building class", w.property.buildingClass]);
  return facts;
}

/** A file name for an output: "rpie-2025-1011190036.pdf". */
export const outputFileName = (w: Pick<Worksheet, "form" | "filingYear" | "property">, ext: string) =>
  `${w.form}-${w.filingYear}-${w.property.bbl}.${ext}`;
