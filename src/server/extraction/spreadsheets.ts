import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { type Cell, type PageLineItem, parseSheets, type StatementLayout } from "../../domain/line-items";
import { assertCellLength, TextBudget } from "./limits";
import { DocumentProblem, type ExtractedPage } from "./types";

export interface SheetsResult {
  pages: ExtractedPage[];
  lineItems: PageLineItem[];
  layout: StatementLayout;
  notes: string[];
}

const MAX_ROWS = 100_000;

/** A percentage cell as the sheet shows it ("45.20%"): a column of percentages is not money. */
function shownValue(cell: ExcelJS.Cell): Cell {
  const v = cellValue(cell);
  if (typeof v === "number" && /%/.test(cell.numFmt ?? "")) return `${(v * 100).toFixed(2)}%`;
  return v;
}

/** A cell's value as the sheet shows it: formulas give their cached result, rich text its text. */
function cellValue(cell: ExcelJS.Cell): Cell {
  if (cell.isMerged && cell.master !== cell) return null; // the merged range's value sits in its first cell
  const v = cell.value as unknown;
  if (v === null || v === undefined) return null;
  if (typeof v === "number" || typeof v === "string" || typeof v === "boolean" || v instanceof Date) return v;
  if (typeof v === "object") {
    const o = v as Record<string, unknown>;
    if ("result" in o || "formula" in o || "sharedFormula" in o) {
      const r = o.result;
      if (r === undefined || r === null || typeof r === "object") return r instanceof Date ? r : null;
      return r as Cell;
    }
    if (Array.isArray(o.richText)) return (o.richText as { text: string }[]).map((t) => t.text).join("");
    if (typeof o.text === "string") return o.text;
    if ("error" in o) return null;
  }
  return null;
}

function rowsText(rows: Cell[][]): string {
  return rows
    .map((r) =>
      r
        .map((c) =>
          c instanceof Date ? c.toISOString().slice(0, 10) : c === null || c === undefined ? "" : String(c),
        )
        .join("\t")
        .replace(/\t+$/, ""),
    )
    .join("\n");
}

/** "B7": a cell's column letters and row number. */
function cellName(col: number, row: number): string {
  let name = "";
  for (let c = col; c > 0; c = Math.floor((c - 1) / 26))
    name = String.fromCharCode(65 + ((c - 1) % 26)) + name;
  return `${name}${row}`;
}

/** Text of cells longer than a spreadsheet program writes is refused as it is read. */
function checkedCell(value: Cell, col: number, row: number, sheet?: string): Cell {
  if (typeof value === "string")
    assertCellLength(value, `${cellName(col, row)}${sheet ? ` of sheet "${sheet}"` : ""}`);
  return value;
}

/**
 * XLSX: each visible sheet is one page; hidden sheets are skipped and noted. The caller checks
 * the ZIP container first (zip-guard.ts); text per cell and per file is capped here.
 */
export async function extractXlsx(
  path: string,
  maxPages: number,
  budget = new TextBudget(),
): Promise<SheetsResult> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.readFile(path);
  } catch {
    throw new DocumentProblem(
      "This spreadsheet is damaged or is not a valid XLSX workbook and cannot be read.",
    );
  }
  const pages: ExtractedPage[] = [];
  const sheets: { number: number; rows: Cell[][] }[] = [];
  const notes: string[] = [];
  const worksheets = wb.worksheets;
  if (worksheets.length > maxPages) {
    throw new DocumentProblem(`This workbook has ${worksheets.length} sheets; the limit is ${maxPages}.`);
  }
  let number = 0;
  for (const ws of worksheets) {
    if (ws.state === "hidden" || ws.state === "veryHidden") {
      notes.push(`Hidden sheet "${ws.name}" was skipped`);
      continue;
    }
    number++;
    const rows: Cell[][] = [];
    ws.eachRow({ includeEmpty: true }, (row, rowNumber) => {
      if (rowNumber > MAX_ROWS) return;
      const cells: Cell[] = [];
      for (let c = 1; c <= row.cellCount; c++)
        cells.push(checkedCell(shownValue(row.getCell(c)), c, rowNumber, ws.name));
      rows[rowNumber - 1] = cells;
    });
    const dense = Array.from(rows, (r) => r ?? []);
    const text = rowsText(dense);
    budget.add(text);
    pages.push({ number, text, source: "sheet", name: ws.name });
    sheets.push({ number, rows: dense });
  }
  // One statement over all visible sheets: the same header on two sheets is the same column.
  const parsed = parseSheets(sheets);
  return { pages, lineItems: parsed.items, layout: parsed.layout, notes };
}

/** CSV with or without a BOM, delimited by `,`, `;` or tab (detected); text capped like XLSX. */
export async function extractCsv(path: string, budget = new TextBudget()): Promise<SheetsResult> {
  let text = (await readFile(path)).toString("utf8");
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const parsed = Papa.parse<string[]>(text, {
    skipEmptyLines: false,
    delimitersToGuess: [",", ";", "\t", "|"],
  });
  const rows = parsed.data.slice(0, MAX_ROWS);
  rows.forEach((row, r) => {
    row.forEach((cell, c) => {
      checkedCell(cell, c + 1, r + 1);
    });
  });
  const sheetText = rowsText(rows);
  budget.add(sheetText);
  const statement = parseSheets([{ number: 1, rows }]);
  return {
    pages: [{ number: 1, text: sheetText, source: "sheet" }],
    lineItems: statement.items,
    layout: statement.layout,
    notes: [],
  };
}
