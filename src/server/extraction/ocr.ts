import { createRequire } from "node:module";
import { createWorker, type Worker as OcrWorker, OEM } from "tesseract.js";

const require = createRequire(import.meta.url);

/** English trained data shipped in @tesseract.js-data/eng: loaded from disk, nothing downloaded. */
export function engLangPath(): string {
  const { langPath } = require("@tesseract.js-data/eng") as { langPath: string };
  return langPath.replace(/4\.0\.0$/, "4.0.0_best_int");
}

let worker: Promise<OcrWorker> | null = null;

/** One tesseract worker per extraction thread, created on first use and reused. */
function ocrWorker(): Promise<OcrWorker> {
  if (!worker) {
    worker = createWorker("eng", OEM.LSTM_ONLY, {
      langPath: engLangPath(),
      gzip: true,
      cacheMethod: "none",
      legacyCore: false,
      legacyLang: false,
    }).then(async (w) => {
      await w.setParameters({ preserve_interword_spaces: "1", user_defined_dpi: "300" });
      return w;
    });
    worker.catch(() => {
      worker = null;
    });
  }
  return worker;
}

/** The text of an image (PNG/JPEG buffer), line by line. */
export async function ocrImage(image: Buffer): Promise<string> {
  const w = await ocrWorker();
  const { data } = await w.recognize(image);
  return data.text;
}

export async function closeOcr(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await (await w).terminate();
}
