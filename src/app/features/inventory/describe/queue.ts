/**
 * Which items Describe and List works through, and which comes next (Dexie, offline).
 *
 * - "todo": the company's items still to describe — status `new` (imported, scanned or
 *   created, not yet described). Saving a description moves a `new` item to `pending`
 *   (described, waiting to be listed), so it leaves this queue.
 * - "batch": every item of one batch, in import order.
 * - "search": items matching a text (title, SKU, barcode).
 * Items are in id order (UUIDv7: creation order), so "next" is stable while items change.
 */
import { type Item, TO_DESCRIBE } from "../../../../domain/inventory/item";
import type { BlocklotDb } from "../../../offline/db";
import { batchItems, searchItems } from "../labels/item-search";

import type { QueueSource } from "./queue-source";

export { DESCRIBED, TO_DESCRIBE } from "../../../../domain/inventory/item";
export type { QueueSource } from "./queue-source";

export interface QueueSpec {
  source: QueueSource;
  batchId?: string | null;
  query?: string;
}

export interface QueuePage {
  rows: Item[];
  total: number;
}

/** The first `limit` items of the queue and how many it holds. */
export async function readQueue(
  db: BlocklotDb,
  companyId: string,
  spec: QueueSpec,
  limit: number,
): Promise<QueuePage> {
  if (spec.source === "batch") {
    return spec.batchId ? batchItems(db, companyId, spec.batchId, limit) : { rows: [], total: 0 };
  }
  if (spec.source === "search") return searchItems(db, companyId, spec.query ?? "", limit);
  const coll = () => db.items.where("[companyId+status]").equals([companyId, TO_DESCRIBE]);
  const [rows, total] = await Promise.all([coll().limit(limit).toArray(), coll().count()]);
  return { rows, total };
}

/**
 * The item after `currentId` in the queue, or null at its end. The to-describe queue starts
 * over from its first item (skipped items come round again); a batch or a search ends.
 * `order` is the search's order as shown (a search is not in id order).
 */
export async function nextInQueue(
  db: BlocklotDb,
  companyId: string,
  spec: QueueSpec,
  currentId: string,
  order?: readonly string[],
): Promise<Item | null> {
  if (spec.source === "search") {
    const ids = order ?? (await searchItems(db, companyId, spec.query ?? "", 10_000)).rows.map((i) => i.id);
    const at = ids.indexOf(currentId);
    for (const id of ids.slice(at + 1)) {
      const item = await db.items.get(id);
      if (item && item.companyId === companyId) return item;
    }
    return null;
  }
  if (spec.source === "batch") {
    if (!spec.batchId) return null;
    // the next in import order: ids are time-ordered, and a batch's items mostly follow each
    // other, so the walk along the primary key is short
    const batchId = spec.batchId;
    return (
      (await db.items
        .where(":id")
        .above(currentId)
        .filter((i) => i.batchId === batchId && i.companyId === companyId)
        .first()) ?? null
    );
  }
  const todo = () => db.items.where("[companyId+status]").equals([companyId, TO_DESCRIBE]);
  const after = await todo()
    .filter((i) => i.id > currentId)
    .first();
  if (after) return after;
  return (
    (await todo()
      .filter((i) => i.id !== currentId)
      .first()) ?? null
  );
}
