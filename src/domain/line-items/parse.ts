import { isYearToken, parseAmount } from "./amount";

/** One line of a financial statement: what it is called and the amounts in its columns. */
export interface LineItem {
  /** The heading above it (e.g. "INCOME", "Operating Expenses"), or null before any heading. */
  section: string | null;
  label: string;
  /** Column amounts, left to right (several years or months keep their order). */
  amounts: number[];
  /** A total or net line ("Total income", "Net operating income"). */
  isTotal: boolean;
}

export interface PageLineItem extends LineItem {
  page: number;
  /** Where the line sits on its page, as fractions of the page (0–1, origin top-left), when known. */
  box?: Box;
}

/** A rectangle on a page as fractions of its width and height, origin top-left. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export type Cell = string | number | boolean | Date | null | undefined;

/** Headings that open a section. A line with no amounts that matches one sets the section. */
const SECTION_WORDS = [
  String.raw`(?:(?:gross|operating|rental|rent|other|non-?operating|miscellaneous|misc\.?|total)\s+)?(?:income|revenues?|receipts)`,
  String.raw`(?:(?:operating|other|non-?operating|administrative|fixed|variable|general(?: and| &)? administrative|property)\s+)?(?:expenses?|expenditures|disbursements|costs)`,
  String.raw`capital\s+(?:expenditures|improvements|expenses)`,
  String.raw`debt\s+service`,
  "(?:payroll|utilities|repairs(?: and| &) maintenance|taxes(?: and| &) insurance)",
  String.raw`(?:cash\s+flow|other\s+items|non-?recurring\s+items|reserves)`,
];
const SECTION_RE = new RegExp(`^(?:${SECTION_WORDS.join("|")})$`, "i");

const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
/** Dates and times: never amounts, and a line that ends in one is a header or footer. */
const DATE_RE = new RegExp(
  [
    String.raw`\b${MONTH}\s+\d{1,2},?\s+\d{4}\b`,
    String.raw`\b${MONTH}\s+\d{4}\b`,
    String.raw`\b\d{1,2}[/-]\d{1,2}[/-]\d{2,4}\b`,
    String.raw`\b\d{4}-\d{2}-\d{2}\b`,
    String.raw`\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?`,
  ].join("|"),
  "gi",
);

/** Page furniture: page numbers, "Page 2 of 5", contact lines. */
const FOOTER_RES = [
  /^page\s*\d+(?:\s*(?:of|\/)\s*\d+)?$/i,
  /^[-–—]?\s*\d{1,4}\s*[-–—]?$/,
  /^\d+\s*(?:of|\/)\s*\d+$/i,
  /\bpage\s+\d+\s+of\s+\d+\b/i,
  /\b[A-Z]{2}\s+\d{5}(?:-\d{4})?$/, // "New York, NY 10001"
  /\(\d{3}\)\s*\d{3}-\d{4}|\b\d{3}[-.]\d{3}[-.]\d{4}\b/, // phone numbers
];

/** Words of a column-header row ("Description 2023 2022", "Actual Budget Variance"). */
const HEADER_WORDS =
  /^(?:description|account|accounts|account name|line item|item|category|year|years|period|amount|amounts|actual|budget|variance|ytd|year to date|current|prior|prior year|current year|month|months|fiscal year|fy|calendar year|for the years?(?: ended)?)$/i;

const TOTAL_RE = /\btotals?\b|^net\s|^sub-?total\b|^grand\s/i;

function clean(s: string): string {
  return s
    .replace(/\s+/g, " ")
    .replace(/[\s.·_:…]+$/u, "")
    .replace(/^[\s.·_:…]+/u, "")
    .trim();
}

/** The heading text if the line is a section heading ("INCOME:", "Operating Expenses"). */
export function sectionHeading(text: string): string | null {
  const t = clean(text);
  if (!t || t.length > 60) return null;
  return SECTION_RE.test(t) ? t : null;
}

function isTotalLabel(label: string): boolean {
  return TOTAL_RE.test(label);
}

