/** Shapes shared by the import steps: read (bytes → table), map (headers → fields), build (rows → items). */

/** A problem with the whole file; `error` stops the import, `warning` is shown above the preview. */
export interface ImportMessage {
  level: "error" | "warning";
  code:
    | "not-supported"
    | "too-large"
    | "empty"
    | "header-only"
    | "too-many-columns"
    | "many-columns"
    | "too-many-rows"
    | "broken-quoting"
    | "encoding"
    | "formula"
    | "merged-cells"
    | "unreadable"
    | "duplicate-header"
    | "no-title-column";
  message: string;
}

/** A cell the reader itself had to explain (a formula without a saved result, a merged area). */
export interface CellNote {
  /** 1-based line/row number in the file (the header is line 1). */
  line: number;
  /** 0-based column index. */
  column: number;
  message: string;
}

export interface RawRow {
  /** 1-based line (CSV) or row (XLSX) number in the file, for messages the user can find. */
  line: number;
  cells: string[];
}

/** A file read into text cells. */
export interface RawTable {
  format: "csv" | "tsv" | "xlsx";
  /** CSV/TSV: "utf-8", "utf-8 (BOM)" or "windows-1252". */
  encoding?: string;
  delimiter?: string;
  /** XLSX: the sheet read. */
  sheetName?: string;
  headers: string[];
  rows: RawRow[];
  messages: ImportMessage[];
  cellNotes: CellNote[];
}

export interface ImportLimits {
  maxBytes: number;
  maxRows: number;
  maxColumns: number;
  /** Above this many columns a warning says most are ignored (the import still works). */
  warnColumns: number;
}

export const IMPORT_LIMITS: ImportLimits = {
  maxBytes: 50 * 1024 * 1024,
  maxRows: 200_000,
  maxColumns: 1000,
  warnColumns: 100,
};
