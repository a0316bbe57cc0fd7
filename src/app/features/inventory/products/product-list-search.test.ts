import { describe, expect, it } from "vitest";
import { parseProductListSearch } from "./product-list-search";

describe("parseProductListSearch", () => {
  it("keeps the words, a known order and the page", () => {
    expect(parseProductListSearch({ query: "  brass lamp ", sort: "priceAsc", page: "4" })).toEqual({
      query: "brass lamp",
      sort: "priceAsc",
      page: 4,
    });
  });

  it("falls back to every product, recently changed first, on bad input", () => {
    expect(parseProductListSearch({})).toEqual({});
    expect(parseProductListSearch({ sort: "price", page: "x", query: "   " })).toEqual({});
    expect(parseProductListSearch({ sort: "updated", sortDir: "asc", page: 1.5 })).toEqual({});
    expect(parseProductListSearch({ query: { a: 1 }, sort: null })).toEqual({});
  });

  it("keeps the marketplace's seller out of its own result", () => {
    expect(parseProductListSearch({ seller: "abc", name: "Shop", sort: "title" })).toEqual({ sort: "title" });
  });
});
