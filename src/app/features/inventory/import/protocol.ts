/**
 * Messages between the import screen and its Web Worker (import.worker.ts). The worker keeps
 * the file's table; the screen asks for a summary first (headers, sample, guessed mapping),
 * then for the preview with the mapping the person chose.
 */

import type { CellError, RowStatus } from "../../../../domain/inventory/import/build";
import type { ColumnMapping, GuessedMapping, HeaderUnits } from "../../../../domain/inventory/import/mapping";
import type { ImportMessage, RawTable } from "../../../../domain/inventory/import/types";
import type { ItemFields } from "../../../../domain/inventory/item";

export type ToWorker =
  | { type: "read"; file: File }
  | { type: "build"; mapping: ColumnMapping; units: HeaderUnits; existingSkus: string[] };

/** What the mapping step needs to know about the file. */
export interface FileSummary {
  name: string;
  size: number;
  format: RawTable["format"];
  encoding?: string;
  delimiter?: string;
  sheetName?: string;
  headers: string[];
  rowCount: number;
  messages: ImportMessage[];
  /** The first rows' cells, to show an example value per column. */
  sample: string[][];
  guess: GuessedMapping;
}

/** One row of the preview: its status, its problems and the file's cells of the mapped columns. */
export interface PreviewRow {
  line: number;
  status: RowStatus;
  fields: ItemFields;
  errors: CellError[];
  duplicateOf?: number | null;
  /** The file's text for each column in `PreviewResult.columns`, in that order. */
  cells: string[];
}

export interface PreviewResult {
  rows: PreviewRow[];
  counts: Record<RowStatus, number>;
  unmappedRequired: (keyof ItemFields)[];
  /** The file columns the preview shows (the mapped ones, in field order). */
  columns: number[];
}

export type FromWorker =
  | { type: "summary"; summary: FileSummary }
  | { type: "preview"; preview: PreviewResult }
  | { type: "failed"; message: string };
