/**
 * Inventory file import (issue 6), pure so it runs in a Web Worker:
 * 1. `readImportFile` — bytes → RawTable (CSV/TSV/XLSX) with file-level messages;
 * 2. `guessMapping` — headers → ColumnMapping the user can change;
 * 3. `buildImport` — rows → ImportPreview: each row valid, invalid (cell errors explained) or a
 *    duplicate by SKU. The screen imports only the rows the user chose (usually the valid ones).
 */
export {
  buildImport,
  type ImportPreview,
  parseDimensions,
  parseNumber,
  parseWeight,
  withExistingSkus,
} from "./build";

export {
  type GuessedMapping,
  guessMapping,
} from "./mapping";
export { type ImportFile, type ReadOptions, readImportFile } from "./read";
export * from "./types";

import { buildImport, type ImportPreview } from "./build";
import { type GuessedMapping, guessMapping } from "./mapping";
import { type ImportFile, type ReadOptions, readImportFile } from "./read";
import type { RawTable } from "./types";

/** Read and preview in one call with the guessed mapping (the worker's first answer). */
export async function previewImportFile(
  file: ImportFile,
  opts: ReadOptions & { existingSkus?: ReadonlySet<string> } = {},
): Promise<{ table: RawTable; guess: GuessedMapping; preview: ImportPreview | null }> {
  const table = await readImportFile(file, opts);
  const guess = guessMapping(table.headers);
  if (table.messages.some((m) => m.level === "error")) return { table, guess, preview: null };
  const preview = buildImport(table, {
    mapping: guess.mapping,
    units: guess.units,
    existingSkus: opts.existingSkus,
    decimalComma: table.delimiter === ";",
  });
  return { table, guess, preview };
}
