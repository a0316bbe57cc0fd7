import { describe, expect, it } from "vitest";
import { parsePropertyListSearch, propertyListPage } from "./property-list-search";

describe("parsePropertyListSearch", () => {
  it("keeps the words, a known sort and the page", () => {
    expect(parsePropertyListSearch({ query: " broadway ", sortBy: "aav", page: "2" })).toEqual({
      query: "broadway",
      sortBy: "aav",
      page: 2,
    });
  });

  it("falls back to the first page by BBL on bad input", () => {
    expect(parsePropertyListSearch({})).toEqual({});
    expect(parsePropertyListSearch({ sortBy: "owner_name", sortDir: "desc", page: "-1", query: 7 })).toEqual(
      {},
    );
    expect(parsePropertyListSearch({ sortBy: "bbl", page: "9999999" })).toEqual({});
  });
});

describe("propertyListPage", () => {
  it("names the server page (from 0) with the defaults filled in", () => {
    expect(propertyListPage({})).toEqual({ page: 0, query: "", sortBy: "bbl" });
    expect(propertyListPage({ page: 3, query: "elm", sortBy: "address" })).toEqual({
      page: 2,
      query: "elm",
      sortBy: "address",
    });
  });
});
