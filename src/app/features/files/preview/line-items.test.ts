import { describe, expect, it } from "vitest";
import { boxStyle, formatAmount, groupBySection } from "./line-items";

describe("file preview line items", () => {
  it("groups items by adjacent section, keeping their index", () => {
    const item = (section: string | null, label: string, page = 1) => ({
      page,
      section,
      label,
      amounts: [1],
      isTotal: false,
    });
    const groups = groupBySection([
      item(null, "Opening"),
      item("INCOME", "Rent"),
      item("INCOME", "Parking", 2),
      item("EXPENSES", "Fuel", 2),
    ]);
    expect(groups.map((g) => [g.section, g.items.map((i) => `${i.index}:${i.label}`)])).toEqual([
      [null, ["0:Opening"]],
      ["INCOME", ["1:Rent", "2:Parking"]],
      ["EXPENSES", ["3:Fuel"]],
    ]);
  });

  it("formats amounts as dollars, cents only when present, negatives in parentheses", () => {
    expect(formatAmount(1234, "en-US")).toBe("$1,234");
    expect(formatAmount(1234.5, "en-US")).toBe("$1,234.50");
    expect(formatAmount(-980, "en-US")).toBe("($980)");
    expect(formatAmount(0, "en-US")).toBe("$0");
    expect(formatAmount(1234.5, "de-DE")).toMatch(/^1\.234,50\s\$$/);
  });

  it("turns a box into percentages, clamped and ordered", () => {
    expect(boxStyle({ x0: 0.1, y0: 0.25, x1: 0.6, y1: 0.3 })).toEqual({
      left: "10%",
      top: "25%",
      width: "50%",
      height: "5%",
    });
    expect(boxStyle({ x0: 1.2, y0: -0.1, x1: 0.9, y1: 0.05 })).toEqual({
      left: "90%",
      top: "0%",
      width: "10%",
      height: "5%",
    });
  });
});
