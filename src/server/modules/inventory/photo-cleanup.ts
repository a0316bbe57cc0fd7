import { type SQL, sql } from "drizzle-orm";
import { PHOTO_REF_PREFIX } from "../../../domain/inventory/photos";
import type { Db } from "../../db/client";
import type { JobLog } from "../../jobs/runner";
import type { FileStore } from "../../storage";
import { assertKey } from "../../storage/types";

/**
 * Photo retention (docs/warehouse.md "Photo retention and cleanup"). A stored photo is a row in
 * inventory_photos plus two files (the WebP and its thumbnail). Removing it from an item's
 * `photos`, or deleting the item (a tombstone), leaves both; this job deletes them once no live
 * item or product of the company has referenced the photo for the grace period:
 *
 * 1. mark: photos nothing live references get `unreferenced_since` (now); photos referenced again
 *    (an offline device's queued edit put the reference back) lose it;
 * 2. sweep: photos marked longer ago than the grace period are locked (`FOR UPDATE SKIP LOCKED`,
 *    so two processes never take the same photo), checked once more, their files deleted, then
 *    their rows, in one transaction per batch. A crash before the commit leaves the row, and the
 *    next run deletes again (a file already gone is not an error).
 *
 * The store keeps identical bytes once (content-addressed keys), so a file is deleted only when no
 * other photo, statement file or filing document names its key. Both this and the upload take a
 * transaction lock per key (lockFileKeys): an upload of the same bytes either finds the file
 * still there after the sweep looked, or stores it again.
 */

/** Advisory lock class of a stored file's key (inventory is 7_310_453, migrations 7_310_452_001). */
export const PHOTO_FILE_LOCK_CLASS = 7_310_454;

export interface PhotoCleanupOptions {
  /** Hours a photo stays after nothing references it any more. */
  graceHours: number;
  /** The run's time (tests move it; default: now). */
  now?: Date;
  /** Photos locked and deleted per transaction. */
  batchSize?: number;
  log?: JobLog;
}

export interface PhotoCleanupResult {
  /** Photos found unreferenced in this run (their grace period starts). */
  marked: number;
  /** Marked photos referenced again (kept). */
  restored: number;
  /** Photo rows deleted. */
  deleted: number;
  /** Files deleted from the store (or already gone). */
  filesDeleted: number;
  /** Files of deleted photos kept because something else still uses the same bytes. */
  filesKept: number;
  /** Photos whose files could not be deleted (kept for the next run). */
  failed: number;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => ((result as { rows?: Row[] }).rows ?? []) as Row[];

/** A PostgreSQL array literal of plain strings (uuids, storage keys), for `${…}::uuid[]` / `::text[]`. */
function pgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}

/** The lock id of a storage key: the first 32 bits of its SHA-256, as a signed int4. */
function keyLockId(key: string): number {
  return Number.parseInt(assertKey(key).slice(0, 8), 16) | 0;
}

/**
 * Takes the transaction locks of these storage keys, in one global order (no deadlock between an
 * upload and a sweep, or two sweeps). Held until the transaction ends.
 */
export async function lockFileKeys(tx: Db, keys: readonly string[]) {
  const ids = [...new Set(keys.map(keyLockId))].sort((a, b) => a - b);
  for (const id of ids) {
    await tx.execute(sql`select pg_advisory_xact_lock(${PHOTO_FILE_LOCK_CLASS}, ${id}::int4)`);
  }
}

/** (company, lower-cased reference) of every photo reference held by a live item or product. */
const liveRefs = (companies: SQL) => sql`
  select i.company_id, lower(r.ref) as ref
    from inventory_items i cross join lateral unnest(i.photos) as r(ref)
   where i.deleted_at is null and i.company_id in (${companies})
     and lower(r.ref) like ${`${PHOTO_REF_PREFIX}%`}
  union
  select p.company_id, lower(r.ref) as ref
    from inventory_products p cross join lateral unnest(p.images) as r(ref)
   where p.deleted_at is null and p.company_id in (${companies})
     and lower(r.ref) like ${`${PHOTO_REF_PREFIX}%`}`;

const isGone = (err: unknown) => {
  const e = err as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } };
  return e.code === "ENOENT" || e.name === "NoSuchKey" || e.$metadata?.httpStatusCode === 404;
};

/**
 * Deletes the files of `keys` that nothing else uses: no photo other than `exceptPhotoIds`, no
 * statement file, no filing document. Runs inside `tx` and takes the keys' locks; a file already
 * gone counts as deleted. Answers the keys kept and the keys whose deletion failed.
 */
