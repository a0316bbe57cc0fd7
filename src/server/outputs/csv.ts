import { lineText } from "./format";
import type { OutputInput, Worksheet } from "./types";
import { prepareWorksheet } from "./worksheet";

/** The columns, in order. The first six are the line itself; the rest say what it is and whose. */
export const CSV_COLUMNS = [
  "form",
  "section",
  "line",
  "field_id",
  "label",
  "amount",
  "row_type",
  "bbl",
  "filing_year",
  "period_start",
  "period_end",
] as const;

/**
 * row_type: line (counted in totals), total (recomputed), excluded (not in totals), count,
 * info (an amount for information), text, schedule (an itemisation heading) and item (one
 * entry of a schedule; its field_id is the itemised line's).
 */
type CsvRowType = "line" | "total" | "excluded" | "count" | "info" | "text" | "schedule" | "item";

const BOM = "\uFEFF";

/** Plain decimal with cents for money ("1234567.50"), so spreadsheets read numbers. */
const money = (n: number) => (Math.round(n * 100) / 100).toFixed(2);

/**
 * RFC 4180 field: quoted when it holds a comma, quote, CR or LF, quotes doubled. Text
 * that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe: statement labels come from outside (CSV injection).
 */
function field(value: string, isText: boolean): string {
  const v = isText && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** The worksheet's rows in the form's order, schedules where the PDF prints them. */
function csvRows(w: Worksheet): { cells: Record<(typeof CSV_COLUMNS)[number], string> }[] {
  const rows: { cells: Record<(typeof CSV_COLUMNS)[number], string> }[] = [];
  const common = {
    form: w.form,
    bbl: w.property.bbl,
    filing_year: String(w.filingYear),
    period_start: w.period.start,
    period_end: w.period.end,
  };
  const push = (
    section: string,
    line: string,
    fieldId: string,
    label: string,
    amount: string,
    type: CsvRowType,
  ) => rows.push({ cells: { ...common, section, line, field_id: fieldId, label, amount, row_type: type } });
  const items = (section: string, s: NonNullable<Worksheet["trailingSchedules"][number]>) => {
    for (const item of s.items)
      push(section, s.field.line, s.field.id, item.label, money(item.amount), "item");
  };

  for (const section of w.sections)
    for (const row of section.rows) {
      const f = row.field;
      const line = lineText(f.line);
      if (row.kind === "schedule" && row.schedule) {
        push(f.section, line, f.id, f.label, money(row.schedule.total), "schedule");
        items(f.section, row.schedule);
      } else if (row.kind === "text") push(f.section, line, f.id, f.label, row.text ?? "", "text");
      else {
        const type: CsvRowType = row.kind === "info-amount" ? "info" : (row.kind as CsvRowType);
        const amount = row.value === null ? "" : type === "count" ? String(row.value) : money(row.value);
        push(f.section, line, f.id, f.label, amount, type);
      }
    }
  for (const s of w.trailingSchedules) {
    push("Schedule", lineText(s.field.line), s.field.id, s.title, money(s.total), "schedule");
    items("Schedule", s);
  }
  return rows;
}

/** Builds the CSV text (with BOM, CRLF line ends) of a prepared worksheet. */
export function worksheetCsv(w: Worksheet): string {
  const TEXT = new Set(["section", "line", "label"]);
  const lines = [CSV_COLUMNS.join(",")];
  for (const { cells } of csvRows(w))
    lines.push(
      CSV_COLUMNS.map((c) =>
        field(cells[c], TEXT.has(c) || (c === "amount" && cells.row_type === "text")),
      ).join(","),
    );
  return `${BOM}${lines.join("\r\n")}\r\n`;
}

/**
 * The worksheet as CSV for data entry: one row per form line (then schedule items), the
 * columns of `CSV_COLUMNS`, RFC 4180 quoting, UTF-8 with a byte order mark so Excel reads
 * the accents. Amounts are plain decimals; a line not given is empty, totals recomputed.
 * Throws `OutputInputError` for input that cannot go on the form.
 */
export function renderCsv(input: OutputInput): Uint8Array {
  return new TextEncoder().encode(worksheetCsv(prepareWorksheet(input)));
}
