import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { ERROR_CODES } from "../../../domain/errors";
import {
  type Batch,
  type Item,
  type ItemFields,
  newItemFields,
  type Product,
  type ProductFields,
  TO_DESCRIBE,
} from "../../../domain/inventory/item";
import { BATCH_TYPE, ITEM_TYPE, PRODUCT_TYPE } from "../../../domain/inventory/synced-types";
import {
  type BatchFields,
  normalizeSku,
  validateBatchFields,
  validateItemFields,
  validateProductFields,
} from "../../../domain/inventory/validate";
import type { Db } from "../../db/client";
import { inventoryBatches, inventoryItems, inventoryProducts } from "../../db/schema";
import { splitTotal, totalOver } from "../../db/total-over";
import { httpError } from "../../plugins/errors";
import { containsPattern } from "../../plugins/paged-list";
import { type AnyKind, type SyncKind, syncTx } from "../sync/store";

/**
 * A transaction that writes inventory of one company, under the company's advisory lock (the
 * sync module's syncTx): writes of one company are serialised, so change_seq order is commit
 * order (docs/inventory.md "The cursor").
 */
export function inventoryTx<T>(db: Db, companyId: string, fn: (tx: Db) => Promise<T>): Promise<T> {
  return syncTx(db, { companyId }, fn);
}

type ItemRow = typeof inventoryItems.$inferSelect;
type ProductRow = typeof inventoryProducts.$inferSelect;
type BatchRow = typeof inventoryBatches.$inferSelect;

const iso = (d: Date) => d.toISOString();

