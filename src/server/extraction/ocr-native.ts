import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Word } from "../../domain/line-items";
import { type NativeOcrSetup, OCR_PARAMS, type OcrEngine, type Reading } from "./ocr-engine";
import { pnm } from "./page-pixels";

/**
 * Native tesseract (Debian `tesseract-ocr`) as a child process: no shell, a page image on
 * stdin, re-read crops as files listed for one run, TSV word boxes on stdout. It reads with
 * our model (`--tessdata-dir`, the same `4.0.0_best_int` file tesseract.js loads) and the same
 * settings as the WebAssembly engine, and faster (benchmarks.md, "OCR throughput").
 */

/**
 * The child's whole environment: the extraction threads are the parallelism (EXTRACTION_WORKERS,
 * one per core), so each tesseract run gets one OpenMP thread; nothing of ours (secrets
 * included) is passed on.
 */
const NATIVE_ENV: Readonly<Record<string, string>> = { OMP_THREAD_LIMIT: "1" };

/** A run that failed; `missing` when there is no binary at that path. */
export class NativeOcrError extends Error {
  constructor(
    message: string,
    readonly missing = false,
  ) {
    super(message);
    this.name = "NativeOcrError";
  }
}

/** Most TSV one run may print (a dense 300-dpi page prints well under 1 MB). */
const MAX_OUTPUT = 64 * 1024 * 1024;

/**
 * Runs the binary with `args` (and `input` on stdin, buffers written one after the other); its
 * stdout, or an error saying what went wrong.
 */
export function runTesseract(
  setup: Pick<NativeOcrSetup, "binary" | "timeoutMs">,
  args: readonly string[],
  input?: Buffer | readonly Buffer[],
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      setup.binary,
      args,
      {
        env: NATIVE_ENV,
        timeout: setup.timeoutMs,
        killSignal: "SIGKILL",
        maxBuffer: MAX_OUTPUT,
        encoding: "utf8",
        windowsHide: true,
      },
      (err, stdout, stderr) =>
        err
          ? reject(new NativeOcrError(failure(setup, err, stderr), err.code === "ENOENT"))
          : resolve(stdout),
    );
    // A child that dies before reading its input closes the pipe; the exit above says why.
    child.stdin?.on("error", () => {});
    const parts = input === undefined ? [] : Buffer.isBuffer(input) ? [input] : input;
    for (const part of parts) child.stdin?.write(part);
    child.stdin?.end();
  });
}

function failure(
  setup: Pick<NativeOcrSetup, "binary" | "timeoutMs">,
  err: Error & { code?: string | number | null; killed?: boolean; signal?: string | null },
  stderr: string,
): string {
  const said = stderr
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-3)
    .join(" / ")
    .slice(0, 500);
  if (err.code === "ENOENT")
    return `Native tesseract is not at ${setup.binary} any more (OCR_ENGINE, TESSERACT_PATH)`;
  if (err.code === "ERR_CHILD_PROCESS_STDIO_MAXBUFFER")
    return `Native tesseract printed more than ${MAX_OUTPUT / 1024 / 1024} MB for one image and was stopped`;
  if (typeof err.code === "string")
    return `Native tesseract could not be started (${setup.binary}: ${err.code})`;
  if (err.killed)
    return `Native tesseract took longer than ${setup.timeoutMs / 1000} s on one image and was stopped (OCR_TIMEOUT_SECONDS)`;
  if (err.signal) return `Native tesseract was killed (${err.signal})${said ? `: ${said}` : ""}`;
  return `Native tesseract failed (exit code ${err.code ?? "?"})${said ? `: ${said}` : ""}`;
}

/** The arguments every run shares: our model, LSTM only, 300 dpi, TSV out. */
function common(setup: NativeOcrSetup): string[] {
  const vars = Object.entries(OCR_PARAMS.variables).flatMap(([k, v]) => ["-c", `${k}=${v}`]);
  return [
    "--tessdata-dir",
    setup.tessdata,
    "-l",
    "eng",
    "--oem",
    "1",
    "--dpi",
    OCR_PARAMS.dpi,
    ...vars,
    "-c",
    "tessedit_create_tsv=1",
  ];
}

