import { describe, expect, it } from "vitest";
import type { Item, ItemStatus } from "../../../../domain/inventory/item";
import { testItem } from "../../../../domain/inventory/test-items";
import { createFilter, filterPositions, indexItems, normalizeQuery, sortItems } from "./filter";

let n = 0;
function item(fields: Partial<Item>): Item {
  n++;
  return testItem({
    id: `0190${String(n).padStart(8, "0")}`,
    batchId: "b1",
    sku: `SKU-${n}`,
    title: `Item ${n}`,
    ...fields,
  });
}

const titles = (items: readonly Item[], positions: number[]) => positions.map((i) => items[i]?.title);

describe("batch items filter", () => {
  const items = [
    item({ title: "Blue Ceramic Vase", sku: "VASE-001", barcode: "0123456789012", status: "new" }),
    item({ title: "Red Lamp", sku: "LAMP-7", barcode: null, status: "sold" }),
    item({ title: "Vintage lamp shade", sku: "SHADE-1", barcode: "999", status: "listed" }),
    item({ title: "Chair", sku: "CH-0123", barcode: null, status: "sold" }),
  ];
  const index = indexItems(items);

  it("matches title, SKU or barcode, in any case and any part", () => {
    expect(titles(items, filterPositions(index, { query: "lamp", status: null }))).toEqual([
      "Red Lamp",
      "Vintage lamp shade",
    ]);
    expect(titles(items, filterPositions(index, { query: "vase-0", status: null }))).toEqual([
      "Blue Ceramic Vase",
    ]);
    expect(titles(items, filterPositions(index, { query: "56789", status: null }))).toEqual([
      "Blue Ceramic Vase",
    ]);
    // "0123" is in a barcode and in a SKU
    expect(titles(items, filterPositions(index, { query: "0123", status: null }))).toEqual([
      "Blue Ceramic Vase",
      "Chair",
    ]);
  });

  it("does not match across fields (the separator is not searchable text)", () => {
    // title "Red Lamp" followed by SKU "LAMP-7" must not make "lamp lamp" match
    expect(filterPositions(index, { query: "lamplamp", status: null })).toEqual([]);
  });

  it("filters by status, alone and with text", () => {
    expect(titles(items, filterPositions(index, { query: "", status: "sold" }))).toEqual([
      "Red Lamp",
      "Chair",
    ]);
    expect(titles(items, filterPositions(index, { query: "lamp", status: "sold" }))).toEqual(["Red Lamp"]);
    expect(filterPositions(index, { query: "", status: "shipped" })).toEqual([]);
  });

  it("an empty or blank query shows everything; spaces are collapsed", () => {
    expect(filterPositions(index, { query: "   ", status: null })).toEqual([0, 1, 2, 3]);
    expect(normalizeQuery("  Lamp   SHADE ")).toBe("lamp shade");
    expect(titles(items, filterPositions(index, { query: "lamp  shade", status: null }))).toEqual([
      "Vintage lamp shade",
    ]);
  });

  it("counts items by status", () => {
    expect(index.statusCounts).toEqual({ new: 1, sold: 2, listed: 1 });
  });

  it("narrowing filter gives the same answer as a full one, and widening starts again", () => {
    const filter = createFilter();
    const statuses: (ItemStatus | null)[] = [null, "sold"];
    for (const status of statuses) {
      for (const query of ["l", "la", "lam", "lamp", "la", "", "c", "ch", "x", "0"]) {
        expect(filter(index, { query, status })).toEqual(filterPositions(index, { query, status }));
      }
    }
    // a new index (the batch was read again) never reuses positions of the old one
    const fewer = indexItems(items.slice(2));
    filter(index, { query: "l", status: null });
    expect(filter(fewer, { query: "la", status: null })).toEqual([0]);
  });

  it("sorts without changing the input", () => {
    const a = item({ title: "b", sku: "S10", quantity: 5, updatedAt: "2026-01-03T00:00:00.000Z" });
    const b = item({ title: "A", sku: "S9", quantity: 2, updatedAt: "2026-01-05T00:00:00.000Z" });
    const c = item({ title: "c", sku: "S100", quantity: 9, updatedAt: "2026-01-04T00:00:00.000Z" });
    const list = [a, b, c];
    expect(sortItems(list, "import")).toBe(list);
    expect(sortItems(list, "recent").map((x) => x.title)).toEqual(["A", "c", "b"]);
    expect(sortItems(list, "title").map((x) => x.title)).toEqual(["A", "b", "c"]);
    expect(sortItems(list, "sku").map((x) => x.sku)).toEqual(["S9", "S10", "S100"]);
    expect(sortItems(list, "quantity").map((x) => x.quantity)).toEqual([2, 5, 9]);
    expect(list.map((x) => x.title)).toEqual(["b", "A", "c"]);
  });
});
