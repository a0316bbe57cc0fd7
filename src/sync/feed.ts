/**
 * The pull: `GET /api/sync/changes?since=CURSOR&limit=N` (no `since` the first time) until
 * `hasMore` is false, for every synced type at once (docs/offline.md "Pull"). A page is applied in
 * slices of FEED_SLICE changes, one transaction and one task each, its cursor stored with its last
 * slice, so the cursor never passes a change not applied: tombstones delete, rows replace — except a record with any outbox entry (its pending write
 * wins until acknowledged) and a local row with a higher version (an older copy in the feed). A
 * row already at the feed's version is not rewritten. Set-based: one key lookup of the outbox's
 * `[entity+id]` index for the slice, one bulkGet/bulkPut/bulkDelete per table.
 */
import { messageOf } from "../app/lib/server-answer";
import { SYNC_CHANGES_PATH, type SyncChange, type SyncPage } from "../domain/sync/feed";
import type { EngineContext, Loose } from "./context";
import { cursorKey, recordTable, recordTables } from "./db";
import { withTimeout } from "./transport";

/** Changes written in one transaction (one task): 100 rows took about 20 ms on a 4× slower CPU. */
const FEED_SLICE = 100;

export interface PullResult {
  applied: number;
  skipped: number;
  pages: number;
}

/** Applies the feed since the stored cursor, page by page, for one company. */
export async function pullFeed(ctx: EngineContext, companyId: string, pageSize: number): Promise<PullResult> {
  const { db } = ctx;
  const result: PullResult = { applied: 0, skipped: 0, pages: 0 };
  for (;;) {
    const cursor = (await db.meta.get(cursorKey(companyId)))?.value as string | undefined;
    const qs = new URLSearchParams();
    if (cursor) qs.set("since", cursor);
    qs.set("limit", String(pageSize));
    const res = await withTimeout(
      ctx.transport.send({ method: "GET", url: `${SYNC_CHANGES_PATH}?${qs}`, companyId }),
      ctx.sendTimeoutMs,
    );
    if (res.status !== 200) throw new Error(messageOf(res.data, `Sync feed answered ${res.status}`));
    const page = res.data as SyncPage;
    result.pages++;
    const slices = Math.max(1, Math.ceil(page.changes.length / FEED_SLICE));
    for (let k = 0; k < slices; k++) {
      // Between slices the main thread is free (a page of 500 rows was one 100 ms task on a phone).
      if (k > 0) await nextTask();
      const last = k === slices - 1;
      const changes = page.changes.slice(k * FEED_SLICE, (k + 1) * FEED_SLICE);
      await applySlice(ctx, changes, result, last ? { companyId, cursor: page.cursor } : null);
    }
    if (!page.hasMore) return result;
  }
}

/**
 * Changes of a feed page applied in one transaction; the page's last slice stores its cursor too.
 * A page cut short (the app closed between slices) is read again from the old cursor: the rows
 * already applied are at the feed's version and are not rewritten.
 */
async function applySlice(
  ctx: EngineContext,
  changes: SyncChange[],
  result: PullResult,
  cursor: { companyId: string; cursor: string } | null,
): Promise<void> {
  const { db, types } = ctx;
  await db.transaction("rw", [...recordTables(db, types), db.outbox, db.meta], async () => {
    // A record with a write of the user still queued keeps the user's version until acked.
    const queued = (await db.outbox
      .where("[entity+id]")
      .anyOf(changes.map((c) => [c.entity, c.id]))
      .keys()) as unknown as [string, string][];
    const pending = new Set(queued.map(([entity, id]) => `${entity}:${id}`));
    const byType = new Map<string, SyncChange[]>();
    for (const c of changes) byType.set(c.entity, [...(byType.get(c.entity) ?? []), c]);
    for (const [entity, ofType] of byType) {
      const type = types[entity];
      if (!type) {
        // a type this build does not know (a newer server): the next app version pulls it
        result.skipped += ofType.length;
        continue;
      }
      const table = recordTable(db, type);
      const mine = ofType.filter((c) => !pending.has(`${entity}:${c.id}`));
      result.skipped += ofType.length - mine.length;
      const gone = mine.filter((c) => c.deleted).map((c) => c.id);
      const rows = mine.flatMap((c) => (c.deleted ? [] : [c.row as Loose & { id: string }]));
      const locals = await table.bulkGet(rows.map((r) => r.id));
      const puts = rows.filter((row, i) => {
        const local = locals[i];
        // an older copy than the one the user's acknowledged write already put here
        if (local && (local.version as number) > (row.version as number)) {
          result.skipped++;
          return false;
        }
        result.applied++;
        // the same version is the same row (e.g. an import chunk's acknowledgement already
        // stored it): no rewrite of the row and its indexes
        return !(local && local.version === row.version && local.updatedAt === row.updatedAt);
      });
      await table.bulkDelete(gone);
      result.applied += gone.length;
      await table.bulkPut(puts as never[]);
    }
    if (cursor) await db.meta.put({ key: cursorKey(cursor.companyId), value: cursor.cursor });
  });
}

/** Waits for the next task: what the page has to do (input, paint) runs first. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
