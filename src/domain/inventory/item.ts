/**
 * Inventory records shared by the API, the app's local database (Dexie) and the sync engine.
 * Spec section 3: item condition codes, publication status, units, the twelve item statuses.
 * Money is integer cents (see ../money.ts). Ids are client-made UUIDv7 strings.
 */
import type { ItemEbay } from "../ebay/item-ebay";
import type { Cents } from "../money";

export const ITEM_CONDITIONS = { NEW: 5, USED: 13 } as const;
export type ItemCondition = (typeof ITEM_CONDITIONS)[keyof typeof ITEM_CONDITIONS];

export const PUBLICATION_STATUS = { UNPUBLISHED: 0, PUBLISHED: 1, DELETED: 2 } as const;
export type PublicationStatus = (typeof PUBLICATION_STATUS)[keyof typeof PUBLICATION_STATUS];

export const DIMENSION_UNITS = ["INCH", "FEET", "CENTIMETER", "METER"] as const;
export type DimensionUnit = (typeof DIMENSION_UNITS)[number];

export const WEIGHT_UNITS = ["POUND", "KILOGRAM", "OUNCE", "GRAM"] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** Marketplace item categories. */
export const ITEM_CATEGORIES = ["product", "inventory"] as const;
export type ItemCategory = (typeof ITEM_CATEGORIES)[number];

/** The twelve item statuses of spec section 3, as stored (snake_case) in this order. */
export const ITEM_STATUSES = [
  "new",
  "pending",
  "active",
  "sold",
  "unavailable",
  "awaiting_shipment",
  "shipped",
  "delivered",
  "listed",
  "withdrawn_from_ebay",
  "deleted_from_ebay",
  "waiting_for_pending",
] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** The status of items waiting to be described (Describe and List's queue, the dashboard's count)… */
export const TO_DESCRIBE: ItemStatus = "new";
/** …and the one a description moves them to (described, waiting to be listed). */
export const DESCRIBED: ItemStatus = "pending";

interface Dimensions {
  length: number | null;
  width: number | null;
  height: number | null;
  unit: DimensionUnit;
}

interface Weight {
  value: number | null;
  unit: WeightUnit;
}

/** Fields a person edits on an item; the sync engine merges these field by field. */
export interface ItemFields {
  batchId: string | null;
  productId: string | null;
  sku: string;
  barcode: string | null;
  title: string;
  description: string;
  quantity: number;
  condition: ItemCondition;
  price: Cents | null;
  category: ItemCategory;
  dimensions: Dimensions;
  weight: Weight;
  location: string | null;
  status: ItemStatus;
  publicationStatus: PublicationStatus;
  photos: string[];
  notes: string | null;
  /**
   * eBay category, item aspects and the seller's latest listing request (docs/ebay.md). Absent
   * or null until the seller describes the item for eBay; a PUT that leaves it out keeps it.
   */
  ebay?: ItemEbay | null;
}

/**
 * A new item's fields: the defaults (quantity 1, Used, category inventory, INCH and POUND,
 * status new, unpublished, no photos) with `over` on top. Nested objects are fresh copies, so
 * the caller may change them in place. The one list of item defaults: the import, the scanner,
 * the server (`ITEM_DEFAULTS`) and the tests start from it.
 */
export function newItemFields(over: Partial<ItemFields> = {}): ItemFields {
  const f: ItemFields = {
    batchId: null,
    productId: null,
    sku: "",
    barcode: null,
    title: "",
    description: "",
    quantity: 1,
    condition: ITEM_CONDITIONS.USED,
    price: null,
    category: "inventory",
    dimensions: { length: null, width: null, height: null, unit: "INCH" },
    weight: { value: null, unit: "POUND" },
    location: null,
    status: "new",
    publicationStatus: 0,
    photos: [],
    notes: null,
    ...over,
  };
  return { ...f, dimensions: { ...f.dimensions }, weight: { ...f.weight }, photos: [...f.photos] };
}

/** An item (batch item) as the API returns it and Dexie stores it. */
export interface Item extends ItemFields {
  id: string;
  companyId: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface ProductFields {
  title: string;
  description: string;
  category: ItemCategory;
  condition: ItemCondition;
  dimensions: Dimensions;
  weight: Weight;
  price: Cents | null;
  images: string[];
}

/** A catalogue entry sellers reuse; items can be created from it. */
export interface Product extends ProductFields {
  id: string;
  companyId: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** An import of items. */
export interface Batch {
  id: string;
  companyId: string;
  name: string;
  sourceFileName: string | null;
  rowCount: number;
  createdBy: string | null;
  createdAt: string;
  version: number;
  updatedAt: string;
}

/** Limits shared by the forms, the import and the API. */
export const ITEM_LIMITS = {
  titleMax: 200,
  descriptionMax: 10_000,
  skuMax: 64,
  barcodeMax: 64,
  locationMax: 64,
  notesMax: 2000,
  quantityMax: 1_000_000,
  photosMax: 24,
} as const;

/** The item fields the sync engine compares and merges, in a stable order. */
export const ITEM_MERGE_FIELDS: readonly (keyof ItemFields)[] = [
  "batchId",
  "productId",
  "sku",
  "barcode",
  "title",
  "description",
  "quantity",
  "condition",
  "price",
  "category",
  "dimensions",
  "weight",
  "location",
  "status",
  "publicationStatus",
  "photos",
  "notes",
  "ebay",
];

/** Inventory's synced types (declared in synced-types.ts). */
export type InventoryEntity = "batch" | "item" | "product";

/** An entry of the sync feed for an inventory record (src/domain/sync/feed.ts). */
export type InventoryChange =
  | { entity: "item"; id: string; deleted: false; row: Item }
  | { entity: "product"; id: string; deleted: false; row: Product }
  | { entity: "batch"; id: string; deleted: false; row: Batch }
  | { entity: InventoryEntity; id: string; deleted: true; row: null };
