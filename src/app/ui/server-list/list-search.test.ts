import { describe, expect, it } from "vitest";
import {
  apiQuery,
  type ListSearch,
  pageCount,
  parseListSearch,
  patchSearch,
  toggleSort,
} from "./list-search";

const SORTS = ["email", "createdAt"] as const;
type Search = ListSearch<(typeof SORTS)[number]>;
const at = (s: Search) => s;

describe("parseListSearch", () => {
  it("keeps a valid page, sort, direction and trimmed query", () => {
    expect(parseListSearch({ page: "3", sortBy: "email", sortDir: "asc", query: "  ann  " }, SORTS)).toEqual({
      page: 3,
      sortBy: "email",
      sortDir: "asc",
      query: "ann",
    });
  });

  it("drops what the server would refuse", () => {
    expect(
      parseListSearch(
        { page: "-1", sortBy: "password_hash", sortDir: "sideways", query: "   ", extra: 1 },
        SORTS,
      ),
    ).toEqual({});
    expect(parseListSearch({ page: "1.5" }, SORTS)).toEqual({});
    expect(parseListSearch({ page: 1 }, SORTS)).toEqual({});
    expect(parseListSearch({ page: "2000000" }, SORTS)).toEqual({});
    expect(parseListSearch({ query: 42 }, SORTS)).toEqual({});
  });

  it("cuts a long query to 200 characters", () => {
    expect(parseListSearch({ query: "x".repeat(300) }, SORTS).query).toHaveLength(200);
  });
});

describe("patchSearch", () => {
  it("starts again on the first page when the filter or order changes", () => {
    expect(patchSearch(at({ page: 4, query: "a" }), { query: "ab" })).toEqual({ query: "ab" });
    expect(patchSearch(at({ page: 4, sortBy: "email" }), { sortDir: "desc" })).toEqual({
      sortBy: "email",
      sortDir: "desc",
    });
  });

  it("keeps the page when paging and drops page 1 and empty values", () => {
    expect(patchSearch(at({ query: "a" }), { page: 2 })).toEqual({ query: "a", page: 2 });
    expect(patchSearch(at({ page: 3, query: "a" }), { page: 1 })).toEqual({ query: "a" });
    expect(patchSearch(at({ query: "a" }), { query: "  " })).toEqual({});
    expect(patchSearch(at({ query: "a" }), { query: undefined })).toEqual({});
  });
});

describe("toggleSort", () => {
  it("sorts a new column in its first direction and flips the same column", () => {
    expect(toggleSort({ sortBy: "createdAt", sortDir: "desc" }, "email")).toEqual({
      sortBy: "email",
      sortDir: "asc",
    });
    expect(toggleSort({ sortBy: "email", sortDir: "asc" }, "email")).toEqual({
      sortBy: "email",
      sortDir: "desc",
    });
    expect(toggleSort({ sortBy: "email", sortDir: "desc" }, "email")).toEqual({
      sortBy: "email",
      sortDir: "asc",
    });
  });
});

describe("apiQuery", () => {
  it("turns the URL page (from 1) into the server page (from 0) with defaults and filters", () => {
    expect(
      apiQuery({ page: 3, query: "x", state: "failed" }, { sortBy: "createdAt", sortDir: "desc" }, 25),
    ).toEqual({
      page: 2,
      rowsPerPage: 25,
      sortBy: "createdAt",
      sortDir: "desc",
      query: "x",
      state: "failed",
    });
  });

  it("leaves paging out for the export", () => {
    expect(apiQuery({ page: 3, sortBy: "email" }, { sortBy: "createdAt", sortDir: "desc" })).toEqual({
      sortBy: "email",
      sortDir: "desc",
      query: undefined,
    });
  });

  it("counts pages", () => {
    expect([pageCount(0, 25), pageCount(25, 25), pageCount(26, 25)]).toEqual([1, 1, 2]);
  });
});
