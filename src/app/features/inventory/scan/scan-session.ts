/**
 * The running list of a scanning session: what was scanned, when, which item it led to and
 * what was done, newest first, with undo of the latest change. Pure list functions plus a
 * small store kept in sessionStorage, so the list survives opening an item and coming back
 * (the scanner page unmounts in between) and a reload of the tab.
 */
import type { ScanAction, ScanSource } from "./scan-logic";

export interface ScanEntry {
  /** Unique within the session (increasing). */
  id: number;
  /** Epoch ms of the scan. */
  at: number;
  code: string;
  source: ScanSource;
  itemId: string;
  /** The item's title when it was scanned. */
  title: string;
  action: ScanAction;
  /** The item's quantity after the scan. */
  quantity: number;
  /** Set once the change was reverted. */
  undone: boolean;
}

/** The list keeps the latest this many scans. */
export const SESSION_MAX = 200;

export function addEntry(list: readonly ScanEntry[], entry: Omit<ScanEntry, "id" | "undone">): ScanEntry[] {
  const id = (list[0]?.id ?? 0) + 1;
  return [{ ...entry, id, undone: false }, ...list].slice(0, SESSION_MAX);
}

/** Only scans that changed data can be undone (an "opened" scan changed nothing). */
const isUndoable = (e: ScanEntry) => !e.undone && (e.action === "counted" || e.action === "created");

/**
 * The scan Undo reverts: the latest scan, when it changed data and is not undone yet, else
 * the latest that did. Repeated undos walk back through the session's changes.
 */
export function lastUndoable(list: readonly ScanEntry[]): ScanEntry | null {
  return list.find(isUndoable) ?? null;
}

export function markUndone(list: readonly ScanEntry[], id: number): ScanEntry[] {
  return list.map((e) => (e.id === id ? { ...e, undone: true } : e));
}

/**
 * What undoing a scan writes: a +1 is taken back from the item's current quantity (never
 * below 0, and other changes made since are kept); a created item is deleted.
 */
export type UndoPlan = { kind: "decrement"; itemId: string } | { kind: "delete"; itemId: string } | null;

export function undoPlan(entry: ScanEntry): UndoPlan {
  if (entry.undone) return null;
  if (entry.action === "counted") return { kind: "decrement", itemId: entry.itemId };
  if (entry.action === "created") return { kind: "delete", itemId: entry.itemId };
  return null;
}

export const decremented = (quantity: number) => Math.max(0, quantity - 1);

/** Reads a stored list, dropping anything malformed (an older app's or a hand-edited value). */
export function parseStored(raw: string | null): ScanEntry[] {
  if (!raw) return [];
  try {
    const data: unknown = JSON.parse(raw);
    if (!Array.isArray(data)) return [];
    return data
      .filter(
        (e): e is ScanEntry =>
          typeof e === "object" &&
          e !== null &&
          typeof e.id === "number" &&
          typeof e.at === "number" &&
          typeof e.code === "string" &&
          typeof e.itemId === "string" &&
          typeof e.title === "string" &&
          typeof e.quantity === "number" &&
          typeof e.undone === "boolean" &&
          ["opened", "counted", "created"].includes(e.action) &&
          ["camera", "manual", "photo"].includes(e.source),
      )
      .slice(0, SESSION_MAX);
  } catch {
    return [];
  }
}

type Listener = () => void;

/** A session list per company, kept in sessionStorage (memory only where storage is refused). */
export function createSessionStore(storage: Pick<Storage, "getItem" | "setItem"> | null, key: string) {
  let list: ScanEntry[] = parseStored(safeGet(storage, key));
  const listeners = new Set<Listener>();
  const set = (next: ScanEntry[]) => {
    list = next;
    try {
      storage?.setItem(key, JSON.stringify(list));
    } catch {
      // full or refused storage: the list lives on in memory for this page
    }
    for (const l of listeners) l();
  };
  return {
    get: () => list,
    subscribe(l: Listener) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    add(entry: Omit<ScanEntry, "id" | "undone">): ScanEntry {
      set(addEntry(list, entry));
      return list[0] as ScanEntry;
    },
    markUndone(id: number) {
      set(markUndone(list, id));
    },
    clear() {
      set([]);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

function safeGet(storage: Pick<Storage, "getItem"> | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
