/**
 * Multi-select of the batch items list (pure; unit tested): click or Space toggles one row,
 * Shift+click (or Shift+Space) selects the range from the last toggled row, the header box
 * selects or clears every row the filter shows. The selection is a set of item ids, so it
 * survives re-sorting, filtering and live updates of the rows.
 */

export interface Selection {
  ids: ReadonlySet<string>;
  /** The id of the last row toggled without Shift: where a Shift range starts. */
  anchor: string | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

/** Toggles one row; with `range`, sets every row from the anchor to it to the state it now takes. */
export function toggle(sel: Selection, visible: readonly string[], id: string, range: boolean): Selection {
  const next = new Set(sel.ids);
  const on = !sel.ids.has(id);
  const from = range && sel.anchor !== null ? visible.indexOf(sel.anchor) : -1;
  const to = from >= 0 ? visible.indexOf(id) : -1;
  if (from >= 0 && to >= 0) {
    const [lo, hi] = from <= to ? [from, to] : [to, from];
    for (let i = lo; i <= hi; i++) {
      const v = visible[i] as string;
      if (on) next.add(v);
      else next.delete(v);
    }
    return { ids: next, anchor: sel.anchor };
  }
  if (on) next.add(id);
  else next.delete(id);
  return { ids: next, anchor: id };
}

export type HeaderState = "none" | "some" | "all";

/** The header checkbox: are none, some or all of the visible rows selected? */
export function headerState(sel: Selection, visible: readonly string[]): HeaderState {
  if (visible.length === 0 || sel.ids.size === 0) return "none";
  let count = 0;
  for (const id of visible) if (sel.ids.has(id)) count++;
  return count === 0 ? "none" : count === visible.length ? "all" : "some";
}

/** The header checkbox clicked: all visible rows selected → clear them; else select them all. */
export function toggleAllVisible(sel: Selection, visible: readonly string[]): Selection {
  const next = new Set(sel.ids);
  if (headerState(sel, visible) === "all") for (const id of visible) next.delete(id);
  else for (const id of visible) next.add(id);
  return { ids: next, anchor: null };
}

/** Drops ids that are no longer in the batch (deleted, moved); returns the same object when none were. */
export function prune(sel: Selection, existing: ReadonlySet<string>): Selection {
  let gone = false;
  for (const id of sel.ids)
    if (!existing.has(id)) {
      gone = true;
      break;
    }
  if (!gone) return sel;
  const ids = new Set([...sel.ids].filter((id) => existing.has(id)));
  return { ids, anchor: sel.anchor !== null && existing.has(sel.anchor) ? sel.anchor : null };
}

/** How many selected rows the current filter hides. */
export function hiddenCount(sel: Selection, visible: ReadonlySet<string>): number {
  let n = 0;
  for (const id of sel.ids) if (!visible.has(id)) n++;
  return n;
}
