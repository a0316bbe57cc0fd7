/**
 * What an answer does to the device's records: a 2xx stores the server's row (or, when the user
 * queued later writes of the record, only its version, and rebases them); a 409 with the
 * server's current record is merged three ways over the type's declared fields (src/domain/sync
 * merge.ts) — nothing to choose: the merged fields are sent again on the server's version;
 * something to choose: the entry waits for the user with a `conflicts` row.
 */
import { typeOf } from "../domain/sync/entity";
import {
  changedFields,
  type MergeResult,
  mergeFields,
  pickFields,
  resolveConflicts,
} from "../domain/sync/merge";
import { type EngineContext, isoNow, type Loose } from "./context";
import { type OutboxEntry, recordTable, recordTables } from "./db";
import { laterWrites, rebaseQueuedWrites } from "./outbox";

export type ConflictChoice = Record<string, "mine" | "theirs">;

const rowOf = (data: unknown) => (data && typeof data === "object" && "id" in data ? (data as Loose) : null);
const recordKey = (e: { entity: string; id: string }) => `${e.entity}:${e.id}`;

/** 2xx: the server row becomes the local row (unless later writes of the user are queued). */
export async function acknowledge(ctx: EngineContext, e: OutboxEntry, data: unknown) {
  const { db } = ctx;
  const type = typeOf(ctx.types, e.entity);
  const table = recordTable(db, type);
  await db.transaction("rw", [table, db.outbox, db.conflicts], async () => {
    await db.outbox.delete(e.seq as number);
    await db.conflicts.delete(e.seq as number);
    if (e.append) {
      // the device's copy of an appended record gives way to the server's (the same id when the server took the device's, as chat does)
      await table.delete(e.id);
      const answered = rowOf(data);
      if (answered) await table.put(answered as never);
      return;
    }
    const later = await laterWrites(db, e);
    if (e.method === "DELETE") {
      if (later.length === 0) await table.delete(e.id);
      return;
    }
    const row = rowOf(data);
    if (!row) return;
    if (later.length === 0) {
      await table.put(row as never);
      return;
    }
    // The local row already shows the user's later edits: keep them, take the new version,
    // and base the later (never sent) writes on it.
    await rebaseQueuedWrites(db, type, e.id, row.version as number, later);
  });
}

/**
 * Many 2xx answers at once (a write batch or an append batch), with acknowledge's rules, in set operations: one
 * look-up of the records' remaining entries and one bulk write per table, instead of four
 * IndexedDB round trips per write. Records with later writes queued take acknowledge's path.
 * Call inside a transaction over every record table, the outbox and the conflicts.
 */
export async function acknowledgeMany(ctx: EngineContext, done: { e: OutboxEntry; data: unknown }[]) {
  const { db } = ctx;
  const seqs = done.map(({ e }) => e.seq as number);
  const remaining = await db.outbox
    .where("[entity+id]")
    .anyOf(done.map(({ e }) => [e.entity, e.id]))
    .primaryKeys();
  const acked = new Set(seqs);
  const queued = new Set<number>(remaining.filter((seq) => !acked.has(seq)));
  const withLater = new Set<string>();
  if (queued.size > 0)
    for (const x of await db.outbox.bulkGet([...queued])) if (x) withLater.add(recordKey(x));
  await db.outbox.bulkDelete(seqs);
  await db.conflicts.bulkDelete(seqs);
  const puts = new Map<string, Loose[]>();
  const gone = new Map<string, string[]>();
  for (const { e, data } of done) {
    if (e.append) {
      // the device's copy of an appended record gives way to the server's (the same id when the server took the device's, as chat does)
      gone.set(e.entity, [...(gone.get(e.entity) ?? []), e.id]);
      const row = rowOf(data);
      if (row) puts.set(e.entity, [...(puts.get(e.entity) ?? []), row]);
      continue;
    }
    if (withLater.has(recordKey(e))) {
      await acknowledge(ctx, e, data); // rebases the later writes (its own deletes are no-ops now)
      continue;
    }
    if (e.method === "DELETE") {
      gone.set(e.entity, [...(gone.get(e.entity) ?? []), e.id]);
      continue;
    }
    const row = rowOf(data);
    if (row) puts.set(e.entity, [...(puts.get(e.entity) ?? []), row]);
  }
  // removals first: an appended record's device row goes, then the server's row is put
  for (const [entity, ids] of gone) await recordTable(db, typeOf(ctx.types, entity)).bulkDelete(ids);
  for (const [entity, rows] of puts)
    await recordTable(db, typeOf(ctx.types, entity)).bulkPut(rows as never[]);
}

/** The tables a batch acknowledgement writes. */
export const acknowledgeTables = (ctx: EngineContext) => [
  ...recordTables(ctx.db, ctx.types),
  ctx.db.outbox,
  ctx.db.conflicts,
  ctx.db.meta,
];

/**
 * 409 with the server's current row: merge, re-queue or hold for the user. Returns true to send
 * again now.
 */
