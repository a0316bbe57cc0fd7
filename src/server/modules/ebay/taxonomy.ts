/**
 * Category suggestions from an item's title and a category's aspects (Taxonomy API), with the
 * application's token. Answers are kept in memory for an hour: the category tree changes rarely
 * and the describe form asks again for every item.
 */
import {
  EBAY_MARKETPLACE,
  type EbayAspect,
  type EbayCategorySuggestion,
} from "../../../domain/ebay/contract";
import { ok } from "../../integrations/ebay/client";
import { applicationClient, type EbayDeps } from "./connection";

const TTL_MS = 60 * 60_000;
const cache = new Map<string, { at: number; value: unknown }>();

async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as T;
  const value = await load();
  if (cache.size > 2000) cache.clear();
  cache.set(key, { at: Date.now(), value });
  return value;
}

async function treeId(deps: EbayDeps): Promise<string> {
  return cached(`${deps.ebay.apiBase}:tree`, async () => {
    const client = applicationClient(deps);
    const out = ok(
      "getDefaultCategoryTreeId",
      await client.taxonomy.GET("/get_default_category_tree_id", {
        params: { query: { marketplace_id: EBAY_MARKETPLACE } },
      }),
    );
    return out.categoryTreeId ?? "0";
  });
}

export async function suggestCategories(deps: EbayDeps, q: string): Promise<EbayCategorySuggestion[]> {
  const tree = await treeId(deps);
  return cached(`${deps.ebay.apiBase}:suggest:${q.toLowerCase()}`, async () => {
    const client = applicationClient(deps);
    const out = ok(
      "getCategorySuggestions",
      await client.taxonomy.GET("/category_tree/{category_tree_id}/get_category_suggestions", {
        params: { path: { category_tree_id: tree }, query: { q } },
      }),
    );
    return (out.categorySuggestions ?? []).map((s) => ({
      categoryId: s.category?.categoryId ?? "",
      categoryName: s.category?.categoryName ?? "",
      path: [...(s.categoryTreeNodeAncestors ?? [])]
        .sort((a, b) => (a.categoryTreeNodeLevel ?? 0) - (b.categoryTreeNodeLevel ?? 0))
        .map((a) => a.categoryName ?? "")
        .filter(Boolean),
    }));
  });
}

export async function categoryAspects(deps: EbayDeps, categoryId: string): Promise<EbayAspect[]> {
  const tree = await treeId(deps);
  return cached(`${deps.ebay.apiBase}:aspects:${categoryId}`, async () => {
    const client = applicationClient(deps);
    const out = ok(
      "getItemAspectsForCategory",
      await client.taxonomy.GET("/category_tree/{category_tree_id}/get_item_aspects_for_category", {
        params: { path: { category_tree_id: tree }, query: { category_id: categoryId } },
      }),
    );
    return (out.aspects ?? []).map((a) => ({
      name: a.localizedAspectName ?? "",
      required: !!a.aspectConstraint?.aspectRequired,
      mode: a.aspectConstraint?.aspectMode === "SELECTION_ONLY" ? "SELECTION_ONLY" : "FREE_TEXT",
      multiple: a.aspectConstraint?.itemToAspectCardinality === "MULTI",
      values: (a.aspectValues ?? []).map((v) => v.localizedValue ?? "").filter(Boolean),
    }));
  });
}
