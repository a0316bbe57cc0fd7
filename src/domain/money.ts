/**
 * Money in integer cents (US dollars). Quotes, invoices and payments never hold fractions
 * of a cent or floating-point dollars: every amount is a safe, non-negative integer.
 */
export type Cents = number;

/** The largest amount accepted anywhere: $10,000,000.00. */
export const MAX_CENTS: Cents = 1_000_000_000;

export function isCents(value: unknown): value is Cents {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= MAX_CENTS;
}

/** "$1,234.56" (en-US). */
export function formatCents(cents: Cents): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString("en-US");
  const rest = String(abs % 100).padStart(2, "0");
  return `${negative ? "-" : ""}$${dollars}.${rest}`;
}

/**
 * Dollars as typed by a person ("1234", "1,234.5", "$1,234.56") → cents; null when it does not
 * parse, is negative, has more than two decimals or exceeds MAX_CENTS.
 */
export function parseDollars(raw: string): Cents | null {
  const s = raw.trim().replace(/^\$\s*/, "");
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(s)) return null;
  const [whole = "0", frac = ""] = s.replaceAll(",", "").split(".");
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  return isCents(cents) ? cents : null;
}

/** quantity × unit price, in cents (quantity a whole number). */
export function multiplyCents(unit: Cents, quantity: number): Cents {
  if (!Number.isSafeInteger(quantity) || quantity < 0)
    throw new RangeError("Quantity must be a whole number");
  return unit * quantity;
}

export function sumCents(amounts: readonly Cents[]): Cents {
  return amounts.reduce((a, b) => a + b, 0);
}
