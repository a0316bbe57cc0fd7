/**
 * A synced type on the server: its store kind (table and rules, store.ts), its request and row
 * schemas, who may use it, and the list query it answers. The route factory (routes.ts) gives it
 * GET/PUT/POST/PATCH/DELETE; the write batch and the change feed take every type the app
 * registers (modules/index.ts). docs/offline.md "How to add a synced type".
 */
import type { TSchema } from "@sinclair/typebox";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import type { CompanyScope } from "../../plugins/company-scope";
import type { HttpError } from "../../plugins/errors";
import type { AnyKind } from "./store";

export interface ServerSyncedType {
  kind: AnyKind;
  /** OpenAPI tag of its routes. */
  tag: string;
  schemas: {
    row: TSchema;
    put: TSchema;
    post: TSchema;
    patch: TSchema;
    listQuery: TSchema;
    /** The list's answer (a page of rows). */
    page: TSchema;
  };
  /** Who may read and write it: answers the caller's scope, or throws 403. */
  access(request: FastifyRequest): Promise<CompanyScope>;
  /** Columns set on create only (e.g. `createdBy`). */
  onCreate?(scope: CompanyScope): Record<string, unknown>;
  /** A page of live records for `GET {path}` (the type's own filters and sorts). */
  list(db: Db, scope: CompanyScope, query: Record<string, unknown>): Promise<unknown>;
  /** Summary of the list route (its sorts and filters). */
  listSummary: string;
  /** The answer for the database's unique-constraint guard (the type's own checks run first). */
  uniqueViolation?(body: Record<string, unknown> | undefined): HttpError;
}
