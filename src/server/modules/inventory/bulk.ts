/**
 * `POST /api/inventory/items/bulk` (docs/inventory.md "Bulk create"): up to 5,000 items in one
 * request, for the file import. One transaction under the company's inventory lock, like every
 * inventory write; each item is answered on its own (created / updated / unchanged, or refused
 * with the reason) — the request is not all-or-nothing, except for a body the schema refuses
 * (400 for the whole request, nothing written). Lookups and inserts are set-based: four
 * queries whatever the number of items, plus one insert per 500 new items; stored items are
 * answered with their version and timestamps only (their fields are the ones sent).
 */
import type { Static } from "@sinclair/typebox";
import { and, eq, inArray, is, sql } from "drizzle-orm";
import { PgliteSession } from "drizzle-orm/pglite";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  BULK_ITEMS_MAX,
  BULK_ITEMS_PATH,
  BULK_STORED,
  type BulkItemInput,
  type BulkItemResult,
  type BulkItemsResponse,
} from "../../../domain/inventory/bulk";
import type { Item, ItemFields } from "../../../domain/inventory/item";
import { firstError, isUuidV7, normalizeSku, validateItemFields } from "../../../domain/inventory/validate";
import type { Db } from "../../db/client";
import { inventoryBatches, inventoryItems, inventoryProducts } from "../../db/schema";
import type { CompanyScope } from "../../plugins/company-scope";
import { notify } from "../notifications/store";
import { withCursorRange } from "../sync/feed";
import { type AnyKind, patchRecord } from "../sync/store";
import { BULK_BODY_LIMIT, BulkItemsBody, BulkItemsResult, ErrorBody } from "./schemas";
import { ITEM, ITEM_DEFAULTS, itemToApi } from "./store";

/** New rows per INSERT statement: a whole request's (the rows go in as one JSON parameter). */
const INSERT_CHUNK = BULK_ITEMS_MAX;

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const ITEM_KEYS = Object.keys({
  ...ITEM_DEFAULTS,
  sku: 0,
  title: 0,
  description: 0,
  quantity: 0,
}) as (keyof ItemFields)[];
const fieldsOf = (item: Item): ItemFields =>
  Object.fromEntries(ITEM_KEYS.map((k) => [k, item[k]])) as unknown as ItemFields;

const stamps = (item: Item) => ({
  version: item.version,
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
});

/**
 * One INSERT for many new items: the rows go in as one JSON parameter read by
 * jsonb_to_recordset (binding ~25 parameters per row costs more than the insert itself on
 * PGlite), and only how many went in and when comes back. The rows take their change_seq here
 * (the caller holds the company's inventory lock — inventoryTx), so the per-row trigger does not
 * run (migration 0012: it was ~40 % of a 2,000-item request).
 */
async function insertItems(tx: Db, companyId: string, part: { id: string; fields: ItemFields }[]) {
  const pglite = pgliteClient(tx);
  if (pglite) return insertItemsByCopy(pglite, companyId, part);
  const rows = part.map(({ id, fields: f }) => ({
    id,
    batch_id: f.batchId,
    product_id: f.productId,
    sku: f.sku,
    barcode: f.barcode,
    title: f.title,
    description: f.description,
    quantity: f.quantity,
    condition: f.condition,
    price: f.price,
    category: f.category,
    dim_length: f.dimensions.length,
    dim_width: f.dimensions.width,
    dim_height: f.dimensions.height,
    dim_unit: f.dimensions.unit,
    weight_value: f.weight.value,
    weight_unit: f.weight.unit,
    location: f.location,
    status: f.status,
    publication_status: f.publicationStatus,
    photos: f.photos,
    notes: f.notes,
  }));
  // One row back, not one per item: parsing 2,000 returned rows (and their timestamps) was
  // ~18 ms of a request on PGlite. Every row takes the column defaults — version 1, created_at
  // and updated_at = now(), the transaction's time — so the count and now() say it all.
  const result = await tx.execute<{ inserted: number; at: string | Date }>(sql`
    with inserted as (
      insert into inventory_items (id, company_id, batch_id, product_id, sku, barcode, title, description,
        quantity, condition, price, category, dim_length, dim_width, dim_height, dim_unit, weight_value,
        weight_unit, location, status, publication_status, photos, notes, change_seq)
      select x.id, ${companyId}::uuid, x.batch_id, x.product_id, x.sku, x.barcode, x.title, x.description,
        x.quantity, x.condition, x.price, x.category, x.dim_length, x.dim_width, x.dim_height, x.dim_unit,
        x.weight_value, x.weight_unit, x.location, x.status, x.publication_status,
        array(select jsonb_array_elements_text(x.photos)), x.notes, nextval('sync_change_seq')
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id uuid, batch_id uuid, product_id uuid,
        sku text, barcode text, title text, description text, quantity integer, condition smallint,
        price bigint, category text, dim_length double precision, dim_width double precision,
        dim_height double precision, dim_unit text, weight_value double precision, weight_unit text,
        location text, status text, publication_status smallint, photos jsonb, notes text)
      returning 1
    )
    select count(*)::int as inserted, now() as at from inserted`);
  return insertedStamps(result.rows[0], part.length);
}

