import { parentPort } from "node:worker_threads";
import { extractDocument } from "./extract";
import type { ExtractionTask } from "./types";

/** Entry of an extraction worker thread: one task at a time, answered by id. */
if (!parentPort) throw new Error("extraction thread must run as a worker thread");
const port = parentPort;
port.on("message", async (msg: { id: number; task: ExtractionTask }) => {
  try {
    const outcome = await extractDocument(msg.task);
    port.postMessage({ id: msg.id, outcome });
  } catch (err) {
    port.postMessage({
      id: msg.id,
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    });
  }
});
port.postMessage({ ready: true });
