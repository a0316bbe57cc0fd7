import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import type { Item } from "../../../../domain/inventory/item";
import { translateItemError } from "./item-field-names";
import {
  changedFormFields,
  dollarsToCents,
  emptyItemFormValues,
  formValuesToFields,
  type ItemFormValues,
  itemToFormValues,
  newItemFields,
  validateItemForm,
} from "./item-form-values";

const filled = (over: Partial<ItemFormValues> = {}): ItemFormValues => ({
  ...emptyItemFormValues(),
  title: "  Oak side table ",
  description: "Solid oak, two drawers",
  quantity: 2,
  sku: " OAK-1 ",
  price: 19.99,
  ...over,
});

const item: Item = {
  id: "0190a4b2-0000-7000-8000-000000000001",
  companyId: "c1",
  version: 3,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
  batchId: null,
  productId: null,
  sku: "OAK-1",
  barcode: "012345678905",
  title: "Oak side table",
  description: "Solid oak",
  quantity: 2,
  condition: 5,
  price: 1999,
  category: "inventory",
  dimensions: { length: 20, width: 15.5, height: null, unit: "INCH" },
  weight: { value: 12, unit: "POUND" },
  location: "A-3",
  status: "active",
  publicationStatus: 0,
  photos: ["p1"],
  notes: null,
};

describe("item form values", () => {
  it("turns dollars into integer cents, including amounts that are not exact in binary", () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents("1,234.5")).toBe(123450);
    expect(dollarsToCents("")).toBeNull();
    expect(dollarsToCents("abc")).toBeNaN();
  });

  it("builds the record's fields: trimmed text, SKU normalised, empty optional text as null", () => {
    const f = newItemFields(filled({ barcode: "  ", location: " B-2 " }));
    expect(f).toMatchObject({
      title: "Oak side table",
      sku: "OAK-1",
      barcode: null,
      location: "B-2",
      price: 1999,
      condition: 13,
      quantity: 2,
      dimensions: { length: null, width: null, height: null, unit: "INCH" },
      weight: { value: null, unit: "POUND" },
      publicationStatus: 0,
      photos: [],
      productId: null,
      notes: null,
    });
  });

  it("round-trips an item through the form without changes", () => {
    const values = itemToFormValues(item);
    expect(values.price).toBe(19.99);
    expect(values.condition).toBe("5");
    expect(values.height).toBe("");
    expect(changedFormFields(values, values)).toEqual({});
    expect(formValuesToFields(values)).toMatchObject({
      price: 1999,
      dimensions: item.dimensions,
      weight: item.weight,
      location: "A-3",
    });
  });

  it("names only the fields the person changed", () => {
    const before = itemToFormValues(item);
    const after = { ...before, quantity: 5, width: 16, notes: "scratch on top" };
    expect(changedFormFields(before, after)).toEqual({
      quantity: 5,
      dimensions: { length: 20, width: 16, height: null, unit: "INCH" },
      notes: "scratch on top",
    });
  });

  it("reports the spec's required fields under their form fields", () => {
    const errors = validateItemForm({ ...emptyItemFormValues(), quantity: "" });
    expect(Object.keys(errors).sort()).toEqual(["description", "quantity", "sku", "title"]);
    expect(errors.title?.message).toBe("Inventory title is required");
  });

  it("refuses negative and fractional quantities, a negative price and negative measures", () => {
    const errors = validateItemForm(filled({ quantity: 1.5, price: -1, width: -2, weight: -1 }));
    expect(errors.quantity?.message).toBe("Quantity must be a whole number");
    expect(errors.price?.message).toBe("Price cannot be negative");
    expect(errors.width?.path).toBe("dimensions.width");
    expect(errors.weight?.path).toBe("weight.value");
    expect(validateItemForm(filled({ quantity: -1 })).quantity?.message).toBe("Quantity cannot be negative");
    expect(validateItemForm(filled({ price: "12abc" })).price?.message).toBe("Price must be a number");
  });

  it("accepts a complete item", () => {
    expect(validateItemForm(filled({ length: 10, width: 5, height: 2, weight: 3.5 }))).toEqual({});
  });
});

describe("translated validator messages", () => {
  const i18n = setupI18n({ locale: "en", messages: { en: {} } });
  it("rebuilds each message with the field's name", () => {
    expect(translateItemError(i18n, "title", "Inventory title is required")).toBe(
      "Inventory title is required",
    );
    expect(translateItemError(i18n, "dimensions.width", "Width cannot be negative")).toBe(
      "Width cannot be negative",
    );
    expect(translateItemError(i18n, "sku", "SKU must be at most 64 characters")).toBe(
      "SKU must be at most 64 characters",
    );
    expect(translateItemError(i18n, "price", "Price must be a whole number of cents")).toMatch(/dollars/);
    expect(translateItemError(i18n, "x", "Something unusual")).toBe("Something unusual");
  });
});
