/**
 * The sync engine's own tables in the app's Dexie database (the app declares them in its schema,
 * src/app/offline/db.ts, with `SYNC_STORES`), and how the engine finds each synced type's table:
 * by the `localTable` of its declaration (src/domain/sync/entity.ts). The engine needs nothing
 * else of the database.
 */
import type { Dexie, EntityTable, Table } from "dexie";
import type { SyncedTypeDecl, SyncedTypes } from "../domain/sync/entity";
import type { CursorRange } from "../domain/sync/feed";

type OutboxState = "waiting" | "sending" | "rejected" | "conflict";
/** POST: a chunk of records created together (an import; `bulk` set, see chunks.ts). */
type OutboxMethod = "PUT" | "PATCH" | "DELETE" | "POST";

/** A write waiting to reach the server (or held for the user: rejected, conflict). */
export interface OutboxEntry {
  /** Order of the writes; the sender replays by ascending seq. */
  seq?: number;
  companyId: string;
  /** The synced type's name (its declaration's `entity`). */
  entity: string;
  /** The record's id (a chunk's own id for a chunk). */
  id: string;
  method: OutboxMethod;
  /** Path under the API base, e.g. /api/inventory/items/0190…. */
  url: string;
  /** JSON body (PATCH and a replacing PUT carry `version`). */
  body: Record<string, unknown> | null;
  /** Sent as the Idempotency-Key header; the same on every replay of this write. */
  idempotencyKey: string;
  /** The record version the write was based on (null for a create). */
  baseVersion: number | null;
  /** The record's fields before the write, for the three-way merge after a 409 (null for a create). */
  base: Record<string, unknown> | null;
  state: OutboxState;
  /** The server's reason (rejected) or the last transient failure. */
  error: string | null;
  /** Last HTTP status seen (0 = no answer). */
  lastStatus: number | null;
  createdAt: string;
  attempts: number;
  /** Epoch ms before which a backed-off write is not sent again (5xx, 429). */
  notBefore: number | null;
  /**
   * A chunk of creates sent as one request (an inventory import: `POST /api/inventory/items/bulk`,
   * src/app/offline/bulk.ts). `id` is the chunk's own id; the server answers each record on its
   * own. The name and shape stay as installed apps stored them.
   */
  bulk?: { count: number; batchId: string | null };
  /**
   * A record appended once by `POST url` (a chat message; outbox.ts `appendRecord`): `id` is the
   * device's id of it, the server answers its own row under its own id. Sent alone, never in a
   * write batch; on the 2xx answer the device's row is replaced by the server's (merge.ts).
   */
  append?: true;
}

/** A 409 the merge could not settle alone: the user chooses per field. */
export interface ConflictRecord {
  /** The outbox entry held in state "conflict". */
  seq: number;
  companyId: string;
  entity: string;
  entityId: string;
  /** "update": fields to choose; "delete": the server changed a record the user deleted. */
  kind: "update" | "delete";
  fields: string[];
  base: Record<string, unknown> | null;
  mine: Record<string, unknown> | null;
  /** The server's current row (from the 409 answer). */
  theirs: Record<string, unknown>;
  /** The merge with the server's value in each conflicting field. */
  merged: Record<string, unknown> | null;
  createdAt: string;
}

/** Key/value records: `cursor:{companyId}` → the feed cursor; others as their owners say (docs/offline.md). */
interface MetaRecord {
  key: string;
  value: unknown;
}

/** What the engine needs of the database: its three tables and the synced types' tables (by name). */
export type SyncDb = Dexie & {
  outbox: Table<OutboxEntry, number>;
  meta: EntityTable<MetaRecord, "key">;
  conflicts: EntityTable<ConflictRecord, "seq">;
};

/** The engine's tables as the app's schema declares them (first in its version 2; meta in 1). */
export const SYNC_STORES = {
  outbox: "++seq, [entity+id], state, companyId",
  conflicts: "seq, [entity+entityId], companyId",
  meta: "key",
} as const;

/** A synced record as the device keeps it: the API's row (id, companyId, version, timestamps, fields). */
export type LocalRow = Record<string, unknown> & { id: string };

/** The device table of a synced type. */
export function recordTable(db: SyncDb, type: Pick<SyncedTypeDecl, "localTable">): Table<LocalRow, string> {
  return db.table(type.localTable) as Table<LocalRow, string>;
}

/** Every synced type's table (a transaction that may touch any of them). */
export const recordTables = (db: SyncDb, types: SyncedTypes) =>
  Object.values(types).map((t) => recordTable(db, t));

/** The feed cursor key of a company in `meta`. */
export const cursorKey = (companyId: string) => `cursor:${companyId}`;

/**
 * The answer to one of the app's own write requests says which feed cursors lie around its
 * changes (CursorRange): a device whose cursor is `from` has now seen everything up to `to` (it
 * has just stored the answer), so it does not read its own changes back from the feed. Call
 * inside the transaction that stores the answer. Any other cursor is left alone (the pull reads
 * what lies between).
 */
export async function advanceCursor(
  db: SyncDb,
  companyId: string,
  range: CursorRange | undefined,
): Promise<void> {
  if (!range || typeof range.from !== "string" || typeof range.to !== "string" || range.from === range.to)
    return;
  const key = cursorKey(companyId);
  if ((await db.meta.get(key))?.value === range.from) await db.meta.put({ key, value: range.to });
}
