import { describe, expect, it } from "vitest";
import { changedFields, deepEqual, mergeFields, mergeRecords, resolveConflicts } from "../sync/merge";
import { ITEM_MERGE_FIELDS, type Item, type ItemFields } from "./item";
import { ITEM_TYPE } from "./synced-types";

/** Inventory's item merge rules: the sync module's field merge over the fields ITEM_TYPE declares. */
const mergeItem = (base: ItemFields, mine: ItemFields, theirs: ItemFields) =>
  mergeRecords(ITEM_TYPE, base, mine, theirs);

const base: ItemFields = {
  batchId: "b1",
  productId: null,
  sku: "SKU-1",
  barcode: "012345678905",
  title: "Lamp",
  description: "Brass lamp",
  quantity: 3,
  condition: 13,
  price: 1999,
  category: "inventory",
  dimensions: { length: 10, width: 5, height: 2, unit: "INCH" },
  weight: { value: 2, unit: "POUND" },
  location: "A-1",
  status: "new",
  publicationStatus: 0,
  photos: ["p1", "p2"],
  notes: null,
};

/** Two different values for every field, neither equal to base. */
const alt: { [K in keyof ItemFields]-?: [ItemFields[K], ItemFields[K]] } = {
  batchId: ["b2", null],
  productId: ["pr1", "pr2"],
  sku: ["SKU-2", "SKU-3"],
  barcode: [null, "4006381333931"],
  title: ["Lamp (brass)", "Old lamp"],
  description: ["", "Lamp, brass, working"],
  quantity: [0, 4],
  condition: [5, 5], // only two codes: a different-value conflict is impossible
  price: [null, 2500],
  category: ["product", "product"], // likewise
  dimensions: [
    { length: 10, width: 5, height: 3, unit: "INCH" },
    { length: 10, width: 5, height: 2, unit: "CENTIMETER" },
  ],
  weight: [
    { value: 3, unit: "POUND" },
    { value: 2, unit: "KILOGRAM" },
  ],
  location: ["B-2", null],
  status: ["active", "sold"],
  publicationStatus: [1, 2],
  photos: [["p2", "p1"], ["p1"]],
  notes: ["fragile", "chipped"],
  ebay: [
    { categoryId: "261186", categoryName: "Lamps", aspects: { Brand: ["Acme"] }, request: null },
    {
      categoryId: "261186",
      categoryName: "Lamps",
      aspects: {},
      request: {
        id: "0193a7a0-0000-7000-8000-000000000001",
        action: "publish",
        at: "2026-11-25T10:00:00.000Z",
      },
    },
  ],
};

const with_ = <K extends keyof ItemFields>(row: ItemFields, k: K, v: ItemFields[K]) => ({ ...row, [k]: v });

describe("mergeItem", () => {
  it("nothing changed → base, no conflicts", () => {
    expect(mergeItem(base, base, base)).toEqual({ merged: base, conflicts: [] });
  });

  for (const field of ITEM_MERGE_FIELDS) {
    const [a, b] = alt[field];
    describe(field, () => {
      it("only the user changed it → the user's value", () => {
        const r = mergeItem(base, with_(base, field, a), base);
        expect(r.conflicts).toEqual([]);
        expect(r.merged[field]).toEqual(a);
      });
      it("only the server changed it → the server's value", () => {
        const r = mergeItem(base, base, with_(base, field, a));
        expect(r.conflicts).toEqual([]);
        expect(r.merged[field]).toEqual(a);
      });
      it("both changed it the same way → that value, no conflict", () => {
        // a fresh but equal object/array: equality is by value
        const copy = structuredClone(a);
        const r = mergeItem(base, with_(base, field, a), with_(base, field, copy));
        expect(r.conflicts).toEqual([]);
        expect(r.merged[field]).toEqual(a);
      });
      if (!deepEqual(a, b)) {
        it("both changed it differently → conflict, the server's value until the user chooses", () => {
          const r = mergeItem(base, with_(base, field, a), with_(base, field, b));
          expect(r.conflicts).toEqual([field]);
          expect(r.merged[field]).toEqual(b);
        });
      }
    });
  }

  it("disjoint changes on both sides combine", () => {
    const mine = { ...base, title: "Mine", quantity: 9, photos: ["p1", "p2", "p3"] };
    const theirs = {
      ...base,
      price: 500,
      status: "active" as const,
      dimensions: { ...base.dimensions, height: 7 },
    };
    const r = mergeItem(base, mine, theirs);
    expect(r.conflicts).toEqual([]);
    expect(r.merged).toEqual({
      ...base,
      title: "Mine",
      quantity: 9,
      photos: ["p1", "p2", "p3"],
      price: 500,
      status: "active",
      dimensions: { ...base.dimensions, height: 7 },
    });
  });

  it("several conflicts come in ITEM_MERGE_FIELDS order, beside clean merges", () => {
    const mine = { ...base, notes: "x", title: "Mine", quantity: 1, location: "Z" };
    const theirs = { ...base, notes: "y", title: "Theirs", quantity: 2, price: 1 };
    const r = mergeItem(base, mine, theirs);
    expect(r.conflicts).toEqual(["title", "quantity", "notes"]);
    expect(r.merged.location).toBe("Z");
    expect(r.merged.price).toBe(1);
  });

  it("photo order matters; a nested unit change is a change", () => {
    const r = mergeItem(base, { ...base, photos: ["p2", "p1"] }, { ...base, photos: ["p1", "p2", "p9"] });
    expect(r.conflicts).toEqual(["photos"]);
    const w = mergeItem(base, { ...base, weight: { value: 2, unit: "GRAM" } }, base);
    expect(w.merged.weight).toEqual({ value: 2, unit: "GRAM" });
  });

  it("drops non-field keys (id, version, timestamps) from the merged fields", () => {
    const row: Item = { ...base, id: "i1", version: 4, companyId: "c", createdAt: "t", updatedAt: "t" };
    const theirs: Item = { ...row, version: 5 };
    const r = mergeItem(row, { ...row, title: "T" }, theirs);
    expect(Object.keys(r.merged).sort()).toEqual([...ITEM_MERGE_FIELDS].sort());
  });

  it("resolveConflicts applies the user's choices; unchosen fields keep the server's value", () => {
    const mine = { ...base, title: "Mine", quantity: 1 };
    const theirs = { ...base, title: "Theirs", quantity: 2 };
    const r = mergeItem(base, mine, theirs);
    const out = resolveConflicts(r, mine, theirs, { title: "mine" });
    expect(out.title).toBe("Mine");
    expect(out.quantity).toBe(2);
  });
});

describe("deepEqual / changedFields / mergeFields", () => {
  it("compares by value; null and undefined are the same absence", () => {
    expect(deepEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(deepEqual([1], { 0: 1 })).toBe(false);
    expect(deepEqual(null, undefined)).toBe(true);
    expect(deepEqual({ a: null }, {})).toBe(true);
    expect(deepEqual(0, null)).toBe(false);
    expect(deepEqual("", null)).toBe(false);
    expect(deepEqual(Number.NaN, Number.NaN)).toBe(true);
  });
  it("changedFields lists the differing fields", () => {
    expect(changedFields(base, { ...base, sku: "n", photos: [] }, ITEM_MERGE_FIELDS)).toEqual([
      "sku",
      "photos",
    ]);
  });
  it("mergeFields works for any record shape (products, batches)", () => {
    const r = mergeFields({ name: "a", n: 1 }, { name: "b", n: 1 }, { name: "a", n: 2 }, ["name", "n"]);
    expect(r).toEqual({ merged: { name: "b", n: 2 }, conflicts: [] });
  });
});
