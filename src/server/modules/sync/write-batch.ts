/**
 * `POST /api/sync/writes` (docs/inventory.md "Write batches"): the outbox's queued
 * single-record writes of any synced type, several in one request. A device that was offline replays hundreds of
 * writes; one request and one transaction each cost more than the write itself, so the sync
 * engine sends consecutive writes together.
 *
 * Each write is answered exactly as the same request alone would have been (status and body),
 * with the same Idempotency-Key rules (plugins/idempotency.ts `claimInTx`): a key already
 * answered replays its stored answer, the same key with another request is 422, a key whose
 * request still runs is 409. The writes run in order in ONE transaction under the owner's
 * lock (syncTx), each in a savepoint; the first write that is not a 2xx ends the batch (its
 * changes are rolled back to the savepoint, its answer stored under its key), the writes before
 * it commit, the writes after it are not run — the app settles the answers and sends the rest
 * again, so the order and the per-record rules of the outbox hold as with single requests.
 */
import type { TSchema } from "@sinclair/typebox";
import { Type } from "@sinclair/typebox";
import type { ValidateFunction } from "ajv";
import type { FastifyInstance } from "fastify";
import { isUuidV7 } from "../../../domain/inventory/validate";
import { parseRecordUrl, syncedTypes } from "../../../domain/sync/entity";
import {
  type BatchWrite,
  type BatchWriteAnswer,
  WRITE_BATCH_MAX,
  WRITE_BATCH_PATH,
  type WriteBatchResponse,
} from "../../../domain/sync/write-batch";
import type { Db } from "../../db/client";
import { type CompanyScope, tellStoredWrites } from "../../plugins/company-scope";
import { describeValidation, ErrorBody, errorBody, HttpError } from "../../plugins/errors";
import { claimInTx, storeTxResponse } from "../../plugins/idempotency";
import { bodyAjv } from "../../plugins/validators";
import { isUniqueViolation } from "../auth/db-errors";
import { withCursorRange } from "./feed";
import { deleteRecord, patchRecord, putRecord, syncTx } from "./store";
import type { ServerSyncedType } from "./types";

export interface WriteBatchDeps {
  types: readonly ServerSyncedType[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const WriteSchema = Type.Object(
  {
    method: Type.Union([Type.Literal("PUT"), Type.Literal("PATCH"), Type.Literal("DELETE")]),
    url: Type.String({ minLength: 1, maxLength: 200 }),
    body: Type.Optional(Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()])),
    idempotencyKey: Type.String({ minLength: 1, maxLength: 255 }),
  },
  { additionalProperties: false },
);
const WriteBatchBody = Type.Object(
  { writes: Type.Array(WriteSchema, { minItems: 1, maxItems: WRITE_BATCH_MAX }) },
  { additionalProperties: false },
);

/** A write whose own request would have been refused before running (bad path, body or version). */
class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Target {
  spec: ServerSyncedType;
  id: string;
  version?: number;
  body: Record<string, unknown>;
}

