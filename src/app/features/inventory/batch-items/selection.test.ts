import { describe, expect, it } from "vitest";
import {
  EMPTY_SELECTION,
  headerState,
  hiddenCount,
  prune,
  type Selection,
  toggle,
  toggleAllVisible,
} from "./selection";

const rows = ["a", "b", "c", "d", "e", "f"];
const ids = (s: Selection) => [...s.ids].sort();

describe("batch items selection", () => {
  it("toggles one row on and off and remembers it as the range anchor", () => {
    let s = toggle(EMPTY_SELECTION, rows, "b", false);
    expect(ids(s)).toEqual(["b"]);
    expect(s.anchor).toBe("b");
    s = toggle(s, rows, "b", false);
    expect(ids(s)).toEqual([]);
  });

  it("Shift selects the range from the anchor, in either direction", () => {
    let s = toggle(EMPTY_SELECTION, rows, "b", false);
    s = toggle(s, rows, "e", true);
    expect(ids(s)).toEqual(["b", "c", "d", "e"]);
    // the anchor stays: a second Shift+click re-spans from it
    const up = toggle(toggle(EMPTY_SELECTION, rows, "e", false), rows, "a", true);
    expect(ids(up)).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("a Shift range on a selected row clears the range", () => {
    let s = toggleAllVisible(EMPTY_SELECTION, rows);
    s = toggle(s, rows, "b", false); // anchor b, now off
    s = toggle(s, rows, "d", true); // d is on → the range b..d goes off
    expect(ids(s)).toEqual(["a", "e", "f"]);
  });

  it("Shift without an anchor (or with an anchor filtered away) toggles just that row", () => {
    expect(ids(toggle(EMPTY_SELECTION, rows, "c", true))).toEqual(["c"]);
    const s = toggle(EMPTY_SELECTION, ["x", ...rows], "x", false);
    expect(ids(toggle(s, rows, "c", true))).toEqual(["c", "x"]);
  });

  it("the header box selects every shown row, then clears them; others stay selected", () => {
    const shown = ["b", "c"];
    let s = toggle(EMPTY_SELECTION, rows, "f", false);
    expect(headerState(s, shown)).toBe("none");
    s = toggle(s, rows, "b", false);
    expect(headerState(s, shown)).toBe("some");
    s = toggleAllVisible(s, shown);
    expect(ids(s)).toEqual(["b", "c", "f"]);
    expect(headerState(s, shown)).toBe("all");
    s = toggleAllVisible(s, shown);
    expect(ids(s)).toEqual(["f"]);
    expect(headerState(EMPTY_SELECTION, [])).toBe("none");
  });

  it("counts selected rows the filter hides, and drops rows that left the batch", () => {
    const s = toggleAllVisible(EMPTY_SELECTION, rows);
    expect(hiddenCount(s, new Set(["a", "b"]))).toBe(4);
    const pruned = prune(s, new Set(["a", "c"]));
    expect(ids(pruned)).toEqual(["a", "c"]);
    expect(prune(pruned, new Set(rows))).toBe(pruned);
  });
});
