/**
 * What extraction reads from a statement and what it finds in it. Shared by the server
 * (extraction threads) and the app (file preview, mapping screens).
 */

/** A rectangle on a page as fractions of its width and height, origin top-left. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * A word on a page with its box in the page's own units (PDF points, image pixels, or
 * spreadsheet column numbers), origin top-left; `conf` is the OCR confidence (0–100).
 */
export interface Word {
  text: string;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  conf?: number;
  /** Read a second time from a sharper crop. */
  reread?: boolean;
}

/** A page as positioned words: a PDF text layer, an OCR'd image, or a sheet (one line per row). */
export interface WordPage {
  number: number;
  width: number;
  height: number;
  words: Word[];
  source: "text" | "ocr" | "sheet";
}

/** What a money column holds: this year's actual figures, a budget, a variance, a prior year. */
export type ColumnRole = "actual" | "budget" | "variance" | "prior";
/** The span of time a money column covers. */
export type ColumnPeriod = "month" | "quarter" | "ytd" | "year" | "total" | null;

/** A money column of a statement, read from its header. */
export interface StatementColumn {
  key: string;
  /** The header as printed ("Year to Date Actual", "Dec 2024", "2023"), or "Column 3" without one. */
  label: string;
  role: ColumnRole;
  period: ColumnPeriod;
  year: number | null;
  /** 1–12 for month columns. */
  month: number | null;
}

/** A column that is not money (percentages, ratios, counts): marked and left out of the amounts. */
export interface SkippedColumn {
  label: string;
  kind: "percent" | "ratio" | "count";
}

/** One part of a total: a line of the file (by its position) added or subtracted. */
export interface TotalPart {
  line: number;
  sign: 1 | -1;
}

/** One line of a financial statement: what it is called and its amounts by column. */
export interface LineItem {
  /** The heading it sits under ("INCOME", "Operating Expenses"), or null before any heading. */
  section: string | null;
  label: string;
  /** The account number printed beside the name ("6100", "4110-0000"), kept out of the label. */
  account?: string;
  /** By money column (the file's `columns`); null where the cell is blank. */
  amounts: (number | null)[];
  /** A total, subtotal or net line ("Total income", "NOI - Net Operating Income", "Gross Profit"). */
  isTotal: boolean;
  /** What a total adds up (the lines of its section, or section totals for a net line). */
  parts?: TotalPart[];
}

export interface PageLineItem extends LineItem {
  page: number;
  /** Where the line sits on its page, as fractions of the page (0–1, origin top-left), when known. */
  box?: Box;
  /** OCR: the mean confidence of the line's words (0–100). */
  confidence?: number;
  /** OCR: how many of its amounts were read again from a sharper crop. */
  reread?: number;
}

/** The columns of a statement and the period it covers, as read from its pages. */
export interface StatementLayout {
  columns: StatementColumn[];
  skippedColumns: SkippedColumn[];
  /** The year the statement reports, from its title ("For the year ended December 31, 2024"). */
  year: number | null;
}

export type Cell = string | number | boolean | Date | null | undefined;
