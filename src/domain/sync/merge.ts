/**
 * Three-way merge of an edit the server refused with 409 (DESIGN.md section 4): the user edited
 * from `base`, wants `mine`, and the server now holds `theirs`. Field by field:
 * - only the user changed it → the user's value;
 * - only the server changed it → the server's value;
 * - both changed it to the same value → that value;
 * - both changed it to different values → a conflict the user chooses (the merged value is the
 *   server's until they do, so nothing the user did not see is written).
 * Pure; compares objects and arrays (dimensions, weight, photos) by value.
 */
import type { SyncedTypeDecl } from "./entity";

export interface MergeResult<T> {
  merged: T;
  conflicts: (keyof T)[];
}

/** Structural equality for the JSON-like values records hold (null, primitives, arrays, plain objects). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  // undefined and null both mean "no value" in a stored record
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const k of keys) if (!deepEqual(ao[k], bo[k])) return false;
  return true;
}

/** Merges the listed fields of three versions of one record. */
export function mergeFields<T extends object>(
  base: T,
  mine: T,
  theirs: T,
  fields: readonly (keyof T)[],
): MergeResult<T> {
  const merged = { ...theirs };
  const conflicts: (keyof T)[] = [];
  for (const f of fields) {
    const userChanged = !deepEqual(base[f], mine[f]);
    const serverChanged = !deepEqual(base[f], theirs[f]);
    if (userChanged && !serverChanged) merged[f] = mine[f];
    else if (userChanged && serverChanged && !deepEqual(mine[f], theirs[f])) conflicts.push(f);
    // else: unchanged by the user, or both made the same change → the server's value stands
  }
  return { merged, conflicts };
}

/** A synced type's merge: over the fields it declares (`merged` holds only those). */
export function mergeRecords<T extends object>(
  type: Pick<SyncedTypeDecl, "fields">,
  base: T,
  mine: T,
  theirs: T,
): MergeResult<T> {
  const fields = type.fields as unknown as (keyof T)[];
  const pick = (v: T) => pickFields(v, fields) as T;
  return mergeFields(pick(base), pick(mine), pick(theirs), fields);
}

/** The listed fields of a record (drops id, version, timestamps and anything else). */
export function pickFields<T extends object, K extends keyof T>(row: T, fields: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const f of fields) out[f] = row[f];
  return out;
}

/** The fields whose values differ between two versions (for PATCH bodies and conflict lists). */
export function changedFields<T extends object>(from: T, to: T, fields: readonly (keyof T)[]): (keyof T)[] {
  return fields.filter((f) => !deepEqual(from[f], to[f]));
}

/** Applies the user's choice for each conflicting field ("mine" or "theirs") to a merge result. */
export function resolveConflicts<T extends object>(
  result: MergeResult<T>,
  mine: T,
  theirs: T,
  choices: Partial<Record<keyof T, "mine" | "theirs">>,
): T {
  const out = { ...result.merged };
  for (const f of result.conflicts) out[f] = choices[f] === "mine" ? mine[f] : theirs[f];
  return out;
}
