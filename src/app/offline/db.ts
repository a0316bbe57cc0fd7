/**
 * The app's local database "blocklot" (Dexie over IndexedDB; DESIGN.md section 4). Screens read
 * it with useLiveQuery; every write goes here first, then to the API through the outbox.
 *
 * Schema changes: add a new `SCHEMA` entry with the next version number — never edit an
 * earlier one (installed apps hold it). Never change a table's primary key in place (Dexie and
 * IndexedDB cannot): create a table under a new name, copy the rows in the upgrade, and drop the
 * old one by setting it to null. db.test.ts opens every earlier version with data and upgrades.
 */
import { Dexie, type EntityTable, type Table, type Transaction } from "dexie";
import type { Batch, Item, ItemFields, Product, SyncEntity } from "../../domain/inventory/item";

export type OutboxState = "waiting" | "sending" | "rejected" | "conflict";
/** POST: a chunk of items created by an import (`bulk` set; see bulk.ts). */
export type OutboxMethod = "PUT" | "PATCH" | "DELETE" | "POST";

/** A write waiting to reach the server (or held for the user: rejected, conflict). */
export interface OutboxEntry {
  /** Order of the writes; the sender replays by ascending seq. */
  seq?: number;
  companyId: string;
  entity: SyncEntity;
  /** The record's id. */
  id: string;
  method: OutboxMethod;
  /** Path under the API base, e.g. /api/inventory/items/0190…. */
  url: string;
  /** JSON body (PATCH/DELETE carry `version`). */
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
   * A chunk of an import: `POST /api/inventory/items/bulk` with `body.items` (bulk.ts). `id` is
   * the chunk's own id, not an item's; the server answers each item on its own.
   */
  bulk?: { count: number; batchId: string | null };
}

