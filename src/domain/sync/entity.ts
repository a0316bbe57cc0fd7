/**
 * A synced type, declared once for the app, the service worker and the server (docs/offline.md
 * "How to add a synced type"): the name the feed and the outbox know it by, its REST collection,
 * the fields a person edits (merged field by field after a 409, compared for PATCH bodies), who
 * sees its records, and the device table that holds them. The sync engine (src/sync) and the
 * server's sync module (src/server/modules/sync) read nothing else about a type.
 */

/** company: every member of the record's company sees it; user: only the user who owns it (mail). */
type SyncScope = "company" | "user";

export interface SyncedTypeDecl<F extends string = string> {
  /** The type's name in the feed, the outbox and the live notices ("item", "task", …). */
  entity: string;
  /** REST collection: a record is `${path}/${id}` (PUT, PATCH, DELETE, GET). */
  path: string;
  /** The fields a person edits, in a stable order: merged after a 409, compared for PATCH bodies. */
  fields: readonly F[];
  scope: SyncScope;
  /** The Dexie table holding its rows on the device (declared in the app's schema: offline/db.ts). */
  localTable: string;
  /**
   * Records written only by the type's own routes (kanban attachments: a multipart upload), never
   * by the outbox: the feed carries them to the devices, the route factory gives them no routes,
   * the write batch refuses them and the engine's writes throw.
   */
  readOnly?: boolean;
  /**
   * For records the server numbers itself (appended by `POST`, outbox `append`: chat messages):
   * where consecutive queued appends of one company go together (`POST` with `{ writes }`,
   * domain/sync/write-batch.ts `AppendWrite`), in order, each with its own Idempotency-Key.
   * Without it each append goes alone.
   */
  appendBatchPath?: string;
  /**
   * The type's own merge after a 409 (default: field by field, sync/merge.ts `mergeFields`), for
   * rules such as kanban's "a move is one unit, the later writer wins" (kanban/merge.ts).
   */
  merge?(
    base: Record<string, unknown>,
    mine: Record<string, unknown>,
    theirs: Record<string, unknown>,
  ): { merged: Record<string, unknown>; conflicts: string[] };
}

/** Declares a synced type (keeps the literal types of its fields). */
export function defineSyncedType<const F extends string>(decl: SyncedTypeDecl<F>): SyncedTypeDecl<F> {
  if (!/^[a-z][a-z0-9-]*$/.test(decl.entity))
    throw new Error(`Synced type name "${decl.entity}" is not kebab-case`);
  if (!decl.path.startsWith("/api/") || decl.path.endsWith("/"))
    throw new Error(`Bad path for ${decl.entity}`);
  return decl;
}

/** The type of an entity the outbox may write (never a read-only one). */
export function writableTypeOf(types: SyncedTypes, entity: string): SyncedTypeDecl {
  const t = typeOf(types, entity);
  if (t.readOnly) throw new Error(`Synced type "${entity}" is read-only: its own routes write it`);
  return t;
}

/** The synced types of a build, by name. */
export type SyncedTypes = Readonly<Record<string, SyncedTypeDecl>>;

/** Indexes a list of declarations by name; names, paths and device tables must be unique. */
export function syncedTypes(list: readonly SyncedTypeDecl[]): SyncedTypes {
  const out: Record<string, SyncedTypeDecl> = {};
  for (const t of list) {
    for (const other of Object.values(out)) {
      if (other.entity === t.entity || other.path === t.path || other.localTable === t.localTable)
        throw new Error(`Synced types ${other.entity} and ${t.entity} share a name, path or table`);
    }
    out[t.entity] = t;
  }
  return out;
}

/** The URL of one record (`PUT`/`PATCH`/`DELETE`/`GET`). */
export const recordPath = (type: Pick<SyncedTypeDecl, "path">, id: string) =>
  `${type.path}/${encodeURIComponent(id)}`;

/** The type of an entity name, or an error naming it (an outbox entry of a type this build lacks). */
export function typeOf(types: SyncedTypes, entity: string): SyncedTypeDecl {
  const t = types[entity];
  if (!t) throw new Error(`Unknown synced type "${entity}"`);
  return t;
}

const RECORD_URL = /^(\/api\/[a-z0-9/-]+)\/([0-9a-fA-F-]{36})(?:\?version=(\d{1,10}))?$/;

/** A record URL of a write (`/api/…/{id}`, a DELETE with `?version=N`): its type, id and version; null when it is none. */
export function parseRecordUrl(
  types: SyncedTypes,
  url: string,
): { type: SyncedTypeDecl; id: string; version: number | undefined } | null {
  const m = RECORD_URL.exec(url);
  if (!m) return null;
  const type = Object.values(types).find((t) => t.path === m[1]);
  if (!type) return null;
  return { type, id: m[2] as string, version: m[3] === undefined ? undefined : Number(m[3]) };
}
