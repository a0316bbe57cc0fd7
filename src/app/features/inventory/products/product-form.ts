/**
 * Pure logic of the product screens: the form's values and their conversion to the contract's
 * `ProductFields` (dollars → integer cents, empty measures → null), checked with the shared
 * `validateProductFields`; a product prefilled from an item; an item made from a product; and
 * the product list's search and sort.
 */
import {
  type DimensionUnit,
  ITEM_CONDITIONS,
  type Item,
  type ItemCategory,
  type ItemCondition,
  type ItemFields,
  type Product,
  type ProductFields,
  type WeightUnit,
} from "../../../../domain/inventory/item";
import {
  type FieldErrors,
  normalizeSku,
  validateItemFields,
  validateProductFields,
} from "../../../../domain/inventory/validate";
import type { ProductSort } from "./product-list-search";

/** A number input's value: a number, or "" when empty (Mantine NumberInput). */
export type NumberValue = number | string;

export interface ProductFormValues {
  title: string;
  description: string;
  category: ItemCategory;
  /** "5" or "13" (a Select's value). */
  condition: string;
  /** Dollars. */
  price: NumberValue;
  length: NumberValue;
  width: NumberValue;
  height: NumberValue;
  dimensionUnit: DimensionUnit;
  weight: NumberValue;
  weightUnit: WeightUnit;
  images: string[];
}

export function emptyProductValues(): ProductFormValues {
  return {
    title: "",
    description: "",
    category: "product",
    condition: String(ITEM_CONDITIONS.USED),
    price: "",
    length: "",
    width: "",
    height: "",
    dimensionUnit: "INCH",
    weight: "",
    weightUnit: "POUND",
    images: [],
  };
}

const blank = (v: number | null) => (v === null ? "" : v);

/** The form's values for a product, or for the product fields taken from an item. */
export function productToValues(p: ProductFields): ProductFormValues {
  return {
    title: p.title,
    description: p.description,
    category: p.category,
    condition: String(p.condition),
    price: p.price === null ? "" : p.price / 100,
    length: blank(p.dimensions.length),
    width: blank(p.dimensions.width),
    height: blank(p.dimensions.height),
    dimensionUnit: p.dimensions.unit,
    weight: blank(p.weight.value),
    weightUnit: p.weight.unit,
    // the form lists images by reference, so each appears once
    images: [...new Set(p.images)],
  };
}

/** The product fields an item gives a new product (spec: items and products share these). */
export function productFieldsFromItem(item: Item): ProductFields {
  return {
    title: item.title,
    description: item.description,
    category: item.category,
    condition: item.condition,
    dimensions: { ...item.dimensions },
    weight: { ...item.weight },
    price: item.price,
    images: [...item.photos],
  };
}

/** A typed number, or NaN when it is not one ("" → null). */
function toNumber(v: NumberValue): number | null {
  if (typeof v === "number") return v;
  const s = v.trim();
  if (s === "") return null;
  return Number(s.replaceAll(",", ""));
}

/** Dollars → integer cents (rounded to the cent; NaN stays NaN so the rules report it). */
export function dollarsToCents(v: NumberValue): number | null {
  const n = toNumber(v);
  if (n === null || Number.isNaN(n)) return n;
  return Math.round(n * 100);
}

/** The form's values as contract fields, and what is wrong with them (keyed like validate.ts). */
export function valuesToProductFields(v: ProductFormValues): { fields: ProductFields; errors: FieldErrors } {
  const fields: ProductFields = {
    title: v.title.trim(),
    description: v.description.trim(),
    category: v.category,
    condition: Number(v.condition) as ItemCondition,
    price: dollarsToCents(v.price),
    dimensions: {
      length: toNumber(v.length),
      width: toNumber(v.width),
      height: toNumber(v.height),
      unit: v.dimensionUnit,
    },
    weight: { value: toNumber(v.weight), unit: v.weightUnit },
    images: v.images.map((i) => i.trim()).filter((i) => i !== ""),
  };
  return { fields, errors: validateProductFields(fields) };
}

/** Form field name for a validate.ts path ("dimensions.length" → "length"). */
export function formFieldOf(path: string): keyof ProductFormValues | "images" {
  const map: Record<string, keyof ProductFormValues> = {
    "dimensions.length": "length",
    "dimensions.width": "width",
    "dimensions.height": "height",
    "dimensions.unit": "dimensionUnit",
    dimensions: "length",
    "weight.value": "weight",
    "weight.unit": "weightUnit",
    weight: "weight",
  };
  if (map[path]) return map[path];
  if (path.startsWith("images")) return "images";
  return path as keyof ProductFormValues;
}

/** The fields a changed product sends (a PATCH carries only these). */
export function changedProductFields(before: ProductFields, after: ProductFields): Partial<ProductFields> {
  const out: Partial<ProductFields> = {};
  for (const key of Object.keys(after) as (keyof ProductFields)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      (out as Record<string, unknown>)[key] = after[key];
    }
  }
  return out;
}

/** An item made from a product: its fields, with the SKU and quantity the person gives. */
export function itemFieldsFromProduct(
  product: Product,
  input: { sku: string; quantity: number | string },
): { fields: ItemFields; errors: FieldErrors } {
  const q = toNumber(input.quantity);
  const fields: ItemFields = {
    batchId: null,
    productId: product.id,
    sku: normalizeSku(input.sku),
    barcode: null,
    title: product.title,
    description: product.description,
    quantity: q as number,
    condition: product.condition,
    price: product.price,
    category: product.category,
    dimensions: { ...product.dimensions },
    weight: { ...product.weight },
    location: null,
    status: "new",
    publicationStatus: 0,
    photos: [...product.images],
    notes: null,
  };
  return { fields, errors: validateItemFields(fields) };
}

/** Products whose title or description holds every word of the query (case-insensitive). */
export function searchProducts(products: readonly Product[], query: string): Product[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...products];
  return products.filter((p) => {
    const text = `${p.title}\n${p.description}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

const byTitle = (a: Product, b: Product) =>
  a.title.localeCompare(b.title, undefined, { sensitivity: "base", numeric: true }) ||
  a.id.localeCompare(b.id);

/** Sorted copy; products without a price go last in both price orders. */
export function sortProducts(products: readonly Product[], sort: ProductSort): Product[] {
  const out = [...products];
  switch (sort) {
    case "updated":
      return out.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || byTitle(a, b));
    case "created":
      return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || byTitle(a, b));
    case "title":
      return out.sort(byTitle);
    case "priceDesc":
    case "priceAsc": {
      const dir = sort === "priceAsc" ? 1 : -1;
      return out.sort((a, b) => {
        if (a.price === null || b.price === null) {
          if (a.price === b.price) return byTitle(a, b);
          return a.price === null ? 1 : -1;
        }
        return (a.price - b.price) * dir || byTitle(a, b);
      });
    }
  }
}
