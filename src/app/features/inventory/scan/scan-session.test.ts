import { describe, expect, it } from "vitest";
import {
  addEntry,
  createSessionStore,
  decremented,
  lastUndoable,
  markUndone,
  parseStored,
  type ScanEntry,
  SESSION_MAX,
  undoPlan,
} from "./scan-session";

const scan = (action: ScanEntry["action"], itemId = "i1"): Omit<ScanEntry, "id" | "undone"> => ({
  at: 1,
  code: "C",
  source: "camera",
  itemId,
  title: "T",
  action,
  quantity: 1,
});

describe("scan session list", () => {
  it("adds newest first with increasing ids and keeps the latest 200", () => {
    let list: ScanEntry[] = [];
    for (let i = 0; i < SESSION_MAX + 5; i++) list = addEntry(list, scan("opened"));
    expect(list).toHaveLength(SESSION_MAX);
    expect(list[0]?.id).toBe(SESSION_MAX + 5);
    expect(list[1]?.id).toBe(SESSION_MAX + 4);
  });

  it("undoes the latest change, then the one before, skipping opened scans", () => {
    let list: ScanEntry[] = [];
    list = addEntry(list, scan("created", "a"));
    list = addEntry(list, scan("counted", "b"));
    list = addEntry(list, scan("opened", "c"));
    const first = lastUndoable(list);
    expect(first?.itemId).toBe("b");
    expect(undoPlan(first as ScanEntry)).toEqual({ kind: "decrement", itemId: "b" });
    list = markUndone(list, (first as ScanEntry).id);
    const second = lastUndoable(list);
    expect(undoPlan(second as ScanEntry)).toEqual({ kind: "delete", itemId: "a" });
    list = markUndone(list, (second as ScanEntry).id);
    expect(lastUndoable(list)).toBeNull();
    expect(undoPlan(list[2] as ScanEntry)).toBeNull();
  });

  it("never takes a quantity below zero", () => {
    expect(decremented(3)).toBe(2);
    expect(decremented(0)).toBe(0);
  });

  it("reads back only well-formed stored entries", () => {
    const good = addEntry([], scan("counted"));
    expect(parseStored(JSON.stringify(good))).toEqual(good);
    expect(parseStored("not json")).toEqual([]);
    expect(parseStored(JSON.stringify([{ id: 1 }, ...good]))).toEqual(good);
    expect(parseStored(JSON.stringify({ a: 1 }))).toEqual([]);
  });

  it("a store persists to storage, notifies and survives a refused storage", () => {
    const mem = new Map<string, string>();
    const storage = {
      getItem: (k: string) => mem.get(k) ?? null,
      setItem: (k: string, v: string) => void mem.set(k, v),
    };
    const store = createSessionStore(storage, "scan:c1");
    let calls = 0;
    store.subscribe(() => calls++);
    const e = store.add(scan("counted"));
    expect(calls).toBe(1);
    expect(createSessionStore(storage, "scan:c1").get()).toEqual([e]);
    store.markUndone(e.id);
    expect(createSessionStore(storage, "scan:c1").get()[0]?.undone).toBe(true);

    const refusing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    const s2 = createSessionStore(refusing, "k");
    s2.add(scan("opened"));
    expect(s2.get()).toHaveLength(1);
  });
});
