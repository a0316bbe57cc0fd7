/**
 * What every part of the engine (outbox, drain, merge, feed) works with: the database, the
 * synced types, the transport, a clock and a key maker, and the optional sender of chunks.
 */
import type { SyncedTypes } from "../domain/sync/entity";
import type { ChunkSender } from "./chunks";
import type { SyncDb } from "./db";
import type { SyncTransport } from "./transport";

export interface EngineContext {
  db: SyncDb;
  types: SyncedTypes;
  transport: SyncTransport;
  /** Epoch ms (tests move it). */
  now(): number;
  /** A new Idempotency-Key. */
  newKey(): string;
  /** A send with no answer after this long counts as no answer (ms). */
  sendTimeoutMs: number;
  /** How entries with `bulk` (chunks of creates) are sent and settled; none: such entries are rejected. */
  chunks?: ChunkSender;
}

export type Loose = Record<string, unknown>;

/** The ISO time of the context's clock (outbox timestamps). */
export const isoNow = (ctx: Pick<EngineContext, "now">) => new Date(ctx.now()).toISOString();
