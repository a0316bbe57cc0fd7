/**
 * A scanned code against the local database (Dexie, so it works offline): find the item by
 * barcode or SKU, then open it, add 1 to it, or create it — and undo that. Writes go through
 * the sync engine (`write.put/patch/remove`: Dexie + outbox in one transaction, sent when
 * online). Tested in apply-scan.test.ts on fake-indexeddb with the real engine.
 */
import type { Item } from "../../../../domain/inventory/item";
import { validateItemFields } from "../../../../domain/inventory/validate";
import type { BlocklotDb } from "../../../offline/db";
import type { AppSyncEngine as SyncEngine } from "../../../offline/synced-types";
import { decideAction, type ScanAction, type ScanMode, scannedItemFields } from "./scan-logic";
import { decremented, type ScanEntry, undoPlan } from "./scan-session";
import { codeVariants, type ScanFormat } from "./symbologies";

/**
 * The company's item with this code: first by barcode (an exact match before a UPC/EAN
 * variant, then the most recently changed), else by SKU (index [companyId+sku]).
 */
export async function findItemByCode(
  db: BlocklotDb,
  companyId: string,
  code: string,
  format?: ScanFormat,
): Promise<Item | null> {
  const variants = codeVariants(code, format);
  const byBarcode = await db.items
    .where("barcode")
    .anyOf(variants)
    .filter((i) => i.companyId === companyId)
    .toArray();
  if (byBarcode.length) {
    byBarcode.sort(
      (a, b) =>
        variants.indexOf(a.barcode ?? "") - variants.indexOf(b.barcode ?? "") ||
        b.updatedAt.localeCompare(a.updatedAt),
    );
    return byBarcode[0] as Item;
  }
  for (const v of variants) {
    const bySku = await db.items.where("[companyId+sku]").equals([companyId, v]).first();
    if (bySku) return bySku;
  }
  return null;
}

export interface ScanContext {
  db: BlocklotDb;
  write: SyncEngine["write"];
  companyId: string;
  newId: () => string;
  /** Placeholder texts of an item made for an unknown code (translated by the page). */
  placeholder: (code: string) => { title: string; description: string };
}

/** The item a single read was applied for is no longer on this device (nothing was changed). */
export class KnownItemGone extends Error {
  constructor(readonly code: string) {
    super(`No item has code ${code} any more`);
    this.name = "KnownItemGone";
  }
}

export interface ScanOutcome {
  action: ScanAction;
  /** The item as it is after the scan. */
  item: Item;
}

/**
 * Applies one scan (call them one at a time: see createSerialQueue). `format`: the symbology
 * read. `known`: the item a lookup made before the scan was queued found for this code (a single
 * CODE128 read is applied only because it names an item): that item is read again here, as it
 * is now, and when it is gone nothing is created from that single read.
 */
export async function applyScan(
  ctx: ScanContext,
  code: string,
  mode: ScanMode,
  format?: ScanFormat,
  known?: Item,
): Promise<ScanOutcome> {
  const again = known ? await ctx.db.items.get(known.id) : undefined;
  const found =
    again && again.companyId === ctx.companyId
      ? again
      : await findItemByCode(ctx.db, ctx.companyId, code, format);
  if (known && !found) throw new KnownItemGone(code);
  const action = decideAction(mode, !!found);
  if (found && action === "opened") return { action, item: found };
  if (found) {
    const next = (await ctx.write.patch("item", found.id, { quantity: found.quantity + 1 })) as Item | null;
    return { action, item: next ?? found };
  }
  const fields = scannedItemFields(code, ctx.placeholder(code));
  const errors = validateItemFields(fields);
  const first = Object.values(errors)[0];
  if (first) throw new Error(first);
  const item = (await ctx.write.put("item", ctx.companyId, ctx.newId(), fields)) as Item;
  return { action, item };
}

/** "reverted": the change is taken back; "gone": the item no longer exists here (nothing to revert). */
export type UndoResult = { result: "reverted"; item: Item | null } | { result: "gone" };

export async function undoScan(
  ctx: Pick<ScanContext, "db" | "write">,
  entry: ScanEntry,
): Promise<UndoResult> {
  const plan = undoPlan(entry);
  if (!plan) throw new Error("This scan changed nothing to undo");
  const row = await ctx.db.items.get(plan.itemId);
  if (!row) return { result: "gone" };
  if (plan.kind === "delete") {
    await ctx.write.remove("item", plan.itemId);
    return { result: "reverted", item: null };
  }
  const next = (await ctx.write.patch("item", plan.itemId, {
    quantity: decremented(row.quantity),
  })) as Item | null;
  return { result: "reverted", item: next ?? row };
}
