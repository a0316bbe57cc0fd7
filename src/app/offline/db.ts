/**
 * The app's local database "blocklot" (Dexie over IndexedDB; DESIGN.md section 4). Screens read
 * it with useLiveQuery; every write goes here first, then to the API through the outbox.
 *
 * Schema changes: add a new `SCHEMA` entry with the next version number — never edit an
 * earlier one (installed apps hold it). Never change a table's primary key in place (Dexie and
 * IndexedDB cannot): create a table under a new name, copy the rows in the upgrade, and drop the
 * old one by setting it to null. db.test.ts opens every earlier version with data and upgrades.
 */
import { Dexie, type EntityTable, type Transaction } from "dexie";
import type { CalendarEvent } from "../../domain/calendar/event";
import type { ProductDate } from "../../domain/calendar/product-dates";
import type { ChatMessageApi, ChatThreadApi } from "../../domain/chat/types";
import type { Batch, Item, ItemFields, Product } from "../../domain/inventory/item";
import type { Board, Column, Comment, KanbanAttachment, Task } from "../../domain/kanban/board";
import type { MailLabel, MailMessage } from "../../domain/mail/message";
import type { SyncDb } from "../../sync/db";
import { indexMailUnread, unreadKeysOf } from "./mail-unread";
import { indexMailWords } from "./mail-words";

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
  /** The server's photo (or, for a file upload, the server's attachment id), once stored. */
  photoId: string | null;
  /**
   * A signed-in file upload riding the same queue (a chat or kanban attachment picked offline,
   * offline/attachment-uploads.ts): its POST path, the file's name and size. Absent for a photo
   * link's photo. `hash` then groups the files of one message or task (`chat:{messageId}`).
   */
  upload?: {
    url: string;
    fileName: string;
    size: number;
    /**
     * The record the file belongs to, when it can be made offline (a kanban task): while that
     * record's create is still in the outbox, the file waits (the server would answer 404).
     */
    parent?: { entity: string; id: string };
  };
}

/**
 * The app's database: the sync engine's tables (outbox, conflicts, meta: src/sync/db.ts), one
 * table per synced type (its declaration's `localTable`: offline/synced-types.ts) and the photo
 * upload queue. A new synced type adds its table in a new SCHEMA version.
 */
export type BlocklotDb = SyncDb & {
  items: EntityTable<Item, "id">;
  products: EntityTable<Product, "id">;
  batches: EntityTable<Batch, "id">;
  photoUploads: EntityTable<PhotoUploadRecord, "id">;
  kanbanBoards: EntityTable<Board, "id">;
  kanbanColumns: EntityTable<Column, "id">;
  kanbanTasks: EntityTable<Task, "id">;
  kanbanComments: EntityTable<Comment, "id">;
  /** Files attached to tasks, as the feed brings them (read-only: listed offline, sent by their own routes). */
  kanbanAttachments: EntityTable<KanbanAttachment, "id">;
  calendarEvents: EntityTable<CalendarEvent, "id">;
  /** The company's product dates as last read from the server (read offline; not synced). */
  calendarDates: EntityTable<ProductDate & { companyId: string }, "id">;
  /**
   * `words`: the search words of the row (mail-words.ts); `unreadIn`: the keys it counts under
   * while unread (mail-unread.ts). Both kept by the table's hooks.
   */
  mailMessages: EntityTable<MailMessage & { words?: string[]; unreadIn?: string[] }, "id">;
  mailLabels: EntityTable<MailLabel, "id">;
  chatThreads: EntityTable<ChatThreadApi, "id">;
  /** Messages read from the server and, with `seq` QUEUED_SEQ, messages written here not yet sent. */
  chatMessages: EntityTable<ChatMessageApi & { companyId?: string; held?: HeldMessage }, "id">;
};

/**
 * A message written with files picked offline: kept on the device (queued) until its files are
 * uploaded or refused, then its POST goes to the outbox (offline/attachment-uploads.ts).
 */
