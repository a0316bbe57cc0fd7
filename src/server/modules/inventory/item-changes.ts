/**
 * Which item fields a marketplace staff write changed, old → new (docs/marketplace.md "Who
 * changed what"): the company-scope plugin asks `before` just before a staff write in a seller's
 * inventory runs and `after` once it was answered 2xx, and keeps the answer in that write's
 * audit row (`changes`), which the item's history shows the seller. The items are those the
 * write names: its own route (`/api/inventory/items/{id}`, its photo routes), the write batch's
 * item writes, a bulk status change's `ids`. An import chunk creates its items: it lists no
 * fields (its history row says "imported").
 */
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { ITEM_MERGE_FIELDS, type ItemFields } from "../../../domain/inventory/item";
import type { Db } from "../../db/client";
import { inventoryItems } from "../../db/schema";
import type { StaffWriteTracker } from "../../plugins/company-scope";
import { ITEM, itemToApi } from "./store";

/** One field a write changed; long text is cut to TEXT_MAX characters (an ellipsis marks it). */
export interface FieldChange {
  field: keyof ItemFields;
  from: unknown;
  to: unknown;
}

/** Items whose fields are compared per write (a bulk status change names up to 1,000). */
const ITEMS_MAX = 1000;
const TEXT_MAX = 500;
/** Fields compared: the item's own fields, not the eBay state eBay's answers write. */
const FIELDS = ITEM_MERGE_FIELDS.filter((f) => f !== "ebay");
const ITEM_URL =
  /^\/api\/inventory\/items\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[/?]|$)/i;

/** The ids of the items a write request names (its URL, the write batch's writes, bulk status ids). */
function itemsOfWrite(request: Pick<FastifyRequest, "url" | "body">): string[] {
  const ids = new Set<string>();
  const add = (url: unknown) => {
    const m = typeof url === "string" ? ITEM_URL.exec(url) : null;
    if (m?.[1]) ids.add(m[1].toLowerCase());
  };
  add(request.url);
  const body = request.body as { writes?: { url?: unknown }[]; ids?: unknown } | undefined;
  if (Array.isArray(body?.writes)) for (const w of body.writes) add(w?.url);
  if (request.url.startsWith("/api/inventory/items/bulk-status") && Array.isArray(body?.ids)) {
    for (const id of body.ids) if (typeof id === "string") ids.add(id.toLowerCase());
  }
  return [...ids].slice(0, ITEMS_MAX);
}

type Snapshot = Map<string, ItemFields>;

async function snapshot(db: Db, companyId: string, ids: string[]): Promise<Snapshot> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(inventoryItems)
    .where(and(eq(inventoryItems.companyId, companyId), inArray(inventoryItems.id, ids)));
  return new Map(rows.map((r) => [r.id, ITEM.fieldsOf(itemToApi(r))]));
}

const cut = (v: unknown) =>
  typeof v === "string" && v.length > TEXT_MAX ? `${v.slice(0, TEXT_MAX)}…` : (v ?? null);

/** The fields that differ between two states of an item (null: the item did not exist / was deleted). */
function fieldChanges(before: ItemFields | null, after: ItemFields | null): FieldChange[] {
  if (!before || !after) return [];
  return FIELDS.filter((f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null)).map(
    (field) => ({ field, from: cut(before[field]), to: cut(after[field]) }),
  );
}

/** The tracker the company-scope plugin runs around every staff write in a seller's inventory. */
export function itemChangeTracker(db: Db): StaffWriteTracker {
  return {
    async before(request, companyId) {
      const ids = itemsOfWrite(request);
      return ids.length === 0 ? null : { ids, items: await snapshot(db, companyId, ids) };
    },
    async after(_request, companyId, state) {
      const taken = state as { ids: string[]; items: Snapshot } | null;
      if (!taken) return {};
      const now = await snapshot(db, companyId, taken.ids);
      const changes: Record<string, FieldChange[]> = {};
      for (const id of taken.ids) {
        const fields = fieldChanges(taken.items.get(id) ?? null, now.get(id) ?? null);
        if (fields.length > 0) changes[id] = fields;
      }
      return Object.keys(changes).length > 0 ? { changes } : {};
    },
  };
}
