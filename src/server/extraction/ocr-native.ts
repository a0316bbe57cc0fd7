import { type ChildProcess, execFile, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Word } from "../../domain/line-items";
import { type NativeOcrSetup, OCR_PARAMS, type OcrEngine, type Reading } from "./ocr-engine";
import { pnm } from "./page-pixels";

/**
 * Native tesseract (Debian `tesseract-ocr`) as a child process: no shell, a page image on
 * stdin, re-read crops as files listed on the stdin of a run started ahead, TSV word boxes on
 * stdout. It reads with
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
 * stdout, or an error saying what went wrong. `input` may still be on its way (a promise): the
 * process starts at once and loads its model meanwhile (tesseract reads stdin after that); if
 * the input fails, the process is killed and the input's error is the answer.
 */
export function runTesseract(
  setup: Pick<NativeOcrSetup, "binary" | "timeoutMs">,
  args: readonly string[],
  input?: Buffer | readonly Buffer[] | Promise<readonly Buffer[]>,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let inputFailed = false;
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
      (err, stdout, stderr) => {
        if (inputFailed) return;
        if (err) reject(new NativeOcrError(failure(setup, err, stderr), err.code === "ENOENT"));
        else resolve(stdout);
      },
    );
    // A child that dies before reading its input closes the pipe; the exit above says why.
    child.stdin?.on("error", () => {});
    const write = (parts: readonly Buffer[]) => {
      for (const part of parts) child.stdin?.write(part);
      child.stdin?.end();
    };
    if (input instanceof Promise)
      input.then(write, (err: unknown) => {
        inputFailed = true;
        child.stdin?.destroy();
        child.kill("SIGKILL");
        reject(err);
      });
    else write(input === undefined ? [] : Buffer.isBuffer(input) ? [input] : input);
  });
}

/** How a run ended badly, as `execFile` reports it (the figure runs report the same). */
interface RunError {
  code?: string | number | null;
  killed?: boolean;
  signal?: string | null;
}

