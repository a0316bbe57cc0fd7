import { describe, expect, it } from "vitest";
import type { Item, Product } from "../../../../domain/inventory/item";
import {
  changedProductFields,
  dollarsToCents,
  emptyProductValues,
  formFieldOf,
  itemFieldsFromProduct,
  productFieldsFromItem,
  productToValues,
  searchProducts,
  sortProducts,
  valuesToProductFields,
} from "./product-form";

const item: Item = {
  id: "0190a000-0000-7000-8000-000000000001",
  companyId: "0190a000-0000-7000-8000-0000000000c1",
  version: 3,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-02T00:00:00.000Z",
  batchId: null,
  productId: null,
  sku: "SKU-1",
  barcode: "0123456789012",
  title: "Brass lamp",
  description: "A 1970s brass desk lamp",
  quantity: 2,
  condition: 13,
  price: 4599,
  category: "inventory",
  dimensions: { length: 10, width: 6, height: 18.5, unit: "INCH" },
  weight: { value: 3.2, unit: "POUND" },
  location: "A-1",
  status: "active",
  publicationStatus: 0,
  photos: ["photo-1.jpg", "photo-2.jpg"],
  notes: null,
};

function product(over: Partial<Product>): Product {
  return {
    id: over.id ?? "p",
    companyId: item.companyId,
    version: 1,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    title: "T",
    description: "D",
    category: "product",
    condition: 5,
    dimensions: { length: null, width: null, height: null, unit: "INCH" },
    weight: { value: null, unit: "POUND" },
    price: null,
    images: [],
    ...over,
  };
}

describe("product form values", () => {
  it("prefills a new product from an item and round-trips it through the form", () => {
    const fields = productFieldsFromItem(item);
    expect(fields).toEqual({
      title: "Brass lamp",
      description: "A 1970s brass desk lamp",
      category: "inventory",
      condition: 13,
      dimensions: { length: 10, width: 6, height: 18.5, unit: "INCH" },
      weight: { value: 3.2, unit: "POUND" },
      price: 4599,
      images: ["photo-1.jpg", "photo-2.jpg"],
    });
    const values = productToValues(fields);
    expect(values.price).toBe(45.99);
    expect(values.condition).toBe("13");
    expect(valuesToProductFields(values)).toEqual({ fields, errors: {} });
  });

  it("turns empty inputs into null and dollars into whole cents", () => {
    const { fields } = valuesToProductFields({ ...emptyProductValues(), title: " A ", description: "B" });
    expect(fields.title).toBe("A");
    expect(fields.price).toBeNull();
    expect(fields.dimensions).toEqual({ length: null, width: null, height: null, unit: "INCH" });
    expect(fields.weight).toEqual({ value: null, unit: "POUND" });
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents("1,234.5")).toBe(123450);
    expect(dollarsToCents("")).toBeNull();
    expect(Number.isNaN(dollarsToCents("abc"))).toBe(true);
  });

  it("reports the required fields and bad numbers under the form's fields", () => {
    const { errors } = valuesToProductFields({
      ...emptyProductValues(),
      price: -5,
      length: -1,
      weight: "x",
    });
    expect(Object.keys(errors).map(formFieldOf).sort()).toEqual(
      ["description", "length", "price", "title", "weight"].sort(),
    );
    expect(errors.title).toBe("Title is required");
    expect(errors.price).toBe("Price cannot be negative");
  });

  it("sends only the changed fields of an edit", () => {
    const before = productFieldsFromItem(item);
    const after = {
      ...before,
      title: "Brass desk lamp",
      dimensions: { ...before.dimensions, unit: "CENTIMETER" as const },
    };
    expect(changedProductFields(before, after)).toEqual({
      title: "Brass desk lamp",
      dimensions: { length: 10, width: 6, height: 18.5, unit: "CENTIMETER" },
    });
    expect(changedProductFields(before, { ...before, images: [...before.images] })).toEqual({});
  });
});

describe("item from a product", () => {
  it("copies the product's fields, links it and takes the SKU and quantity given", () => {
    const p = product({
      id: "0190a000-0000-7000-8000-0000000000a1",
      title: "Lamp",
      price: 100,
      images: ["i.jpg"],
    });
    const { fields, errors } = itemFieldsFromProduct(p, { sku: "  NEW-1 ", quantity: 3 });
    expect(errors).toEqual({});
    expect(fields).toMatchObject({
      productId: p.id,
      sku: "NEW-1",
      quantity: 3,
      title: "Lamp",
      price: 100,
      photos: ["i.jpg"],
      status: "new",
      publicationStatus: 0,
      batchId: null,
    });
  });

  it("asks for a SKU and a whole quantity", () => {
    const p = product({ id: "0190a000-0000-7000-8000-0000000000a2" });
    const { errors } = itemFieldsFromProduct(p, { sku: " ", quantity: "" });
    expect(errors.sku).toBe("SKU is required");
    expect(errors.quantity).toBe("Quantity is required");
    expect(itemFieldsFromProduct(p, { sku: "A", quantity: 1.5 }).errors.quantity).toBe(
      "Quantity must be a whole number",
    );
  });
});

describe("product list", () => {
  const rows = [
    product({
      id: "1",
      title: "banana stand",
      price: 500,
      updatedAt: "2026-01-03T00:00:00.000Z",
      createdAt: "2026-01-01T00:00:00.000Z",
    }),
    product({
      id: "2",
      title: "Apple crate",
      description: "wooden",
      price: null,
      updatedAt: "2026-01-01T00:00:00.000Z",
      createdAt: "2026-01-03T00:00:00.000Z",
    }),
    product({
      id: "3",
      title: "Cherry table",
      description: "Wooden dining table",
      price: 9900,
      updatedAt: "2026-01-02T00:00:00.000Z",
      createdAt: "2026-01-02T00:00:00.000Z",
    }),
  ];
  const ids = (ps: Product[]) => ps.map((p) => p.id);

  it("searches title and description by every word, ignoring case", () => {
    expect(ids(searchProducts(rows, "WOODEN"))).toEqual(["2", "3"]);
    expect(ids(searchProducts(rows, "wooden table"))).toEqual(["3"]);
    expect(ids(searchProducts(rows, "  "))).toEqual(["1", "2", "3"]);
    expect(searchProducts(rows, "piano")).toEqual([]);
  });

  it("sorts by change, creation, title and price (no price last)", () => {
    expect(ids(sortProducts(rows, "updated"))).toEqual(["1", "3", "2"]);
    expect(ids(sortProducts(rows, "created"))).toEqual(["2", "3", "1"]);
    expect(ids(sortProducts(rows, "title"))).toEqual(["2", "1", "3"]);
    expect(ids(sortProducts(rows, "priceDesc"))).toEqual(["3", "1", "2"]);
    expect(ids(sortProducts(rows, "priceAsc"))).toEqual(["1", "3", "2"]);
  });
});
