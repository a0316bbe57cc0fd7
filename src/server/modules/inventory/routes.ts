import type { Static, TSchema } from "@sinclair/typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ItemStatus } from "../../../domain/inventory/item";
import { isUuidV7 } from "../../../domain/inventory/validate";
import { effectiveRoles, hasAnyRole, ROLES } from "../../../domain/roles";
import type { Db } from "../../db/client";
import type { CompanyScope } from "../../plugins/company-scope";
import { ErrorBody, httpError, StaleBody } from "../../plugins/errors";
import { recordIdempotentResponse } from "../../plugins/idempotency";
import { isUniqueViolation } from "../auth/db-errors";
import { registerBulkItems } from "./bulk";
import {
  BATCH_SORTS,
  BatchListQuery,
  BatchPatch,
  BatchPost,
  BatchPut,
  BatchSchema,
  BulkStatusBody,
  BulkStatusResult,
  DeleteQuery,
  IdParams,
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
  SyncQuery,
} from "./schemas";
import {
  BATCH,
  bulkStatus,
  deleteRecord,
  duplicateSku,
  getOne,
  ITEM,
  inventoryTx,
  type ListParams,
  listRecords,
  PRODUCT,
  patchRecord,
  putRecord,
} from "./store";
import { changesSince } from "./sync";
import { registerWriteBatch } from "./write-batch";

/**
 * Company members work on inventory: Company Employees and Admins of the active company,
 * Marketplace staff and super admins within the company they are a member of. Roles come
 * from the membership row (request.companyScope()), global roles from the access token.
 */
async function member(request: FastifyRequest): Promise<CompanyScope> {
  const scope = await request.companyScope();
  const staff = !!request.user && hasAnyRole(request.user, [ROLES.MARKETPLACE, ROLES.SUPER_ADMIN]);
  if (!staff && !effectiveRoles(scope.roles).has(ROLES.COMPANY_EMPLOYEE)) {
    throw httpError(403, "Only members of the company can see or change its inventory");
  }
  return scope;
}

/** A write of the caller's company: serialised per company, the stored Idempotency-Key answer committed with it. */
async function write<T>(
  db: Db,
  request: FastifyRequest,
  companyId: string,
  fn: (tx: Db) => Promise<{ status: number; body: T }>,
): Promise<{ status: number; body: T }> {
  try {
    return await inventoryTx(db, companyId, async (tx) => {
      const out = await fn(tx);
      await recordIdempotentResponse(request, tx, out.status, out.body);
      return out;
    });
  } catch (err) {
    // The SKU check runs under the company lock; this is the database's own guard behind it.
    if (isUniqueViolation(err)) {
      const sku = (request.body as { sku?: unknown } | undefined)?.sku;
      throw typeof sku === "string"
        ? duplicateSku(sku)
        : httpError(409, "This record conflicts with another one");
    }
    throw err;
  }
}

const IDEMPOTENCY_NOTE =
  "Send an `Idempotency-Key` header (any unique text, e.g. a UUID) to make retries safe: a replay answers the stored response with `Idempotent-Replayed: true`; the same key with another body is 422; while the first request runs, 409.";

interface KindRoutes {
  path: string;
  tag: string;
  // biome-ignore lint/suspicious/noExplicitAny: one of ITEM, PRODUCT, BATCH
  kind: any;
  row: TSchema;
  listQuery: TSchema;
  put: TSchema;
  post: TSchema;
  patch: TSchema;
  sorts: readonly string[];
  /** Columns set on create only. */
  onCreate?: (scope: CompanyScope) => Record<string, unknown>;
}