function failure(setup: Pick<NativeOcrSetup, "binary" | "timeoutMs">, err: RunError, stderr: string): string {
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
  const runs = new FigureRuns(setup, [
    "-",
    "stdout",
    ...common(setup),
    "--psm",
    OCR_PARAMS.figureSegMode,
    "-c",
    `tessedit_char_whitelist=${OCR_PARAMS.figureChars}`,
    // The image list is read from stdin line by line (tesseract's `stream_filelist`), so the
    // run can start, load its model and wait before the crops exist.
    "-c",
    "stream_filelist=1",
  ]);
  return {
    name: "native",
    async readPage(pixels) {
      // The page as greyscale PGM on stdin: no PNG decoding or colour thresholding in tesseract.
      // Started before the page is decoded (its model loads meanwhile); once the pixels are
      // there, the crops' run for this page (or a later one) is started to load its model
      // beside recognition.
      const tsv = await runTesseract(
        setup,
        ["stdin", "stdout", ...common(setup), "--psm", OCR_PARAMS.pageSegMode],
        Promise.resolve(pixels).then((p) => {
          runs.prepare();
          return pnm(p);
        }),
      );
      const page = parseTsv(tsv).get(1);
      return { words: page?.words ?? [], lines: page?.lines ?? [] };
    },
    async readFigures(crops) {
      const iterator = crops[Symbol.iterator]();
      let next = iterator.next();
      if (next.done) return [];
      // One run for all of a page's crops (the model is loaded once), started ahead (`FigureRuns`):
      // each crop a file, its path sent to the run's stdin as soon as it is written, so tesseract
      // reads the first crops while the next are made. The directory is removed whatever happens.
      await mkdir(setup.tmpDir, { recursive: true });
      const dir = await mkdtemp(join(setup.tmpDir, "figures-"));
      try {
        const { run, ahead } = runs.take();
        const paths: string[] = [];
        try {
          for (; !next.done; next = iterator.next()) {
            const path = join(dir, `${String(paths.length + 1).padStart(4, "0")}.pnm`);
            writeFileSync(path, next.value);
            paths.push(path);
            run.send(`${path}\n`);
          }
        } catch (err) {
          // A crop that could not be made or written: the run is not left waiting for more.
          run.stop();
          throw err;
        }
        let tsv: string;
        try {
          tsv = await run.finish();
        } catch (err) {
          // A run started ahead may have ended before it was given the crops (stopped from
          // outside, or its stdin closed): the crops are read once more by a new run, whose
          // failure is the one reported. One that took too long is not tried again.
          if (!ahead || run.timedOut) throw err;
          const again = runs.start();
          again.send(paths.map((p) => `${p}\n`).join(""));
          tsv = await again.finish();
        }
        const pages = parseTsv(tsv);
        return paths.map((_, i) => figureReading(pages.get(i + 1)));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** How long a figure run started ahead waits for crops before it is ended (its stdin closed). */
const FIGURE_RUN_IDLE_MS = 30_000;

/**
 * A figure run started ahead of its crops: tesseract with its model loaded (on the other core,
 * while the page is recognised), waiting for image paths on stdin. Parked, it keeps nothing of
 * ours alive: the process and its pipes are unreferenced, it ends itself after
 * `FIGURE_RUN_IDLE_MS` unused (its stdin closed: tesseract reads no more paths and exits; killed
 * if it is still there a second later), and it exits as well when this process or thread goes
 * (the pipe closes).
 */
export class FigureRun {
  private readonly child: ChildProcess;
  private readonly out: Buffer[] = [];
  private size = 0;
  private stderr = "";
  private overflow = false;
  /** Killed for taking longer than `OCR_TIMEOUT_SECONDS` once it was given its crops. */
  timedOut = false;
  private idle: NodeJS.Timeout | null = null;
  /** Its end: exit code and signal, or why it could not be started. */
  readonly ended: Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    error?: NodeJS.ErrnoException;
  }>;
  /** Set once it has exited (or could not start). */
  done = false;

  constructor(
    private readonly setup: NativeOcrSetup,
    args: readonly string[],
  ) {
    const child = spawn(setup.binary, args, { env: NATIVE_ENV, stdio: "pipe", windowsHide: true });
    this.child = child;
    child.stdout?.on("data", (chunk: Buffer) => {
      this.size += chunk.length;
      if (this.size <= MAX_OUTPUT) this.out.push(chunk);
      else if (!this.overflow) {
        this.overflow = true;
        child.kill("SIGKILL");
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString("utf8")).slice(-4096);
    });
    // A child that dies before reading its input closes the pipe; its end says why.
    child.stdin?.on("error", () => {});
    this.ended = new Promise((resolve) => {
      child.on("error", (error: NodeJS.ErrnoException) => {
        this.done = true;
        resolve({ code: null, signal: null, error });
      });
      child.on("close", (code, signal) => {
        this.done = true;
        if (this.idle) clearTimeout(this.idle);
        resolve({ code, signal });
      });
    });
  }

  /** Waits unreferenced for `take`, and ends itself after `idleMs` unused. */
  park(idleMs = FIGURE_RUN_IDLE_MS) {
    this.setRef(false);
    this.idle = setTimeout(() => this.stop(), idleMs);
    this.idle.unref();
  }

  /** In use: referenced again (awaiting it keeps the process alive), no idle end. */
  take() {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.setRef(true);
  }

  private setRef(on: boolean) {
    const handles = [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as (
      | { ref?: () => void; unref?: () => void }
      | null
      | undefined
    )[];
    for (const h of handles) (on ? h?.ref : h?.unref)?.call(h);
  }

  /** Sends text (image paths, one a line) to its stdin. */
  send(text: string) {
    if (!this.done) this.child.stdin?.write(text);
  }

  /**
   * Ends its list (stdin) and waits for its output: the TSV of every image sent, or an error
   * saying why not. From here it has `OCR_TIMEOUT_SECONDS` before it is killed.
   */
  async finish(): Promise<string> {
    this.child.stdin?.end();
    const timer = setTimeout(() => {
      this.timedOut = true;
      this.child.kill("SIGKILL");
    }, this.setup.timeoutMs);
    const end = await this.ended;
    clearTimeout(timer);
    if (end.error) {
      throw new NativeOcrError(
        failure(this.setup, { code: end.error.code }, this.stderr),
        end.error.code === "ENOENT",
      );
    }
    if (this.overflow)
      throw new NativeOcrError(failure(this.setup, { code: "ERR_CHILD_PROCESS_STDIO_MAXBUFFER" }, ""));
    if (this.timedOut || end.signal || end.code !== 0) {
      throw new NativeOcrError(
        failure(this.setup, { code: end.code, signal: end.signal, killed: this.timedOut }, this.stderr),
      );
    }
    return Buffer.concat(this.out).toString("utf8");
  }

  /** Ends it now (its stdin closed; killed if it is still there after a second). */
  stop() {
    this.child.stdin?.end();
    const kill = setTimeout(() => this.child.kill("SIGKILL"), 1000);
    kill.unref();
    void this.ended.then(() => clearTimeout(kill));
  }
}

/**
 * An engine's figure runs: at most one started ahead (`prepare`, when a page's recognition
 * starts), taken by the next page's crops; taking it starts the next one, so the pages of a
 * document read one after the other each find theirs with its model loaded.
 */
export class FigureRuns {
  private spare: FigureRun | null = null;

  constructor(
    private readonly setup: NativeOcrSetup,
    private readonly args: readonly string[],
    private readonly idleMs = FIGURE_RUN_IDLE_MS,
  ) {}

  /** A new run, in use. */
  start(): FigureRun {
    const run = new FigureRun(this.setup, this.args);
    run.take();
    return run;
  }

  /** Starts a run ahead unless one is waiting already. */
  prepare() {
    if (this.spare && !this.spare.done) return;
    const run = new FigureRun(this.setup, this.args);
    run.park(this.idleMs);
    this.spare = run;
    // A run that ended unused (idle, or stopped from outside) is forgotten.
    void run.ended.then(() => {
      if (this.spare === run) this.spare = null;
    });
  }

  /** A run for crops now: the one started ahead if it is still there (`ahead`), else a new one. */
  take(): { run: FigureRun; ahead: boolean } {
    const spare = this.spare && !this.spare.done ? this.spare : null;
    this.spare = null;
    spare?.take();
    const run = spare ?? this.start();
    this.prepare();
    return { run, ahead: spare !== null };
  }

  /** The run waiting ahead, if any (tests). */
  get waiting(): FigureRun | null {
    return this.spare;
  }
}
