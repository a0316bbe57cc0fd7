/**
 * Inventory on the server (docs/inventory.md): its three synced types — batches, items, products —
 * whose REST routes, write batch and feed come from the sync module (modules/sync), plus its own
 * bulk routes.
 */
import type { Static } from "@sinclair/typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ItemStatus } from "../../../domain/inventory/item";
import type { Db } from "../../db/client";
import type { CompanyScope } from "../../plugins/company-scope";
import { httpError } from "../../plugins/errors";
import { IDEMPOTENCY_NOTE, syncWrite } from "../sync/routes";
import type { ServerSyncedType } from "../sync/types";
import { inventoryMember } from "./access";
import { registerBulkItems } from "./bulk";
import { registerItemHistory } from "./item-history";
import {
  BATCH_SORTS,
  BatchListQuery,
  BatchPatch,
  BatchPost,
  BatchPut,
  BatchSchema,
  BulkStatusBody,
  BulkStatusResult,
  ITEM_SORTS,
  ItemListQuery,
  ItemPatch,
  ItemPost,
  ItemPut,
  ItemSchema,
  PRODUCT_SORTS,
  ProductListQuery,
  ProductPatch,
  ProductPost,
  ProductPut,
  ProductSchema,
  page,
} from "./schemas";
import { BATCH, bulkStatus, duplicateSku, ITEM, type ListParams, listRecords, PRODUCT } from "./store";

const member = inventoryMember;

const batchOnCreate = (scope: CompanyScope) => ({ createdBy: scope.userId });

/** Inventory's synced types on the server: the sync module's route factory gives them their routes. */
export const INVENTORY_SYNCED: readonly ServerSyncedType[] = [
  {
    kind: BATCH,
    tag: "inventory",
    schemas: {
      row: BatchSchema,
      put: BatchPut,
      post: BatchPost,
      patch: BatchPatch,
      listQuery: BatchListQuery,
      page: page(BatchSchema),
    },
    access: member,
    onCreate: batchOnCreate,
    list: (db, scope, q) => listRecords(db, BATCH, scope.companyId, q as unknown as ListParams),
    listSummary: `My company's batches, paged (page from 0); sort by ${BATCH_SORTS.join(", ")}`,
  },
  {
    kind: ITEM,
    tag: "inventory",
    schemas: {
      row: ItemSchema,
      put: ItemPut,
      post: ItemPost,
      patch: ItemPatch,
      listQuery: ItemListQuery,
      page: page(ItemSchema),
    },
    access: member,
    list: (db, scope, q) => listRecords(db, ITEM, scope.companyId, q as unknown as ListParams),
    listSummary: `My company's items, paged (page from 0); sort by ${ITEM_SORTS.join(", ")}`,
    // the SKU check runs under the company lock; this is the database's own guard behind it
    uniqueViolation: (body) =>
      typeof body?.sku === "string"
        ? duplicateSku(body.sku)
        : httpError(409, "This record conflicts with another one"),
  },
  {
    kind: PRODUCT,
    tag: "inventory",
    schemas: {
      row: ProductSchema,
      put: ProductPut,
      post: ProductPost,
      patch: ProductPatch,
      listQuery: ProductListQuery,
      page: page(ProductSchema),
    },
    access: member,
    list: (db, scope, q) => listRecords(db, PRODUCT, scope.companyId, q as unknown as ListParams),
    listSummary: `My company's products, paged (page from 0); sort by ${PRODUCT_SORTS.join(", ")}`,
  },
];

/**
 * Inventory's own routes besides the synced types' (docs/inventory.md): the bulk status change
 * and the import's bulk create. Every mutation honours Idempotency-Key (plugins/idempotency.ts).
 */
export async function inventoryRoutes(app: FastifyInstance, opts: { types: readonly ServerSyncedType[] }) {
  const { db } = app.ctx;
  const itemType = INVENTORY_SYNCED.find((t) => t.kind === ITEM) as ServerSyncedType;
  const write = <T>(
    request: FastifyRequest,
    scope: CompanyScope,
    fn: (tx: Db) => Promise<{ status: number; body: T }>,
  ) => syncWrite(db, itemType, request, scope, fn);

  app.post<{ Body: Static<typeof BulkStatusBody> }>(
    "/api/inventory/items/bulk-status",
    {
      config: { auth: [], idempotency: true },
      schema: {
        tags: ["inventory"],
        summary: "Set the status of many items (up to 1000); the last change wins (no version check)",
        description: `Answers the items now (in the order asked) and the ids not found in your company. ${IDEMPOTENCY_NOTE}`,
        body: BulkStatusBody,
        response: { 200: BulkStatusResult },
      },
    },
    async (request) => {
      const scope = await member(request);
      const out = await write(request, scope, async (tx) => ({
        status: 200,
        body: await bulkStatus(tx, scope.companyId, request.body.ids, request.body.status as ItemStatus),
      }));
      return out.body;
    },
  );

  registerItemHistory(app, member);

  registerBulkItems(app, {
    member,
    write: (request, scope, fn) => write(request, scope, fn),
    idempotencyNote: IDEMPOTENCY_NOTE,
    kinds: opts.types.map((t) => t.kind),
  });
}