function registerKind(app: FastifyInstance, r: KindRoutes) {
  const { db } = app.ctx;
  const name = r.kind.label.toLowerCase() as string;
  const conf = { auth: [] as [], idempotency: true };

  app.get<{ Querystring: ListParams }>(
    r.path,
    {
      config: { auth: [] },
      schema: {
        tags: [r.tag],
        summary: `My company's ${name}s, paged (page from 0); sort by ${r.sorts.join(", ")}`,
        querystring: r.listQuery,
        response: { 200: page(r.row) },
      },
    },
    async (request) => {
      const scope = await member(request);
      return listRecords(db, r.kind, scope.companyId, request.query);
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    `${r.path}/:id`,
    {
      config: { auth: [] },
      schema: {
        tags: [r.tag],
        summary: `One ${name}`,
        params: IdParams,
        response: { 200: r.row, 404: ErrorBody },
      },
    },
    async (request) => {
      const scope = await member(request);
      return getOne(db, r.kind, scope.companyId, request.params.id);
    },
  );

  const create = async (
    request: FastifyRequest,
    id: string,
    body: Record<string, unknown>,
  ): Promise<{ status: number; body: unknown }> => {
    const scope = await member(request);
    if (!isUuidV7(id)) throw httpError(400, `The ${name} id must be a UUIDv7 made by the app`);
    const out = await write(db, request, scope.companyId, async (tx) => {
      const res = await putRecord(tx, r.kind, scope, id, body, r.onCreate?.(scope));
      return { status: res.status, body: res.row };
    });
    return out;
  };

  app.put<{ Params: Static<typeof IdParams>; Body: Record<string, unknown> }>(
    `${r.path}/:id`,
    {
      config: conf,
      schema: {
        tags: [r.tag],
        summary: `Create (201) or replace (200) a ${name} with an id the app made (UUIDv7)`,
        description: `A new id is created. An existing one is replaced when \`version\` is its current version; a stale version answers 409 with the current ${name} under \`current\`. Without \`version\`, resending exactly the stored fields answers the ${name} unchanged (200); other fields answer 409. ${IDEMPOTENCY_NOTE}`,
        params: IdParams,
        body: r.put,
        response: { 200: r.row, 201: r.row, 409: StaleBody },
      },
    },
    async (request, reply) => {
      const out = await create(request, request.params.id, request.body);
      return reply.status(out.status).send(out.body);
    },
  );

  app.post<{ Body: Record<string, unknown> }>(
    r.path,
    {
      config: conf,
      schema: {
        tags: [r.tag],
        summary: `Create a ${name} (201); \`id\` optional (the server makes a UUIDv7 when it is absent)`,
        description: IDEMPOTENCY_NOTE,
        body: r.post,
        response: { 200: r.row, 201: r.row, 409: StaleBody },
      },
    },
    async (request, reply) => {
      const { id, ...body } = request.body as { id?: string };
      const out = await create(request, id ?? uuidv7(), body);
      return reply.status(out.status).send(out.body);
    },
  );

  app.patch<{ Params: Static<typeof IdParams>; Body: Record<string, unknown> & { version: number } }>(
    `${r.path}/:id`,
    {
      config: conf,
      schema: {
        tags: [r.tag],
        summary: `Change some fields of a ${name}; send the version you based the change on`,
        description: `A stale version answers 409 \`{ message, current }\` with the current ${name}. ${IDEMPOTENCY_NOTE}`,
        params: IdParams,
        body: r.patch,
        response: { 200: r.row, 404: ErrorBody, 409: StaleBody },
      },
    },
    async (request) => {
      const scope = await member(request);
      const out = await write(db, request, scope.companyId, async (tx) => ({
        status: 200,
        body: await patchRecord(tx, r.kind, scope.companyId, request.params.id, request.body),
      }));
      return out.body;
    },
  );

  app.delete<{ Params: Static<typeof IdParams>; Querystring: Static<typeof DeleteQuery> }>(
    `${r.path}/:id`,
    {
      config: conf,
      schema: {
        tags: [r.tag],
        summary: `Delete a ${name} (it becomes a tombstone in the sync feed)`,
        description: `\`?version=\` makes it conditional: a stale one answers 409 with the current ${name}. Deleting a deleted ${name} again answers 204. ${IDEMPOTENCY_NOTE}`,
        params: IdParams,
        querystring: DeleteQuery,
        response: { 204: Type.Null(), 404: ErrorBody, 409: StaleBody },
      },
    },
    async (request, reply) => {
      const scope = await member(request);
      await write(db, request, scope.companyId, async (tx) => {
        await deleteRecord(tx, r.kind, scope.companyId, request.params.id, request.query.version);
        return { status: 204, body: undefined };
      });
      return reply.status(204).send();
    },
  );
}

/** UUIDv7 (RFC 9562): 48-bit milliseconds, version 7, random rest. */
function uuidv7(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const ms = BigInt(Date.now());
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Buffer.from(bytes).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const batchOnCreate = (scope: CompanyScope) => ({ createdBy: scope.userId });

/**
 * Inventory of the caller's active company (docs/inventory.md): batches, items, products,
 * and the sync feed. Every mutation honours Idempotency-Key (plugins/idempotency.ts).
 */
export async function inventoryRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  registerKind(app, {
    path: "/api/inventory/batches",
    tag: "inventory",
    kind: BATCH,
    row: BatchSchema,
    listQuery: BatchListQuery,
    put: BatchPut,
    post: BatchPost,
    patch: BatchPatch,
    sorts: BATCH_SORTS,
    onCreate: batchOnCreate,
  });
  registerKind(app, {
    path: "/api/inventory/items",
    tag: "inventory",
    kind: ITEM,
    row: ItemSchema,
    listQuery: ItemListQuery,
    put: ItemPut,
    post: ItemPost,
    patch: ItemPatch,
    sorts: ITEM_SORTS,
  });
  registerKind(app, {
    path: "/api/inventory/products",
    tag: "inventory",
    kind: PRODUCT,
    row: ProductSchema,
    listQuery: ProductListQuery,
    put: ProductPut,
    post: ProductPost,
    patch: ProductPatch,
    sorts: PRODUCT_SORTS,
  });

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
      const out = await write(db, request, scope.companyId, async (tx) => ({
        status: 200,
        body: await bulkStatus(tx, scope.companyId, request.body.ids, request.body.status as ItemStatus),
      }));
      return out.body;
    },
  );

  registerWriteBatch(app, {
    member,
    kinds: [
      { segment: "items", kind: ITEM, put: ItemPut, patch: ItemPatch },
      { segment: "products", kind: PRODUCT, put: ProductPut, patch: ProductPatch },
      { segment: "batches", kind: BATCH, put: BatchPut, patch: BatchPatch, onCreate: batchOnCreate },
    ],
  });

  registerBulkItems(app, {
    member,
    write: (request, companyId, fn) => write(db, request, companyId, fn),
    idempotencyNote: IDEMPOTENCY_NOTE,
  });

  app.get<{ Querystring: Static<typeof SyncQuery> }>(
    "/api/sync/changes",
    {
      config: { auth: [] },
      schema: {
        tags: ["inventory"],
        summary: "Inventory changed since a cursor (batches, items, products; deletions as tombstones)",
        description:
          "Oldest change first, each row at most once per page in its current state (or `{ entity, id, deleted: true, row: null }`). Keep `cursor` and ask again while `hasMore`. No `since` = from the beginning; a malformed cursor is 400; a cursor of another company starts over with `reset: true`. See docs/inventory.md.",
        querystring: SyncQuery,
        response: {
          200: Type.Object({
            changes: Type.Array(
              Type.Object({
                entity: Type.Union([Type.Literal("item"), Type.Literal("product"), Type.Literal("batch")]),
                id: Type.String(),
                deleted: Type.Boolean(),
                row: Type.Union([ItemSchema, ProductSchema, BatchSchema, Type.Null()]),
              }),
            ),
            cursor: Type.String(),
            hasMore: Type.Boolean(),
            reset: Type.Optional(Type.Boolean()),
          }),
          400: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const scope = await member(request);
      const result = await changesSince(db, scope.companyId, request.query.since, request.query.limit);
      // Sent pre-serialised: the rows are built to their schemas, and a union per row is slow to serialise.
      return reply.type("application/json; charset=utf-8").send(JSON.stringify(result));
    },
  );
}
