import { describe, expect, it } from "vitest";
import { createPendingRemovals } from "./pending-removals";

function clock() {
  const timers: { fn: () => void; cancelled: boolean }[] = [];
  return {
    schedule: (_ms: number, fn: () => void) => {
      const t = { fn, cancelled: false };
      timers.push(t);
      return () => {
        t.cancelled = true;
      };
    },
    fire: async () => {
      for (const t of timers.splice(0)) if (!t.cancelled) t.fn();
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

describe("removals with undo (clear column, delete task)", () => {
  it("hides the tasks at once and deletes them when the window closes", async () => {
    const c = clock();
    const deleted: string[][] = [];
    const r = createPendingRemovals({
      commit: async (ids) => void deleted.push([...ids]),
      windowMs: 8000,
      schedule: c.schedule,
    });
    let changes = 0;
    r.subscribe(() => changes++);
    r.remove(["a", "b"]);
    expect([...r.hidden()]).toEqual(["a", "b"]);
    expect(deleted).toEqual([]);
    await c.fire();
    expect(deleted).toEqual([["a", "b"]]);
    expect(r.hidden().size).toBe(0);
    expect(changes).toBe(2);
  });

  it("undo shows the tasks again and never deletes them", async () => {
    const c = clock();
    const deleted: string[][] = [];
    const r = createPendingRemovals({
      commit: async (ids) => void deleted.push([...ids]),
      windowMs: 8000,
      schedule: c.schedule,
    });
    const cleared = r.remove(["a", "b"]);
    const other = r.remove(["c"]);
    expect(r.undo(cleared)).toBe(true);
    expect([...r.hidden()]).toEqual(["c"]);
    await c.fire();
    expect(deleted).toEqual([["c"]]);
    expect(r.undo(other)).toBe(false);
  });

  it("flush deletes every pending removal now (the screen is left)", async () => {
    const c = clock();
    const deleted: string[][] = [];
    const r = createPendingRemovals({
      commit: async (ids) => void deleted.push([...ids]),
      windowMs: 8000,
      schedule: c.schedule,
    });
    r.remove(["a"]);
    r.remove(["b"]);
    await r.flush();
    expect(deleted).toEqual([["a"], ["b"]]);
    await c.fire();
    expect(deleted).toHaveLength(2);
  });
});
