/**
 * The seller's last eBay choices, remembered by their own items: the categories of the most
 * recently changed items first, each with the item specifics given to it last time.
 */
import type { Item } from "../../../domain/inventory/item";

export interface RecentCategory {
  categoryId: string;
  categoryName: string | null;
  aspects: Record<string, string[]>;
}

export function recentCategories(
  items: Pick<Item, "id" | "ebay" | "updatedAt">[],
  exceptItemId: string,
  max = 5,
): RecentCategory[] {
  const out: RecentCategory[] = [];
  const sorted = items
    .filter((i) => i.id !== exceptItemId && i.ebay?.categoryId)
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  for (const i of sorted) {
    const e = i.ebay;
    if (!e?.categoryId || out.some((c) => c.categoryId === e.categoryId)) continue;
    out.push({ categoryId: e.categoryId, categoryName: e.categoryName, aspects: e.aspects });
    if (out.length === max) break;
  }
  return out;
}
