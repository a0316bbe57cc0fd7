import { createRequire } from "node:module";
import { createWorker, type Worker as OcrWorker, OEM } from "tesseract.js";

const require = createRequire(import.meta.url);

/** English trained data shipped in @tesseract.js-data/eng: loaded from disk, nothing downloaded. */
function engLangPath(): string {
  const { langPath } = require("@tesseract.js-data/eng") as { langPath: string };
  return langPath.replace(/4\.0\.0$/, "4.0.0_best_int");
}

let worker: Promise<OcrWorker> | null = null;

/** One tesseract worker per extraction thread, created on first use and reused. */
export function ocrWorker(): Promise<OcrWorker> {
  if (!worker) {
    worker = createWorker("eng", OEM.LSTM_ONLY, {
      langPath: engLangPath(),
      gzip: true,
      cacheMethod: "none",
      legacyCore: false,
      legacyLang: false,
    }).then(async (w) => {
      // One block of text lines (a statement page has no columns of prose to find), no
      // second pass for white-on-black text (statements have none).
      await w.setParameters({
        preserve_interword_spaces: "1",
        user_defined_dpi: "300",
        tessedit_pageseg_mode: "6" as never,
        tessedit_do_invert: "0",
      });
      return w;
    });
    worker.catch(() => {
      worker = null;
    });
  }
  return worker;
}
