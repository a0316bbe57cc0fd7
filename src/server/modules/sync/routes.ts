/**
 * The route factory of synced types (docs/offline.md "How to add a synced type") and the sync
 * module's own routes. `registerSyncedType` gives a type its REST routes, exactly as the app's
 * outbox sends them (src/sync/outbox.ts):
 * - `GET {path}` (the type's list) and `GET {path}/{id}`;
 * - `PUT {path}/{id}`: create with the app's UUIDv7 (201), or replace with `version` (200; a stale
 *   one 409 STALE_VERSION with `current`); `POST {path}`: create, `id` optional;
 * - `PATCH {path}/{id}` with `version`; `DELETE {path}/{id}[?version=]` (a tombstone in the feed);
 * every write honouring Idempotency-Key, serialised per owner (syncTx) with its stored answer
 * committed with it, scoped to the caller's company (or the caller, for a user type).
 * `syncRoutes` adds the change feed and the write batch over every registered type.
 */
import type { Static } from "@sinclair/typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isUuidV7 } from "../../../domain/inventory/validate";
import { SYNC_CHANGES_PATH, SYNC_PAGE_DEFAULT, SYNC_PAGE_MAX } from "../../../domain/sync/feed";
import type { Db } from "../../db/client";
import type { CompanyScope } from "../../plugins/company-scope";
import { ErrorBody, HttpError, httpError, StaleBody } from "../../plugins/errors";
import { recordIdempotentResponse } from "../../plugins/idempotency";
import { isUniqueViolation } from "../auth/db-errors";
import { changesSince } from "./feed";

import { deleteRecord, getOne, patchRecord, putRecord, syncTx } from "./store";
import type { ServerSyncedType } from "./types";
import { registerWriteBatch } from "./write-batch";

export const IDEMPOTENCY_NOTE =
  "Send an `Idempotency-Key` header (any unique text, e.g. a UUID) to make retries safe: a replay answers the stored response with `Idempotent-Replayed: true`; the same key with another body is 422; while the first request runs, 409.";

const IdParams = Type.Object({ id: Type.String({ format: "uuid" }) }, { additionalProperties: false });
const DeleteQuery = Type.Object(
  { version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })) },
  { additionalProperties: false },
);

/**
 * A write of the caller: serialised per owner, the stored Idempotency-Key answer committed with
 * it; the database's unique guard (behind the type's own checks) answers as the type says.
 */
export async function syncWrite<T>(
  db: Db,
  type: ServerSyncedType,
  request: FastifyRequest,
  scope: CompanyScope,
  fn: (tx: Db) => Promise<{ status: number; body: T }>,
): Promise<{ status: number; body: T }> {
  try {
    return await syncTx(
      db,
      scope,
      async (tx) => {
        const out = await fn(tx);
        await recordIdempotentResponse(request, tx, out.status, out.body);
        return out;
      },
      { user: type.kind.decl.scope === "user" },
    );
  } catch (err) {
    if (isUniqueViolation(err))
      throw (
        type.uniqueViolation?.(request.body as Record<string, unknown> | undefined) ??
        httpError(409, "This record conflicts with another one")
      );
    throw err;
  }
}

