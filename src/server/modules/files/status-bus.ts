import { EventEmitter } from "node:events";

export type FileStatus = "uploaded" | "queued" | "extracting" | "extracted" | "failed";

/** What live listeners hear when a file moves to another state. */
interface FileStatusEvent {
  fileId: string;
  companyId: string;
  propertyId: string;
  fileName: string;
  status: FileStatus;
  failureReason: string | null;
  pageCount: number | null;
  at: string;
}

/**
 * Fan-out of file status changes to live connections (GET /api/events). This in-process
 * implementation serves one process; with several API replicas or separate extraction
 * workers, an implementation over PostgreSQL LISTEN/NOTIFY (publish = `pg_notify`, each
 * replica LISTENs and re-emits locally) replaces it behind the same interface.
 */
export interface StatusBus {
  publish(event: FileStatusEvent): void;
  subscribe(listener: (event: FileStatusEvent) => void): () => void;
}

export function createLocalStatusBus(): StatusBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(event) {
      emitter.emit("file-status", event);
    },
    subscribe(listener) {
      emitter.on("file-status", listener);
      return () => emitter.off("file-status", listener);
    },
  };
}
