import { describe, expect, it } from "vitest";
import { formatCents, isCents, MAX_CENTS, multiplyCents, parseDollars, sumCents } from "./money";

describe("money in cents", () => {
  it("formats cents as dollars", () => {
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(123456)).toBe("$1,234.56");
    expect(formatCents(100_000_000)).toBe("$1,000,000.00");
    expect(formatCents(-250)).toBe("-$2.50");
  });

  it("parses what people type", () => {
    expect(parseDollars("1234")).toBe(123400);
    expect(parseDollars("$1,234.5")).toBe(123450);
    expect(parseDollars(" $ 0.07 ")).toBe(7);
    expect(parseDollars("1,234.56")).toBe(123456);
  });

  it("refuses what is not an amount", () => {
    for (const bad of ["", "abc", "-5", "1.234", "1,23", "12.", "1e5", "$", "100000000.01"]) {
      expect(parseDollars(bad), bad).toBeNull();
    }
  });

  it("checks, multiplies and sums integers only", () => {
    expect(isCents(10)).toBe(true);
    expect(isCents(1.5)).toBe(false);
    expect(isCents(-1)).toBe(false);
    expect(isCents(MAX_CENTS + 1)).toBe(false);
    expect(multiplyCents(2500, 3)).toBe(7500);
    expect(() => multiplyCents(2500, 1.5)).toThrow(RangeError);
    expect(sumCents([1, 2, 3])).toBe(6);
    expect(sumCents([])).toBe(0);
  });
});
