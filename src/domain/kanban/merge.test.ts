import { describe, expect, it } from "vitest";
import { compareOrdered, type Ordered, positionAt } from "../sync/order-key";
import { newTaskFields, type TaskFields } from "./board";
import { mergeChecklists, mergeColumn, mergeSet, mergeTask } from "./merge";
import { COLUMN_TYPE, TASK_TYPE } from "./synced-types";
import { validateTaskFields } from "./validate";

/** A seeded PRNG (mulberry32): the random sequences are the same on every run. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("ordering keys on a board", () => {
  it("random inserts and moves across columns keep every column in the intended total order", () => {
    for (const seed of [1, 2, 3]) {
      const r = rng(seed);
      const cols = ["a", "b", "c"];
      // the intended order of each column, kept as plain arrays beside the keyed records
      const intended: Record<string, string[]> = { a: [], b: [], c: [] };
      const tasks = new Map<string, Ordered & { col: string }>();
      for (let step = 0; step < 600; step++) {
        const col = cols[Math.floor(r() * cols.length)] as string;
        const list = [...tasks.values()].filter((t) => t.col === col);
        const index = Math.floor(r() * (list.length + 1));
        const moving = tasks.size > 0 && r() < 0.6;
        const id = moving
          ? ([...tasks.keys()][Math.floor(r() * tasks.size)] as string)
          : `t${String(step).padStart(4, "0")}`;
        const position = positionAt(list, id, index);
        const from = tasks.get(id);
        if (from) intended[from.col] = (intended[from.col] ?? []).filter((x) => x !== id);
        const others = (intended[col] ?? []).filter((x) => x !== id);
        others.splice(Math.min(index, others.length), 0, id);
        intended[col] = others;
        tasks.set(id, { id, position, col }); // one write of one record
      }
      for (const col of cols) {
        const sorted = [...tasks.values()].filter((t) => t.col === col).sort(compareOrdered);
        expect(sorted.map((t) => t.id)).toEqual(intended[col]);
        expect(new Set(sorted.map((t) => t.position)).size).toBe(sorted.length);
      }
    }
  });

  it("two devices inserting at the same place with equal keys still sort the same everywhere", () => {
    const list = [
      { id: "x", position: "a0" },
      { id: "y", position: "a1" },
    ];
    const k = positionAt(list, null, 1);
    const a = [...list, { id: "p", position: k }, { id: "q", position: k }];
    const b = [...a].reverse();
    expect(a.sort(compareOrdered).map((t) => t.id)).toEqual(b.sort(compareOrdered).map((t) => t.id));
    // the next move between the equal pair lands in a strict place
    const next = positionAt(a, "x", 3);
    expect(
      [...a.filter((t) => t.id !== "x"), { id: "x", position: next }].sort(compareOrdered).map((t) => t.id),
    ).toEqual(["p", "q", "y", "x"]);
  });
});

const task = (over: Partial<TaskFields> = {}): TaskFields => ({
  ...newTaskFields("b", "c1", "a0"),
  title: "Call the plumber",
  ...over,
});

describe("kanban merge rules", () => {
  it("two moves of one task: the later writer's move wins as one unit", () => {
    const base = task();
    const theirs = task({ columnId: "c2", position: "a5" });
    const mine = task({ columnId: "c3", position: "Zz" });
    const { merged, conflicts } = mergeTask(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect([merged.columnId, merged.position]).toEqual(["c3", "Zz"]);
  });

  it("my title edit and their move both stay; a move I did not make is not undone", () => {
    const base = task();
    const theirs = task({ columnId: "c2", position: "a5" });
    const mine = task({ title: "Call the plumber today" });
    const { merged, conflicts } = mergeTask(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(merged).toMatchObject({ columnId: "c2", position: "a5", title: "Call the plumber today" });
  });

  it("labels and assignees merge as sets; titles both changed differently are a conflict", () => {
    const base = task({ labels: ["a", "b"], assignees: ["u1"] });
    const mine = task({ labels: ["a", "c"], assignees: ["u1", "u2"], title: "Mine" });
    const theirs = task({ labels: ["b", "d"], assignees: [], title: "Theirs" });
    const { merged, conflicts } = mergeTask(base, mine, theirs);
    expect(merged.labels).toEqual(["d", "c"]);
    expect(merged.assignees).toEqual(["u2"]);
    expect(conflicts).toEqual(["title"]);
    expect(mergeSet([], ["x"], ["x"])).toEqual(["x"]);
  });

  it("checklists keep both sides' items, ticks from either side, and removals", () => {
    const base = [
      {
        id: "l1",
        title: "Before",
        items: [
          { id: "i1", text: "One", done: false },
          { id: "i2", text: "Two", done: false },
        ],
      },
    ];
    const mine = [
      {
        id: "l1",
        title: "Before",
        items: [
          { id: "i1", text: "One", done: true },
          { id: "i3", text: "Mine", done: false },
        ],
      },
    ];
    const theirs = [
      {
        id: "l1",
        title: "Renamed",
        items: [
          { id: "i1", text: "One", done: false },
          { id: "i2", text: "Two", done: false },
          { id: "i4", text: "Theirs", done: false },
        ],
      },
      { id: "l2", title: "New", items: [] },
    ];
    expect(mergeChecklists(base, mine, theirs)).toEqual([
      {
        id: "l1",
        title: "Renamed",
        items: [
          { id: "i1", text: "One", done: true },
          { id: "i4", text: "Theirs", done: false },
          { id: "i3", text: "Mine", done: false },
        ],
      },
      { id: "l2", title: "New", items: [] },
    ]);
  });

  it("is the merge the engine uses for tasks", () => {
    const rec = (t: TaskFields) => ({ ...t }) as Record<string, unknown>;
    const out = TASK_TYPE.merge?.(rec(task()), rec(task({ position: "b0" })), rec(task({ position: "a3" })));
    expect(out?.merged.position).toBe("b0");
  });

  it("two moves of one column: the later writer's wins; a move I did not make is not undone", () => {
    const base = { boardId: "b1", name: "Doing", position: "a1" };
    expect(mergeColumn(base, { ...base, position: "a5" }, { ...base, position: "Zz" })).toEqual({
      merged: { ...base, position: "a5" },
      conflicts: [],
    });
    expect(mergeColumn(base, { ...base, name: "In progress" }, { ...base, position: "Zz" })).toEqual({
      merged: { boardId: "b1", name: "In progress", position: "Zz" },
      conflicts: [],
    });
    const renamed = mergeColumn(base, { ...base, name: "Mine" }, { ...base, name: "Theirs" });
    expect(renamed.conflicts).toEqual(["name"]);
    const rec = (c: typeof base) => ({ ...c }) as Record<string, unknown>;
    expect(
      COLUMN_TYPE.merge?.(rec(base), rec({ ...base, position: "b0" }), rec({ ...base, position: "a3" }))
        ?.merged.position,
    ).toBe("b0");
  });

  it("validates a task's fields", () => {
    expect(validateTaskFields(task())).toEqual({});
    expect(validateTaskFields(task({ title: " ", dueDate: "2026-13-01", labels: ["x", "x"] }))).toEqual({
      title: "Required",
      dueDate: "A date as YYYY-MM-DD",
      labels: "A label appears twice",
    });
    expect(validateTaskFields({ position: "bad key!" }, true)).toEqual({ position: "Not an ordering key" });
  });
});
