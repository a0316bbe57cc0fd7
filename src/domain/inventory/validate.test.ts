import { describe, expect, it } from "vitest";
import { ITEM_LIMITS, type ItemFields, type ProductFields } from "./item";
import {
  firstError,
  isUuidV7,
  normalizeSku,
  validateBatchFields,
  validateItemFields,
  validateProductFields,
} from "./validate";

const item: ItemFields = {
  batchId: null,
  productId: null,
  sku: "SKU-1",
  barcode: "012345678905",
  title: "Lamp",
  description: "Brass desk lamp",
  quantity: 3,
  condition: 13,
  price: 1999,
  category: "inventory",
  dimensions: { length: 10, width: 5, height: 20, unit: "INCH" },
  weight: { value: 2.5, unit: "POUND" },
  location: "B-12",
  status: "new",
  publicationStatus: 0,
  photos: [],
  notes: null,
};

const product: ProductFields = {
  title: "Lamp",
  description: "Brass desk lamp",
  category: "product",
  condition: 5,
  dimensions: { length: null, width: null, height: null, unit: "CENTIMETER" },
  weight: { value: null, unit: "GRAM" },
  price: null,
  images: ["photos/1.jpg"],
};

describe("validateItemFields", () => {
  it("accepts a complete item", () => {
    expect(validateItemFields(item)).toEqual({});
  });

  it("requires title, description and quantity (spec section 5) and a SKU", () => {
    const errors = validateItemFields({
      ...item,
      title: " ",
      description: "",
      quantity: undefined,
      sku: "  ",
    });
    expect(errors).toMatchObject({
      title: "Inventory title is required",
      description: "Description is required",
      quantity: "Quantity is required",
      sku: "SKU is required",
    });
  });

  it("quantity is a whole number from 0 to the limit", () => {
    expect(validateItemFields({ ...item, quantity: 0 })).toEqual({});
    expect(validateItemFields({ ...item, quantity: -1 }).quantity).toBe("Quantity cannot be negative");
    expect(validateItemFields({ ...item, quantity: 1.5 }).quantity).toBe("Quantity must be a whole number");
    expect(validateItemFields({ ...item, quantity: "3" }).quantity).toBe("Quantity must be a whole number");
    expect(validateItemFields({ ...item, quantity: ITEM_LIMITS.quantityMax + 1 }).quantity).toMatch(
      /at most/,
    );
  });

  it("price is whole non-negative cents or empty", () => {
    expect(validateItemFields({ ...item, price: null })).toEqual({});
    expect(validateItemFields({ ...item, price: -1 }).price).toBe("Price cannot be negative");
    expect(validateItemFields({ ...item, price: 9.99 }).price).toBe("Price must be a whole number of cents");
  });

  it("codes and units come from the lists", () => {
    const errors = validateItemFields({
      ...item,
      condition: 7,
      status: "gone",
      category: "misc",
      publicationStatus: 3,
      dimensions: { length: -1, width: 1, height: 1, unit: "MILE" },
      weight: { value: 1, unit: "TON" },
    });
    expect(Object.keys(errors).sort()).toEqual([
      "category",
      "condition",
      "dimensions.length",
      "dimensions.unit",
      "publicationStatus",
      "status",
      "weight.unit",
    ]);
    expect(errors.status).toContain("awaiting_shipment");
  });

  it("limits lengths", () => {
    const errors = validateItemFields({
      ...item,
      sku: "x".repeat(65),
      title: "t".repeat(ITEM_LIMITS.titleMax + 1),
      notes: "n".repeat(ITEM_LIMITS.notesMax + 1),
      photos: Array.from({ length: ITEM_LIMITS.photosMax + 1 }, (_, i) => `p${i}`),
    });
    expect(Object.keys(errors).sort()).toEqual(["notes", "photos", "sku", "title"]);
    // Surrounding spaces do not count towards the SKU's length.
    expect(validateItemFields({ ...item, sku: ` ${"x".repeat(64)} ` })).toEqual({});
  });

  it("checks only present fields when partial", () => {
    expect(validateItemFields({ quantity: 2 }, { partial: true })).toEqual({});
    expect(validateItemFields({ title: "" }, { partial: true })).toEqual({
      title: "Inventory title is required",
    });
    expect(validateItemFields({ batchId: "nope" }, { partial: true }).batchId).toMatch(/UUID/);
  });

  it("firstError names the field", () => {
    expect(firstError(validateItemFields({ ...item, quantity: -2 }))).toBe(
      "quantity: Quantity cannot be negative",
    );
    expect(firstError({})).toBeNull();
  });
});

describe("validateProductFields and validateBatchFields", () => {
  it("accepts valid ones and explains invalid ones", () => {
    expect(validateProductFields(product)).toEqual({});
    expect(validateProductFields({ ...product, title: "", images: [""] })).toEqual({
      title: "Title is required",
      "images.0": expect.stringContaining("non-empty"),
    });
    expect(validateBatchFields({ name: "Import", sourceFileName: "a.csv", rowCount: 10 })).toEqual({});
    expect(validateBatchFields({ name: "", sourceFileName: null, rowCount: -1 })).toEqual({
      name: "Batch name is required",
      rowCount: expect.stringContaining("whole number"),
    });
  });
});

describe("helpers", () => {
  it("normalizeSku trims; isUuidV7 recognises version 7 ids", () => {
    expect(normalizeSku("  A-1 ")).toBe("A-1");
    expect(isUuidV7("0190f5c2-7a3b-7cde-8f01-23456789abcd")).toBe(true);
    expect(isUuidV7("0190f5c2-7a3b-4cde-8f01-23456789abcd")).toBe(false);
    expect(isUuidV7("nope")).toBe(false);
  });
});
