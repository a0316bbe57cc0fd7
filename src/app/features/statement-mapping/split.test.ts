import { describe, expect, it } from "vitest";
import { fillRemainder, splitIssue, splitRemainder } from "./split";

describe("split remainder", () => {
  it("is what is left of the line after the parts, in whole cents", () => {
    expect(splitRemainder(4800, [{ fieldId: "a", amount: 4000 }])).toBe(800);
    expect(
      splitRemainder(0.3, [
        { fieldId: "a", amount: 0.1 },
        { fieldId: "b", amount: 0.2 },
      ]),
    ).toBe(0);
    expect(
      splitRemainder(100, [
        { fieldId: "a", amount: 60 },
        { fieldId: "b", amount: 50 },
      ]),
    ).toBe(-10);
    expect(splitRemainder(100, [{ fieldId: "a", amount: null }])).toBe(100);
  });

  it("names what stops the parts from being saved", () => {
    expect(splitIssue(100, [{ fieldId: "a", amount: 100 }])).toBe("too-few");
    expect(
      splitIssue(100, [
        { fieldId: null, amount: 50 },
        { fieldId: "b", amount: 50 },
      ]),
    ).toBe("missing-field");
    expect(
      splitIssue(100, [
        { fieldId: "a", amount: null },
        { fieldId: "b", amount: 50 },
      ]),
    ).toBe("missing-amount");
    expect(
      splitIssue(100, [
        { fieldId: "a", amount: 40 },
        { fieldId: "b", amount: 50 },
      ]),
    ).toBe("remainder");
    expect(
      splitIssue(100, [
        { fieldId: "a", amount: 40.5 },
        { fieldId: "b", amount: 59.5 },
      ]),
    ).toBeNull();
  });

  it("fills the last part with the remainder", () => {
    expect(
      fillRemainder(4800.5, [
        { fieldId: "a", amount: 4000 },
        { fieldId: "b", amount: null },
      ]),
    ).toEqual([
      { fieldId: "a", amount: 4000 },
      { fieldId: "b", amount: 800.5 },
    ]);
    expect(fillRemainder(10, [])).toEqual([]);
  });
});
