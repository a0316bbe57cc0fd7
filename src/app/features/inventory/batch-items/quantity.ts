/**
 * The inline quantity edit's rule (the same as the forms and the API: validate.ts): a whole
 * number from 0 to ITEM_LIMITS.quantityMax. Returns the number or why it is refused.
 */
import { ITEM_LIMITS } from "../../../../domain/inventory/item";

export type QuantityCheck =
  | { ok: true; value: number }
  | { ok: false; reason: "required" | "whole" | "range" };

export function checkQuantity(input: string | number): QuantityCheck {
  const text = typeof input === "number" ? String(input) : input.trim().replace(/[,\s_]/g, "");
  if (text === "") return { ok: false, reason: "required" };
  if (!/^-?\d+(\.\d+)?$/.test(text)) return { ok: false, reason: "whole" };
  const n = Number(text);
  if (!Number.isInteger(n)) return { ok: false, reason: "whole" };
  if (n < 0 || n > ITEM_LIMITS.quantityMax) return { ok: false, reason: "range" };
  return { ok: true, value: n };
}
