/**
 * File → RawTable: CSV/TSV through papaparse (delimiter detected, including semicolons),
 * XLSX through exceljs loaded on demand (≈ 260 KB gzipped: only the import worker pays for it,
 * and only for an .xlsx). Every refusal is an ImportMessage with words a person can act on.
 * Pure apart from the dynamic import; runs in a Web Worker (no DOM).
 */
import Papa from "papaparse";
import { decodeText, sniffFormat } from "./decode";
import {
  type CellNote,
  IMPORT_LIMITS,
  type ImportLimits,
  type ImportMessage,
  type RawRow,
  type RawTable,
} from "./types";

export interface ImportFile {
  name: string;
  bytes: Uint8Array;
}

export interface ReadOptions {
  limits?: Partial<ImportLimits>;
  /** Loads exceljs (tests and workers may pass their own). */
  loadExcel?: () => Promise<ExcelModule>;
}

// The small part of exceljs used here, typed locally so the type import stays cheap.
interface ExcelCell {
  value: unknown;
  isMerged: boolean;
  master: ExcelCell;
  address: string;
}
interface ExcelRow {
  number: number;
  eachCell(opts: { includeEmpty: boolean }, cb: (cell: ExcelCell, col: number) => void): void;
}
interface ExcelSheet {
  name: string;
  state: string;
  actualColumnCount: number;
  eachRow(opts: { includeEmpty: boolean }, cb: (row: ExcelRow, n: number) => void): void;
}
interface ExcelWorkbook {
  worksheets: ExcelSheet[];
  xlsx: { load(data: ArrayBuffer | Uint8Array): Promise<unknown> };
}
interface ExcelModule {
  Workbook: new () => ExcelWorkbook;
}

const defaultLoadExcel = async (): Promise<ExcelModule> => {
  const mod = (await import("exceljs")) as unknown as { default?: ExcelModule } & ExcelModule;
  return mod.default ?? mod;
};

