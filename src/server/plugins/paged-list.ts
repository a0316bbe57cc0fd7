/**
 * The server half of every admin list (docs/architecture.md, "Server-paged lists"): one query
 * string (page from 0, rowsPerPage up to MAX_ROWS_PER_PAGE, sortBy from the route's allow-list,
 * sortDir, query), one page shape `{ rows, total, page, rowsPerPage }`, stable ordering (the id
 * breaks ties so pages never overlap), and CSV export of the current filter streamed batch by
 * batch (keyset pagination on the same order), never built in memory.
 */
import { Readable } from "node:stream";
import { type TProperties, Type } from "@sinclair/typebox";
import { type AnyColumn, asc, desc, type SQL, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";

const MAX_ROWS_PER_PAGE = 100;
const DEFAULT_ROWS_PER_PAGE = 25;
/** Rows fetched per query while exporting. */
const EXPORT_BATCH = 1000;
/**
 * A searched list counts at most this many rows past the page's start, then answers
 * `totalCapped` ("1,000+"): a common term matches a quarter of 100,000 users, and counting every
 * match was the whole cost of the page (a sequential scan, 150 ms on PGlite), while the page
 * itself walks the sort index and stops at 25 (docs/architecture.md, "Server-paged lists").
 */
export const COUNT_CAP = 1000;

export type SortDir = "asc" | "desc";

/** The params every list route receives (after validation and defaults). */
export interface ListParams<S extends string> {
  page: number;
  rowsPerPage: number;
  sortBy: S;
  sortDir: SortDir;
  query?: string;
}

/**
 * The list query string schema: unknown sortBy, page −1 or rowsPerPage over the maximum answer
 * 400 naming the field and what is allowed (plugins/errors.ts describeValidation).
 */
export function listQuerySchema<S extends string, P extends TProperties>(
  sorts: readonly S[],
  defaults: { sortBy: S; sortDir?: SortDir },
  extra: P = {} as P,
) {
  return Type.Object(
    {
      page: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
      rowsPerPage: Type.Integer({ minimum: 1, maximum: MAX_ROWS_PER_PAGE, default: DEFAULT_ROWS_PER_PAGE }),
      sortBy: Type.Unsafe<S>({ type: "string", enum: [...sorts], default: defaults.sortBy }),
      sortDir: Type.Unsafe<SortDir>({
        type: "string",
        enum: ["asc", "desc"],
        default: defaults.sortDir ?? "desc",
      }),
      query: Type.Optional(Type.String({ maxLength: 200 })),
      ...extra,
    },
    { additionalProperties: false },
  );
}

/** The response schema of one page of `row`. */
export function pageSchema<R extends TProperties>(row: R) {
  return Type.Object({
    rows: Type.Array(Type.Object(row)),
    total: Type.Integer(),
    /** True when counting stopped at `total`: there are more matches than that. */
    totalCapped: Type.Optional(Type.Boolean()),
    page: Type.Integer(),
    rowsPerPage: Type.Integer(),
  });
}

/** LIKE pattern for "contains", with the caller's % _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The trimmed search term, or undefined when there is none. */
export const searchTerm = (p: { query?: string }) => p.query?.trim() || undefined;

/** ORDER BY the chosen expression, the id breaking ties in the same direction. */
export function orderOf(sortExpr: SQL | AnyColumn, dir: SortDir, id: AnyColumn): SQL[] {
  const by = dir === "asc" ? asc : desc;
  return [by(sortExpr), by(id)];
}

/**
 * One page: runs the count and the page query, returns the shared page shape. With
 * `countUpTo` (the count of at most `limit` matching rows) and a search term, the count stops
 * COUNT_CAP rows past the page's start and the page says `totalCapped`.
 */
export async function pageOf<T>(
  p: ListParams<string>,
  run: {
    count(): Promise<number | string>;
    countUpTo?(limit: number): Promise<number | string>;
    rows(limit: number, offset: number): Promise<T[]>;
  },
) {
  const offset = p.page * p.rowsPerPage;
  const cap = offset + COUNT_CAP;
  const capped = run.countUpTo && searchTerm(p) !== undefined;
  const counted = Number(capped && run.countUpTo ? await run.countUpTo(cap + 1) : await run.count());
  const rows = await run.rows(p.rowsPerPage, offset);
  if (capped && counted > cap)
    return { rows, total: cap, totalCapped: true, page: p.page, rowsPerPage: p.rowsPerPage };
  return { rows, total: counted, page: p.page, rowsPerPage: p.rowsPerPage };
}

/** Where the previous batch of an export ended: its last row's sort key (as text) and id. */
export interface Keyset {
  sortKey: string | null;
  id: string;
}

/**
 * The keyset condition "after this row" for ORDER BY orderOf(sortExpr, dir, id). The sort key
 * travels as text (`sortExpr::text`) so timestamps keep their microseconds; PostgreSQL casts it
 * back to the expression's type in the row comparison. Sort expressions must not be null
 * (coalesce them).
 */
export function afterKeyset(sortExpr: SQL | AnyColumn, dir: SortDir, id: AnyColumn, after: Keyset | null) {
  if (!after) return undefined;
  return dir === "asc"
    ? sql`(${sortExpr}, ${id}) > (${after.sortKey}, ${after.id})`
    : sql`(${sortExpr}, ${id}) < (${after.sortKey}, ${after.id})`;
}

/** The sort expression as text, selected next to each exported row for the next keyset. */
export const sortKeyText = (sortExpr: SQL | AnyColumn) => sql<string>`(${sortExpr})::text`;

/** One CSV field: quoted when needed; a leading = + - @ is defused so spreadsheets show text. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  let s =
    value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.join(" ") : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export const csvLine = (fields: readonly unknown[]) => `${fields.map(csvField).join(",")}\r\n`;

/**
 * Streams a CSV: the header, then each batch `next(after)` returns (keyset after the last row
 * of the previous batch) until a batch comes back short. Each batch is one query and one chunk;
 * memory holds one batch at most, whatever the number of rows.
 */
export function sendCsv<R extends { sortKey: string | null; id: string }>(
  reply: FastifyReply,
  filename: string,
  header: readonly string[],
  next: (after: Keyset | null, limit: number) => Promise<R[]>,
  toFields: (row: R) => readonly unknown[],
) {
  async function* lines() {
    yield `\uFEFF${csvLine(header)}`;
    let after: Keyset | null = null;
    for (;;) {
      const batch = await next(after, EXPORT_BATCH);
      if (batch.length > 0) yield batch.map((r) => csvLine(toFields(r))).join("");
      const last = batch.at(-1);
      if (!last || batch.length < EXPORT_BATCH) return;
      after = { sortKey: last.sortKey, id: last.id };
    }
  }
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("cache-control", "no-store")
    .send(Readable.from(lines()));
}