export function itemToApi(r: ItemRow): Item {
  return {
    id: r.id,
    companyId: r.companyId,
    batchId: r.batchId,
    productId: r.productId,
    sku: r.sku,
    barcode: r.barcode,
    title: r.title,
    description: r.description,
    quantity: r.quantity,
    condition: r.condition as Item["condition"],
    price: r.price,
    category: r.category as Item["category"],
    dimensions: {
      length: r.dimLength,
      width: r.dimWidth,
      height: r.dimHeight,
      unit: r.dimUnit as Item["dimensions"]["unit"],
    },
    weight: { value: r.weightValue, unit: r.weightUnit as Item["weight"]["unit"] },
    location: r.location,
    status: r.status as Item["status"],
    publicationStatus: r.publicationStatus as Item["publicationStatus"],
    photos: r.photos,
    notes: r.notes,
    ebay: r.ebay ?? null,
    version: r.version,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

function productToApi(r: ProductRow): Product {
  return {
    id: r.id,
    companyId: r.companyId,
    title: r.title,
    description: r.description,
    category: r.category as Product["category"],
    condition: r.condition as Product["condition"],
    dimensions: {
      length: r.dimLength,
      width: r.dimWidth,
      height: r.dimHeight,
      unit: r.dimUnit as Product["dimensions"]["unit"],
    },
    weight: { value: r.weightValue, unit: r.weightUnit as Product["weight"]["unit"] },
    price: r.price,
    images: r.images,
    version: r.version,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

function batchToApi(r: BatchRow): Batch {
  return {
    id: r.id,
    companyId: r.companyId,
    name: r.name,
    sourceFileName: r.sourceFileName,
    rowCount: r.rowCount,
    createdBy: r.createdBy,
    createdAt: iso(r.createdAt),
    version: r.version,
    updatedAt: iso(r.updatedAt),
  };
}

/** What an item body may leave out (the four required fields aside). */
const {
  sku: _sku,
  title: _title,
  description: _description,
  quantity: _quantity,
  ...itemDefaults
} = newItemFields();
export const ITEM_DEFAULTS: Omit<ItemFields, "sku" | "title" | "description" | "quantity"> = itemDefaults;

const PRODUCT_DEFAULTS: Omit<ProductFields, "title" | "description"> = {
  category: "product",
  condition: 5,
  dimensions: { length: null, width: null, height: null, unit: "INCH" },
  weight: { value: null, unit: "POUND" },
  price: null,
  images: [],
};

const BATCH_DEFAULTS: Omit<BatchFields, "name"> = { sourceFileName: null, rowCount: 0 };

function measures(f: {
  dimensions?: ItemFields["dimensions"];
  weight?: ItemFields["weight"];
}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (f.dimensions) {
    out.dimLength = f.dimensions.length;
    out.dimWidth = f.dimensions.width;
    out.dimHeight = f.dimensions.height;
    out.dimUnit = f.dimensions.unit;
  }
  if (f.weight) {
    out.weightValue = f.weight.value;
    out.weightUnit = f.weight.unit;
  }
  return out;
}

const pick = <T extends object>(obj: T, keys: readonly (keyof T)[]) =>
  Object.fromEntries(keys.map((k) => [k, obj[k]])) as T;

const ITEM_KEYS = [
  ...Object.keys(ITEM_DEFAULTS),
  "sku",
  "title",
  "description",
  "quantity",
] as (keyof ItemFields)[];
const PRODUCT_KEYS = [...Object.keys(PRODUCT_DEFAULTS), "title", "description"] as (keyof ProductFields)[];
const BATCH_KEYS = ["name", "sourceFileName", "rowCount"] as (keyof BatchFields)[];

export const ITEM: SyncKind<ItemFields, Item> = {
  decl: ITEM_TYPE,
  label: "Item",
  table: inventoryItems,
  toApi: itemToApi as (row: never) => Item,
  defaults: ITEM_DEFAULTS,
  fieldsOf: (api) => pick(api, ITEM_KEYS),
  columns: (f) => {
    const { dimensions, weight, ...rest } = f;
    const out: Record<string, unknown> = { ...rest, ...measures({ dimensions, weight }) };
    if (typeof f.sku === "string") out.sku = normalizeSku(f.sku);
    return out;
  },
  validate: (f, partial) => validateItemFields(f, { partial }),
  async check(tx, companyId, id, f, changed) {
    const dup = changed && !changed.has("sku") ? undefined : await skuHolder(tx, companyId, id, f.sku);
    if (dup) throw duplicateSku(f.sku, dup.id);
    for (const [key, table, label] of [
      ["batchId", inventoryBatches, "Batch"],
      ["productId", inventoryProducts, "Product"],
    ] as const) {
      const ref = f[key];
      if (!ref || (changed && !changed.has(key))) continue;
      const [found] = await tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.id, ref), eq(table.companyId, companyId)));
      if (!found)
        throw httpError(400, `${key}: ${label} ${ref} is not in your company`, {
          errors: { [key]: `${label} not found` },
        });
    }
  },
};

/** The live item of the company other than `id` that holds this SKU, if any. */
async function skuHolder(tx: Db, companyId: string, id: string, sku: string) {
  const [dup] = await tx
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(
      and(
        eq(inventoryItems.companyId, companyId),
        eq(inventoryItems.sku, normalizeSku(sku)),
        isNull(inventoryItems.deletedAt),
        ne(inventoryItems.id, id),
      ),
    )
    .limit(1);
  return dup;
}

export function duplicateSku(sku: string, otherId?: string) {
  return httpError(409, `SKU "${normalizeSku(sku)}" is already used by another item in your company`, {
    code: ERROR_CODES.DUPLICATE,
    field: "sku",
    ...(otherId ? { conflictingId: otherId } : {}),
  });
}

export const PRODUCT: SyncKind<ProductFields, Product> = {
  decl: PRODUCT_TYPE,
  label: "Product",
  table: inventoryProducts,
  toApi: productToApi as (row: never) => Product,
  defaults: PRODUCT_DEFAULTS,
  fieldsOf: (api) => pick(api, PRODUCT_KEYS),
  columns: (f) => {
    const { dimensions, weight, ...rest } = f;
    return { ...rest, ...measures({ dimensions, weight }) };
  },
  validate: (f, partial) => validateProductFields(f, { partial }),
};

export const BATCH: SyncKind<BatchFields, Batch> = {
  decl: BATCH_TYPE,
  label: "Batch",
  table: inventoryBatches,
  toApi: batchToApi as (row: never) => Batch,
  defaults: BATCH_DEFAULTS,
  fieldsOf: (api) => pick(api, BATCH_KEYS),
  columns: (f) => ({ ...f }),
  validate: (f, partial) => validateBatchFields(f, { partial }),
};

/** Status change of many items (no version check: the last change wins). */
export async function bulkStatus(tx: Db, companyId: string, ids: string[], status: Item["status"]) {
  const rows = await tx
    .update(inventoryItems)
    .set({ status, version: sql`${inventoryItems.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(inventoryItems.companyId, companyId),
        inArray(inventoryItems.id, ids),
        isNull(inventoryItems.deletedAt),
        ne(inventoryItems.status, status),
      ),
    )
    .returning();
  const changed = new Set(rows.map((r) => r.id));
  // Items already in that status count as done (a replay changes nothing).
  const same = await tx
    .select()
    .from(inventoryItems)
    .where(
      and(
        eq(inventoryItems.companyId, companyId),
        inArray(
          inventoryItems.id,
          ids.filter((i) => !changed.has(i)),
        ),
        isNull(inventoryItems.deletedAt),
      ),
    );
  const all = [...rows, ...same];
  const found = new Set(all.map((r) => r.id));
  return {
    rows: ids.flatMap((i) => {
      const r = all.find((x) => x.id === i);
      return r ? [itemToApi(r)] : [];
    }),
    notFound: ids.filter((i) => !found.has(i)),
  };
}

export interface ListParams {
  page: number;
  rowsPerPage: number;
  q?: string;
  sortBy: string;
  sortDir: "asc" | "desc";
  batchId?: string;
  status?: string;
}

/** A page of the company's live rows. */
export async function listRecords<Api>(db: Db, kind: AnyKind, companyId: string, p: ListParams) {
  const t = kind.table;
  const filters: (SQL | undefined)[] = [eq(t.companyId, companyId), isNull(t.deletedAt)];
  const q = p.q?.trim();
  if (kind === ITEM) {
    if (p.batchId) filters.push(eq(inventoryItems.batchId, p.batchId));
    if (p.status) filters.push(eq(inventoryItems.status, p.status));
    if (q) {
      const pattern = containsPattern(q);
      filters.push(
        or(
          ilike(inventoryItems.title, pattern),
          ilike(inventoryItems.sku, pattern),
          ilike(inventoryItems.barcode, pattern),
        ),
      );
    }
  } else if (q) {
    filters.push(ilike(kind === BATCH ? inventoryBatches.name : inventoryProducts.title, containsPattern(q)));
  }
  const where = and(...filters);
  const column = t[p.sortBy] ?? t.createdAt;
  const dir = p.sortDir === "asc" ? asc : desc;
  const [total] = await db.select({ total: count() }).from(t).where(where);
  const rows = await db
    .select()
    .from(t)
    .where(where)
    .orderBy(dir(column), dir(t.id))
    .limit(p.rowsPerPage)
    .offset(p.page * p.rowsPerPage);
  return {
    rows: (rows as never[]).map((r) => kind.toApi(r)) as Api[],
    total: Number(total?.total ?? 0),
    page: p.page,
    rowsPerPage: p.rowsPerPage,
  };
}

/** The company's live items still to describe (Describe and List's queue): how many, oldest first. */
export async function itemsToDescribe(db: Db, companyId: string, limit: number) {
  const rows = await db
    .select({
      id: inventoryItems.id,
      title: inventoryItems.title,
      sku: inventoryItems.sku,
      total: totalOver(),
    })
    .from(inventoryItems)
    .where(
      and(
        eq(inventoryItems.companyId, companyId),
        isNull(inventoryItems.deletedAt),
        eq(inventoryItems.status, TO_DESCRIBE),
      ),
    )
    .orderBy(asc(inventoryItems.id))
    .limit(limit);
  return splitTotal(rows);
}

/** True when the company has any live item (its inventory area is in use). */
export async function hasItems(db: Db, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.companyId, companyId), isNull(inventoryItems.deletedAt)))
    .limit(1);
  return !!row;
}
