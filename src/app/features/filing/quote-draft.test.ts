import { describe, expect, it } from "vitest";
import { formatCents } from "../../../domain/money";
import { centsToDollarInput, type DraftLine, parseQuantity, quoteTotals } from "./quote-draft";

const line = (over: Partial<DraftLine>): DraftLine => ({
  key: "k",
  kind: "base_filing",
  description: "",
  quantity: "1",
  unitDollars: "0",
  ...over,
});

describe("quoteTotals", () => {
  it("prices lines in cents and sums them", () => {
    const t = quoteTotals([
      line({ unitDollars: "450" }),
      line({ kind: "extra_statement", quantity: "3", unitDollars: "$75.50", description: " Q1-Q3 " }),
    ]);
    expect(t.amounts).toEqual([45_000, 22_650]);
    expect(t.totalCents).toBe(67_650);
    expect(formatCents(t.totalCents)).toBe("$676.50");
    expect(t.items).toEqual([
      { kind: "base_filing", quantity: 1, unitCents: 45_000 },
      { kind: "extra_statement", quantity: 3, unitCents: 7_550, description: "Q1-Q3" },
    ]);
  });

  it("refuses lines that do not parse, but still totals the others", () => {
    const t = quoteTotals([line({ unitDollars: "100" }), line({ unitDollars: "12.345" })]);
    expect(t.amounts).toEqual([10_000, null]);
    expect(t.totalCents).toBe(10_000);
    expect(t.items).toBeNull();
  });

  it("refuses a zero total and an empty quote", () => {
    expect(quoteTotals([line({ unitDollars: "0" })]).items).toBeNull();
    expect(quoteTotals([]).items).toBeNull();
  });
});

describe("parseQuantity", () => {
  it("accepts whole numbers 1–1000", () => {
    expect(parseQuantity("2")).toBe(2);
    expect(parseQuantity(" 1000 ")).toBe(1000);
    expect(parseQuantity("0")).toBeNull();
    expect(parseQuantity("1001")).toBeNull();
    expect(parseQuantity("1.5")).toBeNull();
    expect(parseQuantity("")).toBeNull();
  });
});

describe("money", () => {
  it("shows cents as dollars and back", () => {
    expect(formatCents(123_456)).toBe("$1,234.56");
    expect(formatCents(5)).toBe("$0.05");
    expect(centsToDollarInput(123_450)).toBe("1234.50");
  });
});