function mb(bytes: number) {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

function fail(format: RawTable["format"], message: ImportMessage): RawTable {
  return { format, headers: [], rows: [], messages: [message], cellNotes: [] };
}

export async function readImportFile(file: ImportFile, opts: ReadOptions = {}): Promise<RawTable> {
  const limits = { ...IMPORT_LIMITS, ...opts.limits };
  if (file.bytes.length > limits.maxBytes) {
    return fail("csv", {
      level: "error",
      code: "too-large",
      message: `This file is ${mb(file.bytes.length)}; files up to ${mb(limits.maxBytes)} can be imported. Split it into smaller files.`,
    });
  }
  if (file.bytes.length === 0) {
    return fail("csv", { level: "error", code: "empty", message: "This file is empty." });
  }
  const kind = sniffFormat(file.name, file.bytes);
  if (kind === "xls") {
    return fail("xlsx", {
      level: "error",
      code: "not-supported",
      message: "This is an old Excel (.xls) file. Save it as .xlsx or CSV in Excel and import that.",
    });
  }
  if (kind === "other") {
    return fail("csv", {
      level: "error",
      code: "not-supported",
      message: `"${file.name}" is not a CSV, TSV or XLSX file. Export your spreadsheet as CSV or XLSX and import that.`,
    });
  }
  const table = kind === "xlsx" ? await readXlsx(file, opts) : readCsv(file, kind);
  return finish(table, limits);
}

/** Checks shared by both formats, after reading. */
function finish(table: RawTable, limits: ImportLimits): RawTable {
  if (table.messages.some((m) => m.level === "error")) return table;
  const isBlank = (cells: string[]) => cells.every((c) => c.trim() === "");
  table.rows = table.rows.filter((r) => !isBlank(r.cells));
  if (table.headers.length === 0 || isBlank(table.headers)) {
    table.messages.push({ level: "error", code: "empty", message: "This file has no rows." });
    return table;
  }
  if (table.rows.length === 0) {
    table.messages.push({
      level: "error",
      code: "header-only",
      message: "This file has a header row but no items below it.",
    });
    return table;
  }
  const columns = table.headers.length;
  if (columns > limits.maxColumns) {
    table.messages.push({
      level: "error",
      code: "too-many-columns",
      message: `This file has ${columns} columns; at most ${limits.maxColumns} can be read. Remove the columns you do not need.`,
    });
    return table;
  }
  if (columns > limits.warnColumns) {
    table.messages.push({
      level: "warning",
      code: "many-columns",
      message: `This file has ${columns} columns. Only the columns mapped to item fields are imported; the others are ignored.`,
    });
  }
  if (table.rows.length > limits.maxRows) {
    table.messages.push({
      level: "error",
      code: "too-many-rows",
      message: `This file has ${table.rows.length.toLocaleString("en-US")} rows; at most ${limits.maxRows.toLocaleString("en-US")} can be imported at once. Split it into smaller files.`,
    });
    return table;
  }
  const seen = new Map<string, number>();
  table.headers.forEach((h, i) => {
    const key = h.trim().toLowerCase();
    if (!key) return;
    const first = seen.get(key);
    if (first !== undefined) {
      table.messages.push({
        level: "warning",
        code: "duplicate-header",
        message: `Columns ${first + 1} and ${i + 1} are both called "${h.trim()}"; only one of them can be mapped to a field.`,
      });
    } else seen.set(key, i);
  });
  return table;
}

function readCsv(file: ImportFile, kind: "csv" | "tsv"): RawTable {
  const { text, encoding } = decodeText(file.bytes);
  const table: RawTable = { format: kind, encoding, headers: [], rows: [], messages: [], cellNotes: [] };
  if (encoding === "windows-1252") {
    table.messages.push({
      level: "warning",
      code: "encoding",
      message:
        "This file is not UTF-8; it was read as Windows-1252 (Excel's usual CSV encoding). Check that accented letters and symbols look right in the preview.",
    });
  }
  if (text.trim() === "") {
    table.messages.push({ level: "error", code: "empty", message: "This file is empty." });
    return table;
  }
  const parsed = Papa.parse<string[]>(text, {
    delimiter: kind === "tsv" ? "\t" : "",
    delimitersToGuess: [",", "\t", ";", "|"],
    skipEmptyLines: false,
  });
  table.delimiter = parsed.meta.delimiter;
  const quoteErrors = parsed.errors.filter((e) => e.type === "Quotes");
  if (quoteErrors.length > 0) {
    const first = quoteErrors[0];
    const line = first?.row !== undefined ? recordStartLines(parsed.data)[first.row] : null;
    table.messages.push({
      level: "error",
      code: "broken-quoting",
      message: `This file has a quotation mark that is never closed${line ? ` (the record starting on line ${line})` : ""}, so its rows cannot be told apart. Fix the quotes in that row or export the file again.`,
    });
    return table;
  }
  const records = parsed.data;
  // Physical line numbers: a quoted cell may span lines, so count the newlines each record used.
  const lines = recordStartLines(records);
  const [header = [], ...rest] = records;
  table.headers = header.map((h) => h.trim());
  table.rows = rest.map((cells, i) => ({ line: lines[i + 1] ?? i + 2, cells }));
  return table;
}

/** The 1-based line where each record starts: a quoted cell may span lines. */
function recordStartLines(records: string[][]): number[] {
  const starts: number[] = [];
  let line = 1;
  for (const cells of records) {
    starts.push(line);
    let inner = 0;
    for (const c of cells) for (let i = c.indexOf("\n"); i !== -1; i = c.indexOf("\n", i + 1)) inner++;
    line += 1 + inner;
  }
  return starts;
}

function excelCellText(
  cell: ExcelCell,
  line: number,
  column: number,
  notes: CellNote[],
  formulas: { count: number },
): string {
  if (cell.isMerged && cell.master !== cell) return "";
  const v = cell.value;
  if (v === null || v === undefined) return "";
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (typeof v === "string") return v;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === "object") {
    const o = v as Record<string, unknown>;
    if ("formula" in o || "sharedFormula" in o || "result" in o) {
      formulas.count++;
      const r = o.result;
      if (r === undefined || r === null) {
        notes.push({
          line,
          column,
          message:
            "This cell holds a formula without a saved result. Open the file in Excel, let it calculate, save and import again.",
        });
        return "";
      }
      if (typeof r === "object" && r !== null && "error" in r) {
        notes.push({
          line,
          column,
          message: `This formula gives the error ${String((r as { error: unknown }).error)}.`,
        });
        return "";
      }
      return r instanceof Date ? r.toISOString().slice(0, 10) : String(r);
    }
    if (Array.isArray(o.richText)) return (o.richText as { text: string }[]).map((t) => t.text).join("");
    if (typeof o.text === "string") return o.text; // hyperlink
    if ("error" in o) {
      notes.push({ line, column, message: `This cell shows the error ${String(o.error)}.` });
      return "";
    }
  }
  return "";
}