interface HeldMessage {
  /** The POST path of the message and its text. */
  url: string;
  body: string;
}

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
  {
    // 6: kanban (domain/kanban, docs/kanban.md): a board's columns and tasks, a task's comments.
    version: 6,
    stores: {
      kanbanBoards: "id, companyId",
      kanbanColumns: "id, companyId, boardId",
      kanbanTasks: "id, companyId, boardId, columnId",
      kanbanComments: "id, companyId, taskId",
    },
  },
  {
    // 7: calendar (domain/calendar, docs/calendar.md): events (a synced type) and the product
    // dates kept from the last read for offline use.
    version: 7,
    stores: {
      calendarEvents: "id, companyId, start",
      calendarDates: "id, companyId",
    },
  },
  {
    // 8: mail (domain/mail, docs/mail.md): the user's messages and own labels. `*labels` lists a
    // label's messages newest first by id (UUIDv7: time-ordered), `threadId` a thread.
    version: 8,
    stores: {
      mailMessages: "id, userId, *labels, threadId, *words",
      mailLabels: "id, userId",
    },
  },
  {
    // 9: chat (docs/chat.md "Offline"): threads and messages read before, for reading offline,
    // and messages written offline (queued: `seq` QUEUED_SEQ until the server answers).
    version: 9,
    stores: {
      chatThreads: "id, companyId",
      chatMessages: "id, [threadId+seq]",
    },
  },
  {
    // 10: the files attached to kanban tasks (docs/kanban.md "Attachments"), the read-only synced
    // type `kanban-attachment`: a task's drawer lists them offline, by `taskId`.
    version: 10,
    stores: {
      kanbanAttachments: "id, companyId, taskId",
    },
  },
  {
    // 11: mail's unread counts from an index (docs/offline.md, docs/benchmarks.md "Mailbox on the
    // device"): `*unreadIn` holds `{userId} {label}` and `{userId}` per unread message
    // (mail-unread.ts, kept by hooks). Messages already on the device get theirs here (the
    // table's updating hook, already registered, computes the same value for each row).
    version: 11,
    stores: {
      mailMessages: "id, userId, *labels, threadId, *words, *unreadIn",
    },
    upgrade: async (tx) => {
      await tx
        .table<MailMessage & { unreadIn?: string[] }, string>("mailMessages")
        .toCollection()
        .modify((m) => {
          m.unreadIn = unreadKeysOf(m);
        });
    },
  },
];

const DB_NAME = "blocklot";

/**
 * The versions the app declares to Dexie: those with an upgrade, each with every table as of
 * that version, and the last one whole. Dexie upgrades an installed database by comparing the
 * schema it finds with the next declared one, so the versions in between are not needed — and
 * each declared version cost a parse of all the versions before it (Dexie's `stores()`):
 * 11 versions were ~100 ms of a 4× slower CPU on the dashboard's first load (#19).
 */
export function condensedSchema(schema: readonly SchemaVersion[] = SCHEMA): SchemaVersion[] {
  const out: SchemaVersion[] = [];
  let stores: Record<string, string | null> = {};
  schema.forEach((s, i) => {
    stores = { ...stores, ...s.stores };
    if (s.upgrade || i === schema.length - 1) out.push({ ...s, stores });
  });
  return out;
}

/**
 * Opens the database with the schema up to `upTo`: the whole history, as each app version
 * declared it (tests open earlier versions); without `upTo`, its condensed form.
 */
export function createDb(
  name = DB_NAME,
  opts: { upTo?: number; indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange } = {},
): BlocklotDb {
  const db = new Dexie(name, {
    ...(opts.indexedDB ? { indexedDB: opts.indexedDB } : {}),
    ...(opts.IDBKeyRange ? { IDBKeyRange: opts.IDBKeyRange } : {}),
  }) as BlocklotDb;
  const versions =
    opts.upTo === undefined ? condensedSchema() : SCHEMA.filter((s) => s.version <= (opts.upTo as number));
  for (const s of versions) {
    const v = db.version(s.version).stores(s.stores);
    if (s.upgrade) v.upgrade(s.upgrade);
  }
  if (opts.upTo === undefined || opts.upTo >= 8) indexMailWords(db);
  if (opts.upTo === undefined || opts.upTo >= 11) indexMailUnread(db);
  return db;
}

let shared: BlocklotDb | null = null;

/** The app's database (one per page or service worker). */
export function getDb(): BlocklotDb {
  shared ??= createDb();
  return shared;
}