export function registerWriteBatch(app: FastifyInstance, deps: WriteBatchDeps) {
  const { db } = app.ctx;
  // a read-only type (SyncedTypeDecl.readOnly) has no record routes, so no write of it is found (404)
  const writable = deps.types.filter((t) => !t.kind.decl.readOnly);
  const decls = syncedTypes(writable.map((t) => t.kind.decl));
  const kinds = deps.types.map((t) => t.kind);
  const validators = new Map<TSchema, ValidateFunction>();
  const validate = (schema: TSchema, value: unknown) => {
    let fn = validators.get(schema);
    if (!fn) {
      fn = bodyAjv().compile(schema as object);
      validators.set(schema, fn);
    }
    if (!fn(value)) throw new Refused(400, describeValidation("body", fn.errors ?? []));
  };

  /** What the single route's schema and path checks would have said about this write. */
  function target(w: BatchWrite): Target {
    const m = parseRecordUrl(decls, w.url);
    const spec = m && deps.types.find((t) => t.kind.decl === m.type);
    if (!m || !spec) throw new Refused(404, `No such synced record path: ${w.url.slice(0, 200)}`);
    const id = m.id;
    if (!UUID.test(id)) throw new Refused(400, 'Invalid path: "id" must match format "uuid"');
    if (m.version !== undefined && w.method !== "DELETE")
      throw new Refused(400, "Only a DELETE takes ?version= in its path");
    const body = (w.body ?? null) as Record<string, unknown> | null;
    if (w.method === "DELETE") {
      if (body && Object.keys(body).length > 0) throw new Refused(400, "A DELETE has no body");
      const version = m.version;
      if (version !== undefined && (version < 1 || version > 2_147_483_647))
        throw new Refused(400, 'Invalid query string: "version" must be >= 1');
      return { spec, id, version, body: {} };
    }
    if (!body) throw new Refused(400, "Request body is empty but the content type says JSON");
    validate(w.method === "PUT" ? spec.schemas.put : spec.schemas.patch, body);
    if (w.method === "PUT" && !isUuidV7(id))
      throw new Refused(400, `The ${spec.kind.label.toLowerCase()} id must be a UUIDv7 made by the app`);
    return { spec, id, body };
  }

  async function run(tx: Db, scope: CompanyScope, w: BatchWrite, t: Target) {
    const { kind } = t.spec;
    if (w.method === "PUT") {
      const res = await putRecord(tx, kind, scope, t.id, t.body, t.spec.onCreate?.(scope));
      return { status: res.status as number, body: res.row as unknown };
    }
    if (w.method === "PATCH") {
      const row = await patchRecord(tx, kind, scope, t.id, t.body as { version: number });
      return { status: 200, body: row as unknown };
    }
    await deleteRecord(tx, kind, scope, t.id, t.version);
    return { status: 204, body: null };
  }

  /** Runs one write in a savepoint; a refusal rolls the savepoint back and becomes its answer. */
  async function apply(tx: Db, scope: CompanyScope, w: BatchWrite, t: Target): Promise<BatchWriteAnswer> {
    try {
      return await tx.transaction((sp) => run(sp as unknown as Db, scope, w, t));
    } catch (err) {
      if (err instanceof HttpError)
        return { status: err.statusCode, body: errorBody(err.statusCode, err.message, err.data) };
      if (isUniqueViolation(err)) {
        const e =
          t.spec.uniqueViolation?.(w.body ?? undefined) ??
          new HttpError(409, "This record conflicts with another one");
        return { status: 409, body: errorBody(409, e.message, e.data) };
      }
      app.log.error({ err, url: w.url, method: w.method }, "a write of a write batch failed");
      return { status: 500, body: errorBody(500, "Something went wrong on our side. Please try again.") };
    }
  }

  app.post<{ Body: { writes: BatchWrite[] } }>(
    WRITE_BATCH_PATH,
    {
      config: { auth: [] },
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags: ["sync"],
        summary: `Up to ${WRITE_BATCH_MAX} queued writes of single records in one request, each answered as if sent alone`,
        description: [
          `For the app's outbox replay. \`writes[i]\`: \`method\` (PUT, PATCH or DELETE), \`url\` (a record of a synced type: ${writable.map((t) => `\`${t.kind.decl.path}/{id}\``).join(", ")}; a DELETE with \`?version=N\`), \`body\` (what the request alone would carry) and \`idempotencyKey\` (its Idempotency-Key).`,
          "The writes run in order in one transaction; `answers[i]` is `{ status, body }` exactly as `writes[i]` alone would have been answered (with `replayed: true` when its key had been answered before).",
          "The first answer that is not a 2xx ends the batch: the writes before it are stored, the writes after it were not run and have no answer — send them again.",
          "Every write needs its own Idempotency-Key; keys are shared with the single routes (a write sent alone and then in a batch is the same request).",
        ].join(" "),
        body: WriteBatchBody,
        response: { 400: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      // a seller scope is refused below by every type that is not inventory (each type's access)
      const scope = await request.companyScope({ sellerInventory: true });
      const writes = request.body.writes;
      // each type's own access rule, as its single routes apply it (a refusal answers that write)
      const refusals = new Map<ServerSyncedType, HttpError>();
      let user = false;
      for (const w of writes) {
        const type = deps.types.find((t) => t.kind.decl === parseRecordUrl(decls, w.url)?.type);
        if (!type || refusals.has(type)) continue;
        user ||= type.kind.decl.scope === "user";
        await type.access(request).catch((err: unknown) => {
          if (!(err instanceof HttpError)) throw err;
          refusals.set(type, err);
        });
      }
      if (
        refusals.size > 0 &&
        refusals.size === new Set(writes.map((w) => parseRecordUrl(decls, w.url)?.type)).size
      )
        throw [...refusals.values()][0];
      const answers: BatchWriteAnswer[] = [];
      const { cursor } = await syncTx(
        db,
        scope,
        (tx) => withCursorRange(tx, kinds, scope, () => runAll(tx, scope, writes, answers, refusals)),
        { user },
      );
      // a staff write in a seller's inventory is audited for the writes this batch stored only
      tellStoredWrites(
        request,
        writes.flatMap((w, i) => {
          const a = answers[i];
          return a && a.status < 300 && !a.replayed ? [{ method: w.method, url: w.url }] : [];
        }),
      );
      const out: WriteBatchResponse = { answers, cursor };
      return reply.type("application/json; charset=utf-8").send(JSON.stringify(out));
    },
  );

  /** The writes in order, up to the first answer that is not a 2xx (answers pushed to `answers`). */
  async function runAll(
    tx: Db,
    scope: CompanyScope,
    writes: BatchWrite[],
    answers: BatchWriteAnswer[],
    refusals: ReadonlyMap<ServerSyncedType, HttpError>,
  ) {
    for (const w of writes) {
      let t: Target;
      try {
        t = target(w);
        const refused = refusals.get(t.spec);
        if (refused) throw new Refused(refused.statusCode, refused.message);
      } catch (err) {
        if (!(err instanceof Refused)) throw err;
        // refused before it would have run: nothing stored, as for the single request
        answers.push({ status: err.status, body: errorBody(err.status, err.message) });
        return;
      }
      const who = { companyId: scope.companyId, userId: scope.userId };
      const claim = await claimInTx(tx, who, w.idempotencyKey, w.method, w.url, w.body ?? null);
      if ("refused" in claim) {
        answers.push({
          status: claim.refused.status,
          body: errorBody(
            claim.refused.status,
            claim.refused.message,
            claim.refused.code ? { code: claim.refused.code } : {},
          ),
        });
        return;
      }
      if ("replay" in claim) {
        answers.push({ ...claim.replay, replayed: true });
        if (claim.replay.status >= 300) return;
        continue;
      }
      const answer = await apply(tx, scope, w, t);
      await storeTxResponse(tx, claim.claimed, answer.status, answer.body);
      answers.push(answer);
      if (answer.status >= 300) return;
    }
  }
}
