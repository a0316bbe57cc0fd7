import { describe, expect, it } from "vitest";
import type { Item, ItemStatus, PublicationStatus } from "../../../../domain/inventory/item";
import { testItem } from "../../../../domain/inventory/test-items";
import { listingStateOf, listingView } from "./listing-view";

let n = 0;
function item(publicationStatus: PublicationStatus, status: ItemStatus, over: Partial<Item> = {}): Item {
  n++;
  return testItem({
    id: `id-${String(n).padStart(3, "0")}`,
    companyId: "c",
    updatedAt: `2026-01-01T00:00:${String(n).padStart(2, "0")}.000Z`,
    sku: `SKU-${n}`,
    title: `Item ${n}`,
    description: "d",
    status,
    publicationStatus,
    ...over,
  });
}

const items = [
  item(0, "new", { title: "Brass lamp" }),
  item(0, "active"),
  item(1, "listed", { title: "Oak chair", barcode: "0799" }),
  item(1, "listed"),
  item(1, "sold", { sku: "LAMP-2" }),
  item(2, "deleted_from_ebay"),
  item(2, "withdrawn_from_ebay"),
];

describe("listingView", () => {
  it("counts items per listing state and per status within the chosen state", () => {
    const all = listingView(items, { state: "all", status: null, query: "" });
    expect(all.stateCounts).toEqual({ all: 7, 0: 2, 1: 3, 2: 2 });
    expect(all.rows).toHaveLength(7);
    expect(all.statusCounts.listed).toBe(2);

    const published = listingView(items, { state: 1, status: null, query: "" });
    expect(published.stateCounts).toEqual({ all: 7, 0: 2, 1: 3, 2: 2 });
    expect(published.rows.map((r) => r.publicationStatus)).toEqual([1, 1, 1]);
    expect(published.statusCounts).toMatchObject({ listed: 2, sold: 1, new: 0, deleted_from_ebay: 0 });

    const listed = listingView(items, { state: 1, status: "listed", query: "" });
    expect(listed.rows.map((r) => r.status)).toEqual(["listed", "listed"]);
    // the status counts still show the other statuses of the state, to switch to them
    expect(listed.statusCounts.sold).toBe(1);
  });

  it("searches title, SKU and barcode; the counts follow the search", () => {
    const lamp = listingView(items, { state: "all", status: null, query: "LAMP" });
    expect(lamp.rows.map((r) => r.title).sort()).toEqual(["Brass lamp", "Item 5"]);
    expect(lamp.stateCounts).toEqual({ all: 2, 0: 1, 1: 1, 2: 0 });
    expect(listingView(items, { state: "all", status: null, query: "0799" }).rows[0]?.title).toBe(
      "Oak chair",
    );
    expect(listingView(items, { state: 2, status: null, query: "oak" }).rows).toEqual([]);
  });

  it("shows the most recently changed first", () => {
    const rows = listingView(items, { state: "all", status: null, query: "" }).rows;
    const times = rows.map((r) => r.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("counts an unexpected publication number as unpublished", () => {
    expect(listingStateOf({ publicationStatus: 7 as PublicationStatus })).toBe(0);
  });
});
