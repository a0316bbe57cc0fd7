/**
 * Imports write many items at once (docs/offline.md "Import chunks"). One outbox entry per item
 * is far too slow for 50,000 rows, so an import writes chunks: each chunk's items and ONE
 * outbox entry `POST /api/inventory/items/bulk` go into Dexie in one transaction, and the
 * sync engine sends the chunk like any other entry (same order, key, retries and states),
 * through `inventoryChunks`, inventory's ChunkSender (src/sync/chunks.ts).
 *
 * The server answers each item on its own. On that answer (`acknowledgeBulk`, called by the
 * engine inside its drain):
 * - stored items (created / updated / unchanged) are already at the version the server gave
 *   them (1; saved so in `queueItemChunk`), else they take its version and timestamps; writes the
 *   user queued to them meanwhile are based on that version (the same rule as a single create);
 * - refused items (a SKU another item took meanwhile, a rule) become `rejected` create
 *   entries of their own, with the server's reason and the user's data — shown on the sync
 *   screen with retry and discard like any rejected write. Nothing is dropped silently.
 */
import { Dexie } from "dexie";
import { v7 as uuidv7 } from "uuid";
import {
  BULK_ITEMS_PATH,
  BULK_STORED,
  type BulkItemInput,
  type BulkItemResult,
} from "../../domain/inventory/bulk";
import type { Item, ItemFields } from "../../domain/inventory/item";
import { ITEM_MERGE_FIELDS } from "../../domain/inventory/item";
import { ITEM_TYPE } from "../../domain/inventory/synced-types";
import { recordPath } from "../../domain/sync/entity";
import { pickFields } from "../../domain/sync/merge";
import type { ChunkSender } from "../../sync/chunks";
import { advanceCursor, type OutboxEntry, type SyncDb } from "../../sync/db";
import { rebaseQueuedWrites } from "../../sync/outbox";
import { JsonText } from "../lib/json-text";
import type { BlocklotDb } from "./db";

/** What queueing a chunk needs: the app's database, and a clock and keys tests may fix. */
export interface ChunkContext {
  db: BlocklotDb;
  now?: () => string;
  newKey?: () => string;
}

type Loose = Record<string, unknown>;

/** An item to create: its client-made id and fields. */
export interface NewItem {
  id: string;
  fields: ItemFields;
}

/**
 * The outbox id of an import's chunk: `bulk:{batchId}:{index}` (zero-padded), so a screen can
 * find an import's chunks through the `[entity+id]` index.
 */
function bulkChunkId(batchId: string, index: number): string {
  return `bulk:${batchId}:${String(index).padStart(6, "0")}`;
}

/** The `[entity+id]` key range of a batch's chunks. */
export function bulkChunkRange(batchId: string): { lower: [string, string]; upper: [string, string] } {
  return { lower: ["item", `bulk:${batchId}:`], upper: ["item", `bulk:${batchId}:\uffff`] };
}

/**
 * Writes one chunk: the items and one outbox entry that creates them on the server, in one
 * Dexie transaction. The items are written once, at version 1 — the version the server gives a
 * created item — so the acknowledgement does not rewrite thousands of rows and their indexes; they keep
 * the device's timestamps (the server's differ by the seconds the upload took). Until the chunk
 * is acknowledged its entry is in the outbox (`bulkChunkRange` of the batch). Returns the entry's seq. With a
 * `batchId` and `chunkIndex` the entry's id is bulkChunkId(batchId, chunkIndex).
 */
