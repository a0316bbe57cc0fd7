/**
 * `POST /api/sync/writes` (docs/inventory.md "Write batches"): several queued single-record
 * writes of the outbox in one request, of any synced type. Each write is exactly the request the app would have sent
 * on its own — method, path (with `?version=` for a DELETE), body and Idempotency-Key — and is
 * answered with exactly the status and body that request would have had. The server applies the
 * writes in order in one transaction and stops after the first one that is not a 2xx: the answers
 * cover the writes up to and including it; the writes after it were not run (send them again).
 */

import type { CursorRange } from "./feed";

export const WRITE_BATCH_PATH = "/api/sync/writes";
/** Most writes one request takes. */
export const WRITE_BATCH_MAX = 100;

type BatchWriteMethod = "PUT" | "PATCH" | "DELETE";

export interface BatchWrite {
  method: BatchWriteMethod;
  /** A record URL of a synced type (`{path}/{id}`), a DELETE optionally with `?version=N`. */
  url: string;
  body?: Record<string, unknown> | null;
  idempotencyKey: string;
}

/**
 * One queued POST of an appended record (a chat message: outbox `append`) in its type's append
 * batch (SyncedTypeDecl.appendBatchPath): the request exactly as it would go alone. The batch is
 * `{ writes: AppendWrite[] }`, answered `{ answers: BatchWriteAnswer[] }` with the write batch's
 * rules: in order, each as if alone, stopping after the first answer that is not a 2xx.
 */
export interface AppendWrite {
  method: "POST";
  url: string;
  body: Record<string, unknown> | null;
  idempotencyKey: string;
}

export interface BatchWriteAnswer {
  /** What the request alone would have answered: 200, 201, 204, 400, 404, 409, 422, 500 … */
  status: number;
  /** Its body (the record, or `{ statusCode, error, message, … }`); null for 204. */
  body: unknown;
  /** The answer stored for this Idempotency-Key by an earlier send (nothing was run again). */
  replayed?: boolean;
}

export interface WriteBatchResponse {
  /** `answers[i]` answers `writes[i]`; fewer answers than writes: the rest were not run. */
  answers: BatchWriteAnswer[];
  /** The feed cursors around the changes this request made. */
  cursor: CursorRange;
}
