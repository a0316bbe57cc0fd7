import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { TASK_TYPE } from "../../domain/kanban/synced-types";
import { NetworkError, type SyncRequest, type SyncResponse } from "../../sync/transport";
import { type PickedFile, queueTaskFile, taskUploads } from "./attachment-uploads";
import { type BlocklotDb, createDb } from "./db";
import { createAppSyncEngine } from "./synced-types";

const opened: BlocklotDb[] = [];
let n = 0;
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

const file = (name: string): PickedFile => ({
  name,
  type: "application/pdf",
  size: 3,
  bytes: new Uint8Array([1, 2, 3]).buffer,
});
const task = (title: string) => ({
  boardId: "b1",
  columnId: "col1",
  title,
  description: "",
  position: "a0",
  dueDate: null,
  labels: [],
  assignees: [],
  checklists: [],
});

/**
 * An engine on a fresh database whose server answers `answer` (a network failure when it throws),
 * and that only drains while `online` is true (offline, nothing is sent).
 */
async function setup() {
  const db = createDb(`task-file-rows-${++n}`);
  opened.push(db);
  await db.open();
  const state = {
    online: false,
    sent: [] as SyncRequest[],
    answer: (_req: SyncRequest): SyncResponse => {
      throw new NetworkError();
    },
  };
  const engine = createAppSyncEngine({
    db,
    transport: {
      send: async (req) => {
        state.sent.push(req);
        return state.answer(req);
      },
    },
    lock: async (_name, fn) => (state.online ? fn() : { sent: 0, stopped: "offline" }),
    schedule: () => () => undefined,
  });
  return { db, engine, state };
}

const fileNames = async (db: BlocklotDb, taskId: string) =>
  (await taskUploads(db, taskId)).map((r) => r.upload?.fileName);

describe("a task's waiting files leave with a task that never reaches the server", () => {
  it("discarding a refused create removes that task's files, and only that task's", async () => {
    const { db, engine, state } = await setup();
    await engine.write.put(TASK_TYPE.entity, "c1", "t-refused", task("Refused"));
    await engine.write.put(TASK_TYPE.entity, "c1", "t-other", task("Other"));
    await queueTaskFile(db, "t-refused", file("plan.pdf"));
    await queueTaskFile(db, "t-refused", file("photo.pdf"));
    await queueTaskFile(db, "t-other", file("keep.pdf"));

    // back online: the server refuses the first task's create, accepts the other
    state.online = true;
    state.answer = (req) =>
      req.url.includes("t-refused")
        ? { status: 422, data: { error: "Column not found" } }
        : { status: 201, data: { ...task("Other"), id: "t-other", companyId: "c1", version: 1 } };
    await engine.drain();
    const refused = await db.outbox.where("[entity+id]").equals([TASK_TYPE.entity, "t-refused"]).first();
    expect(refused?.state).toBe("rejected");
    expect(await fileNames(db, "t-refused")).toEqual(["plan.pdf", "photo.pdf"]);

    await engine.discard(refused?.seq as number);

    expect(await db.kanbanTasks.get("t-refused")).toBeUndefined();
    expect(await fileNames(db, "t-refused")).toEqual([]);
    expect(await fileNames(db, "t-other")).toEqual(["keep.pdf"]);
  });

  it("deleting a task that only exists on the device removes its files and sends nothing", async () => {
    const { db, engine, state } = await setup();
    await engine.write.put(TASK_TYPE.entity, "c1", "t-local", task("Local"));
    await engine.write.put(TASK_TYPE.entity, "c1", "t-stays", task("Stays"));
    await queueTaskFile(db, "t-local", file("a.pdf"));
    await queueTaskFile(db, "t-stays", file("b.pdf"));

    await engine.write.remove(TASK_TYPE.entity, "t-local");

    expect(await fileNames(db, "t-local")).toEqual([]);
    expect(await fileNames(db, "t-stays")).toEqual(["b.pdf"]);
    expect(await db.outbox.where("[entity+id]").equals([TASK_TYPE.entity, "t-local"]).count()).toBe(0);
    expect(state.sent).toEqual([]);
  });
});

describe("a task that exists on the server keeps its files", () => {
  const synced = { ...task("Synced"), id: "t-synced", companyId: "c1", version: 3 };

  it("deleting a synced task queues its DELETE and leaves its files", async () => {
    const { db, engine } = await setup();
    await db.kanbanTasks.put(synced as never);
    await queueTaskFile(db, "t-synced", file("report.pdf"));

    await engine.write.remove(TASK_TYPE.entity, "t-synced");

    const queued = await db.outbox.where("[entity+id]").equals([TASK_TYPE.entity, "t-synced"]).toArray();
    expect(queued.map((e) => e.method)).toEqual(["DELETE"]);
    expect(await fileNames(db, "t-synced")).toEqual(["report.pdf"]);
  });

  it("discarding a refused edit of a synced task keeps its files", async () => {
    const { db, engine, state } = await setup();
    await db.kanbanTasks.put(synced as never);
    await engine.write.patch(TASK_TYPE.entity, "t-synced", { title: "Renamed" });
    await queueTaskFile(db, "t-synced", file("report.pdf"));
    state.online = true;
    state.answer = (req) =>
      req.method === "GET" ? { status: 200, data: synced } : { status: 422, data: { error: "Too long" } };
    await engine.drain();
    const edit = await db.outbox.where("[entity+id]").equals([TASK_TYPE.entity, "t-synced"]).first();
    expect(edit?.state).toBe("rejected");

    await engine.discard(edit?.seq as number);

    expect((await db.kanbanTasks.get("t-synced"))?.title).toBe("Synced");
    expect(await fileNames(db, "t-synced")).toEqual(["report.pdf"]);
  });
});