export async function queueItemChunk(
  ctx: ChunkContext,
  companyId: string,
  items: readonly NewItem[],
  opts: { batchId?: string | null; chunkIndex?: number } = {},
): Promise<number> {
  const { db } = ctx;
  const now = ctx.now?.() ?? new Date().toISOString();
  const rows: Item[] = new Array(items.length);
  const inputs: BulkItemInput[] = new Array(items.length);
  items.forEach(({ id, fields }, i) => {
    const picked = pickFields(
      fields as unknown as Loose,
      ITEM_MERGE_FIELDS as string[],
    ) as unknown as ItemFields;
    rows[i] = { ...picked, id, companyId, version: 1, createdAt: now, updatedAt: now };
    inputs[i] = { id, ...picked };
  });
  const body: ChunkBody = { items: inputs, text: JSON.stringify({ items: inputs }) };
  const id =
    opts.batchId && opts.chunkIndex !== undefined ? bulkChunkId(opts.batchId, opts.chunkIndex) : uuidv7();
  const seq = await db.transaction("rw", [db.items, db.outbox, db.meta], async () => {
    await db.items.bulkPut(rows);
    // the request body as the JSON text it is sent as: one string for IndexedDB to copy, and
    // nothing to encode again when it is sent or resent
    await db.meta.put({ key: bulkBodyKey(id), value: body.text });
    return (await db.outbox.add({
      companyId,
      entity: "item",
      id,
      method: "POST",
      url: BULK_ITEMS_PATH,
      // the body lives in `meta` (bulkBodyKey): the entry's own writes ("sending", attempts)
      // then rewrite a small record instead of thousands of items
      body: null,
      idempotencyKey: (ctx.newKey ?? uuidv7)(),
      baseVersion: null,
      base: null,
      state: "waiting",
      error: null,
      lastStatus: null,
      createdAt: now,
      attempts: 0,
      notBefore: null,
      bulk: { count: items.length, batchId: opts.batchId ?? null },
    })) as number;
  });
  bodiesInMemory.set(id, body);
  queuedHere.set(seq, { id, db });
  wakeSender();
  return seq;
}

/**
 * The chunks this page queued, by seq, until answered or discarded, and the imports of this
 * page still queueing. While an import writes its chunks the sender goes from one chunk to the
 * next through here (`nextQueuedChunk`) instead of ending its pass and reading the outbox again:
 * every outbox read waits for the import's current chunk transaction, and the server sat idle
 * through three of those waits per chunk.
 */
const queuedHere = new Map<number, { id: string; db: SyncDb }>();
let importsOpen = 0;
let waiting: (() => void)[] = [];
function wakeSender() {
  const wake = waiting;
  waiting = [];
  for (const w of wake) w();
}

/** Marks an import of this page as queueing chunks; call the returned function when it stops. */
export function openImport(): () => void {
  importsOpen++;
  let open = true;
  return () => {
    if (!open) return;
    open = false;
    importsOpen--;
    wakeSender();
  };
}

/**
 * The seq of the first chunk this page queued in `db` after `afterSeq`, waiting for the next one
 * while an import of this page is still queueing; null when there is none and none is coming.
 * The caller checks that nothing else was queued in between (the order stays the queue's).
 */
