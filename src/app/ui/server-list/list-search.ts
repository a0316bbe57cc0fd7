/**
 * The URL search of a server-paged list (`?page=2&sortBy=email&sortDir=asc&query=ann`): what
 * the server pages, sorts and searches by, kept in the URL so a reload or a shared link shows
 * the same page. Pages count from 1 in the URL (people read it) and from 0 on the server.
 * Anything unknown or out of range is dropped, so the server never sees a bad parameter.
 */
export type SortDir = "asc" | "desc";

export interface ListSearch<S extends string = string> {
  page?: number;
  sortBy?: S;
  sortDir?: SortDir;
  query?: string;
}

const MAX_QUERY_LENGTH = 200;
const MAX_PAGE = 1_000_000;

/** `v` when it is one of `list`, else undefined (a URL value checked against the known ones). */
export const oneOf = <T extends string>(list: readonly T[], v: unknown): T | undefined =>
  typeof v === "string" && (list as readonly string[]).includes(v) ? (v as T) : undefined;

/** The list part of a route's search (TanStack Router `validateSearch`). */
export function parseListSearch<S extends string>(
  search: Record<string, unknown>,
  sorts: readonly S[],
): ListSearch<S> {
  const page = Number(search.page);
  const query = typeof search.query === "string" ? search.query.trim().slice(0, MAX_QUERY_LENGTH) : "";
  const out: ListSearch<S> = {};
  if (Number.isInteger(page) && page > 1 && page <= MAX_PAGE) out.page = page;
  if (query) out.query = query;
  const sortBy = oneOf(sorts, search.sortBy);
  const sortDir = oneOf(["asc", "desc"] as const, search.sortDir);
  if (sortBy) out.sortBy = sortBy;
  if (sortDir) out.sortDir = sortDir;
  return out;
}

/**
 * The search after a change: a new filter or order starts again on the first page; empty
 * values leave the URL.
 */
export function patchSearch<T extends ListSearch>(current: T, patch: Partial<T>): T {
  const next = { ...current, ...patch };
  if (!("page" in patch)) delete next.page;
  if (next.page !== undefined && next.page <= 1) delete next.page;
  if (typeof next.query === "string" && !next.query.trim()) delete next.query;
  for (const k of Object.keys(next) as (keyof T)[]) if (next[k] === undefined) delete next[k];
  return next;
}

/** A click on a column header: a new column sorts by its default direction, the same column flips. */
export function toggleSort<S extends string>(
  current: { sortBy: S; sortDir: SortDir },
  column: S,
  firstDir: SortDir = "asc",
): { sortBy: S; sortDir: SortDir } {
  if (current.sortBy !== column) return { sortBy: column, sortDir: firstDir };
  return { sortBy: column, sortDir: current.sortDir === "asc" ? "desc" : "asc" };
}

/** The server's query for a page (page from 0) or, without rowsPerPage, for the CSV export. */
export function apiQuery(
  search: ListSearch & Record<string, unknown>,
  defaults: { sortBy: string; sortDir: SortDir },
  rowsPerPage?: number,
) {
  const { page, sortBy, sortDir, query, ...filters } = search;
  const out: Record<string, string | number | undefined> = {
    sortBy: sortBy ?? defaults.sortBy,
    sortDir: sortDir ?? defaults.sortDir,
    query,
  };
  if (rowsPerPage !== undefined) {
    out.page = (page ?? 1) - 1;
    out.rowsPerPage = rowsPerPage;
  }
  for (const [k, v] of Object.entries(filters))
    if (typeof v === "string" || typeof v === "number") out[k] = v;
  return out;
}

/** Number of pages for a total (at least one). */
export const pageCount = (total: number, rowsPerPage: number) => Math.max(1, Math.ceil(total / rowsPerPage));