export async function onConflict(
  ctx: EngineContext,
  e: OutboxEntry,
  current: Loose | undefined,
  message: string,
): Promise<boolean> {
  const { db } = ctx;
  const seq = e.seq as number;
  if (!current || current.id !== e.id || !e.base) {
    // e.g. a unique value another record already has, or a create whose id exists
    await db.outbox.update(seq, { state: "rejected", error: message, lastStatus: 409 });
    return false;
  }
  const decl = typeOf(ctx.types, e.entity);
  const fields = decl.fields as (keyof Loose)[];
  const base = pickFields(e.base, fields);
  const theirs = pickFields(current, fields);
  const hold = (c: {
    kind: "update" | "delete";
    fields: string[];
    mine: Loose | null;
    merged: Loose | null;
  }) =>
    db.transaction("rw", [db.outbox, db.conflicts], async () => {
      await db.conflicts.put({
        seq,
        companyId: e.companyId,
        entity: e.entity,
        entityId: e.id,
        base: e.base,
        theirs: current,
        createdAt: isoNow(ctx),
        ...c,
      });
      await db.outbox.update(seq, { state: "conflict", error: message, lastStatus: 409 });
    });
  if (e.method === "DELETE") {
    await hold({
      kind: "delete",
      fields: changedFields(base, theirs, fields) as string[],
      mine: null,
      merged: null,
    });
    return false;
  }
  const patch = pickFields(
    e.body ?? {},
    fields.filter((f) => f in (e.body ?? {})),
  );
  const mine = { ...base, ...patch };
  const result = decl.merge ? decl.merge(base, mine, theirs) : mergeFields(base, mine, theirs, fields);
  if (result.conflicts.length > 0) {
    await hold({ kind: "update", fields: result.conflicts as string[], mine, merged: result.merged });
    return false;
  }
  return requeueOnServerVersion(ctx, e, current, result.merged);
}

/**
 * Turns an entry into "write `wanted` on top of the server's `current`": the fields that
 * differ are sent with current.version under a new key (the body changed, and the server
 * refuses a reused key with another body). Nothing left to send → done, the server row wins.
 * Returns true when there is something to send.
 */
async function requeueOnServerVersion(
  ctx: EngineContext,
  e: OutboxEntry,
  current: Loose,
  wanted: Loose,
): Promise<boolean> {
  const { db } = ctx;
  const type = typeOf(ctx.types, e.entity);
  const fields = type.fields as (keyof Loose)[];
  const theirs = pickFields(current, fields);
  const diff = changedFields(theirs, wanted, fields);
  const table = recordTable(db, type);
  const seq = e.seq as number;
  return db.transaction("rw", [table, db.outbox, db.conflicts], async () => {
    await db.conflicts.delete(seq);
    const later = await laterWrites(db, e);
    const local = await table.get(e.id);
    if (diff.length === 0) {
      await db.outbox.delete(seq);
      if (later.length === 0) await table.put(current as never);
      return false;
    }
    const version = current.version as number;
    await db.outbox.update(seq, {
      body:
        e.method === "PUT"
          ? { ...pickFields(wanted, fields), version }
          : { ...pickFields(wanted, diff), version },
      baseVersion: version,
      base: { ...current },
      idempotencyKey: ctx.newKey(),
      state: "waiting",
      error: null,
      lastStatus: 409,
      notBefore: null,
    });
    // show the server's other changes now; the user's later queued edits stay on top
    if (later.length === 0) await table.put({ ...(local ?? {}), ...current, ...wanted } as never);
    return true;
  });
}

/**
 * The user's answer to a conflict. Update: per conflicting field "mine" or "theirs" (missing:
 * theirs) → the merged fields are queued on the server's version. Delete: "delete" deletes on the
 * server's version; "keep" is the caller's discard. Returns false when there was nothing to resolve.
 */
export async function resolveConflictEntry(
  ctx: EngineContext,
  seq: number,
  choice: ConflictChoice | "delete",
): Promise<boolean> {
  const { db } = ctx;
  const c = await db.conflicts.get(seq);
  const e = await db.outbox.get(seq);
  if (!c || !e) return false;
  if (c.kind === "delete") {
    await db.transaction("rw", [db.outbox, db.conflicts], async () => {
      await db.conflicts.delete(seq);
      await db.outbox.update(seq, {
        body: null,
        baseVersion: c.theirs.version as number,
        base: { ...c.theirs },
        idempotencyKey: ctx.newKey(),
        state: "waiting",
        error: null,
      });
    });
    return true;
  }
  const fields = typeOf(ctx.types, e.entity).fields as (keyof Loose)[];
  const result: MergeResult<Loose> = { merged: c.merged ?? {}, conflicts: c.fields };
  const wanted = resolveConflicts(
    result,
    c.mine ?? {},
    pickFields(c.theirs, fields),
    typeof choice === "object" ? choice : {},
  );
  await requeueOnServerVersion(ctx, e, c.theirs, wanted);
  return true;
}
