/**
 * Kanban's merge rules after a 409 (the field-by-field merge of sync/merge.ts, with three rules
 * of its own, so a board converges without asking anyone):
 * - a move (`columnId` + `position`) is one unit: two moves of one task → the later writer wins
 *   (the device merging now is the later writer: the server already holds the other move), and
 *   both fields come from the same side, so a task never lands in one column with another's key;
 * - `labels` and `assignees` are sets: additions and removals of both sides are applied;
 * - `checklists` merge by checklist and item id: both sides' additions stay, a removal on either
 *   side removes, an item ticked on either side is ticked.
 * Other fields (title, description, due date) both changed differently → the user chooses.
 * Columns follow the move rule too: two moves of one column → the later writer's `position` wins;
 * a name both changed differently → the user chooses.
 */
import { deepEqual, type MergeResult, mergeFields } from "../sync/merge";
import type { CheckItem, Checklist, ColumnFields, TaskFields } from "./board";

const MOVE = ["columnId", "position"] as const;

/** Three-way merge of a set of strings (order: theirs, then mine's additions). */
export function mergeSet(
  base: readonly string[],
  mine: readonly string[],
  theirs: readonly string[],
): string[] {
  const removed = new Set([
    ...base.filter((v) => !mine.includes(v)),
    ...base.filter((v) => !theirs.includes(v)),
  ]);
  const out = theirs.filter((v) => !removed.has(v));
  for (const v of mine) if (!removed.has(v) && !out.includes(v)) out.push(v);
  return out;
}

function mergeById<T extends { id: string }>(
  base: readonly T[],
  mine: readonly T[],
  theirs: readonly T[],
  one: (b: T | undefined, m: T, t: T) => T,
): T[] {
  const byId = (l: readonly T[]) => new Map(l.map((x) => [x.id, x]));
  const [b, m] = [byId(base), byId(mine)];
  const t = byId(theirs);
  const gone = (id: string) => b.has(id) && (!m.has(id) || !t.has(id));
  const out: T[] = [];
  for (const x of theirs) {
    if (gone(x.id)) continue;
    const mx = m.get(x.id);
    out.push(mx ? one(b.get(x.id), mx, x) : x);
  }
  for (const x of mine) if (!t.has(x.id) && !gone(x.id)) out.push(x);
  return out;
}

const mergeItem = (b: CheckItem | undefined, m: CheckItem, t: CheckItem): CheckItem => ({
  id: t.id,
  text: b && m.text !== b.text && t.text === b.text ? m.text : t.text,
  done: b ? (m.done !== b.done ? m.done : t.done) : m.done || t.done,
});

export function mergeChecklists(
  base: readonly Checklist[],
  mine: readonly Checklist[],
  theirs: readonly Checklist[],
) {
  return mergeById(base, mine, theirs, (b, m, t) => ({
    id: t.id,
    title: b && m.title !== b.title && t.title === b.title ? m.title : t.title,
    items: mergeById(b?.items ?? [], m.items, t.items, mergeItem),
  }));
}

/** The task merge (TASK_TYPE.merge). */
export function mergeTask<T extends Partial<TaskFields>>(base: T, mine: T, theirs: T): MergeResult<T> {
  const plain = (Object.keys({ ...base, ...mine, ...theirs }) as (keyof T)[]).filter(
    (f) => !["columnId", "position", "labels", "assignees", "checklists"].includes(f as string),
  );
  const result = mergeFields(base, mine, theirs, plain);
  const merged = result.merged as Partial<TaskFields>;
  const moved = MOVE.some((f) => !deepEqual(base[f], mine[f]));
  for (const f of MOVE) merged[f] = (moved ? mine[f] : theirs[f]) as string;
  merged.labels = mergeSet(base.labels ?? [], mine.labels ?? [], theirs.labels ?? []);
  merged.assignees = mergeSet(base.assignees ?? [], mine.assignees ?? [], theirs.assignees ?? []);
  merged.checklists = mergeChecklists(base.checklists ?? [], mine.checklists ?? [], theirs.checklists ?? []);
  return { merged: merged as T, conflicts: result.conflicts };
}

/** The column merge (COLUMN_TYPE.merge): a move is the later writer's, as for a task. */
export function mergeColumn<T extends Partial<ColumnFields>>(base: T, mine: T, theirs: T): MergeResult<T> {
  const plain = (Object.keys({ ...base, ...mine, ...theirs }) as (keyof T)[]).filter((f) => f !== "position");
  const result = mergeFields(base, mine, theirs, plain);
  const merged = result.merged as Partial<ColumnFields>;
  merged.position = (deepEqual(base.position, mine.position) ? theirs.position : mine.position) as string;
  return { merged: merged as T, conflicts: result.conflicts };
}
