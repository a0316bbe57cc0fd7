/**
 * The pull: `GET /api/sync/changes?since=CURSOR&limit=N` (no `since` the first time) until
 * `hasMore` is false, for every synced type at once (docs/offline.md "Pull"). Each page is applied
 * in one transaction with its cursor, so a page is either fully applied with its cursor or not at
 * all: tombstones delete, rows replace — except a record with any outbox entry (its pending write
 * wins until acknowledged) and a local row with a higher version (an older copy in the feed). A
 * row already at the feed's version is not rewritten. Set-based: one key lookup of the outbox's
 * `[entity+id]` index for the page, one bulkGet/bulkPut/bulkDelete per table.
 */
import { messageOf } from "../app/lib/server-answer";
import { SYNC_CHANGES_PATH, type SyncChange, type SyncPage } from "../domain/sync/feed";
import type { EngineContext, Loose } from "./context";
import { cursorKey, recordTable, recordTables } from "./db";
import { withTimeout } from "./transport";

export interface PullResult {
  applied: number;
  skipped: number;
  pages: number;
}

/** Applies the feed since the stored cursor, page by page, for one company. */
export async function pullFeed(ctx: EngineContext, companyId: string, pageSize: number): Promise<PullResult> {
  const { db, types } = ctx;
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
    await db.transaction("rw", [...recordTables(db, types), db.outbox, db.meta], async () => {
      // A record with a write of the user still queued keeps the user's version until acked.
      const queued = (await db.outbox
        .where("[entity+id]")
        .anyOf(page.changes.map((c) => [c.entity, c.id]))
        .keys()) as unknown as [string, string][];
      const pending = new Set(queued.map(([entity, id]) => `${entity}:${id}`));
      const byType = new Map<string, SyncChange[]>();
      for (const c of page.changes) byType.set(c.entity, [...(byType.get(c.entity) ?? []), c]);
      for (const [entity, changes] of byType) {
        const type = types[entity];
        if (!type) {
          // a type this build does not know (a newer server): the next app version pulls it
          result.skipped += changes.length;
          continue;
        }
        const table = recordTable(db, type);
        const mine = changes.filter((c) => !pending.has(`${entity}:${c.id}`));
        result.skipped += changes.length - mine.length;
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
      await db.meta.put({ key: cursorKey(companyId), value: page.cursor });
    });
    if (!page.hasMore) return result;
  }
}
