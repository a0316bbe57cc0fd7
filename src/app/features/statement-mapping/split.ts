/** Split arithmetic in whole cents (so 0.1 + 0.2 adds up to 0.3). */

export interface DraftPart {
  fieldId: string | null;
  /** As typed; null while empty. */
  amount: number | null;
}

const cents = (n: number) => Math.round(n * 100);

/** What is left of the line's amount after the parts (negative when they add up to more). */
export function splitRemainder(lineAmount: number, parts: readonly DraftPart[]): number {
  const used = parts.reduce(
    (sum, p) => sum + (p.amount === null || !Number.isFinite(p.amount) ? 0 : cents(p.amount)),
    0,
  );
  return (cents(lineAmount) - used) / 100;
}

export type SplitIssue = "too-few" | "missing-field" | "missing-amount" | "remainder";

/** Why the parts cannot be saved yet, or null: two or more, each with a field and an amount, adding up exactly. */
export function splitIssue(lineAmount: number, parts: readonly DraftPart[]): SplitIssue | null {
  if (parts.length < 2) return "too-few";
  if (parts.some((p) => !p.fieldId)) return "missing-field";
  if (parts.some((p) => p.amount === null || !Number.isFinite(p.amount))) return "missing-amount";
  if (splitRemainder(lineAmount, parts) !== 0) return "remainder";
  return null;
}

/** Puts the remainder into the last part (the "fill the rest" button). */
export function fillRemainder(lineAmount: number, parts: readonly DraftPart[]): DraftPart[] {
  if (parts.length === 0) return [];
  const others = parts.slice(0, -1);
  const last = parts[parts.length - 1] as DraftPart;
  return [...others, { ...last, amount: splitRemainder(lineAmount, others) }];
}
