import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import type { PageLineItem, StatementLayout } from "../../domain/line-items";
import { EXTRACTION_LIMITS, type TextBudget } from "./limits";
import { ocrWords } from "./ocr-read";
import { PagePixelStore, type RgbaImage } from "./page-pixels";
import { type PdfTextItem, textLayerPage } from "./pdf-words";
import { readStatement } from "./read-statement";
import { DocumentProblem, type ExtractedPage } from "./types";

const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve("pdfjs-dist/package.json"));

/** A page with fewer letters and digits than this in its text layer is treated as a scan. */
const MIN_TEXT_CHARS = 20;
/** Scans are rendered at 300 dpi, capped at 40 million pixels. */
const OCR_DPI = 300;
const MAX_RENDER_PIXELS = 40_000_000;

interface TextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/**
 * Rebuilds lines from positioned text: items on (nearly) the same baseline form one line,
 * left to right. With the page size, each line also gets its box (fractions of the page).
 */
export function itemsToLines(items: TextItem[], page?: { width: number; height: number }) {
  const rows: { y: number; h: number; parts: { x: number; end: number; s: string }[] }[] = [];
  for (const it of items) {
    if (!it.str?.trim()) continue;
    const x = it.transform[4] ?? 0;
    const y = it.transform[5] ?? 0;
    const h = Math.abs(it.transform[3] ?? it.height) || it.height || 10;
    let row = rows.find((r) => Math.abs(r.y - y) <= Math.max(2, Math.min(r.h, h) * 0.5));
    if (!row) {
      row = { y, h, parts: [] };
      rows.push(row);
    }
    row.parts.push({ x, end: x + it.width, s: it.str });
  }
  rows.sort((a, b) => b.y - a.y);
  const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 10000) / 10000));
  return rows.map((r) => {
    r.parts.sort((a, b) => a.x - b.x);
    let line = "";
    let lastEnd = Number.NEGATIVE_INFINITY;
    for (const p of r.parts) {
      const gap = p.x - lastEnd;
      line += line && (gap > r.h * 0.15 || /\s$/.test(line)) ? ` ${p.s.trimStart()}` : p.s;
      lastEnd = Math.max(lastEnd, p.end);
    }
    const box =
      page && page.width > 0 && page.height > 0
        ? {
            x0: clamp((r.parts[0]?.x ?? 0) / page.width),
            y0: clamp(1 - (r.y + r.h) / page.height),
            x1: clamp(lastEnd / page.width),
            y1: clamp(1 - (r.y - r.h * 0.25) / page.height),
          }
        : null;
    return { text: line.replace(/\s+/g, " ").trim(), box };
  });
}

function pdfProblem(err: unknown): string {
  const name = (err as { name?: string })?.name ?? "";
  if (name === "PasswordException")
    return "This PDF is password-protected. Remove the password and upload it again.";
  if (name === "InvalidPDFException") return "This PDF is damaged or incomplete and cannot be read.";
  return "This PDF is damaged or incomplete and cannot be read.";
}

/**
 * Draws a page onto a white canvas at `scale` (1 = 72 dpi), capped at `maxPixels`. Used for
 * OCR of scanned pages and for the page images of the file preview.
 */
export async function renderPageToCanvas(page: PDFPageProxy, scale: number, maxPixels = MAX_RENDER_PIXELS) {
  const base = page.getViewport({ scale: 1 });
  const pixels = base.width * base.height * scale * scale;
  const fitted = pixels > maxPixels ? scale * Math.sqrt(maxPixels / pixels) : scale;
  const viewport = page.getViewport({ scale: fitted });
  const canvas = createCanvas(
    Math.max(1, Math.round(viewport.width)),
    Math.max(1, Math.round(viewport.height)),
  );
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: ctx as never, viewport })
    .promise;
  return canvas;
}

/**
 * A scanned page rendered for OCR: the canvas's RGBA pixels as they are (encoding a 300-dpi
 * page as PNG, to decode it again at once, took longer than recognising it).
 */
async function renderForOcr(page: PDFPageProxy): Promise<RgbaImage> {
  const canvas = await renderPageToCanvas(page, OCR_DPI / 72);
  const { data, width, height } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
  return { rgba: data, width, height };
}

/** Opens a PDF with the settings extraction uses; an unreadable file is a DocumentProblem. */
export async function openPdf(path: string): Promise<PDFDocumentProxy> {
  const data = new Uint8Array(await readFile(path));
  try {
    return await getDocument({
      data,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: false,
      standardFontDataUrl: `${join(pdfjsRoot, "standard_fonts")}/`,
      cMapUrl: `${join(pdfjsRoot, "cmaps")}/`,
      cMapPacked: true,
      verbosity: 0,
      // Larger images are left out of the rendering rather than decoded (limits.ts).
      maxImageSize: EXTRACTION_LIMITS.image.maxPixels,
    }).promise;
  } catch (err) {
    throw new DocumentProblem(pdfProblem(err));
  }
}

/** Opens page `n`; a damaged page is a DocumentProblem naming it. */
export async function openPdfPage(doc: PDFDocumentProxy, n: number): Promise<PDFPageProxy> {
  try {
    return await doc.getPage(n);
  } catch (err) {
    throw new DocumentProblem(`${pdfProblem(err).replace(/\.$/, "")} (page ${n}).`);
  }
}

/**
 * Text and words per page: the text layer where there is one; otherwise the page is
 * rendered and OCR'd. Then the statement's line items (unsure figures of scanned pages, and
 * those of totals that do not add up, re-read from the pages' kept pixels). Every page's text
 * counts against `budget`.
 */
export async function extractPdf(
  path: string,
  maxPages: number,
  budget?: TextBudget,
): Promise<{ pages: ExtractedPage[]; lineItems: PageLineItem[]; layout: StatementLayout }> {
  const doc = await openPdf(path);
  try {
    if (doc.numPages > maxPages) {
      throw new DocumentProblem(
        `This PDF has ${doc.numPages.toLocaleString("en-US")} pages; the limit is ${maxPages} pages per file. Split it into smaller files and upload them separately.`,
      );
    }
    if (doc.numPages === 0) throw new DocumentProblem("This PDF has no pages.");
    const pages: ExtractedPage[] = [];
    const pixels = new PagePixelStore();
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await openPdfPage(doc, n);
      const content = await page.getTextContent();
      const view = page.getViewport({ scale: 1 });
      const lines = itemsToLines(content.items as TextItem[]);
      const text = lines.map((l) => l.text).join("\n");
      budget?.add(text);
      if (text.replace(/[^A-Za-z0-9]/g, "").length >= MIN_TEXT_CHARS) {
        const words = textLayerPage(n, content.items as PdfTextItem[], view);
        pages.push({ number: n, text, source: "text", words });
      } else {
        // The render is handed over unfinished: native tesseract loads its model meanwhile.
        const ocr = await ocrWords(n, renderForOcr(page));
        budget?.add(ocr.text);
        pixels.keep(n, ocr.pixels);
        pages.push({ number: n, text: ocr.text, source: "ocr", words: ocr.page, imageWords: ocr.imageWords });
      }
      page.cleanup();
    }
    const statement = await readStatement(pages, (n) =>
      pixels.get(n, async () => {
        // A page past what is kept, with a figure to re-read: rendered again.
        const again = await openPdfPage(doc, n);
        try {
          return await renderForOcr(again);
        } finally {
          again.cleanup();
        }
      }),
    );
    return { pages, ...statement };
  } finally {
    await doc.destroy();
  }
}
