/**
 * What one label shows (pure, unit tested): the code its barcode carries — the SKU, or the
 * item's barcode when it has no SKU — the title cut to fit the label, the price, the
 * condition and the storage location.
 */
import type { Item, ItemCondition } from "../inventory/item";
import { formatCents } from "../money";
import { type LabelSize, titleCharBudget, truncateTitle } from "./label-layout";

export interface LabelData {
  /** Unique among the labels being printed (an item may get several copies). */
  key: string;
  itemId: string;
  /** What the barcode encodes (null: the item has neither a SKU nor a barcode). */
  code: string | null;
  codeKind: "sku" | "barcode" | null;
  title: string;
  /** "$12.50", or null without a price. */
  price: string | null;
  condition: ItemCondition;
  location: string | null;
}

/** The fields of an item a label reads. */
export type LabelItem = Pick<Item, "id" | "sku" | "barcode" | "title" | "price" | "condition" | "location">;

export function labelCode(item: Pick<Item, "sku" | "barcode">): Pick<LabelData, "code" | "codeKind"> {
  const sku = item.sku?.trim() ?? "";
  if (sku) return { code: sku, codeKind: "sku" };
  const barcode = item.barcode?.trim() ?? "";
  if (barcode) return { code: barcode, codeKind: "barcode" };
  return { code: null, codeKind: null };
}

export function labelFromItem(item: LabelItem, size: LabelSize, copy = 0): LabelData {
  return {
    key: `${item.id}:${copy}`,
    itemId: item.id,
    ...labelCode(item),
    title: truncateTitle(item.title ?? "", titleCharBudget(size)),
    price: item.price === null || item.price === undefined ? null : formatCents(item.price),
    condition: item.condition,
    location: item.location?.trim() ? item.location.trim() : null,
  };
}

/** Most copies of one item's label in one print. */
export const MAX_COPIES = 100;
/** Most labels in one print (a browser prints a few thousand pages slowly, and paper runs out). */
export const MAX_LABELS = 3000;

/** The labels of the chosen items in their order, `copies` of each, at most MAX_LABELS. */
export function labelsFor(items: readonly LabelItem[], size: LabelSize, copies = 1): LabelData[] {
  const n = Math.min(MAX_COPIES, Math.max(1, Math.floor(copies) || 1));
  const out: LabelData[] = [];
  for (const item of items) {
    for (let c = 0; c < n; c++) {
      if (out.length >= MAX_LABELS) return out;
      out.push(labelFromItem(item, size, c));
    }
  }
  return out;
}