/** A 409 the merge could not settle alone: the user chooses per field. */
export interface ConflictRecord {
  /** The outbox entry held in state "conflict". */
  seq: number;
  companyId: string;
  entity: SyncEntity;
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

/** Key/value settings of the sync engine: `cursor:{companyId}` → the sync feed cursor. */
export interface MetaRecord {
  key: string;
  value: unknown;
}

/**
 * A photo taken on the phone page (/take-inventory-photo/{hash}) waiting to be uploaded with
 * the link, or its outcome (docs/warehouse.md "Photos by link"). `id` is a UUIDv7 made when the
 * photo was kept, sent as the Idempotency-Key on every try, so a replay never adds it twice.
 */
export interface PhotoUploadRecord {
  id: string;
  /** The photo link's hash (the capability that lets the upload in). */
  hash: string;
  /** The compressed image (an ArrayBuffer: Blobs in IndexedDB are unreliable on older Safari). */
  bytes: ArrayBuffer;
  type: string;
  width: number;
  height: number;
  /** draft (being reviewed) → waiting → sending → done; failed when the server refused it (its message in `error`). */
  state: "draft" | "waiting" | "sending" | "done" | "failed";
  error: string | null;
  /** Last HTTP status (0 = no answer). */
  lastStatus: number | null;
  attempts: number;
  /** Epoch ms before which it is not sent again (after a 5xx or 429). */
  notBefore: number | null;
  createdAt: string;
  /** The server's photo, once stored. */
  photoId: string | null;
}

export type BlocklotDb = Dexie & {
  items: EntityTable<Item, "id">;
  products: EntityTable<Product, "id">;
  batches: EntityTable<Batch, "id">;
  outbox: Table<OutboxEntry, number>;
  meta: EntityTable<MetaRecord, "key">;
  conflicts: EntityTable<ConflictRecord, "seq">;
  photoUploads: EntityTable<PhotoUploadRecord, "id">;
};

export interface SchemaVersion {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void> | void;
}

/** Item fields a version-1 row may lack, with the values they mean. */
const ITEM_FIELD_DEFAULTS: Partial<ItemFields> = { photos: [], notes: null, barcode: null, location: null };

export const SCHEMA: readonly SchemaVersion[] = [
  {
    // 1: the read-only inventory cache (rows pulled from the sync feed) and the cursor.
    version: 1,
    stores: {
      items: "id, [companyId+sku], batchId, status, updatedAt, barcode",
      products: "id, companyId, updatedAt",
      batches: "id, companyId, createdAt",
      meta: "key",
    },
  },
  {
    // 2: the write path — outbox and conflicts — and the indexes the inventory screens sort
    // and count by. Rows cached by version 1 get the optional fields they lacked.
    version: 2,
    stores: {
      items:
        "id, [companyId+sku], batchId, status, updatedAt, barcode, [companyId+status], [batchId+updatedAt]",
      outbox: "++seq, [entity+id], state, companyId",
      conflicts: "seq, [entity+entityId], companyId",
    },
    upgrade: async (tx) => {
      await tx
        .table<Item, string>("items")
        .toCollection()
        .modify((row) => {
          const r = row as unknown as Record<string, unknown>;
          for (const [k, v] of Object.entries(ITEM_FIELD_DEFAULTS)) if (r[k] === undefined) r[k] = v;
        });
    },
  },
  {
    // 3: photos taken with a photo link, queued until uploaded (page and service worker send
    // them in order of `createdAt`, per link).
    version: 3,
    stores: {
      photoUploads: "id, [hash+createdAt], state",
    },
  },
  {
    // 4: items lose the `status` and `updatedAt` indexes no screen queries (counts by status use
    // [companyId+status]; the batch list's change signal [batchId+updatedAt]). Every index is
    // written with each of the 50,000 rows of an import (docs/benchmarks.md).
    version: 4,
    stores: {
      items: "id, [companyId+sku], batchId, barcode, [companyId+status], [batchId+updatedAt]",
    },
  },
  {
    // 5: items lose the `batchId` index: `[batchId+updatedAt]` answers every query by batch
    // (offline/batch-items.ts), and each index costs an import a write per row (~0.3 s of the
    // browser's CPU for 50,000 rows, docs/benchmarks.md).
    version: 5,
    stores: {
      items: "id, [companyId+sku], barcode, [companyId+status], [batchId+updatedAt]",
    },
  },
];

export const DB_NAME = "blocklot";

/** Opens the database with the schema up to `upTo` (tests open earlier versions). */
export function createDb(
  name = DB_NAME,
  opts: { upTo?: number; indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange } = {},
): BlocklotDb {
  const db = new Dexie(name, {
    ...(opts.indexedDB ? { indexedDB: opts.indexedDB } : {}),
    ...(opts.IDBKeyRange ? { IDBKeyRange: opts.IDBKeyRange } : {}),
  }) as BlocklotDb;
  for (const s of SCHEMA) {
    if (opts.upTo !== undefined && s.version > opts.upTo) break;
    const v = db.version(s.version).stores(s.stores);
    if (s.upgrade) v.upgrade(s.upgrade);
  }
  return db;
}

let shared: BlocklotDb | null = null;

/** The app's database (one per page or service worker). */
export function getDb(): BlocklotDb {
  shared ??= createDb();
  return shared;
}

/** The sync cursor key of a company in `meta`. */
export const cursorKey = (companyId: string) => `cursor:${companyId}`;

/**
 * The answer to one of the app's own write requests says which feed cursors lie around its
 * changes (domain CursorRange): a device whose cursor is `from` has now seen everything up to
 * `to` (it has just stored the answer), so it does not read its own changes back from the feed.
 * Call inside the transaction that stores the answer. Any other cursor is left alone (the pull
 * reads what lies between).
 */
export async function advanceCursor(
  db: BlocklotDb,
  companyId: string,
  range: { from: string; to: string } | undefined,
): Promise<void> {
  if (!range || typeof range.from !== "string" || typeof range.to !== "string" || range.from === range.to)
    return;
  const key = cursorKey(companyId);
  if ((await db.meta.get(key))?.value === range.from) await db.meta.put({ key, value: range.to });
}

/** Table of each synced entity. */
export function tableOf(db: BlocklotDb, entity: SyncEntity): Table<Item | Product | Batch, string> {
  const t = entity === "item" ? db.items : entity === "product" ? db.products : db.batches;
  return t as unknown as Table<Item | Product | Batch, string>;
}
