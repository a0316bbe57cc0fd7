import { parsePages } from "../../domain/line-items";
import { imagePagesForOcr } from "./images";
import { ocrImage } from "./ocr";
import { extractPdf } from "./pdf";
import { extractCsv, extractXlsx, XLS_PROBLEM } from "./spreadsheets";
import { DocumentProblem, type ExtractedPage, type ExtractionOutcome, type ExtractionTask } from "./types";

/**
 * Text and line items of one stored document. Runs inside an extraction thread; document
 * problems come back as `{ ok: false, reason }`, anything else is thrown (and retried).
 */
export async function extractDocument(task: ExtractionTask): Promise<ExtractionOutcome> {
  try {
    switch (task.kind) {
      case "pdf": {
        const pages = await extractPdf(task.path, task.maxPages);
        return { ok: true, pages, lineItems: parsePages(pages), notes: [] };
      }
      case "png":
      case "jpeg":
      case "tiff":
      case "heic": {
        const pages: ExtractedPage[] = [];
        for await (const image of imagePagesForOcr(task.path, task.maxPages)) {
          pages.push({ number: pages.length + 1, text: await ocrImage(image), source: "ocr" });
        }
        return { ok: true, pages, lineItems: parsePages(pages), notes: [] };
      }
      case "xlsx":
        return { ok: true, ...(await extractXlsx(task.path, task.maxPages)) };
      case "csv":
        return { ok: true, ...(await extractCsv(task.path)) };
      case "xls":
        return { ok: false, reason: XLS_PROBLEM };
    }
  } catch (err) {
    if (err instanceof DocumentProblem) return { ok: false, reason: err.message };
    throw err;
  }
}
