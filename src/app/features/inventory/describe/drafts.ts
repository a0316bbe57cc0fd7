/**
 * Describe drafts: what a person typed into the describe form and has not saved yet, kept on
 * the device as they type (debounced), so a reload, a crash or a dead battery loses nothing —
 * also offline. Stored in the `meta` table under `draft:item:{itemId}` (no schema change): only
 * the fields the person edited, so fields changed meanwhile by sync still show the new values.
 */
import type { BlocklotDb } from "../../../offline/db";
import type { ItemFormValues } from "../items-form/item-form-values";

/** The fields the describe form edits. */
export const DESCRIBE_FIELDS = [
  "title",
  "description",
  "quantity",
  "condition",
  "price",
  "category",
  "length",
  "width",
  "height",
  "dimensionUnit",
  "weight",
  "weightUnit",
  "location",
] as const satisfies readonly (keyof ItemFormValues)[];

export type DescribeField = (typeof DESCRIBE_FIELDS)[number];
export type DescribeEdits = Partial<Pick<ItemFormValues, DescribeField>>;

export interface ItemDraft {
  companyId: string;
  itemId: string;
  edits: DescribeEdits;
  /** ISO time of the last keystroke saved. */
  savedAt: string;
}

const PREFIX = "draft:item:";
export const draftKey = (itemId: string) => `${PREFIX}${itemId}`;

/** Keeps only describe fields with values of the right kind (a stored draft may be old or edited by hand). */
function cleanEdits(input: unknown): DescribeEdits {
  if (typeof input !== "object" || input === null) return {};
  const out: Record<string, unknown> = {};
  for (const f of DESCRIBE_FIELDS) {
    const v = (input as Record<string, unknown>)[f];
    if (typeof v === "string" || (typeof v === "number" && Number.isFinite(v))) out[f] = v;
  }
  return out as DescribeEdits;
}

function asDraft(value: unknown): ItemDraft | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.companyId !== "string" || typeof v.itemId !== "string" || typeof v.savedAt !== "string")
    return null;
  return { companyId: v.companyId, itemId: v.itemId, savedAt: v.savedAt, edits: cleanEdits(v.edits) };
}

export async function loadDraft(db: BlocklotDb, itemId: string): Promise<ItemDraft | null> {
  const row = await db.meta.get(draftKey(itemId));
  return row ? asDraft(row.value) : null;
}

/** Saves the edits; no edits left deletes the draft. */
export async function saveDraft(db: BlocklotDb, draft: ItemDraft): Promise<void> {
  if (Object.keys(draft.edits).length === 0) {
    await db.meta.delete(draftKey(draft.itemId));
    return;
  }
  await db.meta.put({ key: draftKey(draft.itemId), value: { ...draft, edits: cleanEdits(draft.edits) } });
}

export async function deleteDraft(db: BlocklotDb, itemId: string): Promise<void> {
  await db.meta.delete(draftKey(itemId));
}

/** Ids of the company's items that have a draft. */
export async function draftItemIds(db: BlocklotDb, companyId: string): Promise<Set<string>> {
  const rows = await db.meta.where("key").startsWith(PREFIX).toArray();
  const ids = new Set<string>();
  for (const r of rows) {
    const d = asDraft(r.value);
    if (d && d.companyId === companyId) ids.add(d.itemId);
  }
  return ids;
}
