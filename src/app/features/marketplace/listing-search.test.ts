import { describe, expect, it } from "vitest";
import { parseMarketplaceListingSearch } from "./listing-search";

describe("Listing Management's URL search", () => {
  it("keeps a known status, a seller id and the list's own params", () => {
    const seller = "0190F0A2-1B2C-7D3E-8F40-123456789ABC";
    expect(
      parseMarketplaceListingSearch({
        status: "failed",
        seller,
        page: "2",
        sortBy: "price",
        query: " lamp ",
      }),
    ).toEqual({ status: "failed", seller: seller.toLowerCase(), page: 2, sortBy: "price", query: "lamp" });
  });

  it("drops what the server would refuse", () => {
    expect(
      parseMarketplaceListingSearch({ status: "sold", seller: "shop-1", page: "-1", sortBy: "email" }),
    ).toEqual({});
  });
});
