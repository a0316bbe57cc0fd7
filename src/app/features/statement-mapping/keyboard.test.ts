import { describe, expect, it } from "vitest";
import { initialKeyboard, keyAction, keyboardReducer } from "./keyboard";

describe("mapping keyboard", () => {
  const reduce = keyboardReducer(3);

  it("moves between lines without leaving the list, closing the picker", () => {
    let s = initialKeyboard(3);
    expect(s.active).toBe(0);
    s = reduce(s, { type: "previous" });
    expect(s.active).toBe(0);
    s = reduce(s, { type: "open-picker" });
    expect(s.pickerOpen).toBe(true);
    s = reduce(s, { type: "next" });
    expect(s).toMatchObject({ active: 1, pickerOpen: false });
    s = reduce(reduce(s, { type: "next" }), { type: "next" });
    expect(s.active).toBe(2);
    expect(reduce(s, { type: "first" }).active).toBe(0);
    expect(reduce(s, { type: "focus", index: 9 }).active).toBe(2);
  });

  it("has no active line and opens no picker when the list is empty", () => {
    const empty = keyboardReducer(0);
    const s = initialKeyboard(0);
    expect(s.active).toBe(-1);
    expect(empty(s, { type: "next" }).active).toBe(-1);
    expect(empty(s, { type: "open-picker" }).pickerOpen).toBe(false);
  });

  it("keeps the active line inside the list when it shrinks", () => {
    const s = { ...initialKeyboard(3), active: 2 };
    expect(keyboardReducer(1)(s, { type: "resize", count: 1 }).active).toBe(0);
  });

  it("maps keys to actions and commands, ignoring modified keys", () => {
    expect(keyAction("ArrowDown")).toEqual({ type: "next" });
    expect(keyAction("k")).toEqual({ type: "previous" });
    expect(keyAction("Enter")).toEqual({ type: "open-picker" });
    expect(keyAction("a")).toEqual({ type: "command", command: "accept" });
    expect(keyAction("x")).toEqual({ type: "command", command: "exclude" });
    expect(keyAction("?")).toEqual({ type: "toggle-help" });
    expect(keyAction("a", { ctrl: true })).toBeNull();
    expect(keyAction("q")).toBeNull();
  });
});