/** GET/PUT/POST/PATCH/DELETE of one synced type. */
function registerSyncedType(app: FastifyInstance, type: ServerSyncedType) {
  const { db } = app.ctx;
  const { kind, schemas, tag } = type;
  const path = kind.decl.path;
  const name = kind.label.toLowerCase();
  const conf = { auth: [] as [], idempotency: true };

  app.get<{ Querystring: Record<string, unknown> }>(
    path,
    {
      config: { auth: [] },
      schema: {
        tags: [tag],
        summary: type.listSummary,
        querystring: schemas.listQuery,
        response: { 200: schemas.page },
      },
    },
    async (request) => type.list(db, await type.access(request), request.query),
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    `${path}/:id`,
    {
      config: { auth: [] },
      schema: {
        tags: [tag],
        summary: `One ${name}`,
        params: IdParams,
        response: { 200: schemas.row, 404: ErrorBody },
      },
    },
    async (request) => getOne(db, kind, await type.access(request), request.params.id),
  );

  const create = async (request: FastifyRequest, id: string, body: Record<string, unknown>) => {
    const scope = await type.access(request);
    if (!isUuidV7(id)) throw httpError(400, `The ${name} id must be a UUIDv7 made by the app`);
    return syncWrite(db, type, request, scope, async (tx) => {
      const res = await putRecord(tx, kind, scope, id, body, type.onCreate?.(scope));
      return { status: res.status as number, body: res.row as unknown };
    });
  };

  app.put<{ Params: Static<typeof IdParams>; Body: Record<string, unknown> }>(
    `${path}/:id`,
    {
      config: conf,
      schema: {
        tags: [tag],
        summary: `Create (201) or replace (200) a ${name} with an id the app made (UUIDv7)`,
        description: `A new id is created. An existing one is replaced when \`version\` is its current version; a stale version answers 409 (code STALE_VERSION) with the current ${name} under \`current\`. Without \`version\`, resending exactly the stored fields answers the ${name} unchanged (200); other fields answer 409. ${IDEMPOTENCY_NOTE}`,
        params: IdParams,
        body: schemas.put,
        response: { 200: schemas.row, 201: schemas.row, 409: StaleBody },
      },
    },
    async (request, reply) => {
      const out = await create(request, request.params.id, request.body);
      return reply.status(out.status).send(out.body);
    },
  );

  app.post<{ Body: Record<string, unknown> }>(
    path,
    {
      config: conf,
      schema: {
        tags: [tag],
        summary: `Create a ${name} (201); \`id\` optional (the server makes a UUIDv7 when it is absent)`,
        description: IDEMPOTENCY_NOTE,
        body: schemas.post,
        response: { 200: schemas.row, 201: schemas.row, 409: StaleBody },
      },
    },
    async (request, reply) => {
      const { id, ...body } = request.body as { id?: string };
      const out = await create(request, id ?? uuidv7(), body);
      return reply.status(out.status).send(out.body);
    },
  );

  app.patch<{ Params: Static<typeof IdParams>; Body: Record<string, unknown> & { version: number } }>(
    `${path}/:id`,
    {
      config: conf,
      schema: {
        tags: [tag],
        summary: `Change some fields of a ${name}; send the version you based the change on`,
        description: `A stale version answers 409 \`{ message, code: "STALE_VERSION", current }\` with the current ${name}. ${IDEMPOTENCY_NOTE}`,
        params: IdParams,
        body: schemas.patch,
        response: { 200: schemas.row, 404: ErrorBody, 409: StaleBody },
      },
    },
    async (request) => {
      const scope = await type.access(request);
      const out = await syncWrite(db, type, request, scope, async (tx) => ({
        status: 200,
        body: await patchRecord(tx, kind, scope, request.params.id, request.body),
      }));
      return out.body;
    },
  );

  app.delete<{ Params: Static<typeof IdParams>; Querystring: Static<typeof DeleteQuery> }>(
    `${path}/:id`,
    {
      config: conf,
      schema: {
        tags: [tag],
        summary: `Delete a ${name} (it becomes a tombstone in the sync feed)`,
        description: `\`?version=\` makes it conditional: a stale one answers 409 with the current ${name}. Deleting a deleted ${name} again answers 204. ${IDEMPOTENCY_NOTE}`,
        params: IdParams,
        querystring: DeleteQuery,
        response: { 204: Type.Null(), 404: ErrorBody, 409: StaleBody },
      },
    },
    async (request, reply) => {
      const scope = await type.access(request);
      await syncWrite(db, type, request, scope, async (tx) => {
        await deleteRecord(tx, kind, scope, request.params.id, request.query.version);
        return { status: 204, body: undefined };
      });
      return reply.status(204).send();
    },
  );
}

const SyncQuery = Type.Object(
  {
    since: Type.Optional(
      Type.String({ maxLength: 200, description: "The cursor of the last page; empty = from the beginning" }),
    ),
    limit: Type.Integer({ minimum: 1, maximum: SYNC_PAGE_MAX, default: SYNC_PAGE_DEFAULT }),
  },
  { additionalProperties: false },
);

/**
 * The caller's scope for the types they may read: each type's own access rule; a type that
 * refuses (403) is left out, and when every type refuses, so is the caller.
 */
async function readableTypes(request: FastifyRequest, types: readonly ServerSyncedType[]) {
  let scope: CompanyScope | null = null;
  let refusal: unknown = null;
  const allowed: ServerSyncedType[] = [];
  for (const t of types) {
    try {
      scope = await t.access(request);
      allowed.push(t);
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode !== 403) throw err;
      refusal = err;
    }
  }
  if (!scope) throw refusal ?? httpError(403, "You are not a member of any company");
  return { scope, allowed };
}

/** The change feed and the write batch over every synced type of the app. */
export async function syncRoutes(app: FastifyInstance, opts: { types: readonly ServerSyncedType[] }) {
  const { db } = app.ctx;
  // a read-only type (kanban attachments) is written by its own routes: the feed only carries it
  for (const type of opts.types) if (!type.kind.decl.readOnly) registerSyncedType(app, type);

  app.get<{ Querystring: Static<typeof SyncQuery> }>(
    SYNC_CHANGES_PATH,
    {
      config: { auth: [] },
      schema: {
        tags: ["sync"],
        summary: `Every synced type changed since a cursor (${opts.types.map((t) => t.kind.decl.entity).join(", ")}; deletions as tombstones)`,
        description:
          'The records of your active company and your own private ones, oldest change first, each row at most once per page in its current state (or `{ entity, id, deleted: true, row: null }`). Keep `cursor` and ask again while `hasMore`. No `since` = from the beginning; a malformed cursor is 400; a cursor of another company (or user) starts over with `reset: true`. See docs/inventory.md "The cursor".',
        querystring: SyncQuery,
        response: { 400: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const { scope, allowed } = await readableTypes(request, opts.types);
      const result = await changesSince(
        db,
        allowed.map((t) => t.kind),
        scope,
        request.query.since,
        request.query.limit,
      );
      // Sent pre-serialised: the rows are built to their schemas, and a union per row is slow to serialise.
      return reply.type("application/json; charset=utf-8").send(JSON.stringify(result));
    },
  );

  registerWriteBatch(app, { types: opts.types });
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
