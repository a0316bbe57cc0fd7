/**
 * Kanban board benchmark (issue 14): a board of 5,000 tasks in 20 columns in the app's Dexie
 * database (fake-indexeddb in Node: the data path, not the browser's rendering).
 *
 * 1. Open: the board screen's reads (columns and tasks of the board, by index) and the board
 *    model it renders from (`buildBoard`: grouping by column and sorting by key) — median and
 *    worst of 7; target ≤ 500 ms.
 * 2. Drag settle: one drop — the key between the new neighbours (`dropTarget` + `dropChange`),
 *    the write through the real sync engine (Dexie row + outbox entry in one transaction; the
 *    transport answers "offline", so nothing leaves the device) and the board model recomputed
 *    with the written row (the screen shows the drop at once from its drag preview) — median and
 *    worst of 21 moves; target ≤ 50 ms. Reported apart, without a target: the write alone, and
 *    the live query's re-read of the whole board from Dexie that follows (checked equal to the
 *    recomputed model).
 *
 * Run: npx tsx tests/bench/kanban.ts   (or `npm run bench -- kanban`)
 */
import "fake-indexeddb/auto";
import { performance } from "node:perf_hooks";
import { v7 as uuidv7 } from "uuid";
import { buildBoard, dropChange, dropTarget } from "../../src/app/features/kanban/board-model";
import { createDb } from "../../src/app/offline/db";
import { createAppSyncEngine } from "../../src/app/offline/synced-types";
import { type Column, newTaskFields, type Task } from "../../src/domain/kanban/board";
import { TASK_TYPE } from "../../src/domain/kanban/synced-types";
import { keysBetween } from "../../src/domain/sync/order-key";
import { NetworkError } from "../../src/sync/transport";
import { type Figure, runWhenMain } from "./util";

const BENCH = "kanban board (Dexie data path)";
const TASKS = Number(process.env.BENCH_KANBAN_TASKS || 5000);
const COLUMNS = 20;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const round = (n: number) => Math.round(n * 10) / 10;

export async function kanbanBench(): Promise<Figure[]> {
  const db = createDb(`bench-kanban-${Date.now()}`);
  const companyId = uuidv7();
  const boardId = uuidv7();
  const now = new Date().toISOString();
  const stamps = () => ({ id: uuidv7(), companyId, version: 1, createdAt: now, updatedAt: now });
  const columnKeys = keysBetween(null, null, COLUMNS);
  const columns: Column[] = columnKeys.map((position, i) => ({
    ...stamps(),
    boardId,
    name: `Column ${i + 1}`,
    position,
  }));
  const perColumn = Math.ceil(TASKS / COLUMNS);
  const taskKeys = keysBetween(null, null, perColumn);
  const tasks: Task[] = [];
  for (let i = 0; i < TASKS; i++) {
    const column = columns[i % COLUMNS] as Column;
    tasks.push({
      ...stamps(),
      ...newTaskFields(boardId, column.id, taskKeys[Math.floor(i / COLUMNS)] as string),
      title: `Task ${i + 1}`,
      labels: i % 3 === 0 ? ["RPIE"] : [],
      checklists:
        i % 10 === 0 ? [{ id: "c", title: "Steps", items: [{ id: "i", text: "First", done: false }] }] : [],
    });
  }
  await db.kanbanColumns.bulkPut(columns);
  await db.kanbanTasks.bulkPut(tasks);

  // the page's reads and model
  const open = async () => {
    const [cols, rows] = await Promise.all([
      db.kanbanColumns.where("boardId").equals(boardId).toArray(),
      db.kanbanTasks.where("boardId").equals(boardId).toArray(),
    ]);
    return buildBoard(cols, rows);
  };
  await open(); // warm-up
  const opens: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    const board = await open();
    opens.push(performance.now() - t0);
    if (board.reduce((n, b) => n + b.tasks.length, 0) !== TASKS) throw new Error("board lost tasks");
  }

  const engine = createAppSyncEngine({
    db,
    transport: { send: () => Promise.reject(new NetworkError("offline (bench)")) },
    schedule: () => () => undefined,
    lock: (_name, fn) => fn(),
  });
  let rows = await db.kanbanTasks.where("boardId").equals(boardId).toArray();
  let board = buildBoard(columns, rows);
  const settles: number[] = [];
  const writes: number[] = [];
  const rereads: number[] = [];
  for (let i = 0; i < 21; i++) {
    const from = board[i % COLUMNS];
    const to = board[(i * 7 + 3) % COLUMNS];
    const task = from?.tasks[(i * 13) % from.tasks.length];
    const over = to?.tasks[(i * 17) % to.tasks.length];
    if (!task || !over || !to) throw new Error("no task to move");
    const t0 = performance.now();
    const target = dropTarget(board, task.id, over.id);
    const change = target && dropChange(board, task, target.columnId, target.index);
    if (!change) throw new Error("the drop wrote nothing");
    const w0 = performance.now();
    const moved = await engine.write.patch<Task>(TASK_TYPE.entity, task.id, change);
    writes.push(performance.now() - w0);
    if (!moved) throw new Error("the drop wrote nothing");
    rows = rows.map((r) => (r.id === moved.id ? moved : r));
    board = buildBoard(columns, rows);
    settles.push(performance.now() - t0);
    if (!board.find((b) => b.column.id === to.column.id)?.tasks.some((t) => t.id === task.id))
      throw new Error("the moved task is not in its new column");
    // what the live query then does: the whole board read again from Dexie and rebuilt
    const r0 = performance.now();
    const again = await open();
    rereads.push(performance.now() - r0);
    if (
      JSON.stringify(again.map((b) => b.tasks.map((t) => t.id))) !==
      JSON.stringify(board.map((b) => b.tasks.map((t) => t.id)))
    )
      throw new Error("Dexie's board differs from the recomputed model");
  }
  await engine.whenIdle();
  const queued = await db.outbox.count();
  if (queued !== 21) throw new Error(`expected 21 queued writes (one per move), found ${queued}`);
  db.close();

  const label = `${TASKS.toLocaleString("en-US")} tasks in ${COLUMNS} columns`;
  return [
    {
      bench: BENCH,
      metric: `open board (${label}), median`,
      value: round(median(opens)),
      unit: "ms",
      target: { op: "<", value: 500 },
    },
    { bench: BENCH, metric: "open board, worst of 7", value: round(Math.max(...opens)), unit: "ms" },
    {
      bench: BENCH,
      metric: "drag settle (key + write + model), median",
      value: round(median(settles)),
      unit: "ms",
      target: { op: "<", value: 50 },
    },
    { bench: BENCH, metric: "drag settle, worst of 21", value: round(Math.max(...settles)), unit: "ms" },
    { bench: BENCH, metric: "drag: Dexie write + outbox, median", value: round(median(writes)), unit: "ms" },
    { bench: BENCH, metric: "drag: live re-read + model, median", value: round(median(rereads)), unit: "ms" },
    { bench: BENCH, metric: "writes queued per move", value: queued / 21, unit: "writes" },
  ];
}

runWhenMain(import.meta.filename, kanbanBench);
