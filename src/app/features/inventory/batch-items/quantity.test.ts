import { describe, expect, it } from "vitest";
import { ITEM_LIMITS } from "../../../../domain/inventory/item";
import { validateItemFields } from "../../../../domain/inventory/validate";
import { checkQuantity } from "./quantity";

describe("inline quantity", () => {
  it("accepts whole numbers from 0 to the limit", () => {
    expect(checkQuantity("0")).toEqual({ ok: true, value: 0 });
    expect(checkQuantity(" 12 ")).toEqual({ ok: true, value: 12 });
    expect(checkQuantity("1,000")).toEqual({ ok: true, value: 1000 });
    expect(checkQuantity(7)).toEqual({ ok: true, value: 7 });
    expect(checkQuantity(String(ITEM_LIMITS.quantityMax))).toEqual({
      ok: true,
      value: ITEM_LIMITS.quantityMax,
    });
  });

  it("refuses empty, fractional, negative, too large and non-numbers", () => {
    expect(checkQuantity("")).toEqual({ ok: false, reason: "required" });
    expect(checkQuantity("2.5")).toEqual({ ok: false, reason: "whole" });
    expect(checkQuantity("abc")).toEqual({ ok: false, reason: "whole" });
    expect(checkQuantity("1e3")).toEqual({ ok: false, reason: "whole" });
    expect(checkQuantity("-1")).toEqual({ ok: false, reason: "range" });
    expect(checkQuantity(String(ITEM_LIMITS.quantityMax + 1))).toEqual({ ok: false, reason: "range" });
  });

  it("agrees with the shared rules the API applies", () => {
    for (const text of ["0", "5", "2.5", "-1", String(ITEM_LIMITS.quantityMax + 1)]) {
      const mine = checkQuantity(text).ok;
      const shared =
        Object.keys(validateItemFields({ quantity: Number(text) }, { partial: true })).length === 0;
      expect(mine, text).toBe(shared);
    }
  });
});
