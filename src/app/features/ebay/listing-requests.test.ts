import { describe, expect, it } from "vitest";
import { newItemFields } from "../../../domain/inventory/item";
import { actionsFor, publishBlockers, withRequest } from "./listing-requests";

describe("listing requests", () => {
  it("keeps the category and aspects and sets a new request", () => {
    const item = {
      ebay: { categoryId: "112581", categoryName: "Lamps", aspects: { Brand: ["Acme"] }, request: null },
    };
    const out = withRequest(
      item,
      "publish",
      "0193a7a0-0000-7000-8000-000000000001",
      new Date("2026-11-25T10:00:00Z"),
    );
    expect(out).toEqual({
      categoryId: "112581",
      categoryName: "Lamps",
      aspects: { Brand: ["Acme"] },
      request: {
        id: "0193a7a0-0000-7000-8000-000000000001",
        action: "publish",
        at: "2026-11-25T10:00:00.000Z",
      },
    });
    expect(withRequest({ ebay: null }, "delete", "x", new Date(0)).categoryId).toBeNull();
  });

  it("offers withdraw and delete for listed items, publish for the rest", () => {
    expect(actionsFor({ publicationStatus: 1, status: "listed" })).toContain("withdraw");
    expect(actionsFor({ publicationStatus: 0, status: "pending" })).toEqual(["publish"]);
    expect(actionsFor({ publicationStatus: 0, status: "withdrawn_from_ebay" })).toEqual([
      "publish",
      "delete",
    ]);
  });

  it("names what an item lacks for eBay", () => {
    const f = newItemFields({ title: "Lamp", description: "Brass", price: 100, photos: ["p"] });
    expect(publishBlockers(f)).toEqual(["category"]);
    expect(
      publishBlockers({ ...f, ebay: { categoryId: "1", categoryName: null, aspects: {}, request: null } }),
    ).toEqual([]);
    expect(publishBlockers({ ...f, price: null, quantity: 0, photos: [] })).toEqual([
      "price",
      "quantity",
      "category",
      "photos",
    ]);
  });
});