async function nextQueuedChunk(db: SyncDb, afterSeq: number): Promise<number | null> {
  for (;;) {
    let found: number | null = null;
    for (const [seq, c] of queuedHere)
      if (c.db === db && seq > afterSeq && (found === null || seq < found)) found = seq;
    if (found !== null || importsOpen === 0) return found;
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
}

/** Who waits for a chunk to leave (`whenChunkSent`), and the chunks that left, by seq. */
const sentListeners = new Map<number, () => void>();
const sentSeqs = new Set<number>();

/** The sender calls this when it sends a chunk. */
function chunkSent(seq: number) {
  sentSeqs.add(seq);
  sentListeners.get(seq)?.();
  sentListeners.delete(seq);
}

/** Resolves when the sender has sent chunk `seq` (the caller races it with a timeout). */
export function whenChunkSent(seq: number): Promise<void> {
  if (sentSeqs.has(seq)) return Promise.resolve();
  return new Promise((resolve) => sentListeners.set(seq, resolve));
}

/** Forgets a chunk's body and feed place once it is answered or discarded. */
function settled(entry: Pick<OutboxEntry, "id" | "seq">) {
  bodiesInMemory.delete(entry.id);
  if (entry.seq !== undefined) {
    queuedHere.delete(entry.seq);
    sentSeqs.delete(entry.seq);
  }
}

/** The `meta` key holding a chunk's request body. */
export const bulkBodyKey = (entryId: string) => `bulk-body:${entryId}`;

/** A chunk's request body: its items, and the JSON text `{"items":[…]}` sent for them. */
interface ChunkBody {
  items: BulkItemInput[];
  text: string;
}

/**
 * The bodies of chunks this page queued and has not yet seen answered, by entry id: the import
 * sends them while it writes the next ones, so reading each back from IndexedDB (behind the
 * import's own transactions) would only slow it. `meta` stays the record of truth (another
 * tab, the service worker, a reload read it from there).
 */
const bodiesInMemory = new Map<string, ChunkBody>();

/** A body as kept: in memory, as JSON text in `meta`, or as the `{ items }` object older apps stored. */
type KeptBody = ChunkBody | string | { items: BulkItemInput[] };

/** A chunk's body from memory, else from `meta` (an entry may also carry its body itself). */
async function keptBody(db: SyncDb, entry: Pick<OutboxEntry, "id" | "body">): Promise<KeptBody | null> {
  if (entry.body) return entry.body as unknown as { items: BulkItemInput[] };
  const kept = bodiesInMemory.get(entry.id);
  if (kept) return kept;
  return ((await db.meta.get(bulkBodyKey(entry.id)))?.value as KeptBody | undefined) ?? null;
}

/** A chunk's request body `{ items }`. */
export async function readBulkBody(
  db: SyncDb,
  entry: Pick<OutboxEntry, "id" | "body">,
): Promise<{ items: BulkItemInput[] } | null> {
  const body = await keptBody(db, entry);
  if (body === null) return null;
  return typeof body === "string" ? (JSON.parse(body) as { items: BulkItemInput[] }) : { items: body.items };
}

/** What to send for a chunk: its JSON text as kept (not encoded again), else its body. */
async function bulkRequestBody(
  db: SyncDb,
  entry: Pick<OutboxEntry, "id" | "body">,
): Promise<JsonText | { items: BulkItemInput[] } | null> {
  const body = await keptBody(db, entry);
  if (body === null) return null;
  if (typeof body === "string") return new JsonText(body);
  return "text" in body ? new JsonText(body.text) : body;
}

/** The HTTP status a refused item would have had on its own, for the rejected entry. */
function statusOf(result: BulkItemResult): number {
  return result.status === "invalid" ? 400 : result.status === "deleted" ? 404 : 409;
}

const isResponse = (data: unknown): data is { results: BulkItemResult[] } =>
  !!data && typeof data === "object" && Array.isArray((data as { results?: unknown }).results);

/**
 * A 2xx answer to a chunk (see the file comment). Runs in one transaction: the chunk entry is
 * dropped and every item settled. Returns false when the answer is not a bulk answer (the
 * caller keeps the entry).
 */
async function acknowledgeBulk(
  ctx: { db: SyncDb; newKey(): string; now(): string },
  entry: OutboxEntry,
  data: unknown,
): Promise<boolean> {
  if (!isResponse(data)) return false;
  const db = ctx.db as BlocklotDb;
  const seq = entry.seq as number;
  await db.transaction("rw", [db.items, db.outbox, db.conflicts, db.meta], async () => {
    const sent = new Map(((await readBulkBody(db, entry))?.items ?? []).map((i) => [i.id, i]));
    await db.outbox.delete(seq);
    await db.conflicts.delete(seq);
    await db.meta.delete(bulkBodyKey(entry.id));
    settled(entry);
    // Writes queued after the chunk (edits or deletes of imported items), by item id. Found
    // through the [entity+id] index's keys: loading the entries would load every other
    // queued chunk's body (hundreds of KB each).
    const later = new Map<string, OutboxEntry[]>();
    const keys = (await db.outbox
      .where("[entity+id]")
      .between(["item", Dexie.minKey], ["item", Dexie.maxKey])
      .keys()) as unknown as [string, string][];
    const touched = keys.filter(([, id]) => sent.has(id));
    if (touched.length > 0) {
      for (const x of await db.outbox.where("[entity+id]").anyOf(touched).toArray()) {
        if ((x.seq as number) <= seq || x.bulk) continue;
        later.set(x.id, [...(later.get(x.id) ?? []), x]);
      }
    }
    const stamps: { key: string; changes: Partial<Item> }[] = [];
    for (const r of data.results) {
      const queued = later.get(r.id) ?? [];
      if (BULK_STORED.has(r.status) && typeof r.version === "number") {
        // the server stored the fields sent: the local row takes its version and timestamps
        if (queued.length === 0) {
          // created: the row already is what the server holds (saved at version 1); an item
          // the server had already (a resent create someone changed since) takes its stamps
          if (r.version === 1) continue;
          const changes: Partial<Item> = { version: r.version };
          if (r.createdAt) changes.createdAt = r.createdAt;
          if (r.updatedAt) changes.updatedAt = r.updatedAt;
          stamps.push({ key: r.id, changes });
        } else await rebaseQueuedWrites(db, ITEM_TYPE, r.id, r.version, queued);
        continue;
      }
      // Refused: keep the user's row and say why, unless the user has deleted it meanwhile.
      const local = await db.items.get(r.id);
      const input = sent.get(r.id);
      if (!local || !input) continue;
      // not on the server: version 0 like any record not yet created there
      stamps.push({ key: r.id, changes: { version: 0 } });
      const { id: _id, version: _v, ...fields } = input;
      await db.outbox.add({
        companyId: entry.companyId,
        entity: "item",
        id: r.id,
        method: "PUT",
        url: recordPath(ITEM_TYPE, r.id),
        body: fields as Loose,
        idempotencyKey: ctx.newKey(),
        baseVersion: null,
        base: null,
        state: "rejected",
        error: r.message ?? "The server refused this item",
        lastStatus: statusOf(r),
        createdAt: ctx.now(),
        attempts: 1,
        notBefore: null,
      });
    }
    await db.items.bulkUpdate(stamps);
    await advanceCursor(db, entry.companyId, (data as { cursor?: { from: string; to: string } }).cursor);
  });
  return true;
}

/**
 * Discarding a chunk the server refused as a whole: its items were never created there, so
 * their local rows go too — except items the user has changed since (they have their own
 * entries, which say so when sent).
 */
async function discardBulk(sdb: SyncDb, entry: OutboxEntry): Promise<void> {
  const db = sdb as BlocklotDb;
  const seq = entry.seq as number;
  await db.transaction("rw", [db.items, db.outbox, db.conflicts, db.meta], async () => {
    const ids = ((await readBulkBody(db, entry))?.items ?? []).map((i) => i.id);
    await db.outbox.delete(seq);
    await db.conflicts.delete(seq);
    await db.meta.delete(bulkBodyKey(entry.id));
    settled(entry);
    const rows = await db.items.bulkGet(ids);
    const gone: string[] = [];
    for (const row of rows) {
      if (!row) continue;
      if ((await db.outbox.where("[entity+id]").equals(["item", row.id]).count()) > 0) continue;
      gone.push(row.id);
    }
    await db.items.bulkDelete(gone);
  });
}

/** Inventory's import chunks, as the sync engine sends and settles them (src/sync/chunks.ts). */
export const inventoryChunks: ChunkSender = {
  requestBody: bulkRequestBody,
  acknowledge: acknowledgeBulk,
  discard: discardBulk,
  nextQueued: nextQueuedChunk,
  sent: chunkSent,
};
