/**
 * The data of any synced type (docs/offline.md "How to add a synced type"): versioned rows with
 * soft deletes, read and written only inside their owner — the caller's active company for a
 * company type, the caller for a user type (mail). A type describes its table and rules as a
 * `SyncKind`; these functions do the rest (version checks, 409 STALE_VERSION with `current`,
 * tombstones), and `syncTx` serialises the owner's writes so the feed's change_seq order is
 * commit order (migration 0013).
 */
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { ERROR_CODES } from "../../../domain/errors";
import type { SyncedTypeDecl } from "../../../domain/sync/entity";
import type { Db } from "../../db/client";
import { httpError } from "../../plugins/errors";

/** The advisory lock classes the change_seq triggers take per owner (migrations 0008 and 0013). */
export const COMPANY_LOCK_CLASS = 7_310_453;
const USER_LOCK_CLASS = 7_310_454;

/** Who a request reads and writes as (the user is needed for user types only). */
export interface Owner {
  companyId: string;
  userId?: string;
}

function userOf(owner: Owner): string {
  if (!owner.userId) throw new Error("A user type needs the caller's user id");
  return owner.userId;
}

/** A synced type's table and rules on the server. */
export interface SyncKind<Fields extends object, Api extends { id: string; version: number }> {
  /** The shared declaration (entity, path, fields, scope). */
  decl: SyncedTypeDecl;
  /** "Item", "Task": used in messages. */
  label: string;
  /**
   * Its Drizzle table: `id`, `version`, `createdAt`, `updatedAt`, `deletedAt`, `changeSeq` and the
   * owner column (`companyId` for a company type, `userId` for a user type).
   */
  // biome-ignore lint/suspicious/noExplicitAny: every synced table has the columns used here
  table: any;
  toApi(row: never): Api;
  defaults: Omit<Fields, never> | Partial<Fields>;
  fieldsOf(api: Api): Fields;
  columns(fields: Partial<Fields>): Record<string, unknown>;
  validate(fields: Partial<Fields>, partial: boolean): Record<string, string>;
  /**
   * Extra checks inside the transaction (e.g. a unique SKU), on the fields after the change;
   * `changed`: only the rules of these fields need checking (a PATCH that leaves them alone
   * cannot break them); absent: all.
   */
  check?(tx: Db, companyId: string, id: string, fields: Fields, changed?: ReadonlySet<string>): Promise<void>;
  /**
   * Records are appended, never changed (kanban comments): a replace, PATCH or DELETE of an
   * existing record answers 403; a resent create still answers 200.
   */
  appendOnly?: boolean;
  /**
   * Runs in the write's transaction after a create or change of a record is written (not after a
   * delete): `before` is the record as it was (null for a create). It answers the record to return
   * (it may write the row again, e.g. mail sends a message put in its outbox and answers it sent),
   * or throws to refuse the write (the transaction rolls back).
   */
  afterWrite?(tx: Db, owner: Owner, before: Api | null, after: Api): Promise<Api>;
  /**
   * Runs in the delete's transaction once a record became a tombstone (not for a replayed delete
   * of a deleted record): records that name it are changed with it — e.g. deleting a mail label
   * takes it off every message of its owner that carries it —, in the feed like any change.
   * Throwing refuses the delete (the transaction rolls back).
   */
  afterDelete?(tx: Db, owner: Owner, deleted: Api): Promise<void>;
  /**
   * Records of a company type that not every member reads (a private calendar event): `where`
   * the rows `readerId` sees, and `sees` the same test on a row. Routes answer 404 for the others;
   * the feed sends them as tombstones, so a record that turns private leaves the other devices.
   */
  visibility?: {
    where(table: never, readerId: string): SQL;
    sees(row: Record<string, unknown>, readerId: string): boolean;
  };
}

// biome-ignore lint/suspicious/noExplicitAny: any synced type
export type AnyKind = SyncKind<any, any>;

