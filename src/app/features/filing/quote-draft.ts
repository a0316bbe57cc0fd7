/**
 * The staff quote editor's lines as typed (dollars as text, quantity as text) → the API's
 * lines in cents, each line's amount and the total; null where a field does not parse.
 */
import {
  MAX_QUANTITY,
  MAX_QUOTE_ITEMS,
  type QuoteItemInput,
  type QuoteItemKind,
} from "../../../domain/filing";
import { type Cents, MAX_CENTS, parseDollars } from "../../../domain/money";

export interface DraftLine {
  key: string;
  kind: QuoteItemKind;
  description: string;
  quantity: string;
  unitDollars: string;
}

export interface DraftTotals {
  /** Each line's amount in cents, null when its quantity or price does not parse. */
  amounts: (Cents | null)[];
  /** The sum of the lines that parse. */
  totalCents: Cents;
  /** The lines to send, or null while any line is wrong or the total is not above $0. */
  items: QuoteItemInput[] | null;
}

export function parseQuantity(raw: string): number | null {
  const s = raw.trim();
  if (!/^\d+$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= MAX_QUANTITY ? n : null;
}

export function quoteTotals(lines: readonly DraftLine[]): DraftTotals {
  const items: QuoteItemInput[] = [];
  const amounts = lines.map((l) => {
    const q = parseQuantity(l.quantity);
    const unit = parseDollars(l.unitDollars);
    if (q === null || unit === null) return null;
    items.push({
      kind: l.kind,
      quantity: q,
      unitCents: unit,
      ...(l.description.trim() ? { description: l.description.trim() } : {}),
    });
    return unit * q;
  });
  const totalCents = amounts.reduce<number>((a, b) => a + (b ?? 0), 0);
  const ok =
    lines.length > 0 &&
    lines.length <= MAX_QUOTE_ITEMS &&
    amounts.every((a) => a !== null && a <= MAX_CENTS) &&
    totalCents > 0 &&
    totalCents <= MAX_CENTS;
  return { amounts, totalCents, items: ok ? items : null };
}

/** Cents → the dollars a person edits ("1234.50"). */
export const centsToDollarInput = (cents: Cents) => (cents / 100).toFixed(2);
