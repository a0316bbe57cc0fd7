import { describe, expect, it } from "vitest";
import { recentScanItemIds } from "./recent-scans";
import { addIds, parseSelection, removeIds, toggleId } from "./selection";

describe("label selection", () => {
  it("adds new ids at the end, once, up to the limit", () => {
    expect(addIds(["a", "b"], ["b", "c", "d"], 10)).toEqual(["a", "b", "c", "d"]);
    expect(addIds(["a"], ["b", "c", "d"], 3)).toEqual(["a", "b", "c"]);
  });

  it("removes and toggles", () => {
    expect(removeIds(["a", "b", "c"], ["b"])).toEqual(["a", "c"]);
    expect(toggleId(["a", "b"], "a", 10)).toEqual(["b"]);
    expect(toggleId(["a"], "b", 10)).toEqual(["a", "b"]);
  });

  it("reads a stored selection, dropping what is not an id list", () => {
    expect(parseSelection('["a","b","a",3]')).toEqual(["a", "b"]);
    expect(parseSelection("{}")).toEqual([]);
    expect(parseSelection("not json")).toEqual([]);
    expect(parseSelection(null)).toEqual([]);
  });
});

describe("recent scans", () => {
  const scan = (id: number, itemId: string, undone = false) => ({
    id,
    at: 1000 + id,
    code: `C${id}`,
    source: "camera",
    itemId,
    title: "T",
    action: "counted",
    quantity: 1,
    undone,
  });

  it("lists each scanned item once, newest first, without undone scans", () => {
    const raw = JSON.stringify([scan(4, "x"), scan(3, "y", true), scan(2, "x"), scan(1, "z")]);
    expect(recentScanItemIds(raw)).toEqual(["x", "z"]);
    expect(recentScanItemIds(null)).toEqual([]);
  });
});
