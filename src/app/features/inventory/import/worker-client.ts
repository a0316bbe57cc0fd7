/**
 * The screen's side of the import worker: one request at a time, answered by a promise.
 * `cancel()` terminates the worker (parsing a big file cannot be interrupted otherwise); the
 * pending promise then rejects with ImportCancelled and the next request starts a new worker.
 */
import type { ColumnMapping, HeaderUnits } from "../../../../domain/inventory/import/mapping";
import type { FileSummary, FromWorker, PreviewResult, ToWorker } from "./protocol";

export class ImportCancelled extends Error {
  constructor() {
    super("Import cancelled");
    this.name = "ImportCancelled";
  }
}

export class ImportWorkerClient {
  private worker: Worker | null = null;
  private pending: { resolve(m: FromWorker): void; reject(e: Error): void } | null = null;

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("./import.worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      const p = this.pending;
      this.pending = null;
      p?.resolve(e.data);
    };
    worker.onerror = (e) => {
      const p = this.pending;
      this.pending = null;
      p?.reject(new Error(e.message || "The file could not be read"));
    };
    this.worker = worker;
    return worker;
  }

  private ask(msg: ToWorker): Promise<FromWorker> {
    const worker = this.ensure();
    this.pending?.reject(new ImportCancelled());
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      worker.postMessage(msg);
    });
  }

  async read(file: File): Promise<FileSummary> {
    const answer = await this.ask({ type: "read", file });
    if (answer.type === "summary") return answer.summary;
    throw new Error(answer.type === "failed" ? answer.message : "Unexpected answer");
  }

  async build(mapping: ColumnMapping, units: HeaderUnits, existingSkus: string[]): Promise<PreviewResult> {
    const answer = await this.ask({ type: "build", mapping, units, existingSkus });
    if (answer.type === "preview") return answer.preview;
    throw new Error(answer.type === "failed" ? answer.message : "Unexpected answer");
  }

  /** Stops whatever the worker is doing. */
  cancel() {
    this.worker?.terminate();
    this.worker = null;
    const p = this.pending;
    this.pending = null;
    p?.reject(new ImportCancelled());
  }
}