interface Split {
  label: string;
  amounts: number[];
}

/** Splits a text line into its label and the amounts at its end. */
export function splitLine(line: string): Split | null {
  const dates: string[] = [];
  let s = line.replace(DATE_RE, (m) => {
    dates.push(m);
    return ` \uE000${dates.length - 1}\uE000 `;
  });
  s = s
    .replace(/\$\s+(?=[\d(\-–—.])/g, "$")
    .replace(/\(\s+/g, "(")
    .replace(/\s+\)/g, ")");
  const tokens = s.split(/\s+/).filter(Boolean);
  const amounts: number[] = [];
  let i = tokens.length - 1;
  for (; i >= 0; i--) {
    const tok = tokens[i] as string;
    if (tok === "$" || /^\(?-?\d+(?:\.\d+)?%\)?$/.test(tok)) continue;
    const value = parseAmount(tok);
    if (value === null) break;
    amounts.unshift(value);
  }
  const restored = tokens
    .slice(0, i + 1)
    .join(" ")
    .replace(/\uE000(\d+)\uE000/g, (_, n: string) => dates[Number(n)] ?? "");
  return { label: clean(restored), amounts };
}

type Classified =
  | { kind: "item"; label: string; amounts: number[] }
  | { kind: "heading"; section: string }
  | { kind: "text"; text: string }
  | { kind: "ignore" };

function isHeaderRow(label: string, amountTokens: string[]): boolean {
  if (amountTokens.length === 0 || !amountTokens.every(isYearToken)) return false;
  return amountTokens.length >= 2 || label === "" || HEADER_WORDS.test(label);
}

function classify(label: string, amounts: number[], amountTokens: string[]): Classified {
  if (amounts.length === 0) {
    if (!label) return { kind: "ignore" };
    const section = sectionHeading(label);
    if (section) return { kind: "heading", section };
    return { kind: "text", text: label };
  }
  if (isHeaderRow(label, amountTokens)) return { kind: "ignore" };
  return { kind: "item", label, amounts };
}

function isFurniture(line: string): boolean {
  const t = line.trim();
  if (FOOTER_RES.some((re) => re.test(t))) return true;
  return false;
}

function amountTokensOf(line: string, count: number): string[] {
  return line.trim().split(/\s+/).slice(-count);
}

/** Shared state while walking lines: the current section and a label waiting for its amounts. */
class Walker {
  section: string | null;
  pending: string | null = null;
  readonly items: (LineItem & { box?: Box })[] = [];
  constructor(section: string | null = null) {
    this.section = section;
  }
  take(c: Classified, box?: Box) {
    switch (c.kind) {
      case "heading":
        this.section = c.section;
        this.pending = null;
        return;
      case "text":
        this.pending = c.text;
        return;
      case "ignore":
        return;
      case "item": {
        let label = c.label;
        if (!label && this.pending) label = this.pending;
        this.pending = null;
        if (!label) return;
        const item: LineItem & { box?: Box } = {
          section: this.section,
          label,
          amounts: c.amounts,
          isTotal: isTotalLabel(label),
        };
        if (box) item.box = box;
        this.items.push(item);
      }
    }
  }
}

export interface ParseTextOptions {
  /** Section carried over from the previous page. */
  section?: string | null;
  /** Normalised lines to skip (repeated page headers/footers; see normaliseLine). */
  skip?: ReadonlySet<string>;
  /** Position of each line of `text` (same order as its lines), copied onto the items found. */
  boxes?: ReadonlyArray<Box | null | undefined>;
}

/** Normal form used to spot a line repeated on several pages (digits may differ: page numbers). */
function normaliseLine(line: string): string {
  return line.toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ").trim();
}

/** Line items of one page of text. */
export function parseText(
  text: string,
  opts: ParseTextOptions = {},
): { items: (LineItem & { box?: Box })[]; section: string | null } {
  const walker = new Walker(opts.section ?? null);
  const rawLines = text.split(/\r?\n/);
  for (let i = 0; i < rawLines.length; i++) {
    const line = (rawLines[i] as string).trim();
    if (!line) continue;
    if (isFurniture(line) || opts.skip?.has(normaliseLine(line))) {
      continue;
    }
    const split = splitLine(line);
    if (!split) continue;
    walker.take(
      classify(split.label, split.amounts, amountTokensOf(line, split.amounts.length)),
      opts.boxes?.[i] ?? undefined,
    );
  }
  return { items: walker.items, section: walker.section };
}

/**
 * Line items of a document's pages. Lines that repeat at the top or bottom of most pages
 * (titles, company names, "Page 2 of 5") are page furniture and ignored.
 */
export function parsePages(
  pages: ReadonlyArray<{ number: number; text: string; lineBoxes?: ReadonlyArray<Box | null> }>,
): PageLineItem[] {
  const skip = repeatedEdgeLines(pages.map((p) => p.text));
  const out: PageLineItem[] = [];
  let section: string | null = null;
  for (const page of pages) {
    const r = parseText(page.text, { section, skip, boxes: page.lineBoxes });
    section = r.section;
    for (const item of r.items) out.push({ page: page.number, ...item });
  }
  return out;
}

function repeatedEdgeLines(texts: string[]): Set<string> {
  const skip = new Set<string>();
  if (texts.length < 2) return skip;
  const counts = new Map<string, number>();
  for (const text of texts) {
    const lines = text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    const edge = new Set([...lines.slice(0, 3), ...lines.slice(-3)].map(normaliseLine));
    for (const l of edge) counts.set(l, (counts.get(l) ?? 0) + 1);
  }
  const needed = Math.max(2, Math.ceil(texts.length / 2));
  for (const [line, n] of counts) {
    if (n >= needed && !sectionHeading(line)) skip.add(line);
  }
  return skip;
}

function cellText(c: Cell): string {
  if (c === null || c === undefined) return "";
  if (c instanceof Date) return "";
  return String(c).trim();
}

function cellAmount(c: Cell): { value: number; token: string } | null {
  if (typeof c === "number") return Number.isFinite(c) ? { value: c, token: String(c) } : null;
  if (typeof c !== "string") return null;
  const t = c.trim();
  if (!t || /%$/.test(t)) return null;
  const v = parseAmount(t);
  return v === null ? null : { value: v, token: t };
}

/**
 * Line items of a spreadsheet's rows (one sheet). Text cells before the first amount
 * form the label (a numeric account code before the name is kept in it); every amount
 * cell after it is a column, left to right; empty cells are skipped.
 */
export function parseRows(rows: ReadonlyArray<ReadonlyArray<Cell>>, section: string | null = null) {
  const walker = new Walker(section);
  for (const row of rows) {
    const cells = row.map((c) => ({ c, text: cellText(c), amount: cellAmount(c) }));
    const firstText = cells.findIndex((x) => x.text !== "" && x.amount === null);
    const last = lastLabelIndex(cells, firstText);
    const labelParts: string[] = [];
    const amounts: number[] = [];
    const tokens: string[] = [];
    cells.forEach((x, idx) => {
      if (idx <= last) {
        if (x.text) labelParts.push(x.text);
      } else if (x.amount) {
        amounts.push(x.amount.value);
        tokens.push(x.amount.token);
      }
    });
    const label = clean(labelParts.join(" "));
    if (label && isFurniture(label)) continue;
    walker.take(classify(label, amounts, tokens));
  }
  return { items: walker.items, section: walker.section };
}

/** The last cell of the label: the text cells that run on from the first one. */
function lastLabelIndex(cells: ReadonlyArray<{ text: string; amount: unknown }>, firstText: number): number {
  if (firstText === -1) return -1;
  let last = firstText;
  for (let i = firstText + 1; i < cells.length; i++) {
    const x = cells[i];
    if (!x?.text) continue;
    if (x.amount !== null) break;
    last = i;
  }
  return last;
}
