/**
 * Chunks of creates: one outbox entry (with `bulk`) that creates many records of a type in one
 * request, for imports of thousands of rows (docs/offline.md "Import chunks"). The engine sends a
 * chunk like any entry (order, key, retries, states) and leaves the rest to the type's sender,
 * which the app passes in (inventory's: src/app/offline/bulk.ts). Consecutive chunks overlap: the
 * next one leaves as soon as the previous one's 2xx answer has arrived.
 */
import type { OutboxEntry, SyncDb } from "./db";

export interface ChunkSender {
  /** What to send for a chunk entry (its body as kept beside it). */
  requestBody(db: SyncDb, entry: OutboxEntry): Promise<unknown>;
  /**
   * A 2xx answer: drop the entry and settle each record, in one transaction. False when the
   * answer is not a chunk answer (the engine keeps the entry, rejected).
   */
  acknowledge(
    ctx: { db: SyncDb; newKey(): string; now(): string },
    entry: OutboxEntry,
    data: unknown,
  ): Promise<boolean>;
  /** The user discarded a chunk the server refused: remove its records that were never created. */
  discard(db: SyncDb, entry: OutboxEntry): Promise<void>;
  /**
   * The seq of the next chunk this page is queueing in `db` after `afterSeq` (waiting for it while
   * an import is still writing), null when none is coming.
   */
  nextQueued(db: SyncDb, afterSeq: number): Promise<number | null>;
  /** The engine sent chunk `seq`. */
  sent(seq: number): void;
}
