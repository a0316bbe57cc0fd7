import { i18n } from "@lingui/core";
import { beforeAll, describe, expect, it } from "vitest";
import { validateItemFields, validateProductFields } from "../../../domain/inventory/validate";
import { MAX_CENTS } from "../../../domain/money";
import { classifyFieldError, fieldErrorText } from "./field-errors";

beforeAll(() => {
  i18n.loadAndActivate({ locale: "en", messages: {} });
});

describe("classifyFieldError", () => {
  it("recognises every kind of message the shared rules give a form", () => {
    const product = validateProductFields({
      title: "",
      description: "x".repeat(10_001),
      condition: 7,
      category: "product",
      price: -1,
      dimensions: { length: -2, width: 2_000_000, height: null, unit: "INCH" },
      weight: { value: "heavy", unit: "POUND" },
      images: Array.from({ length: 30 }, () => "a"),
    });
    expect(classifyFieldError(product.title as string)).toEqual({ kind: "required" });
    expect(classifyFieldError(product.description as string)).toEqual({ kind: "tooLong", max: 10_000 });
    expect(classifyFieldError(product.condition as string)).toEqual({ kind: "notInList" });
    expect(classifyFieldError(product.price as string)).toEqual({ kind: "negative" });
    expect(classifyFieldError(product["dimensions.length"] as string)).toEqual({ kind: "negative" });
    expect(classifyFieldError(product["dimensions.width"] as string)).toEqual({
      kind: "tooLarge",
      max: 1_000_000,
    });
    expect(classifyFieldError(product["weight.value"] as string)).toEqual({ kind: "notNumber" });
    expect(classifyFieldError(product.images as string)).toEqual({ kind: "tooMany", max: 24 });

    const item = validateItemFields({ quantity: 1.5, price: MAX_CENTS + 1 }, { partial: true });
    expect(classifyFieldError(item.quantity as string)).toEqual({ kind: "notWhole" });
    expect(classifyFieldError(item.price as string)).toEqual({ kind: "priceTooLarge", maxCents: MAX_CENTS });
    expect(classifyFieldError(validateItemFields({ price: 1.5 }, { partial: true }).price as string)).toEqual(
      {
        kind: "notWhole",
      },
    );
  });

  it("keeps a message of an unknown shape", () => {
    expect(classifyFieldError("Weight must have a value and a unit")).toEqual({
      kind: "other",
      message: "Weight must have a value and a unit",
    });
  });
});

describe("fieldErrorText", () => {
  it("says each kind in a short sentence for under the field", () => {
    expect(fieldErrorText(i18n, "Title is required")).toBe("This field is required");
    expect(fieldErrorText(i18n, "Title must be at most 200 characters")).toBe("At most 200 characters");
    expect(fieldErrorText(i18n, "Quantity must be at most 1000000")).toBe("At most 1,000,000");
    expect(fieldErrorText(i18n, `Price must be at most ${MAX_CENTS} cents`)).toBe("At most $10,000,000.00");
    expect(fieldErrorText(i18n, "Price cannot be negative")).toBe("Cannot be negative");
    expect(fieldErrorText(i18n, "Something new")).toBe("Something new");
  });
});
