import { describe, expect, it } from "vitest";
import { type Column, newTaskFields, type Task } from "../../../domain/kanban/board";
import { compareOrdered, keysBetween } from "../../../domain/sync/order-key";
import { buildBoard, dropChange, dropTarget } from "./board-model";
import { addCheckItem, addChecklist, removeCheckItem, toggleCheckItem } from "./checklists";

const stamps = (id: string) => ({ id, companyId: "c", version: 1, createdAt: "", updatedAt: "" });
const column = (id: string, position: string): Column => ({
  ...stamps(id),
  boardId: "b",
  name: id,
  position,
});
const task = (id: string, columnId: string, position: string): Task => ({
  ...stamps(id),
  ...newTaskFields("b", columnId, position),
  title: id,
});

function sample() {
  const [k1, k2, k3] = keysBetween(null, null, 3) as [string, string, string];
  const columns = [column("done", k2), column("todo", k1)];
  const tasks = [
    task("t3", "todo", k3),
    task("t1", "todo", k1),
    task("t2", "todo", k2),
    task("d1", "done", k1),
  ];
  return { columns, tasks };
}
/** The element at `i` (the test built the list, so it is there). */
const at = <T>(list: readonly T[], i: number): T => list[i] as T;
const ids = (board: ReturnType<typeof buildBoard>) =>
  board.map((b) => [b.column.id, b.tasks.map((t) => t.id)]);

describe("buildBoard", () => {
  it("orders columns and their tasks by key, leaving hidden tasks out", () => {
    const { columns, tasks } = sample();
    expect(ids(buildBoard(columns, tasks))).toEqual([
      ["todo", ["t1", "t2", "t3"]],
      ["done", ["d1"]],
    ]);
    expect(ids(buildBoard(columns, tasks, new Set(["t2"])))).toEqual([
      ["todo", ["t1", "t3"]],
      ["done", ["d1"]],
    ]);
  });

  it("shows a dragged task where it would land", () => {
    const { columns, tasks } = sample();
    expect(ids(buildBoard(columns, tasks, new Set(), { taskId: "t1", columnId: "done", index: 0 }))).toEqual([
      ["todo", ["t2", "t3"]],
      ["done", ["t1", "d1"]],
    ]);
  });

  it("keeps tasks of a column it does not know out of the board", () => {
    const { columns, tasks } = sample();
    expect(
      buildBoard(columns, [...tasks, task("x", "gone", "a0")]).flatMap((b) => b.tasks.map((t) => t.id)),
    ).not.toContain("x");
  });
});

describe("a drop", () => {
  it("is one key between the new neighbours, in the target column", () => {
    const { columns, tasks } = sample();
    const board = buildBoard(columns, tasks);
    const t3 = at(tasks, 0);
    const change = dropChange(board, t3, "todo", 0);
    expect(change?.columnId).toBe("todo");
    expect((change?.position ?? "") < at(tasks, 1).position).toBe(true);
    const moved = buildBoard(
      columns,
      tasks.map((t) => (t.id === "t3" ? { ...t, ...change } : t)),
    );
    expect(at(ids(moved), 0)).toEqual(["todo", ["t3", "t1", "t2"]]);

    const across = dropChange(board, at(tasks, 1), "done", 1);
    const after = buildBoard(
      columns,
      tasks.map((t) => (t.id === "t1" ? { ...t, ...across } : t)),
    );
    expect(ids(after)).toEqual([
      ["todo", ["t2", "t3"]],
      ["done", ["d1", "t1"]],
    ]);
  });

  it("in the same place writes nothing", () => {
    const { columns, tasks } = sample();
    const board = buildBoard(columns, tasks);
    expect(dropChange(board, at(tasks, 2), "todo", 1)).toBeNull();
    expect(dropChange(board, at(tasks, 2), "nowhere", 0)).toBeNull();
  });

  it("lands where dnd-kit shows it: over a later card after it, over an earlier one before it, over a column at its end", () => {
    const { columns, tasks } = sample();
    const board = buildBoard(columns, tasks);
    expect(dropTarget(board, "t1", "t2")).toEqual({ columnId: "todo", index: 1 });
    expect(dropTarget(board, "t3", "t1")).toEqual({ columnId: "todo", index: 0 });
    expect(dropTarget(board, "t1", "d1")).toEqual({ columnId: "done", index: 0 });
    expect(dropTarget(board, "t1", "done")).toEqual({ columnId: "done", index: 1 });
    expect(dropTarget(board, "t1", "unknown")).toBeNull();
  });

  it("keeps a total order over many random moves, each writing one task", () => {
    const { columns, tasks } = sample();
    let rows = [...tasks];
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 300; i++) {
      const board = buildBoard(columns, rows);
      const t = at(rows, rand(rows.length));
      const col = at(columns, rand(columns.length));
      const index = rand(5);
      const change = dropChange(board, t, col.id, index);
      if (!change) continue;
      rows = rows.map((r) => (r.id === t.id ? { ...r, ...change } : r));
      const list = buildBoard(columns, rows).find((b) => b.column.id === col.id)?.tasks ?? [];
      const expected = Math.min(index, list.length - 1);
      expect(at(list, expected).id).toBe(t.id);
    }
    for (const b of buildBoard(columns, rows))
      expect([...b.tasks].sort(compareOrdered).map((t) => t.id)).toEqual(b.tasks.map((t) => t.id));
  });
});

describe("checklists", () => {
  it("adds, ticks and removes items without touching other lists", () => {
    let lists = addChecklist([], { id: "l1", title: "Docs", items: [] });
    lists = addChecklist(lists, { id: "l2", title: "Other", items: [{ id: "o", text: "o", done: false }] });
    lists = addCheckItem(lists, "l1", { id: "i1", text: "Rent roll", done: false });
    lists = toggleCheckItem(lists, "l1", "i1");
    expect(at(lists, 0).items).toEqual([{ id: "i1", text: "Rent roll", done: true }]);
    expect(at(at(lists, 1).items, 0).done).toBe(false);
    lists = removeCheckItem(lists, "l1", "i1");
    expect(at(lists, 0).items).toEqual([]);
  });
});
