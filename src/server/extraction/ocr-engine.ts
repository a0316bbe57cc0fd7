import { createRequire } from "node:module";
import { join } from "node:path";
import type { Word } from "../../domain/line-items";
import type { PagePixels } from "./page-pixels";

/**
 * The OCR engine's interface, settings and model, shared by both engines and the choice
 * (ocr.ts selects; this module imports neither engine, so they can import it).
 * The OCR engine extraction reads scans with, behind one interface: native tesseract (a child
 * process, ocr-native.ts) where its binary is installed, tesseract.js (WebAssembly,
 * ocr-wasm.ts) otherwise. Both read with the same English model and the same settings; the
 * choice is made once at start (ocr-setup.ts) and handed to every extraction thread.
 */
export interface OcrEngine {
  readonly name: OcrSetup["engine"];
  /**
   * A page (its decoded greyscale pixels, page-pixels.ts) read as one block of text lines: its
   * words where they are on the image, with confidences (0–100), in reading order, and the
   * text of each line. The pixels may still be on their way (being decoded): native tesseract
   * starts and loads its model meanwhile.
   */
  readPage(pixels: PagePixels | Promise<PagePixels>): Promise<PageReading>;
  /**
   * Each crop (PGM) read as one line of digits and money signs; null where nothing was read.
   * The crops may be made as they are taken (an iterator): native tesseract reads the first
   * while the next are made.
   */
  readFigures(crops: Iterable<Buffer>): Promise<(Reading | null)[]>;
}

interface PageReading {
  words: Word[];
  lines: string[];
}

export interface Reading {
  text: string;
  conf: number;
}

/** What a thread is told to use: made by `chooseOcr` (ocr-setup.ts), plain data for workerData. */
export type OcrSetup = { engine: "wasm" } | NativeOcrSetup;

export interface NativeOcrSetup {
  engine: "native";
  /** Absolute path of the tesseract binary, and the version it reported. */
  binary: string;
  version: string;
  /** The directory holding our copy of the model (`eng.traineddata`), for `--tessdata-dir`. */
  tessdata: string;
  /** Where crops are written for a moment while they are read (removed afterwards). */
  tmpDir: string;
  /** Longest one tesseract run may take. */
  timeoutMs: number;
}

/** Page and figure settings both engines use (tesseract parameter names). */
export const OCR_PARAMS = {
  /** One block of text lines: a statement page has no columns of prose to find. */
  pageSegMode: "6",
  /** A re-read crop is one line of figures. */
  figureSegMode: "7",
  figureChars: "0123456789,.$()-%",
  dpi: "300",
  variables: {
    preserve_interword_spaces: "1",
    // No second pass for white-on-black text (statements have none).
    tessedit_do_invert: "0",
  },
} as const;

const require = createRequire(import.meta.url);

/**
 * The English model both engines use: `4.0.0_best_int` from @tesseract.js-data/eng (gzipped),
 * shipped in node_modules, so nothing is downloaded and native and WebAssembly read alike.
 */
export function engModelDir(): string {
  const { langPath } = require("@tesseract.js-data/eng") as { langPath: string };
  return langPath.replace(/4\.0\.0$/, "4.0.0_best_int");
}
export const engModelFile = () => join(engModelDir(), "eng.traineddata.gz");
