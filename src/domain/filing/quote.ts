import { type Cents, isCents, MAX_CENTS, multiplyCents, sumCents } from "../money";

/** What a quote can charge for. */
export const QUOTE_ITEM_KINDS = [
  "base_filing",
  "extra_statement",
  "rent_roll",
  "penalty_removal",
  "rush",
] as const;
export type QuoteItemKind = (typeof QUOTE_ITEM_KINDS)[number];

const QUOTE_ITEM_LABELS: Record<QuoteItemKind, string> = {
  base_filing: "Base filing",
  extra_statement: "Extra statement",
  rent_roll: "Rent roll",
  penalty_removal: "Penalty removal",
  rush: "Rush",
};

const QUOTE_STATUSES = ["draft", "sent", "accepted", "withdrawn"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const INVOICE_STATUSES = ["unpaid", "paid", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export interface QuoteItemInput {
  kind: QuoteItemKind;
  description?: string | null;
  quantity: number;
  unitCents: Cents;
}

export interface QuoteItem extends QuoteItemInput {
  description: string;
  amountCents: Cents;
}

export const MAX_QUOTE_ITEMS = 20;
export const MAX_QUANTITY = 1000;

/**
 * Checks and prices a quote's lines: 1–20 lines, whole quantities 1–1000, unit prices in
 * whole cents, a total above zero and at most MAX_CENTS. Returns the priced lines and the
 * total, or the first problem in words.
 */
export function priceQuote(
  items: readonly QuoteItemInput[],
): { ok: true; items: QuoteItem[]; totalCents: Cents } | { ok: false; message: string } {
  if (items.length === 0) return { ok: false, message: "A quote needs at least one line" };
  if (items.length > MAX_QUOTE_ITEMS)
    return { ok: false, message: `A quote has at most ${MAX_QUOTE_ITEMS} lines` };
  const priced: QuoteItem[] = [];
  for (const [i, item] of items.entries()) {
    const n = i + 1;
    if (!(QUOTE_ITEM_KINDS as readonly string[]).includes(item.kind)) {
      return { ok: false, message: `Line ${n}: unknown kind "${item.kind}"` };
    }
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1 || item.quantity > MAX_QUANTITY) {
      return {
        ok: false,
        message: `Line ${n}: the quantity must be a whole number from 1 to ${MAX_QUANTITY}`,
      };
    }
    if (!isCents(item.unitCents)) {
      return {
        ok: false,
        message: `Line ${n}: the price must be a whole number of cents from 0 to ${MAX_CENTS}`,
      };
    }
    const amountCents = multiplyCents(item.unitCents, item.quantity);
    if (amountCents > MAX_CENTS) return { ok: false, message: `Line ${n}: the amount is too large` };
    priced.push({
      kind: item.kind,
      description: item.description?.trim() || QUOTE_ITEM_LABELS[item.kind],
      quantity: item.quantity,
      unitCents: item.unitCents,
      amountCents,
    });
  }
  const totalCents = sumCents(priced.map((p) => p.amountCents));
  if (totalCents <= 0) return { ok: false, message: "The quote's total must be more than $0.00" };
  if (totalCents > MAX_CENTS) return { ok: false, message: "The quote's total is too large" };
  return { ok: true, items: priced, totalCents };
}
