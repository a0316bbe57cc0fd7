import { type TSchema, Type } from "@sinclair/typebox";
import { LISTING_ACTIONS } from "../../../domain/ebay/contract";
import { ITEM_EBAY_LIMITS } from "../../../domain/ebay/item-ebay";
import { BULK_ITEM_STATUSES, BULK_ITEMS_MAX } from "../../../domain/inventory/bulk";
import {
  DIMENSION_UNITS,
  ITEM_CATEGORIES,
  ITEM_CONDITIONS,
  ITEM_LIMITS,
  ITEM_STATUSES,
  PUBLICATION_STATUS,
  WEIGHT_UNITS,
} from "../../../domain/inventory/item";
import { BATCH_LIMITS, MEASURE_MAX } from "../../../domain/inventory/validate";
import { MAX_CENTS } from "../../../domain/money";

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const literals = (values: readonly (string | number)[]) => Type.Union(values.map((v) => Type.Literal(v)));

const Uuid = Type.String({ format: "uuid" });

const E = ITEM_EBAY_LIMITS;
/** Item.ebay (domain ItemEbay); validate.ts's itemEbayError checks the same rules for the forms. */
const ItemEbaySchema = Type.Object(
  {
    categoryId: Type.Union([Type.String({ pattern: "^[0-9]+$", maxLength: E.categoryIdMax }), Type.Null()]),
    categoryName: Type.Union([Type.String({ maxLength: E.categoryNameMax }), Type.Null()]),
    aspects: Type.Record(
      Type.String({ minLength: 1, maxLength: E.aspectNameMax }),
      Type.Array(Type.String({ minLength: 1, maxLength: E.aspectValueMax }), { maxItems: E.aspectValuesMax }),
      { maxProperties: E.aspectsMax },
    ),
    request: Type.Union([
      Type.Object(
        {
          id: Type.String({ format: "uuid" }),
          action: Type.Union(LISTING_ACTIONS.map((a) => Type.Literal(a))),
          at: Type.String({ format: "date-time" }),
        },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
  },
  { additionalProperties: false },
);
const Measure = Nullable(Type.Number({ minimum: 0, maximum: MEASURE_MAX }));
const Timestamp = Type.String({ format: "date-time" });

const StatusSchema = literals(ITEM_STATUSES);
const ConditionSchema = literals(Object.values(ITEM_CONDITIONS));
const PublicationSchema = literals(Object.values(PUBLICATION_STATUS));
const CategorySchema = literals(ITEM_CATEGORIES);
const DimensionsSchema = Type.Object(
  { length: Measure, width: Measure, height: Measure, unit: literals(DIMENSION_UNITS) },
  { additionalProperties: false },
);
const WeightSchema = Type.Object(
  { value: Measure, unit: literals(WEIGHT_UNITS) },
  { additionalProperties: false },
);
const Price = Nullable(Type.Integer({ minimum: 0, maximum: MAX_CENTS, description: "Integer cents" }));
const Refs = Type.Array(Type.String({ minLength: 1, maxLength: 2048 }), { maxItems: ITEM_LIMITS.photosMax });

const itemFields = {
  batchId: Nullable(Uuid),
  productId: Nullable(Uuid),
  sku: Type.String({ minLength: 1, maxLength: ITEM_LIMITS.skuMax + 64 }),
  barcode: Nullable(Type.String({ maxLength: ITEM_LIMITS.barcodeMax })),
  title: Type.String({ maxLength: ITEM_LIMITS.titleMax }),
  description: Type.String({ maxLength: ITEM_LIMITS.descriptionMax }),
  quantity: Type.Integer({ minimum: 0, maximum: ITEM_LIMITS.quantityMax }),
  condition: ConditionSchema,
  price: Price,
  category: CategorySchema,
  dimensions: DimensionsSchema,
  weight: WeightSchema,
  location: Nullable(Type.String({ maxLength: ITEM_LIMITS.locationMax })),
  status: StatusSchema,
  publicationStatus: PublicationSchema,
  photos: Refs,
  notes: Nullable(Type.String({ maxLength: ITEM_LIMITS.notesMax })),
  ebay: Type.Optional(Nullable(ItemEbaySchema)),
};

const productFields = {
  title: Type.String({ maxLength: ITEM_LIMITS.titleMax }),
  description: Type.String({ maxLength: ITEM_LIMITS.descriptionMax }),
  category: CategorySchema,
  condition: ConditionSchema,
  dimensions: DimensionsSchema,
  weight: WeightSchema,
  price: Price,
  images: Refs,
};

const batchFields = {
  name: Type.String({ maxLength: BATCH_LIMITS.nameMax }),
  sourceFileName: Nullable(Type.String({ maxLength: BATCH_LIMITS.fileNameMax })),
  rowCount: Type.Integer({ minimum: 0, maximum: BATCH_LIMITS.rowCountMax }),
};

const meta = {
  id: Uuid,
  companyId: Uuid,
  version: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
};

export const ItemSchema = Type.Object({ ...meta, ...itemFields });
export const ProductSchema = Type.Object({ ...meta, ...productFields });
export const BatchSchema = Type.Object({ ...meta, ...batchFields, createdBy: Nullable(Uuid) });

type Props = Record<string, TSchema>;
const optional = (props: Props) =>
  Object.fromEntries(Object.entries(props).map(([k, v]) => [k, Type.Optional(v)])) as Props;
const Version = Type.Integer({
  minimum: 1,
  maximum: 2_147_483_647,
  description: "The version this change is based on",
});

/** Create (POST, or PUT of a new id): required fields plus optional ones with defaults; PUT of an existing id also needs `version`. */
function createBody(props: Props, required: readonly string[], withId: boolean) {
  const out: Props = {};
  for (const [k, v] of Object.entries(props)) out[k] = required.includes(k) ? v : Type.Optional(v);
  if (withId) out.id = Type.Optional(Uuid);
  out.version = Type.Optional(Version);
  return Type.Object(out, { additionalProperties: false });
}
function patchBody(props: Props) {
  return Type.Object({ version: Version, ...optional(props) }, { additionalProperties: false });
}

const ITEM_REQUIRED = ["sku", "title", "description", "quantity"] as const;
const PRODUCT_REQUIRED = ["title", "description"] as const;
const BATCH_REQUIRED = ["name"] as const;

export const ItemPut = createBody(itemFields, ITEM_REQUIRED, false);
export const ItemPost = createBody(itemFields, ITEM_REQUIRED, true);
export const ItemPatch = patchBody(itemFields);
export const ProductPut = createBody(productFields, PRODUCT_REQUIRED, false);
export const ProductPost = createBody(productFields, PRODUCT_REQUIRED, true);
export const ProductPatch = patchBody(productFields);
export const BatchPut = createBody(batchFields, BATCH_REQUIRED, false);
export const BatchPost = createBody(batchFields, BATCH_REQUIRED, true);
export const BatchPatch = patchBody(batchFields);

const paging = {
  page: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  rowsPerPage: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
  q: Type.Optional(Type.String({ maxLength: 200, description: "Text search" })),
  sortDir: Type.Union([Type.Literal("asc"), Type.Literal("desc")], { default: "desc" }),
};

export const ITEM_SORTS = ["createdAt", "updatedAt", "title", "sku", "quantity", "price", "status"] as const;
export const ItemListQuery = Type.Object(
  {
    ...paging,
    batchId: Type.Optional(Uuid),
    status: Type.Optional(StatusSchema),
    sortBy: Type.Union(
      ITEM_SORTS.map((s) => Type.Literal(s)),
      { default: "createdAt" },
    ),
  },
  { additionalProperties: false },
);
export const PRODUCT_SORTS = ["createdAt", "updatedAt", "title", "price"] as const;
export const ProductListQuery = Type.Object(
  {
    ...paging,
    sortBy: Type.Union(
      PRODUCT_SORTS.map((s) => Type.Literal(s)),
      { default: "createdAt" },
    ),
  },
  { additionalProperties: false },
);
export const BATCH_SORTS = ["createdAt", "updatedAt", "name"] as const;
export const BatchListQuery = Type.Object(
  {
    ...paging,
    sortBy: Type.Union(
      BATCH_SORTS.map((s) => Type.Literal(s)),
      { default: "createdAt" },
    ),
  },
  { additionalProperties: false },
);

export const page = <T extends TSchema>(row: T) =>
  Type.Object({
    rows: Type.Array(row),
    total: Type.Integer(),
    page: Type.Integer(),
    rowsPerPage: Type.Integer(),
  });

export const BulkStatusBody = Type.Object(
  { ids: Type.Array(Uuid, { minItems: 1, maxItems: 1000, uniqueItems: true }), status: StatusSchema },
  { additionalProperties: false },
);
export const BulkStatusResult = Type.Object({ rows: Type.Array(ItemSchema), notFound: Type.Array(Uuid) });

/** write-batch.ts and bulk.ts take the error schema from here (the sync lift will import it from plugins/errors.ts). */
export { ErrorBody } from "../../plugins/errors";

/**
 * `POST /api/inventory/items/bulk`'s body limit. The app's chunks stay under 8 MB by its own
 * estimate (BULK_CHUNK_BYTES: ≤ 16 MB whatever the text); 5,000 items with the longest
 * descriptions would not fit, and get 413.
 */
export const BULK_BODY_LIMIT = 24 * 1024 * 1024;

const bulkItemProps: Props = {};
for (const [k, v] of Object.entries(itemFields)) {
  // eBay details and listing requests are written one item at a time (docs/ebay.md), never by an import.
  if (k === "ebay") continue;
  bulkItemProps[k] = (ITEM_REQUIRED as readonly string[]).includes(k) ? v : Type.Optional(v);
}
/** One item of a bulk request: the create body with its (required) client-made id. */
const BulkItem = Type.Object(
  { id: Uuid, version: Type.Optional(Version), ...bulkItemProps },
  { additionalProperties: false },
);
export const BulkItemsBody = Type.Object(
  { items: Type.Array(BulkItem, { minItems: 1, maxItems: BULK_ITEMS_MAX }) },
  { additionalProperties: false },
);

const BulkItemResultSchema = Type.Object({
  id: Uuid,
  status: literals(BULK_ITEM_STATUSES),
  message: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
  conflictingId: Type.Optional(Uuid),
  version: Type.Optional(Type.Integer()),
  createdAt: Type.Optional(Timestamp),
  updatedAt: Type.Optional(Timestamp),
  current: Type.Optional(ItemSchema),
});
/** The sync feed cursors before and after a write request's changes (domain CursorRange). */
const CursorRangeSchema = Type.Object({ from: Type.String(), to: Type.String() });

export const BulkItemsResult = Type.Object({
  results: Type.Array(BulkItemResultSchema),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  refused: Type.Integer(),
  cursor: Type.Optional(CursorRangeSchema),
});
