import { parentPort, workerData } from "node:worker_threads";
import { extractDocument } from "./extract";
import { type OcrSetup, selectOcr } from "./ocr";
import { keepPixelsWithin } from "./page-pixels";
import type { ThreadTask } from "./types";

/** Entry of an extraction worker thread: one task at a time (extraction or a page image), answered by id. */
if (!parentPort) throw new Error("extraction thread must run as a worker thread");
const port = parentPort;
// The server's OCR engine, chosen at start (ocr-setup.ts); without it, as auto would choose.
const data = workerData as { ocr?: OcrSetup; memoryMb?: number } | null;
if (data?.ocr) selectOcr(data.ocr);
// Decoded scan pages kept for re-reads: a share of the thread's memory limit (EXTRACTION_MEMORY_MB).
if (data?.memoryMb) keepPixelsWithin(data.memoryMb);
port.on("message", async (msg: { id: number; task: ThreadTask }) => {
  try {
    const task = msg.task;
    if ("op" in task && task.op === "page-image") {
      // Loaded on first use: a thread that only extracts never loads the preview code.
      const { renderPageImage } = await import("./page-image");
      const outcome = await renderPageImage(task);
      const transfer = outcome.ok ? [outcome.image.buffer as ArrayBuffer] : [];
      port.postMessage({ id: msg.id, outcome }, transfer);
      return;
    }
    const outcome = await extractDocument(task as Exclude<ThreadTask, { op: "page-image" }>);
    port.postMessage({ id: msg.id, outcome });
  } catch (err) {
    port.postMessage({
      id: msg.id,
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    });
  }
});
port.postMessage({ ready: true });
