import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { InventoryChange } from "../../../domain/inventory/item";
import type { CursorRange, SyncPage } from "../../../domain/sync/feed";
import type { Db } from "../../db/client";
import { inventoryBatches, inventoryItems, inventoryProducts } from "../../db/schema";
import { httpError } from "../../plugins/errors";
import { batchToApi, itemToApi, productToApi } from "./store";

/**
 * The sync cursor: the company it belongs to and the last change_seq the reader has seen,
 * as opaque base64url text. Within a company change_seq order is commit order (see
 * migration 0008), so "every row of the company with change_seq > N" is exactly what the
 * reader has not seen yet.
 */
export interface Cursor {
  companyId: string;
  seq: number;
}

const CURSOR_VERSION = "i1";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${CURSOR_VERSION}:${c.companyId}:${c.seq}`, "utf8").toString("base64url");
}

/** null for an empty cursor (from the beginning); throws 400 for one that is not ours. */
export function decodeCursor(text: string | undefined): Cursor | null {
  if (text === undefined || text === "") return null;
  const bad = () =>
    httpError(400, "Invalid sync cursor: send the cursor of the last page, or none to start over");
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw bad();
  const parts = Buffer.from(text, "base64url").toString("utf8").split(":");
  const [v, companyId, seqText] = parts;
  if (
    parts.length !== 3 ||
    v !== CURSOR_VERSION ||
    !companyId ||
    !UUID.test(companyId) ||
    !/^\d{1,15}$/.test(seqText ?? "")
  ) {
    throw bad();
  }
  return { companyId, seq: Number(seqText) };
}

/** The three tables the feed reads, each with its entity name and API shape. */
const FEED_SOURCES = [
  { entity: "item", table: inventoryItems, toApi: itemToApi },
  { entity: "product", table: inventoryProducts, toApi: productToApi },
  { entity: "batch", table: inventoryBatches, toApi: batchToApi },
] as const;

/**
 * Rows of the company changed after the cursor, oldest change first, at most `limit`.
 * One read-only REPEATABLE READ transaction reads the three tables in one snapshot, so a
 * row committed between the reads cannot slip in above a row that was not yet visible.
 */
export async function changesSince(
  db: Db,
  companyId: string,
  since: string | undefined,
  limit: number,
): Promise<SyncPage<InventoryChange>> {
  const cursor = decodeCursor(since);
  const reset = cursor !== null && cursor.companyId !== companyId;
  const from = cursor && !reset ? cursor.seq : 0;
  type Entry = { seq: number; change: InventoryChange };
  const entries = await db.transaction(
    async (tx) => {
      const out: Entry[] = [];
      for (const source of FEED_SOURCES) {
        const t = source.table;
        const rows = await tx
          .select()
          .from(t)
          .where(and(eq(t.companyId, companyId), gt(t.changeSeq, from)))
          .orderBy(asc(t.changeSeq))
          .limit(limit + 1);
        for (const r of rows)
          out.push({
            seq: r.changeSeq,
            change: r.deletedAt
              ? { entity: source.entity, id: r.id, deleted: true, row: null }
              : ({
                  entity: source.entity,
                  id: r.id,
                  deleted: false,
                  row: source.toApi(r as never),
                } as InventoryChange),
          });
      }
      return out;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  entries.sort((a, b) => a.seq - b.seq);
  const page = entries.slice(0, limit);
  const last = page.at(-1)?.seq ?? from;
  const result: SyncPage<InventoryChange> = {
    changes: page.map((e) => e.change),
    cursor: encodeCursor({ companyId, seq: last }),
    hasMore: entries.length > limit,
  };
  if (reset) result.reset = true;
  return result;
}

/** The company's last change_seq (0: none yet). Three backward index scans (company_id, change_seq). */
export async function lastChangeSeq(tx: Db, companyId: string): Promise<number> {
  const rows = await tx.execute<{ seq: string | number }>(sql`select greatest(
    (select max(change_seq) from inventory_items where company_id = ${companyId}),
    (select max(change_seq) from inventory_products where company_id = ${companyId}),
    (select max(change_seq) from inventory_batches where company_id = ${companyId}),
    0) as seq`);
  return Number(rows.rows[0]?.seq ?? 0);
}

/**
 * Runs `fn` (inside a transaction holding the company's inventory lock) and returns its result
 * with the feed cursors before and after it (domain CursorRange).
 */
export async function withCursorRange<T>(
  tx: Db,
  companyId: string,
  fn: () => Promise<T>,
): Promise<{ result: T; cursor: CursorRange }> {
  const before = await lastChangeSeq(tx, companyId);
  const result = await fn();
  const after = await lastChangeSeq(tx, companyId);
  return {
    result,
    cursor: {
      from: encodeCursor({ companyId, seq: before }),
      to: encodeCursor({ companyId, seq: Math.max(before, after) }),
    },
  };
}
