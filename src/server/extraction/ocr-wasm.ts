import { createWorker, type Worker as OcrWorker, OEM } from "tesseract.js";
import type { Word } from "../../domain/line-items";
import { engModelDir, OCR_PARAMS, type OcrEngine, type Reading } from "./ocr-engine";
import { pnm } from "./page-pixels";

/**
 * tesseract.js (Tesseract compiled to WebAssembly): the engine where native tesseract is not
 * installed. One tesseract worker per extraction thread, created on first use and reused;
 * English trained data from node_modules (nothing downloaded).
 */
let worker: Promise<OcrWorker> | null = null;

function ocrWorker(): Promise<OcrWorker> {
  if (!worker) {
    worker = createWorker("eng", OEM.LSTM_ONLY, {
      langPath: engModelDir(),
      gzip: true,
      cacheMethod: "none",
      legacyCore: false,
      legacyLang: false,
    }).then(async (w) => {
      await w.setParameters({
        ...OCR_PARAMS.variables,
        user_defined_dpi: OCR_PARAMS.dpi,
        tessedit_pageseg_mode: OCR_PARAMS.pageSegMode as never,
      });
      return w;
    });
    worker.catch(() => {
      worker = null;
    });
  }
  return worker;
}

export function wasmEngine(): OcrEngine {
  return {
    name: "wasm",
    async readPage(pixels) {
      const w = await ocrWorker();
      // The page as greyscale PGM, as native tesseract gets it (leptonica reads PNM).
      const image = Buffer.concat(pnm(await pixels));
      const { data } = await w.recognize(image, {}, { text: true, blocks: true });
      const words: Word[] = [];
      const lines: string[] = [];
      for (const b of data.blocks ?? [])
        for (const p of b.paragraphs)
          for (const l of p.lines) {
            lines.push(l.text.replace(/\s+$/, ""));
            for (const word of l.words) {
              if (!word.text.trim()) continue;
              words.push({
                text: word.text,
                x0: word.bbox.x0,
                x1: word.bbox.x1,
                y0: word.bbox.y0,
                y1: word.bbox.y1,
                conf: Math.round(word.confidence),
              });
            }
          }
      if (lines.length === 0 && data.text.trim()) lines.push(...data.text.trimEnd().split("\n"));
      return { words, lines };
    },
    async readFigures(crops) {
      const w = await ocrWorker();
      const out: (Reading | null)[] = [];
      for (const crop of crops) {
        const { data } = await w.recognize(
          crop,
          // Tesseract parameters for this call only (tesseract.js restores them afterwards).
          {
            tessedit_pageseg_mode: OCR_PARAMS.figureSegMode,
            tessedit_char_whitelist: OCR_PARAMS.figureChars,
          } as never,
          { text: true, blocks: true },
        );
        const text = data.text.replace(/\s+/g, " ").trim();
        out.push(text ? { text, conf: Math.round(data.confidence) } : null);
      }
      return out;
    },
  };
}
