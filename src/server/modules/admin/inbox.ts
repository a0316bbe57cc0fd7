/**
 * The staff inbox (issue 17): demo requests sent by the form, demo requests that gave only an
 * e-mail address, and contact messages, each listed through plugins/paged-list with a state
 * (new → contacted → scheduled → closed) and notes; each change records who made it and when.
 */
import { and, count, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { InboxRow } from "../../../domain/admin/inbox";
import type { InboxSort, InboxState } from "../../../domain/admin/list-sorts";
import type { Db } from "../../db/client";
import { contactMessages, demoRequests } from "../../db/schema";
import {
  afterKeyset,
  containsPattern,
  type Keyset,
  type ListParams,
  orderOf,
  pageOf,
  searchTerm,
  sortKeyText,
} from "../../plugins/paged-list";

export type InboxKind = "demo-form" | "demo-email" | "contact";
type Table = typeof demoRequests | typeof contactMessages;
export type InboxParams = ListParams<InboxSort> & { state?: InboxState };
type ExportParams = Omit<InboxParams, "page" | "rowsPerPage">;

const tableOf = (kind: InboxKind): Table => (kind === "contact" ? contactMessages : demoRequests);

function whereOf(kind: InboxKind, p: { query?: string; state?: InboxState }) {
  const t = tableOf(kind);
  const q = searchTerm(p);
  const parts: (SQL | undefined)[] = [
    kind === "demo-form" ? eq(demoRequests.source, "form") : undefined,
    kind === "demo-email" ? eq(demoRequests.source, "email") : undefined,
    p.state ? eq(t.state, p.state) : undefined,
    q
      ? or(
          ilike(t.name, containsPattern(q)),
          ilike(t.email, containsPattern(q)),
          ilike(t.company, containsPattern(q)),
          ilike(t.message, containsPattern(q)),
          ilike(t.notes, containsPattern(q)),
        )
      : undefined,
  ];
  return and(...parts);
}

function sortExpr(kind: InboxKind, sort: InboxSort): SQL {
  const t = tableOf(kind);
  switch (sort) {
    case "createdAt":
      return sql`${t.createdAt}`;
    case "name":
      return sql`lower(${t.name})`;
    case "email":
      return sql`lower(${t.email})`;
    case "company":
      return sql`coalesce(lower(${t.company}), '')`;
    case "state":
      return sql`${t.state}`;
  }
}

const columnsOf = (kind: InboxKind) => {
  const t = tableOf(kind);
  return {
    id: t.id,
    name: t.name,
    email: t.email,
    company: t.company,
    phone: t.phone,
    message: t.message,
    interest: kind === "contact" ? sql<string | null>`null::text` : demoRequests.interest,
    state: t.state,
    notes: t.notes,
    stateChangedAt: t.stateChangedAt,
    stateChangedBy: t.stateChangedBy,
    notesChangedAt: t.notesChangedAt,
    notesChangedBy: t.notesChangedBy,
    createdAt: t.createdAt,
  };
};

/** A row as read: the wire row's times as the database returns them. */
type Row = Omit<InboxRow, "createdAt" | "stateChangedAt" | "notesChangedAt"> & {
  createdAt: Date;
  stateChangedAt: Date | null;
  notesChangedAt: Date | null;
};
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const toJson = (r: Row): InboxRow => ({
  ...r,
  createdAt: iso(r.createdAt) ?? "",
  stateChangedAt: iso(r.stateChangedAt),
  notesChangedAt: iso(r.notesChangedAt),
});

export async function listInbox(db: Db, kind: InboxKind, p: InboxParams) {
  const t = tableOf(kind);
  const where = whereOf(kind, p);
  return pageOf(p, {
    count: async () => (await db.select({ n: count() }).from(t).where(where))[0]?.n ?? 0,
    rows: async (limit, offset) =>
      (
        (await db
          .select(columnsOf(kind))
          .from(t)
          .where(where)
          .orderBy(...orderOf(sortExpr(kind, p.sortBy), p.sortDir, t.id))
          .limit(limit)
          .offset(offset)) as Row[]
      ).map(toJson),
  });
}

export const inboxExport = (db: Db, kind: InboxKind, p: ExportParams) => ({
  header: ["id", "created_at", "name", "email", "company", "phone", "interest", "message", "state", "notes"],
  batch: async (after: Keyset | null, limit: number) => {
    const t = tableOf(kind);
    const expr = sortExpr(kind, p.sortBy);
    return (await db
      .select({ ...columnsOf(kind), sortKey: sortKeyText(expr) })
      .from(t)
      .where(and(whereOf(kind, p), afterKeyset(expr, p.sortDir, t.id, after)))
      .orderBy(...orderOf(expr, p.sortDir, t.id))
      .limit(limit)) as (Row & { sortKey: string })[];
  },
  fields: (r: Row) => [
    r.id,
    iso(r.createdAt),
    r.name,
    r.email,
    r.company,
    r.phone,
    r.interest,
    r.message,
    r.state,
    r.notes,
  ],
});

/**
 * Changes a row's state and/or notes, recording who and when for each; answers the updated row,
 * or null when the id is not one of this list's rows.
 */
export async function updateInboxRow(
  db: Db,
  kind: InboxKind,
  id: string,
  by: string,
  change: { state?: InboxState; notes?: string },
) {
  const t = tableOf(kind);
  const now = new Date();
  const set = {
    ...(change.state !== undefined ? { state: change.state, stateChangedAt: now, stateChangedBy: by } : {}),
    ...(change.notes !== undefined ? { notes: change.notes, notesChangedAt: now, notesChangedBy: by } : {}),
  };
  const [row] = (await db
    .update(t)
    .set(set)
    .where(and(eq(t.id, id), whereOf(kind, {})))
    .returning(columnsOf(kind))) as Row[];
  return row ? toJson(row) : null;
}
