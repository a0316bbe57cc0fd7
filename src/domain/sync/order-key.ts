/**
 * Fractional ordering keys for ordered lists of synced records (kanban columns and tasks): each
 * record carries a `position` text key, and the list is sorted by it (then by id). A move or an
 * insert writes ONE record — the one that moved, with a key between its new neighbours — so two
 * devices moving different records never touch the same row, and two moves of the same record
 * are two writes of one field: the server's order decides (last writer wins) and every device
 * sorts the result the same way. Keys come from `fractional-indexing` (base-62 text keys that
 * compare with plain `<`, as IndexedDB and PostgreSQL "C" collation do).
 */
import { generateKeyBetween, generateNKeysBetween } from "fractional-indexing";

/** A record of an ordered list. */
export interface Ordered {
  id: string;
  position: string;
}

/** A key after `before` and before `after` (null: the start / the end of the list). */
export function keyBetween(before: string | null, after: string | null): string {
  // Two devices may give equal keys to different records (both inserted at the same place):
  // compareOrdered breaks the tie by id, so the order stays total; the next move between them
  // gets a key strictly between their neighbours again.
  if (before !== null && after !== null && before >= after) return generateKeyBetween(before, null);
  return generateKeyBetween(before, after);
}

/** `n` increasing keys between `before` and `after` (a list filled at once). */
export function keysBetween(before: string | null, after: string | null, n: number): string[] {
  return generateNKeysBetween(before, after, n);
}

/** The list order: by position, then by id (a total order even when two keys are equal). */
export function compareOrdered(a: Ordered, b: Ordered): number {
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The position for moving (or inserting) `id` so that it lands at `index` of the list without it
 * (`list` in any order; index 0 = first, list length or more = last).
 */
export function positionAt(list: readonly Ordered[], id: string | null, index: number): string {
  const others = list.filter((r) => r.id !== id).sort(compareOrdered);
  const i = Math.max(0, Math.min(index, others.length));
  const before = others[i - 1] ?? null;
  const after = others[i] ?? null;
  if (before && after && before.position === after.position) {
    // equal keys (two devices inserted at the same place): one write cannot go between them, so
    // the record lands right after the pair, before the next greater key
    const next = others.slice(i).find((r) => r.position > before.position) ?? null;
    return keyBetween(before.position, next?.position ?? null);
  }
  return keyBetween(before?.position ?? null, after?.position ?? null);
}
