import { parsePages } from "../../domain/line-items";
import { TextBudget } from "./limits";
import { DocumentProblem, type ExtractedPage, type ExtractionOutcome, type ExtractionTask } from "./types";

const XLS_PROBLEM =
  "Old Excel (.xls) workbooks cannot be read. Open it in Excel and save it as .xlsx (or .csv), then upload it again.";

/**
 * Text and line items of one stored document. Runs inside an extraction thread; document
 * problems come back as `{ ok: false, reason }`, anything else is thrown (and retried).
 * Readers are imported on first use, so a thread that only sees spreadsheets never loads
 * pdfjs or tesseract.
 */
export async function extractDocument(task: ExtractionTask): Promise<ExtractionOutcome> {
  // Text per file is capped as it is read (limits.ts); containers are checked before they are opened.
  const budget = new TextBudget();
  try {
    switch (task.kind) {
      case "pdf": {
        const [{ extractPdf }, { assertPdfWithinLimits }] = await Promise.all([
          import("./pdf"),
          import("./pdf-guard"),
        ]);
        await assertPdfWithinLimits(task.path);
        const pages = await extractPdf(task.path, task.maxPages, budget);
        return { ok: true, pages: withoutBoxes(pages), lineItems: parsePages(pages), notes: [] };
      }
      case "png":
      case "jpeg":
      case "tiff":
      case "heic": {
        const [{ imagePagesForOcr }, { ocrImage }] = await Promise.all([import("./images"), import("./ocr")]);
        const pages: ExtractedPage[] = [];
        for await (const image of imagePagesForOcr(task.path, task.maxPages, task.kind)) {
          const ocr = await ocrImage(image);
          budget.add(ocr.text);
          pages.push({ number: pages.length + 1, text: ocr.text, source: "ocr", lineBoxes: ocr.lineBoxes });
        }
        return { ok: true, pages: withoutBoxes(pages), lineItems: parsePages(pages), notes: [] };
      }
      case "xlsx": {
        const [{ extractXlsx }, { assertZipWithinLimits }] = await Promise.all([
          import("./spreadsheets"),
          import("./zip-guard"),
        ]);
        await assertZipWithinLimits(task.path);
        return { ok: true, ...(await extractXlsx(task.path, task.maxPages, budget)) };
      }
      case "csv": {
        const { extractCsv } = await import("./spreadsheets");
        return { ok: true, ...(await extractCsv(task.path, budget)) };
      }
      case "xls":
        return { ok: false, reason: XLS_PROBLEM };
    }
  } catch (err) {
    if (err instanceof DocumentProblem) return { ok: false, reason: err.message };
    throw err;
  }
}

/** Line boxes only serve the parser (they end up on the line items); pages keep their text. */
function withoutBoxes(pages: ExtractedPage[]): ExtractedPage[] {
  return pages.map(({ lineBoxes: _boxes, ...page }) => page);
}
