import { describe, expect, it } from "vitest";
import { parseAdminListingSearch } from "./admin-listing-search";

describe("parseAdminListingSearch", () => {
  it("keeps what the server accepts", () => {
    expect(
      parseAdminListingSearch({ page: 2, sortBy: "title", sortDir: "asc", query: " lamp ", state: "failed" }),
    ).toEqual({ page: 2, sortBy: "title", sortDir: "asc", query: "lamp", state: "failed" });
  });

  it("drops bad or default values instead of sending them", () => {
    expect(
      parseAdminListingSearch({ page: -1, sortBy: "price", sortDir: "up", query: "  ", state: "sold", x: 1 }),
    ).toEqual({});
    expect(parseAdminListingSearch({ page: 1.5 })).toEqual({});
    expect(parseAdminListingSearch({ query: "a".repeat(300) }).query).toHaveLength(200);
  });
});
