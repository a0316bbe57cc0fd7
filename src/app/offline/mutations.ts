/**
 * The write path: a change is written to Dexie and its outbox entry (with a fresh
 * Idempotency-Key) is added in ONE Dexie transaction, so the screen shows it at once and it
 * can never be lost between the two. Call `engine.drain()` afterwards (the engine's `write*`
 * helpers do) to send it.
 */
import { v7 as uuidv7 } from "uuid";
import type { Batch, Item, ItemFields, Product, SyncEntity } from "../../domain/inventory/item";
import { changedFields, pickFields } from "../../domain/inventory/merge";
import { type BlocklotDb, type OutboxEntry, tableOf } from "./db";
import { ENTITIES, recordUrl } from "./entities";

type AnyRow = Item | Product | Batch;
type Loose = Record<string, unknown>;

export interface WriteContext {
  db: BlocklotDb;
  /** ISO time (tests fix it). */
  now?: () => string;
  /** New idempotency keys (tests may fix them). */
  newKey?: () => string;
}

const iso = () => new Date().toISOString();

function entry(
  ctx: WriteContext,
  e: Pick<OutboxEntry, "companyId" | "entity" | "id" | "method" | "body" | "baseVersion" | "base">,
): OutboxEntry {
  return {
    ...e,
    url: recordUrl(e.entity, e.id),
    idempotencyKey: (ctx.newKey ?? uuidv7)(),
    state: "waiting",
    error: null,
    lastStatus: null,
    createdAt: (ctx.now ?? iso)(),
    attempts: 0,
    notBefore: null,
  };
}

/** A new client-made record id (UUIDv7: time-ordered, creatable offline). */
export const newId = () => uuidv7();

/**
 * Creates (or replaces) a record with a client-made id: `PUT {path}/{id}` with its fields.
 * The local row has version 0 until the server answers with the real one.
 */
export async function putRecord<T extends AnyRow>(
  ctx: WriteContext,
  entity: SyncEntity,
  companyId: string,
  id: string,
  fields: Loose,
): Promise<T> {
  const { db } = ctx;
  const table = tableOf(db, entity);
  const now = (ctx.now ?? iso)();
  return db.transaction("rw", [table, db.outbox], async () => {
    const existing = (await table.get(id)) as Loose | undefined;
    const body = pickFields(fields, ENTITIES[entity].fields as (keyof Loose)[]);
    const row = {
      ...existing,
      ...body,
      id,
      companyId,
      version: (existing?.version as number | undefined) ?? 0,
      createdAt: (existing?.createdAt as string | undefined) ?? now,
      updatedAt: now,
    } as unknown as T;
    await table.put(row);
    const version = existing?.version as number | undefined;
    await db.outbox.add(
      entry(ctx, {
        companyId,
        entity,
        id,
        method: "PUT",
        // replacing a record the server has needs its version (versions start at 1); a record
        // still being created gets it when its create is acknowledged (the engine rebases)
        body: version && version >= 1 ? { ...body, version } : body,
        baseVersion: existing ? ((existing.version as number) ?? null) : null,
        base: existing ? { ...existing } : null,
      }),
    );
    return row;
  });
}

/**
 * Changes some fields: `PATCH {path}/{id}` with the changed fields and the version they were
 * based on. Returns null when nothing changed (no entry is queued).
 */
export async function patchRecord<T extends AnyRow>(
  ctx: WriteContext,
  entity: SyncEntity,
  id: string,
  changes: Loose,
): Promise<T | null> {
  const { db } = ctx;
  const table = tableOf(db, entity);
  const fields = ENTITIES[entity].fields as (keyof Loose)[];
  return db.transaction("rw", [table, db.outbox], async () => {
    const row = (await table.get(id)) as Loose | undefined;
    if (!row) throw new Error(`No local ${entity} ${id}`);
    const next: Loose = {
      ...row,
      ...pickFields(
        changes,
        fields.filter((f) => f in changes),
      ),
    };
    const changed = changedFields(row, next, fields);
    if (changed.length === 0) return null;
    next.updatedAt = (ctx.now ?? iso)();
    await table.put(next as unknown as AnyRow);
    const version = row.version as number;
    await db.outbox.add(
      entry(ctx, {
        companyId: row.companyId as string,
        entity,
        id,
        method: "PATCH",
        body: { ...pickFields(next, changed), version },
        baseVersion: version,
        base: { ...row },
      }),
    );
    return next as unknown as T;
  });
}

/**
 * Deletes a record: `DELETE {path}/{id}?version=N`. A record created offline whose create
 * was never sent is simply forgotten with its queued writes (the server never knew it).
 */
export async function deleteRecord(ctx: WriteContext, entity: SyncEntity, id: string): Promise<void> {
  const { db } = ctx;
  const table = tableOf(db, entity);
  await db.transaction("rw", [table, db.outbox], async () => {
    const row = (await table.get(id)) as Loose | undefined;
    if (!row) return;
    await table.delete(id);
    const queued = await db.outbox.where("[entity+id]").equals([entity, id]).sortBy("seq");
    const first = queued[0];
    const neverSent =
      first?.method === "PUT" &&
      first.baseVersion === null &&
      queued.every((q) => q.state === "waiting" && q.attempts === 0);
    if (neverSent) {
      await db.outbox.bulkDelete(queued.map((q) => q.seq as number));
      return;
    }
    const version = row.version as number;
    await db.outbox.add(
      entry(ctx, {
        companyId: row.companyId as string,
        entity,
        id,
        method: "DELETE",
        // the version goes in the query (`?version=`), added when sent: see sync-engine.ts
        body: null,
        baseVersion: version,
        base: { ...row },
      }),
    );
  });
}

/**
 * A record's earlier write was acknowledged at `version` while the user's later writes of it
 * were still queued: the local row (which shows those edits) takes the version, and the later
 * writes not yet sent are based on it (PATCH and PUT carry it in the body; DELETE's is added to
 * the URL when sent). Call inside a transaction over the record's table and the outbox.
 */
export async function rebaseQueuedWrites(
  db: BlocklotDb,
  entity: SyncEntity,
  id: string,
  version: number,
  later: readonly OutboxEntry[],
): Promise<void> {
  await tableOf(db, entity).update(id, { version } as never);
  for (const x of later) {
    if (x.attempts > 0 || x.state !== "waiting") continue;
    const body = x.method === "DELETE" ? x.body : { ...(x.body ?? {}), version };
    const base = x.base ? { ...x.base, version } : x.base;
    await db.outbox.update(x.seq as number, { baseVersion: version, body, base });
  }
}

/** Item helpers with the domain types. */
export const itemWrites = {
  create: (ctx: WriteContext, companyId: string, fields: ItemFields, id = newId()) =>
    putRecord<Item>(ctx, "item", companyId, id, fields as unknown as Loose),
  update: (ctx: WriteContext, id: string, changes: Partial<ItemFields>) =>
    patchRecord<Item>(ctx, "item", id, changes as Loose),
  remove: (ctx: WriteContext, id: string) => deleteRecord(ctx, "item", id),
};