/** Version 1 and the transaction's time for every row, once the count is checked. */
function insertedStamps(row: { inserted: number; at: string | Date } | undefined, expected: number) {
  if (!row || Number(row.inserted) !== expected)
    throw new Error(`${row?.inserted ?? 0} of ${expected} items were inserted`);
  const at = new Date(row.at).toISOString();
  return { version: 1, createdAt: at, updatedAt: at };
}

/** PGlite's own transaction under a drizzle one (null on PostgreSQL). */
interface PgliteTx {
  exec(query: string): Promise<unknown>;
  query<T>(query: string, params?: unknown[], options?: { blob?: Blob }): Promise<{ rows: T[] }>;
}
function pgliteClient(tx: Db): PgliteTx | null {
  const session: unknown = (tx as unknown as { session?: unknown }).session;
  return is(session, PgliteSession) ? ((session as unknown as { client: PgliteTx }).client ?? null) : null;
}

/** The columns a bulk row goes in through, in the CSV's order. */
const COPY_COLUMNS = [
  "id uuid",
  "batch_id uuid",
  "product_id uuid",
  "sku text",
  "barcode text",
  "title text",
  "description text",
  "quantity integer",
  "condition smallint",
  "price bigint",
  "category text",
  "dim_length double precision",
  "dim_width double precision",
  "dim_height double precision",
  "dim_unit text",
  "weight_value double precision",
  "weight_unit text",
  "location text",
  "status text",
  "publication_status smallint",
  "photos text[]",
  "notes text",
];
const COPY_NAMES = COPY_COLUMNS.map((c) => c.split(" ")[0]).join(", ");

