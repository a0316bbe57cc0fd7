/**
 * The outbox: the write path and what the user does with a held write.
 *
 * A change is written to its record's table and its outbox entry (with a fresh Idempotency-Key)
 * is added in ONE Dexie transaction, so the screen shows it at once and it can never be lost
 * between the two. `engine.write.*` calls these and then drains. As the server's route factory
 * expects (src/server/modules/sync/routes.ts): a PUT of a new id carries the fields, a PUT
 * replacing a record the server has also its `version`; a PATCH the changed fields plus
 * `version`; a DELETE no body, its version added to the URL when sent (`?version=N`).
 */
import { v7 as uuidv7 } from "uuid";
import { recordPath, type SyncedTypes, typeOf, writableTypeOf } from "../domain/sync/entity";
import { changedFields, pickFields } from "../domain/sync/merge";
import type { Loose } from "./context";
import { type LocalRow, type OutboxEntry, recordTable, type SyncDb } from "./db";
import { type RecordDependents, withDependentTables } from "./dependents";

export interface WriteContext<D extends SyncDb = SyncDb> {
  db: D;
  types: SyncedTypes;
  /** ISO time (tests fix it). */
  now?: () => string;
  /** New idempotency keys (tests may fix them). */
  newKey?: () => string;
  /** What goes with a record deleted before it reached the server (dependents.ts). */
  dependents?: RecordDependents;
}

const iso = () => new Date().toISOString();

function entry(
  ctx: WriteContext,
  e: Pick<OutboxEntry, "companyId" | "entity" | "id" | "method" | "body" | "baseVersion" | "base">,
): OutboxEntry {
  return {
    ...e,
    url: recordPath(typeOf(ctx.types, e.entity), e.id),
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
export async function putRecord<T extends object>(
  ctx: WriteContext,
  entity: string,
  companyId: string,
  id: string,
  fields: Loose,
): Promise<T> {
  const { db } = ctx;
  const type = writableTypeOf(ctx.types, entity);
  const table = recordTable(db, type);
  const now = (ctx.now ?? iso)();
  return db.transaction("rw", [table, db.outbox], async () => {
    const existing = await table.get(id);
    const body = pickFields(fields, type.fields as (keyof Loose)[]);
    const row = {
      ...existing,
      ...body,
      id,
      companyId,
      version: (existing?.version as number | undefined) ?? 0,
      createdAt: (existing?.createdAt as string | undefined) ?? now,
      updatedAt: now,
    } as LocalRow;
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
    return row as unknown as T;
  });
}

/**
 * Changes some fields: `PATCH {path}/{id}` with the changed fields and the version they were
 * based on. Returns null when nothing changed (no entry is queued).
 */
export async function patchRecord<T extends object>(
  ctx: WriteContext,
  entity: string,
  id: string,
  changes: Loose,
): Promise<T | null> {
  const { db } = ctx;
  const type = writableTypeOf(ctx.types, entity);
  const table = recordTable(db, type);
  const fields = type.fields as (keyof Loose)[];
  return db.transaction("rw", [table, db.outbox], async () => {
    const row = await table.get(id);
    if (!row) throw new Error(`No local ${entity} ${id}`);
    const next: LocalRow = {
      ...row,
      ...pickFields(
        changes,
        fields.filter((f) => f in changes),
      ),
    };
    const changed = changedFields(row as Loose, next as Loose, fields);
    if (changed.length === 0) return null;
    next.updatedAt = (ctx.now ?? iso)();
    await table.put(next);
    const version = row.version as number;
    await db.outbox.add(
      entry(ctx, {
        companyId: row.companyId as string,
        entity,
        id,
        method: "PATCH",
        body: { ...pickFields(next as Loose, changed), version },
        baseVersion: version,
        base: { ...row },
      }),
    );
    return next as unknown as T;
  });
}

/**
 * Deletes a record: `DELETE {path}/{id}?version=N`. A record created offline whose create was
 * never sent is simply forgotten with its queued writes (the server never knew it).
 */
export async function deleteRecord(ctx: WriteContext, entity: string, id: string): Promise<void> {
  const { db } = ctx;
  const table = recordTable(db, writableTypeOf(ctx.types, entity));
  await db.transaction("rw", withDependentTables(db, [table, db.outbox], ctx.dependents), async () => {
    const row = await table.get(id);
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
      await ctx.dependents?.forget(db, entity, id);
      return;
    }
    const version = row.version as number;
    await db.outbox.add(
      entry(ctx, {
        companyId: row.companyId as string,
        entity,
        id,
        method: "DELETE",
        // the version goes in the query (`?version=`), added when sent (drain.ts)
        body: null,
        baseVersion: version,
        base: { ...row },
      }),
    );
  });
}

/**
 * Appends a record the server numbers itself (a chat message): `row` is shown at once in the
 * type's table under the device's `id`, and `POST url` with `body` is queued with a fresh
 * Idempotency-Key, in one transaction. Its 2xx answer replaces the row by the server's
 * (merge.ts `acknowledge`); a refused one stays `rejected` with the row until retried or
 * discarded.
 */
export async function appendRecord(
  ctx: WriteContext,
  entity: string,
  companyId: string,
  id: string,
  post: { url: string; body: Loose; row: Loose },
): Promise<void> {
  const { db } = ctx;
  const table = recordTable(db, writableTypeOf(ctx.types, entity));
  await db.transaction("rw", [table, db.outbox], async () => {
    await table.put({ ...post.row, id, companyId } as LocalRow);
    await db.outbox.add({
      ...entry(ctx, {
        companyId,
        entity,
        id,
        method: "POST",
        body: post.body,
        baseVersion: null,
        base: null,
      }),
      url: post.url,
      append: true,
    });
  });
}

/**
 * A record's earlier write was acknowledged at `version` while the user's later writes of it
 * were still queued: the local row (which shows those edits) takes the version, and the later
 * writes not yet sent are based on it (PATCH and PUT carry it in the body; DELETE's is added to
 * the URL when sent). Call inside a transaction over the record's table and the outbox.
 */
export async function rebaseQueuedWrites(
  db: SyncDb,
  type: { localTable: string },
  id: string,
  version: number,
  later: readonly OutboxEntry[],
): Promise<void> {
  await recordTable(db, type).update(id, { version });
  for (const x of later) {
    if (x.attempts > 0 || x.state !== "waiting") continue;
    const body = x.method === "DELETE" ? x.body : { ...(x.body ?? {}), version };
    const base = x.base ? { ...x.base, version } : x.base;
    await db.outbox.update(x.seq as number, { baseVersion: version, body, base });
  }
}

/** The writes queued for a record after entry `seq`, oldest first. */
export async function laterWrites(db: SyncDb, e: Pick<OutboxEntry, "entity" | "id" | "seq">) {
  return (await db.outbox.where("[entity+id]").equals([e.entity, e.id]).sortBy("seq")).filter(
    (x) => (x.seq as number) > (e.seq as number),
  );
}