async function readXlsx(file: ImportFile, opts: ReadOptions): Promise<RawTable> {
  const table: RawTable = { format: "xlsx", headers: [], rows: [], messages: [], cellNotes: [] };
  const Excel = await (opts.loadExcel ?? defaultLoadExcel)();
  const wb = new Excel.Workbook();
  try {
    // exceljs wants an ArrayBuffer-backed view; copy to a fresh buffer of exact length.
    await wb.xlsx.load(file.bytes.slice().buffer);
  } catch {
    return fail("xlsx", {
      level: "error",
      code: "unreadable",
      message:
        "This spreadsheet is damaged or is not a valid XLSX workbook. Open it in Excel, save it again and retry.",
    });
  }
  const sheet = wb.worksheets.find((s) => s.state !== "hidden" && s.state !== "veryHidden");
  if (!sheet)
    return fail("xlsx", { level: "error", code: "empty", message: "This workbook has no visible sheet." });
  table.sheetName = sheet.name;
  if (wb.worksheets.filter((s) => s.state !== "hidden" && s.state !== "veryHidden").length > 1) {
    table.messages.push({
      level: "warning",
      code: "unreadable",
      message: `This workbook has several sheets; only the first, "${sheet.name}", is imported.`,
    });
  }
  const formulas = { count: 0 };
  const merged = new Map<string, { line: number; column: number }[]>();
  const rows: RawRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, n) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      if (cell.isMerged && cell.master !== cell) {
        const covered = merged.get(cell.master.address) ?? [];
        covered.push({ line: n, column: col - 1 });
        merged.set(cell.master.address, covered);
      }
      cells[col - 1] = excelCellText(cell, n, col - 1, table.cellNotes, formulas);
    });
    for (let i = 0; i < cells.length; i++) cells[i] ??= "";
    rows.push({ line: n, cells });
  });
  const [header, ...rest] = rows;
  if (!header) return fail("xlsx", { level: "error", code: "empty", message: "This spreadsheet is empty." });
  table.headers = header.cells.map((h) => h.trim());
  // trailing empty header cells do not make columns
  while (
    table.headers.length > 0 &&
    table.headers.at(-1) === "" &&
    rest.every((r) => !r.cells[table.headers.length - 1])
  ) {
    table.headers.pop();
  }
  table.rows = rest;
  if (formulas.count > 0) {
    table.messages.push({
      level: "warning",
      code: "formula",
      message: `${formulas.count} cell${formulas.count === 1 ? " holds a formula" : "s hold formulas"}; the values Excel last calculated are imported.`,
    });
  }
  if (merged.size > 0) {
    const list = [...merged.keys()].slice(0, 5);
    table.messages.push({
      level: "warning",
      code: "merged-cells",
      message: `This sheet has merged cells (starting at ${list.join(", ")}${merged.size > 5 ? ", …" : ""}). Only the first cell of a merged area has its value; the other rows it covers are read as empty. Unmerge them in Excel and fill the values in if each row needs them.`,
    });
    for (const [master, covered] of merged) {
      for (const { line, column } of covered) {
        table.cellNotes.push({
          line,
          column,
          message: `Part of the merged area starting at ${master}; read as empty.`,
        });
      }
    }
  }
  return table;
}
