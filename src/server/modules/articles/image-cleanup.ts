import { sql } from "drizzle-orm";
import { ARTICLE_IMAGE_PATH } from "../../../domain/articles/article";
import type { Db } from "../../db/client";
import type { JobLog } from "../../jobs/runner";
import type { FileStore } from "../../storage";
import { deleteUnusedFiles } from "../inventory/photo-cleanup";

/**
 * Article images no article names (docs/articles.md "Images"): an image uploaded in the editor and
 * never saved into an article, or taken out of every article's cover and body, is deleted once it
 * is older than the grace period, with its file unless other rows share the same bytes. Drafts
 * and unpublished articles count as naming it: they may be published again.
 *
 * Each batch locks its rows (`FOR UPDATE SKIP LOCKED`), deletes them, then their files
 * (deleteUnusedFiles, which no longer sees the deleted rows); a file that cannot be deleted rolls
 * the batch back, so the rows stay for the next run (a file already gone is not an error).
 */

export interface ArticleImageCleanupOptions {
  /** Hours an unnamed image stays after its upload (an editor may not have saved yet). */
  graceHours: number;
  now?: Date;
  batchSize?: number;
  log?: JobLog;
}

export interface ArticleImageCleanupResult {
  deleted: number;
  filesDeleted: number;
  filesKept: number;
  failed: number;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => ((result as { rows?: Row[] }).rows ?? []) as Row[];

class FilesKept extends Error {}

async function sweepBatch(
  db: Db,
  store: FileStore,
  cutoff: Date,
  batchSize: number,
  result: ArticleImageCleanupResult,
): Promise<number> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const rows = rowsOf(
      await tx.execute(sql`
        with cand as (
          select i.id, i.storage_key
            from article_images i
           where i.created_at <= ${cutoff.toISOString()}::timestamptz
             and not exists (
               select 1 from articles a
                where strpos(coalesce(a.cover_image, ''), ${`${ARTICLE_IMAGE_PATH}/`} || i.id::text) > 0
                   or strpos(a.body_md, ${`${ARTICLE_IMAGE_PATH}/`} || i.id::text) > 0)
           order by i.created_at, i.id
           limit ${batchSize}
             for update skip locked
        )
        delete from article_images d using cand
         where d.id = cand.id
        returning d.storage_key`),
    );
    if (rows.length === 0) return 0;
    const files = await deleteUnusedFiles(
      tx,
      store,
      rows.map((r) => String(r.storage_key)),
    );
    if (files.failed.size > 0) {
      result.failed += rows.length;
      throw new FilesKept([...files.failed.values()].map(String).join("; "));
    }
    result.deleted += rows.length;
    result.filesDeleted += files.deleted.length;
    result.filesKept += files.kept.length;
    return rows.length;
  });
}

/** One run: delete, in batches, every article image no article names and older than the grace period. */
export async function cleanupArticleImages(
  db: Db,
  store: FileStore,
  opts: ArticleImageCleanupOptions,
): Promise<ArticleImageCleanupResult> {
  const now = opts.now ?? new Date();
  const batchSize = opts.batchSize ?? 50;
  const cutoff = new Date(now.getTime() - opts.graceHours * 3600_000);
  const result: ArticleImageCleanupResult = { deleted: 0, filesDeleted: 0, filesKept: 0, failed: 0 };
  for (;;) {
    try {
      const taken = await sweepBatch(db, store, cutoff, batchSize, result);
      if (taken < batchSize) break;
    } catch (err) {
      if (!(err instanceof FilesKept)) throw err;
      opts.log?.warn(
        { err: err.message },
        "article image cleanup: a file could not be deleted; kept for the next run",
      );
      break;
    }
  }
  return result;
}
