import "fake-indexeddb/auto";
import { v7 as uuidv7 } from "uuid";
import { afterEach, describe, expect, it } from "vitest";
import { compareOrdered } from "../../../domain/sync/order-key";
import { NetworkError } from "../../../sync/transport";
import { type BlocklotDb, createDb } from "../../offline/db";
import { createAppSyncEngine } from "../../offline/synced-types";
import { boardWrites } from "./board-writes";

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
