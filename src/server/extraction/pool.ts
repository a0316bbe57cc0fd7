import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { OcrSetup } from "./ocr";
import type { ExtractionOutcome, ExtractionTask, PageImageOutcome, PageImageTask, ThreadTask } from "./types";

/** A task that did not finish: the thread crashed, ran out of memory or took too long. */
export class ExtractionCrash extends Error {
  /** The thread hit its memory ceiling: the file needs more than one file may use (not worth retrying). */
  outOfMemory = false;
}

export interface ExtractionPool {
  run(task: ExtractionTask): Promise<ExtractionOutcome>;
  /** Renders one page of a PDF or image for the file preview (see page-image.ts). */
  renderPage(task: Omit<PageImageTask, "op">): Promise<PageImageOutcome>;
  close(): Promise<void>;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: boolean;
}

type ThreadOutcome = ExtractionOutcome | PageImageOutcome;

interface Pending {
  task: ThreadTask;
  resolve(o: ThreadOutcome): void;
  reject(e: Error): void;
}

/** The thread entry: the bundled `extraction/thread.js` in production, the TypeScript source under tsx/vitest. */
function threadEntry(): { url: URL; ts: boolean } {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [join(here, "thread.js"), join(here, "extraction", "thread.js")]) {
    if (existsSync(candidate)) return { url: pathToFileURL(candidate), ts: false };
  }
  return { url: pathToFileURL(join(here, "thread.ts")), ts: true };
}

function spawn(memoryMb: number, ocr: OcrSetup | undefined): Worker {
  const entry = threadEntry();
  const resourceLimits = { maxOldGenerationSizeMb: memoryMb };
  const workerData = { ocr, memoryMb };
  if (!entry.ts) return new Worker(entry.url, { resourceLimits, workerData });
  // Development and tests run the TypeScript source: register tsx inside the thread first.
  const api = import.meta.resolve("tsx/esm/api");
  const code = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry.url.href)}); })`;
  return new Worker(code, { eval: true, resourceLimits, workerData });
}

/**
 * A small pool of worker threads for PDF parsing, rendering and OCR, so a heavy or broken
 * file never blocks the API's event loop, and a thread that crashes (or exhausts its own
 * memory limit) is replaced without taking the server down.
 */
export function createExtractionPool(opts: {
  size: number;
  timeoutMs?: number;
  memoryMb?: number;
  /** The OCR engine its threads read scans with (ocr-setup.ts); unset: as OCR_ENGINE=auto would choose. */
  ocr?: OcrSetup;
}): ExtractionPool {
  const timeoutMs = opts.timeoutMs ?? 60 * 60_000;
  const memoryMb = opts.memoryMb ?? 1024;
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;

  const makeSlot = (): Slot => {
    const worker = spawn(memoryMb, opts.ocr);
    worker.unref();
    const ready = new Promise<void>((resolve, reject) => {
      const onMsg = (m: { ready?: boolean }) => {
        if (m?.ready) {
          worker.off("message", onMsg);
          resolve();
        }
      };
      worker.on("message", onMsg);
      worker.once("error", reject);
      worker.once("exit", () => reject(new ExtractionCrash("Extraction thread stopped while starting")));
    });
    ready.catch(() => {});
    return { worker, ready, busy: false };
  };

  const runOn = (slot: Slot, job: Pending) => {
    slot.busy = true;
    const id = nextId++;
    let settled = false;
    const finish = (fn: () => void, replace: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      slot.worker.off("message", onMessage);
      slot.worker.off("error", onError);
      slot.worker.off("exit", onExit);
      if (replace) {
        void slot.worker.terminate();
        const i = slots.indexOf(slot);
        if (i >= 0) slots.splice(i, 1);
      } else {
        slot.busy = false;
      }
      fn();
      pump();
    };
    const onMessage = (m: { id?: number; outcome?: ThreadOutcome; error?: string }) => {
      if (m.id !== id) return;
      if (m.outcome) finish(() => job.resolve(m.outcome as ThreadOutcome), false);
      else finish(() => job.reject(new Error(m.error ?? "Extraction failed")), false);
    };
    const onError = (err: Error) =>
      finish(() => {
        const crash = new ExtractionCrash(`Extraction thread crashed: ${err.message}`);
        crash.outOfMemory = (err as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY";
        job.reject(crash);
      }, true);
    const onExit = (code: number) =>
      finish(() => job.reject(new ExtractionCrash(`Extraction thread exited (code ${code})`)), true);
    const timer = setTimeout(
      () => finish(() => job.reject(new ExtractionCrash("Extraction took too long and was stopped")), true),
      timeoutMs,
    );
    slot.worker.on("message", onMessage);
    slot.worker.on("error", onError);
    slot.worker.on("exit", onExit);
    slot.ready.then(
      () => {
        if (!settled) slot.worker.postMessage({ id, task: job.task });
      },
      (err: Error) => finish(() => job.reject(new ExtractionCrash(err.message)), true),
    );
  };

  const pump = () => {
    if (closed) return;
    while (queue.length > 0) {
      let slot = slots.find((s) => !s.busy);
      if (!slot && slots.length < opts.size) {
        slot = makeSlot();
        slots.push(slot);
      }
      if (!slot) return;
      runOn(slot, queue.shift() as Pending);
    }
  };

  const submit = (task: ThreadTask): Promise<ThreadOutcome> => {
    if (closed) return Promise.reject(new Error("Extraction pool is closed"));
    return new Promise<ThreadOutcome>((resolve, reject) => {
      queue.push({ task, resolve, reject });
      pump();
    });
  };

  return {
    run: (task) => submit(task) as Promise<ExtractionOutcome>,
    renderPage: (task) => submit({ ...task, op: "page-image" }) as Promise<PageImageOutcome>,
    async close() {
      closed = true;
      for (const p of queue.splice(0)) p.reject(new Error("Extraction pool is closed"));
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}
