import { describe, expect, it } from "vitest";
import { isYearToken, parseAmount } from "./amount";

describe("parseAmount", () => {
  it.each([
    ["1234", 1234],
    ["1,234", 1234],
    ["1,234,567.89", 1234567.89],
    ["$1,234", 1234],
    ["$ 1,234.50", 1234.5],
    ["(1,234)", -1234],
    ["$(1,234.00)", -1234],
    ["($1,234)", -1234],
    ["1,234-", -1234],
    ["-1,234", -1234],
    ["-$1,234", -1234],
    ["0.75", 0.75],
    ["-", 0],
    ["—", 0],
    ["–", 0],
    ["$ -", 0],
    ["$-", 0],
    ["1.234,56", 1234.56],
    ["12,50", 12.5],
    ["1,150.00 CR", -1150],
    ["1,150.00CR", -1150],
    ["1,150.00 DR", 1150],
    ["1,150.00 Cr.", -1150],
  ])("reads %s as %d", (raw, expected) => {
    expect(parseAmount(raw)).toBe(expected);
  });

  it.each([
    "",
    "abc",
    "12%",
    "1,23,4",
    "12/31/2023",
    "(1,234",
    "1,234)",
    "$",
    "1.2.3",
    "10:30",
    "4B",
    "CR",
    "12% CR",
  ])("refuses %s", (raw) => {
    expect(parseAmount(raw)).toBeNull();
  });

  it("never returns negative zero", () => {
    expect(Object.is(parseAmount("(0)"), -0)).toBe(false);
  });
});

describe("isYearToken", () => {
  it("recognises plain years only", () => {
    expect(isYearToken("2023")).toBe(true);
    expect(isYearToken("1999")).toBe(true);
    expect(isYearToken("2,023")).toBe(false);
    expect(isYearToken("3023")).toBe(false);
  });
});
