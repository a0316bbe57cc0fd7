/**
 * `GET /api/sync/changes` (docs/inventory.md "The cursor"): every synced type the caller may
 * read — the records of their active company (company types) and their own private records
 * (user types) — changed after the cursor, oldest first, deletions as tombstones. One read-only
 * REPEATABLE READ transaction reads every table in one snapshot, so a row committed between the
 * reads cannot slip in above a row that was not yet visible.
 */
import { and, asc, gt, sql } from "drizzle-orm";
import type { CursorRange, SyncChange, SyncPage } from "../../../domain/sync/feed";
import type { Db } from "../../db/client";
import { type Cursor, decodeCursor, encodeCursor } from "./cursor";
import { type AnyKind, type Owner, ownedBy } from "./store";

/** Who reads: their company and themselves. */
export interface Reader {
  companyId: string;
  userId: string;
}

const isUser = (k: AnyKind) => k.decl.scope === "user";

/**
 * Records of the reader changed after the cursor, oldest change first, at most `limit` (per
 * stream: a page holds at most `limit` company changes and `limit` private ones).
 */
export async function changesSince(
  db: Db,
  kinds: readonly AnyKind[],
  reader: Reader,
  since: string | undefined,
  limit: number,
): Promise<SyncPage> {
  const cursor = decodeCursor(since);
  const reset =
    cursor !== null &&
    (cursor.companyId !== reader.companyId || (!!cursor.user && cursor.user.userId !== reader.userId));
  const from = {
    company: cursor && !reset ? cursor.seq : 0,
    user: cursor && !reset ? (cursor.user?.seq ?? 0) : 0,
  };
  type Entry = { seq: number; change: SyncChange };
  const streams = await db.transaction(
    async (tx) => {
      const out = { company: [] as Entry[], user: [] as Entry[] };
      for (const kind of kinds) {
        const t = kind.table;
        const stream = isUser(kind) ? "user" : "company";
        const rows = await tx
          .select()
          .from(t)
          .where(and(ownedBy(kind, reader), gt(t.changeSeq, from[stream])))
          .orderBy(asc(t.changeSeq))
          .limit(limit + 1);
        for (const r of rows as Record<string, unknown>[])
          out[stream].push({
            seq: r.changeSeq as number,
            // A record the reader may not see (another member's private event) reaches them as a tombstone.
            change:
              r.deletedAt || (kind.visibility && !kind.visibility.sees(r, reader.userId))
                ? { entity: kind.decl.entity, id: r.id as string, deleted: true, row: null }
                : {
                    entity: kind.decl.entity,
                    id: r.id as string,
                    deleted: false,
                    row: kind.toApi(r as never),
                  },
          });
      }
      return out;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  const pages = { company: streams.company.sort(bySeq), user: streams.user.sort(bySeq) };
  const company = pages.company.slice(0, limit);
  const user = pages.user.slice(0, limit);
  const next: Cursor = {
    companyId: reader.companyId,
    seq: company.at(-1)?.seq ?? from.company,
    user: { userId: reader.userId, seq: user.at(-1)?.seq ?? from.user },
  };
  const result: SyncPage = {
    changes: [...company, ...user].map((e) => e.change),
    cursor: encodeCursor(next),
    hasMore: pages.company.length > limit || pages.user.length > limit,
  };
  if (reset) result.reset = true;
  return result;
}

const bySeq = (a: { seq: number }, b: { seq: number }) => a.seq - b.seq;

/** The owner's last change_seq in each stream (0: none yet): one query, a backward index scan per table. */
async function lastSeqs(tx: Db, kinds: readonly AnyKind[], owner: Owner) {
  const max = (k: AnyKind) =>
    sql`(select max(${k.table.changeSeq}) from ${k.table} where ${ownedBy(k, owner)})`;
  const company = kinds.filter((k) => !isUser(k)).map(max);
  const user = owner.userId ? kinds.filter(isUser).map(max) : [];
  const rows = await tx.execute<{ c: string | number; u: string | number }>(
    sql`select greatest(${sql.join([...company, sql`0`], sql`, `)}) as c, greatest(${sql.join([...user, sql`0`], sql`, `)}) as u`,
  );
  return { company: Number(rows.rows[0]?.c ?? 0), user: Number(rows.rows[0]?.u ?? 0) };
}

/**
 * Runs `fn` (inside a transaction holding the owner's lock) and returns its result with the feed
 * cursors before and after it (CursorRange).
 */
export async function withCursorRange<T>(
  tx: Db,
  kinds: readonly AnyKind[],
  owner: Owner,
  fn: () => Promise<T>,
): Promise<{ result: T; cursor: CursorRange }> {
  const before = await lastSeqs(tx, kinds, owner);
  const result = await fn();
  const after = await lastSeqs(tx, kinds, owner);
  const at = (seqs: { company: number; user: number }): Cursor => ({
    companyId: owner.companyId,
    seq: seqs.company,
    ...(owner.userId ? { user: { userId: owner.userId, seq: seqs.user } } : {}),
  });
  return {
    result,
    cursor: {
      from: encodeCursor(at(before)),
      to: encodeCursor(
        at({ company: Math.max(before.company, after.company), user: Math.max(before.user, after.user) }),
      ),
    },
  };
}
