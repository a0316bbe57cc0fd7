/**
 * Outputs of a mapped statement (issue 5): the filled RPIE / TC201 / TC203 worksheet as
 * PDF, CSV and XLSX, and the TC309 checklist. Pure input → bytes: no database, no files.
 * See docs/outputs.md.
 */
export { CSV_COLUMNS, renderCsv } from "./csv";
export { outputFileName } from "./format";
export { renderWorksheetPdf } from "./pdf-worksheet";
export { auditDifferences, renderTc309Checklist, tc309Decision } from "./tc309";
export * from "./types";
export { prepareWorksheet } from "./worksheet";
export { renderXlsx } from "./xlsx";

import { worksheetCsv } from "./csv";
import { drawWorksheetPdf } from "./pdf-worksheet";
import { drawTc309Checklist } from "./tc309";
import type { OutputInput } from "./types";
import { prepareWorksheet } from "./worksheet";
import { worksheetXlsx } from "./xlsx";

export interface RenderedOutputs {
  pdf: Uint8Array;
  csv: Uint8Array;
  xlsx: Uint8Array;
  /** Null when the TC309 does not apply. */
  tc309: Uint8Array | null;
}

/** Every output at once, checking the input once. Throws `OutputInputError` for bad input. */
export async function renderAllOutputs(input: OutputInput): Promise<RenderedOutputs> {
  const w = prepareWorksheet(input);
  const [pdf, xlsx, tc309] = await Promise.all([
    drawWorksheetPdf(w),
    worksheetXlsx(w),
    drawTc309Checklist(w, input.audit),
  ]);
  return { pdf, csv: new TextEncoder().encode(worksheetCsv(w)), xlsx, tc309 };
}