export interface TsvPage {
  /** Words with text, in reading order, with their boxes and rounded confidences. */
  words: Word[];
  /** Each text line's words joined by a space. */
  lines: string[];
  /** Every word's confidence as tesseract gives it (0–100, fractions kept). */
  confs: number[];
}

/**
 * Tesseract's TSV (`level page_num block_num par_num line_num word_num left top width height
 * conf text`), by page (1-based: the images of a list run, in order). Level 4 rows are
 * lines, level 5 words.
 */
export function parseTsv(tsv: string): Map<number, TsvPage> {
  const pages = new Map<number, TsvPage>();
  let line: string[] | null = null;
  for (const row of tsv.split("\n")) {
    const cols = row.replace(/\r$/, "").split("\t");
    if (cols.length < 12 || cols[0] === "level") continue;
    const level = Number(cols[0]);
    const pageNum = Number(cols[1]);
    let page = pages.get(pageNum);
    if (!page) {
      page = { words: [], lines: [], confs: [] };
      pages.set(pageNum, page);
    }
    if (level < 4) {
      line = null;
      continue;
    }
    if (level === 4) {
      line = [];
      page.lines.push("");
      continue;
    }
    if (level !== 5) continue;
    const [left, top, width, height, conf] = cols.slice(6, 11).map(Number) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const text = cols.slice(11).join("\t");
    if (conf >= 0) page.confs.push(conf);
    if (!text.trim()) continue;
    page.words.push({ text, x0: left, y0: top, x1: left + width, y1: top + height, conf: Math.round(conf) });
    if (line) {
      line.push(text);
      page.lines[page.lines.length - 1] = line.join(" ");
    }
  }
  return pages;
}

/**
 * A crop's reading as tesseract.js gives it: the words joined by spaces, and the mean of the
 * words' whole-number confidences (tesseract's MeanTextConf).
 */
export function figureReading(page: TsvPage | undefined): Reading | null {
  if (!page) return null;
  const text = page.words
    .map((w) => w.text)
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
  if (!text) return null;
  const confs = page.confs.map((c) => Math.trunc(c));
  const conf = confs.length ? Math.trunc(confs.reduce((a, b) => a + b, 0) / confs.length) : 0;
  return { text, conf };
}

export function nativeEngine(setup: NativeOcrSetup): OcrEngine {
  return {
    name: "native",
    async readPage(pixels) {
      // The page as greyscale PGM on stdin: no PNG decoding or colour thresholding in tesseract.
      const tsv = await runTesseract(
        setup,
        ["stdin", "stdout", ...common(setup), "--psm", OCR_PARAMS.pageSegMode],
        pnm(pixels),
      );
      const page = parseTsv(tsv).get(1);
      return { words: page?.words ?? [], lines: page?.lines ?? [] };
    },
    async readFigures(crops) {
      if (crops.length === 0) return [];
      // One run for all of a page's crops (the model is loaded once): each crop a file, their
      // paths in a list tesseract reads as the pages of one document. Removed whatever happens.
      await mkdir(setup.tmpDir, { recursive: true });
      const dir = await mkdtemp(join(setup.tmpDir, "figures-"));
      try {
        const paths = crops.map((_, i) => join(dir, `${String(i + 1).padStart(4, "0")}.pnm`));
        await Promise.all(crops.map((crop, i) => writeFile(paths[i] as string, crop)));
        const list = join(dir, "crops.txt");
        await writeFile(list, `${paths.join("\n")}\n`);
        const tsv = await runTesseract(setup, [
          list,
          "stdout",
          ...common(setup),
          "--psm",
          OCR_PARAMS.figureSegMode,
          "-c",
          `tessedit_char_whitelist=${OCR_PARAMS.figureChars}`,
        ]);
        const pages = parseTsv(tsv);
        return crops.map((_, i) => figureReading(pages.get(i + 1)));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