export async function deleteUnusedFiles(
  tx: Db,
  store: FileStore,
  keys: readonly string[],
  exceptPhotoIds: readonly string[] = [],
): Promise<{ deleted: string[]; kept: string[]; failed: Map<string, unknown> }> {
  const unique = [...new Set(keys)];
  const out = { deleted: [] as string[], kept: [] as string[], failed: new Map<string, unknown>() };
  if (unique.length === 0) return out;
  await lockFileKeys(tx, unique);
  const except = pgArray(exceptPhotoIds);
  const used = new Set(
    rowsOf(
      await tx.execute(sql`
        select k.key from unnest(${pgArray(unique)}::text[]) as k(key)
         where exists (select 1 from inventory_photos p
                        where p.storage_key = k.key and p.id <> all(${except}::uuid[]))
            or exists (select 1 from inventory_photos p
                        where p.thumb_key = k.key and p.id <> all(${except}::uuid[]))
            or exists (select 1 from statement_files f where f.storage_key = k.key)
            or exists (select 1 from filing_documents d where d.storage_key = k.key)
            or exists (select 1 from kanban_attachments a where a.storage_key = k.key)
            or exists (select 1 from chat_attachments c where c.storage_key = k.key)
            or exists (select 1 from article_images i where i.storage_key = k.key)`),
    ).map((r) => String(r.key)),
  );
  for (const key of unique) {
    if (used.has(key)) {
      out.kept.push(key);
      continue;
    }
    try {
      await store.delete(key);
      out.deleted.push(key);
    } catch (err) {
      if (isGone(err)) out.deleted.push(key);
      else out.failed.set(key, err);
    }
  }
  return out;
}

/** Step 1: start the grace period of photos nothing references, end it for photos referenced again. */
async function markUnreferenced(db: Db, now: Date) {
  const rows = rowsOf(
    await db.execute(sql`
      with used as (${liveRefs(sql`select company_id from inventory_photos`)}),
      state as (
        select ph.id,
               exists (select 1 from used u
                        where u.company_id = ph.company_id
                          and u.ref = ${PHOTO_REF_PREFIX} || ph.id::text) as used
          from inventory_photos ph
      )
      update inventory_photos ph
         set unreferenced_since = case when s.used then null else ${now.toISOString()}::timestamptz end
        from state s
       where s.id = ph.id and s.used = (ph.unreferenced_since is not null)
      returning s.used`),
  );
  const restored = rows.filter((r) => r.used === true).length;
  return { marked: rows.length - restored, restored };
}

/** Step 2, one batch: lock due photos, check them again, delete their files and rows. */
async function sweepBatch(
  db: Db,
  store: FileStore,
  cutoff: Date,
  batchSize: number,
  skip: string[],
  result: PhotoCleanupResult,
  log?: JobLog,
): Promise<number> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const rows = rowsOf(
      await tx.execute(sql`
        with cand as (
          select id, company_id, storage_key, thumb_key
            from inventory_photos
           where unreferenced_since <= ${cutoff.toISOString()}::timestamptz
             and id <> all(${pgArray(skip)}::uuid[])
           order by unreferenced_since, id
           limit ${batchSize}
             for update skip locked
        ),
        used as (${liveRefs(sql`select company_id from cand`)})
        select c.id, c.storage_key, c.thumb_key,
               exists (select 1 from used u
                        where u.company_id = c.company_id
                          and u.ref = ${PHOTO_REF_PREFIX} || c.id::text) as used
          from cand c`),
    );
    if (rows.length === 0) return 0;
    // Referenced again since the mark (a write in between): kept, its grace period ends.
    const back = rows.filter((r) => r.used === true).map((r) => String(r.id));
    if (back.length > 0) {
      await tx.execute(
        sql`update inventory_photos set unreferenced_since = null where id = any(${pgArray(back)}::uuid[])`,
      );
      result.restored += back.length;
    }
    const doomed = rows
      .filter((r) => r.used !== true)
      .map((r) => ({ id: String(r.id), keys: [String(r.storage_key), String(r.thumb_key)] }));
    const files = await deleteUnusedFiles(
      tx,
      store,
      doomed.flatMap((p) => p.keys),
      doomed.map((p) => p.id),
    );
    result.filesDeleted += files.deleted.length;
    result.filesKept += files.kept.length;
    const done: string[] = [];
    for (const photo of doomed) {
      const failed = photo.keys.filter((k) => files.failed.has(k));
      if (failed.length === 0) {
        done.push(photo.id);
        continue;
      }
      // Kept (row and the rest of its files) for the next run; not taken again in this one.
      skip.push(photo.id);
      result.failed++;
      log?.warn(
        { photo: photo.id, keys: failed, err: String(files.failed.get(failed[0] as string)) },
        "inventory photo cleanup: could not delete a file; the photo is kept for the next run",
      );
    }
    if (done.length > 0) {
      const gone = rowsOf(
        await tx.execute(
          sql`delete from inventory_photos where id = any(${pgArray(done)}::uuid[]) returning id`,
        ),
      );
      result.deleted += gone.length;
    }
    return rows.length;
  });
}

/** One cleanup run: mark, then sweep in batches until no due photo is left (or all left are locked). */
export async function cleanupInventoryPhotos(
  db: Db,
  store: FileStore,
  opts: PhotoCleanupOptions,
): Promise<PhotoCleanupResult> {
  const now = opts.now ?? new Date();
  const batchSize = opts.batchSize ?? 50;
  const { marked, restored } = await markUnreferenced(db, now);
  const result: PhotoCleanupResult = {
    marked,
    restored,
    deleted: 0,
    filesDeleted: 0,
    filesKept: 0,
    failed: 0,
  };
  const cutoff = new Date(now.getTime() - opts.graceHours * 3600_000);
  const skip: string[] = [];
  for (;;) {
    const taken = await sweepBatch(db, store, cutoff, batchSize, skip, result, opts.log);
    if (taken < batchSize) break;
  }
  return result;
}