/**
 * A transaction that writes records of one owner. It takes the owner's advisory lock first
 * (before any row lock), as the change_seq trigger would: writes of one company (or one user)
 * are serialised, so change_seq order is commit order (docs/inventory.md "The cursor").
 */
export function syncTx<T>(db: Db, owner: Owner, fn: (tx: Db) => Promise<T>, opts: { user?: boolean } = {}) {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${COMPANY_LOCK_CLASS}, hashtext(${owner.companyId}::uuid::text))`,
    );
    if (opts.user)
      await tx.execute(
        sql`select pg_advisory_xact_lock(${USER_LOCK_CLASS}, hashtext(${userOf(owner)}::uuid::text))`,
      );
    return fn(tx as unknown as Db);
  });
}

/** The owner condition of a type's rows. */
export function ownedBy(kind: AnyKind, owner: Owner): SQL {
  const t = kind.table;
  return kind.decl.scope === "user" ? eq(t.userId, userOf(owner)) : eq(t.companyId, owner.companyId);
}

/** The rows of a type the caller reads: the owner's, less those the type hides from the caller. */
function readableBy(kind: AnyKind, owner: Owner): SQL {
  const own = ownedBy(kind, owner);
  if (!kind.visibility) return own;
  return and(own, kind.visibility.where(kind.table as never, userOf(owner))) as SQL;
}

/** The owner columns a new row gets. */
const ownerColumns = (kind: AnyKind, owner: Owner) =>
  kind.decl.scope === "user"
    ? { userId: userOf(owner), companyId: owner.companyId }
    : { companyId: owner.companyId };

const notFound = (kind: { label: string; decl?: SyncedTypeDecl }) =>
  httpError(
    404,
    `${kind.label} not found ${kind.decl?.scope === "user" ? "among yours" : "in your company"}`,
  );

function validOrThrow(kind: AnyKind, fields: object, partial: boolean) {
  const errors = kind.validate(fields, partial);
  const first = Object.entries(errors)[0];
  if (first) throw httpError(400, `${first[0]}: ${first[1]}`, { errors });
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** 403 for a change of an append-only record (SyncKind.appendOnly). */
function refuseChange(kind: AnyKind) {
  if (kind.appendOnly)
    throw httpError(403, `A ${kind.label.toLowerCase()} cannot be changed or deleted once it is posted`, {
      code: ERROR_CODES.FORBIDDEN,
    });
}

/** 409 STALE_VERSION with the current record (the client merges and sends again). */
function stale<Api>(kind: { label: string }, current: Api) {
  return httpError(
    409,
    `This ${kind.label.toLowerCase()} was changed by someone else; merge with the current version and try again`,
    { code: ERROR_CODES.STALE_VERSION, current },
  );
}

async function loadRow(tx: Db, kind: AnyKind, owner: Owner, id: string) {
  const t = kind.table;
  const [row] = await tx
    .select()
    .from(t)
    .where(and(eq(t.id, id), readableBy(kind, owner)))
    .for("update");
  return row as Record<string, unknown> | undefined;
}

/** The live row (not deleted) of the owner, or 404. */
export async function getOne<Api>(db: Db, kind: AnyKind, owner: Owner, id: string): Promise<Api> {
  const t = kind.table;
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, id), readableBy(kind, owner), isNull(t.deletedAt)));
  if (!row) throw notFound(kind);
  return kind.toApi(row as never) as Api;
}

/**
 * Create or replace with a client-made id (PUT, and POST with an id). A new id is created (201).
 * An existing one: with `version` it is replaced when the version matches (else 409 with the
 * current row); without `version` it answers the current row unchanged (200) when it already
 * holds exactly these fields — a resent create — and 409 otherwise. A deleted id answers 404.
 */
export async function putRecord<F extends object, Api extends { id: string; version: number }>(
  tx: Db,
  kind: SyncKind<F, Api>,
  owner: Owner,
  id: string,
  body: Partial<F> & { version?: number },
  extra: Record<string, unknown> = {},
): Promise<{ status: 200 | 201; row: Api }> {
  const { version, ...given } = body;
  const fields = { ...kind.defaults, ...given } as F;
  validOrThrow(kind as AnyKind, fields, false);
  const existing = await loadRow(tx, kind as AnyKind, owner, id);
  if (!existing) {
    const [other] = await tx.select({ id: kind.table.id }).from(kind.table).where(eq(kind.table.id, id));
    // The id is someone else's: say nothing about it.
    if (other)
      throw httpError(409, `This id is already in use; make a new id for a new ${kind.label.toLowerCase()}`);
    await kind.check?.(tx, owner.companyId, id, fields);
    const [row] = (await tx
      .insert(kind.table)
      .values({ id, ...ownerColumns(kind as AnyKind, owner), ...extra, ...kind.columns(fields) })
      .returning()) as unknown[];
    const created = kind.toApi(row as never);
    return { status: 201, row: kind.afterWrite ? await kind.afterWrite(tx, owner, null, created) : created };
  }
  if (existing.deletedAt) throw httpError(404, `${kind.label} was deleted`);
  const current = kind.toApi(existing as never);
  if (version === undefined) {
    if (sameJson(kind.fieldsOf(current), kind.fieldsOf({ ...current, ...fields })))
      return { status: 200, row: current };
    refuseChange(kind as AnyKind);
    throw stale(kind, current);
  }
  refuseChange(kind as AnyKind);
  if (version !== current.version) throw stale(kind, current);
  await kind.check?.(tx, owner.companyId, id, fields);
  const [row] = await tx
    .update(kind.table)
    .set({ ...kind.columns(fields), version: sql`${kind.table.version} + 1`, updatedAt: sql`now()` })
    .where(eq(kind.table.id, id))
    .returning();
  const replaced = kind.toApi(row as never);
  return {
    status: 200,
    row: kind.afterWrite ? await kind.afterWrite(tx, owner, current, replaced) : replaced,
  };
}

/** PATCH: the given fields, when `version` is the current one (else 409 with the current row). */
export async function patchRecord<F extends object, Api extends { id: string; version: number }>(
  tx: Db,
  kind: SyncKind<F, Api>,
  owner: Owner,
  id: string,
  body: Partial<F> & { version: number },
): Promise<Api> {
  const { version, ...given } = body;
  validOrThrow(kind as AnyKind, given, true);
  const existing = await loadRow(tx, kind as AnyKind, owner, id);
  if (!existing || existing.deletedAt) throw notFound(kind as AnyKind);
  refuseChange(kind as AnyKind);
  const current = kind.toApi(existing as never);
  if (version !== current.version) throw stale(kind, current);
  const merged = { ...kind.fieldsOf(current), ...given } as F;
  await kind.check?.(tx, owner.companyId, id, merged, new Set(Object.keys(given)));
  const [row] = await tx
    .update(kind.table)
    .set({
      ...kind.columns(given as Partial<F>),
      version: sql`${kind.table.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(kind.table.id, id))
    .returning();
  const changed = kind.toApi(row as never);
  return kind.afterWrite ? kind.afterWrite(tx, owner, current, changed) : changed;
}

/**
 * Soft delete: the row becomes a tombstone in the feed. Deleting a deleted row again succeeds
 * (a replayed delete); a stale `version` answers 409 with the current row.
 */
export async function deleteRecord(tx: Db, kind: AnyKind, owner: Owner, id: string, version?: number) {
  const existing = await loadRow(tx, kind, owner, id);
  if (!existing) throw notFound(kind);
  if (existing.deletedAt) return;
  refuseChange(kind);
  const current = kind.toApi(existing as never);
  if (version !== undefined && version !== current.version) throw stale(kind, current);
  await tx
    .update(kind.table)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${kind.table.version} + 1` })
    .where(eq(kind.table.id, id));
  await kind.afterDelete?.(tx, owner, current);
}
