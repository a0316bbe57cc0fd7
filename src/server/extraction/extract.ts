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
        const { pages, lineItems, layout } = await extractPdf(task.path, task.maxPages, budget);
        return { ok: true, pages: withoutWords(pages), lineItems, layout, notes: [] };
      }
      case "png":
      case "jpeg":
      case "tiff":
      case "heic": {
        const [{ imagePagesForOcr }, { ocrWords }, { readStatement }, { PagePixelStore }] = await Promise.all(
          [import("./images"), import("./ocr-read"), import("./read-statement"), import("./page-pixels")],
        );
        const pages: ExtractedPage[] = [];
        const pixels = new PagePixelStore();
        for await (const image of imagePagesForOcr(task.path, task.maxPages, task.kind)) {
          const n = pages.length + 1;
          const ocr = await ocrWords(n, image);
          budget.add(ocr.text);
          pixels.keep(n, ocr.pixels);
          pages.push({
            number: n,
            text: ocr.text,
            source: "ocr",
            words: ocr.page,
            imageWords: ocr.imageWords,
          });
        }
        const { lineItems, layout } = await readStatement(pages, (n) =>
          pixels.get(n, async () => {
            // The page's image again (a page past what is kept, with a figure to re-read).
            let i = 0;
            for await (const image of imagePagesForOcr(task.path, task.maxPages, task.kind))
              if (++i === n) return image;
            throw new Error(`page ${n} is gone`);
          }),
        );
        return { ok: true, pages: withoutWords(pages), lineItems, layout, notes: [] };
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

/** Words only serve the parser (their boxes end up on the line items); pages keep their text. */
function withoutWords(pages: ExtractedPage[]): ExtractedPage[] {
  return pages.map(({ words: _words, imageWords: _image, ...page }) => page);
}
