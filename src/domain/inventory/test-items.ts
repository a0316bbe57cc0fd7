/**
 * Item data for tests (not used by the product): every field of the contract with a plain
 * value, so a test names only what it is about. `testItemFields` → ItemFields (what a form or an
 * import makes), `testItem` → an Item row (what the API and Dexie hold).
 */
import { type Item, type ItemFields, newItemFields } from "./item";

export function testItemFields(over: Partial<ItemFields> = {}): ItemFields {
  return newItemFields({ sku: "SKU", title: "Item", ...over });
}

export function testItem(over: Partial<Item> & Pick<Item, "id">): Item {
  const { id, companyId = "c1", version = 1, createdAt, updatedAt, ...fields } = over;
  return {
    ...testItemFields(fields),
    id,
    companyId,
    version,
    createdAt: createdAt ?? "2026-01-01T00:00:00.000Z",
    updatedAt: updatedAt ?? "2026-01-01T00:00:00.000Z",
  };
}
