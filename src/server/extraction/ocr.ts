import { createRequire } from "node:module";
import { createWorker, type Worker as OcrWorker, OEM } from "tesseract.js";
import type { Box } from "../../domain/line-items";

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

/** The text of an image (PNG buffer), line by line, with each line's box (fractions of the image). */
export async function ocrImage(image: Buffer): Promise<{ text: string; lineBoxes: (Box | null)[] }> {
  const w = await ocrWorker();
  const { data } = await w.recognize(image, {}, { text: true, blocks: true });
  // PNG header: width and height at bytes 16 and 20.
  const width = image.length > 24 ? image.readUInt32BE(16) : 0;
  const height = image.length > 24 ? image.readUInt32BE(20) : 0;
  const lines = (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
  if (!lines.length || !width || !height) return { text: data.text, lineBoxes: [] };
  const r = (n: number) => Math.min(1, Math.max(0, Math.round(n * 10000) / 10000));
  return {
    text: lines.map((l) => l.text.replace(/\s+$/, "")).join("\n"),
    lineBoxes: lines.map((l) => ({
      x0: r(l.bbox.x0 / width),
      y0: r(l.bbox.y0 / height),
      x1: r(l.bbox.x1 / width),
      y1: r(l.bbox.y1 / height),
    })),
  };
}

export async function closeOcr(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await (await w).terminate();
}