/** A CSV field: text always quoted (so "" is empty, never NULL, and no value reads as `\.`). */
const csvText = (v: string | null) => (v === null ? "" : `"${v.replaceAll('"', '""')}"`);
const csvNumber = (v: number | null) => (v === null ? "" : String(v));
/** A text[] literal, quoted for CSV: {"a","b"} with \ and " escaped inside the elements. */
const csvArray = (v: readonly string[]) =>
  csvText(`{${v.map((x) => `"${x.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join(",")}}`);

/**
 * On PGlite: the rows go in as CSV through `COPY … FROM '/dev/blob'` into a temporary table and
 * from there into the items (5,000 rows: 115 ms instead of 176 ms through jsonb_to_recordset —
 * PGlite encodes a query parameter character by character in JavaScript, and parses JSON in
 * WebAssembly; COPY reads the blob straight from its file system). Same columns, defaults,
 * change_seq and answer as the JSON path PostgreSQL takes.
 */
async function insertItemsByCopy(
  pg: PgliteTx,
  companyId: string,
  part: { id: string; fields: ItemFields }[],
) {
  const lines = part.map(({ id, fields: f }) =>
    [
      id,
      f.batchId ?? "",
      f.productId ?? "",
      csvText(f.sku),
      csvText(f.barcode),
      csvText(f.title),
      csvText(f.description),
      csvNumber(f.quantity),
      csvNumber(f.condition),
      csvNumber(f.price),
      csvText(f.category),
      csvNumber(f.dimensions.length),
      csvNumber(f.dimensions.width),
      csvNumber(f.dimensions.height),
      csvText(f.dimensions.unit),
      csvNumber(f.weight.value),
      csvText(f.weight.unit),
      csvText(f.location),
      csvText(f.status),
      csvNumber(f.publicationStatus),
      csvArray(f.photos),
      csvText(f.notes),
    ].join(","),
  );
  await pg.exec(`create temp table bulk_items_in (${COPY_COLUMNS.join(", ")}) on commit drop`);
  await pg.query("copy bulk_items_in from '/dev/blob' with (format csv)", [], {
    blob: new Blob([lines.join("\n")]),
  });
  const result = await pg.query<{ inserted: number; at: string | Date }>(
    `with inserted as (
      insert into inventory_items (${COPY_NAMES}, company_id, change_seq)
      select ${COPY_NAMES}, $1::uuid, nextval('sync_change_seq') from bulk_items_in
      returning 1
    )
    select count(*)::int as inserted, now() as at from inserted`,
    [companyId],
  );
  await pg.exec("drop table bulk_items_in");
  return insertedStamps(result.rows[0], part.length);
}

async function bulkUpsertItems(
  tx: Db,
  companyId: string,
  inputs: readonly BulkItemInput[],
): Promise<BulkItemsResponse> {
  const results: BulkItemResult[] = new Array(inputs.length);
  const firstIndexOfId = new Map<string, number>();
  const candidates: { index: number; id: string; version: number | undefined; fields: ItemFields }[] = [];

  // 1. Each item alone: its id, then the shared rules (validate.ts) on the finished fields.
  inputs.forEach((input, index) => {
    const { id, version, ...given } = input;
    if (!isUuidV7(id)) {
      results[index] = { id, status: "invalid", message: "id: The item id must be a UUIDv7 made by the app" };
      return;
    }
    const first = firstIndexOfId.get(id);
    if (first !== undefined) {
      results[index] = {
        id,
        status: "invalid",
        message: `id: This id was already given to item ${first + 1} of this request`,
      };
      return;
    }
    firstIndexOfId.set(id, index);
    // the defaults' nested objects are shared, never changed (a structuredClone per item was
    // ~12 µs: 0.6 s of a 50,000-row import on the server)
    const fields = { ...ITEM_DEFAULTS, ...given } as ItemFields;
    if (typeof fields.sku === "string") fields.sku = normalizeSku(fields.sku);
    const errors = validateItemFields(fields);
    const message = firstError(errors);
    if (message) {
      results[index] = { id, status: "invalid", message, errors };
      return;
    }
    candidates.push({ index, id, version, fields });
  });

  // 2. What the database holds for them: the ids (any company), the SKUs, the referenced batches and products.
  const ids = candidates.map((c) => c.id);
  const skus = [...new Set(candidates.map((c) => c.fields.sku))];
  const batchIds = [...new Set(candidates.flatMap((c) => (c.fields.batchId ? [c.fields.batchId] : [])))];
  const productIds = [
    ...new Set(candidates.flatMap((c) => (c.fields.productId ? [c.fields.productId] : []))),
  ];
  // Lists go in as one JSON parameter each (1,000 bound parameters cost more than the query).
  const uuids = (list: string[]) =>
    sql`any(array(select jsonb_array_elements_text(${JSON.stringify(list)}::jsonb)::uuid))`;
  const existing = ids.length
    ? await tx
        .select()
        .from(inventoryItems)
        .where(sql`${inventoryItems.id} = ${uuids(ids)}`)
        .for("update")
    : [];
  const byId = new Map(existing.map((r) => [r.id, r]));
  // A join on the SKUs asked, so each is one probe of the (company_id, sku) index. Written as
  // `sku = any(array(…))`, PostgreSQL scanned all the company's items and compared each with the
  // whole list (202 ms for 2,000 SKUs against 12,000 items, growing with the inventory).
  const skuOwners = skus.length
    ? (
        await tx.execute<{ id: string; sku: string }>(sql`
          select i.id, i.sku
          from jsonb_array_elements_text(${JSON.stringify(skus)}::jsonb) as s(sku)
          join inventory_items i on i.company_id = ${companyId}::uuid and i.sku = s.sku and i.deleted_at is null`)
      ).rows
    : [];
  /** SKU → the item holding it: in the database, or claimed by an earlier item of this request. */
  const owner = new Map<string, { id: string; index?: number }>(skuOwners.map((r) => [r.sku, { id: r.id }]));
  const known = async (table: typeof inventoryBatches | typeof inventoryProducts, refs: string[]) =>
    new Set(
      refs.length
        ? (
            await tx
              .select({ id: table.id })
              .from(table)
              .where(and(eq(table.companyId, companyId), inArray(table.id, refs)))
          ).map((r) => r.id)
        : [],
    );
  const batches = await known(inventoryBatches, batchIds);
  const products = await known(inventoryProducts, productIds);

  // 3. Each candidate in order: ownership of the id, references, SKU, then create or update.
  const toInsert: { index: number; id: string; fields: ItemFields }[] = [];
  for (const c of candidates) {
    const { id, index, fields } = c;
    const row = byId.get(id);
    if (row && row.companyId !== companyId) {
      results[index] = {
        id,
        status: "id-taken",
        message: "This id is already in use; make a new id for a new item",
      };
      continue;
    }
    if (row?.deletedAt) {
      results[index] = { id, status: "deleted", message: "Item was deleted" };
      continue;
    }
    if (fields.batchId && !batches.has(fields.batchId)) {
      const message = `batchId: Batch ${fields.batchId} is not in your company`;
      results[index] = { id, status: "invalid", message, errors: { batchId: "Batch not found" } };
      continue;
    }
    if (fields.productId && !products.has(fields.productId)) {
      const message = `productId: Product ${fields.productId} is not in your company`;
      results[index] = { id, status: "invalid", message, errors: { productId: "Product not found" } };
      continue;
    }
    const holder = owner.get(fields.sku);
    if (holder && holder.id !== id) {
      results[index] = {
        id,
        status: "duplicate-sku",
        message:
          holder.index === undefined
            ? `SKU "${fields.sku}" is already used by another item in your company`
            : `SKU "${fields.sku}" is already used by item ${holder.index + 1} of this request`,
        ...(holder.index === undefined ? { conflictingId: holder.id } : {}),
      };
      continue;
    }
    if (!row) {
      owner.set(fields.sku, { id, index });
      toInsert.push({ index, id, fields });
      continue;
    }
    // An existing item of the company: the PUT rules, item by item (rare in an import).
    const current = itemToApi(row);
    if (c.version === undefined) {
      results[index] = sameJson(fieldsOf(current), fields)
        ? { id, status: "unchanged", ...stamps(current) }
        : {
            id,
            status: "conflict",
            message: "This item already exists with other fields; send its version to replace it",
            current,
          };
      continue;
    }
    if (c.version !== current.version) {
      results[index] = {
        id,
        status: "conflict",
        message: "This item was changed by someone else; merge with the current version and try again",
        current,
      };
      continue;
    }
    if (current.sku !== fields.sku && owner.get(current.sku)?.id === id) owner.delete(current.sku);
    owner.set(fields.sku, { id, index });
    const updated = await patchRecord(tx, ITEM, { companyId }, id, { ...fields, version: c.version });
    results[index] = { id, status: "updated", ...stamps(updated) };
  }

  for (let i = 0; i < toInsert.length; i += INSERT_CHUNK) {
    const part = toInsert.slice(i, i + INSERT_CHUNK);
    const stored = await insertItems(tx, companyId, part);
    for (const p of part) results[p.index] = { id: p.id, status: "created", ...stored };
  }

  const count = (s: BulkItemResult["status"]) => results.filter((r) => r.status === s).length;
  return {
    results,
    created: count("created"),
    updated: count("updated"),
    unchanged: count("unchanged"),
    refused: results.filter((r) => !BULK_STORED.has(r.status)).length,
  };
}

export interface BulkRouteDeps {
  member(request: FastifyRequest): Promise<CompanyScope>;
  write<T>(
    request: FastifyRequest,
    scope: CompanyScope,
    fn: (tx: Db) => Promise<{ status: number; body: T }>,
  ): Promise<{ status: number; body: T }>;
  idempotencyNote: string;
  /** Every synced type (the answer's feed cursor range covers them all). */
  kinds: readonly AnyKind[];
}

/**
 * Tells the importing user how their import's batches stand: one notification per batch
 * (refreshed by each chunk, so the last chunk leaves the final count), written with the chunk.
 */
async function notifyImported(tx: Db, scope: CompanyScope, items: readonly BulkItemInput[]) {
  const batchIds = [...new Set(items.map((i) => i.batchId).filter((b): b is string => !!b))];
  if (batchIds.length === 0) return;
  const batches = await tx
    .select({
      id: inventoryBatches.id,
      name: inventoryBatches.name,
      rowCount: inventoryBatches.rowCount,
      saved: sql<number>`(select count(*)::int from ${inventoryItems} i where i.company_id = ${scope.companyId} and i.batch_id = "inventory_batches"."id" and i.deleted_at is null)`,
    })
    .from(inventoryBatches)
    .where(and(eq(inventoryBatches.companyId, scope.companyId), inArray(inventoryBatches.id, batchIds)));
  for (const b of batches) {
    const of = b.rowCount > b.saved ? ` of ${b.rowCount.toLocaleString("en-US")}` : "";
    await notify(tx, {
      type: "import_finished",
      companyId: scope.companyId,
      recipients: [scope.userId],
      description: `Import "${b.name}": ${b.saved.toLocaleString("en-US")}${of} items saved`,
      link: `/dashboard/item/${b.id}`,
      key: `import:${b.id}`,
    });
  }
}

export function registerBulkItems(app: FastifyInstance, deps: BulkRouteDeps) {
  app.post<{ Body: Static<typeof BulkItemsBody> }>(
    BULK_ITEMS_PATH,
    {
      config: { auth: [], idempotency: true },
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        tags: ["inventory"],
        summary: `Create (or replace) up to ${BULK_ITEMS_MAX.toLocaleString("en-US")} items at once; each item is answered on its own`,
        description: [
          `For imports. \`items\`: 1 to ${BULK_ITEMS_MAX.toLocaleString("en-US")} item bodies, each with the app's UUIDv7 \`id\` (and \`version\` to replace an existing item). One transaction; **not all-or-nothing**: \`results[i]\` answers \`items[i]\` —`,
          "`created`, `updated`, `unchanged` (an existing id sent again with the same fields and no `version`: a resent create) carry the stored `row`;",
          "refused items are `duplicate-sku` (the SKU is held by a live item of the company — `conflictingId` — or by an earlier item of this request), `invalid` (a field rule, a batch/product not in your company, an id given twice; `message` and `errors`),",
          "`conflict` (stale or missing `version` on an existing item; `current`), `id-taken` (the id is another company's), `deleted`. Refused items change nothing; the others are stored.",
          `A body the schema refuses (types, ranges, unknown fields, more than ${BULK_ITEMS_MAX.toLocaleString("en-US")} items) is 400 for the whole request and nothing is written; over 24 MB is 413.`,
          "Answers 200 with the counts `created`, `updated`, `unchanged`, `refused`.",
          deps.idempotencyNote,
        ].join(" "),
        body: BulkItemsBody,
        response: { 200: BulkItemsResult, 400: ErrorBody, 403: ErrorBody, 413: ErrorBody },
      },
    },
    async (request) => {
      const scope = await deps.member(request);
      const out = await deps.write(request, scope, async (tx) => {
        const { result, cursor } = await withCursorRange(tx, deps.kinds, scope, () =>
          bulkUpsertItems(tx, scope.companyId, request.body.items as BulkItemInput[]),
        );
        await notifyImported(tx, scope, request.body.items as BulkItemInput[]);
        return { status: 200, body: { ...result, cursor } };
      });
      return out.body;
    },
  );
}
