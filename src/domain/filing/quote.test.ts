import { describe, expect, it } from "vitest";
import { priceQuote, type QuoteItemInput } from "./quote";

describe("priceQuote", () => {
  it("prices lines in cents with default descriptions", () => {
    const r = priceQuote([
      { kind: "base_filing", quantity: 1, unitCents: 49_900 },
      { kind: "extra_statement", quantity: 2, unitCents: 7_550, description: " Two more buildings " },
      { kind: "rush", quantity: 1, unitCents: 0 },
    ]);
    expect(r).toEqual({
      ok: true,
      totalCents: 65_000,
      items: [
        {
          kind: "base_filing",
          description: "Base filing",
          quantity: 1,
          unitCents: 49_900,
          amountCents: 49_900,
        },
        {
          kind: "extra_statement",
          description: "Two more buildings",
          quantity: 2,
          unitCents: 7_550,
          amountCents: 15_100,
        },
        { kind: "rush", description: "Rush", quantity: 1, unitCents: 0, amountCents: 0 },
      ],
    });
  });

  it("refuses empty, fractional, negative, unknown and zero-total quotes", () => {
    const bad: Array<[QuoteItemInput[], RegExp]> = [
      [[], /at least one line/],
      [[{ kind: "base_filing", quantity: 1.5, unitCents: 100 }], /Line 1: the quantity/],
      [[{ kind: "base_filing", quantity: 0, unitCents: 100 }], /Line 1: the quantity/],
      [[{ kind: "base_filing", quantity: 1, unitCents: 10.5 }], /Line 1: the price/],
      [[{ kind: "base_filing", quantity: 1, unitCents: -1 }], /Line 1: the price/],
      [[{ kind: "lunch" as "rush", quantity: 1, unitCents: 1 }], /unknown kind "lunch"/],
      [[{ kind: "rush", quantity: 1, unitCents: 0 }], /more than \$0.00/],
      [[{ kind: "rush", quantity: 1000, unitCents: 1_000_000_000 }], /too large/],
      [
        Array.from({ length: 21 }, () => ({ kind: "rush" as const, quantity: 1, unitCents: 1 })),
        /at most 20/,
      ],
    ];
    for (const [items, message] of bad) {
      const r = priceQuote(items);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(message);
    }
  });
});
