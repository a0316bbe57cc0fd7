/**
 * Reading items to choose from out of Dexie (works offline): a company's batches, a batch's
 * items, and a text search over title, SKU and barcode. Used by the label and describe pages.
 */
import { Dexie } from "dexie";
import type { Batch, Item } from "../../../../domain/inventory/item";
import { batchItemKeys } from "../../../offline/batch-items";
import type { BlocklotDb } from "../../../offline/db";

/** The search text as matched: trimmed, lower-cased, inner whitespace collapsed. */
const normalizeSearch = (q: string) => q.trim().replace(/\s+/g, " ").toLowerCase();

/** Whether an item matches a normalised search (any part of its title, SKU or barcode). */
function itemMatches(item: Pick<Item, "title" | "sku" | "barcode">, q: string): boolean {
  if (q === "") return true;
  return (
    item.title.toLowerCase().includes(q) ||
    item.sku.toLowerCase().includes(q) ||
    (item.barcode ?? "").toLowerCase().includes(q)
  );
}

/** A company's batches, newest first. */
export async function companyBatches(db: BlocklotDb, companyId: string): Promise<Batch[]> {
  const rows = await db.batches.where("companyId").equals(companyId).toArray();
  return rows.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

/** Items of a batch in import order (ids are time-ordered UUIDv7), at most `limit`, and how many there are. */
export async function batchItems(
  db: BlocklotDb,
  companyId: string,
  batchId: string,
  limit: number,
): Promise<{ rows: Item[]; total: number }> {
  // a batch's items are its company's; the check is for the rows read
  const ids = await batchItemKeys(db, batchId);
  const rows = (await db.items.bulkGet(ids.slice(0, limit))).filter(
    (i): i is Item => i !== undefined && i.companyId === companyId,
  );
  return { rows, total: ids.length };
}

/**
 * Items of the company matching the search, by SKU, at most `limit`, and how many match.
 * An exact SKU or barcode match comes first (a scanned or typed code).
 */
export async function searchItems(
  db: BlocklotDb,
  companyId: string,
  query: string,
  limit: number,
): Promise<{ rows: Item[]; total: number }> {
  const q = normalizeSearch(query);
  if (q === "") return { rows: [], total: 0 };
  const all = await db.items
    .where("[companyId+sku]")
    .between([companyId, Dexie.minKey], [companyId, Dexie.maxKey])
    .filter((i) => itemMatches(i, q))
    .toArray();
  const exact = (i: Item) => i.sku.toLowerCase() === q || (i.barcode ?? "").toLowerCase() === q;
  all.sort((a, b) => Number(exact(b)) - Number(exact(a)));
  return { rows: all.slice(0, limit), total: all.length };
}

/** Ids of every match (for "select all"), in the same order as `searchItems`, at most `limit`. */
export async function searchItemIds(
  db: BlocklotDb,
  companyId: string,
  query: string,
  limit: number,
): Promise<string[]> {
  return (await searchItems(db, companyId, query, limit)).rows.map((i) => i.id);
}

/** Ids of a batch's items in import order, at most `limit`. */
export async function batchItemIds(
  db: BlocklotDb,
  companyId: string,
  batchId: string,
  limit: number,
): Promise<string[]> {
  return (await batchItems(db, companyId, batchId, limit)).rows.map((i) => i.id);
}
