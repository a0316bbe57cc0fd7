import "fake-indexeddb/auto";
import { v7 as uuidv7 } from "uuid";
import { afterEach, describe, expect, it } from "vitest";
import { isUuidV7 } from "../../../domain/inventory/validate";
import { compareOrdered } from "../../../domain/sync/order-key";
import { NetworkError } from "../../../sync/transport";
import { type BlocklotDb, createDb } from "../../offline/db";
import { createAppSyncEngine } from "../../offline/synced-types";
import { boardWrites, ensureDefaultBoard } from "./board-writes";

let db: BlocklotDb;
afterEach(async () => {
  db?.close();
  if (db) await db.delete();
});

const companyId = uuidv7();

/** An engine whose server cannot be reached: every write stays queued, as on a device offline. */
function offline() {
  db = createDb(`board-writes-${uuidv7()}`);
  const engine = createAppSyncEngine({
    db,
    transport: { send: () => Promise.reject(new NetworkError()) },
  });
  return { engine, writes: boardWrites(engine, companyId) };
}

const queued = async () =>
  (await db.outbox.orderBy("seq").toArray()).map((e) => [e.entity, e.method, e.id] as const);

describe("board writes on a device offline", () => {
  it("a new board is on the device at once with its columns in order, and its creates are queued", async () => {
    const { engine, writes } = offline();
    const boardId = await writes.addBoard("Repairs", ["To do", "Doing", "Done"]);
    await engine.whenIdle();

    expect(await db.kanbanBoards.get(boardId)).toMatchObject({ companyId, name: "Repairs", version: 0 });
    const columns = (await db.kanbanColumns.where("boardId").equals(boardId).toArray()).sort(compareOrdered);
    expect(columns.map((c) => c.name)).toEqual(["To do", "Doing", "Done"]);
    const q = await queued();
    expect(q.map(([entity, method]) => [entity, method])).toEqual([
      ["kanban-board", "PUT"],
      ["kanban-column", "PUT"],
      ["kanban-column", "PUT"],
      ["kanban-column", "PUT"],
    ]);
    expect(q[0]?.[2]).toBe(boardId);
  });

  it("renaming a board is one PATCH of its name", async () => {
    const { engine, writes } = offline();
    const boardId = await writes.addBoard("Repairs", []);
    await writes.renameBoard(boardId, "Repairs 2027");
    await engine.whenIdle();

    expect((await db.kanbanBoards.get(boardId))?.name).toBe("Repairs 2027");
    const last = (await db.outbox.orderBy("seq").toArray()).at(-1);
    expect(last).toMatchObject({ entity: "kanban-board", method: "PATCH", body: { name: "Repairs 2027" } });
  });
});

describe("the default board", () => {
  it("has ids the server takes for new records (UUIDv7 form), the same on every device", async () => {
    const names = { board: "Team board", columns: ["To do", "In progress", "Done"] };
    const ids: string[][] = [];
    for (let device = 0; device < 2; device++) {
      const { engine } = offline();
      await ensureDefaultBoard(engine, companyId, names);
      await engine.whenIdle();
      const q = await queued();
      expect(q.map(([entity]) => entity)).toEqual([
        "kanban-board",
        "kanban-column",
        "kanban-column",
        "kanban-column",
      ]);
      ids.push(q.map(([, , id]) => id));
      db.close();
      await db.delete();
    }
    for (const id of ids[0] ?? []) expect(isUuidV7(id), id).toBe(true);
    expect(new Set(ids[0]).size).toBe(4);
    expect(ids[1]).toEqual(ids[0]);
  });
});
