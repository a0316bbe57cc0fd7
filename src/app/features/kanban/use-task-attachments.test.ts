import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import type { KanbanAttachment } from "../../../domain/kanban/board";
import { type BlocklotDb, createDb } from "../../offline/db";
import { taskAttachments } from "./use-task-attachments";

const opened: BlocklotDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

const file = (id: string, taskId: string, createdAt: string, fileName: string): KanbanAttachment => ({
  id,
  taskId,
  companyId: "c1",
  fileName,
  contentType: "application/pdf",
  kind: "pdf",
  size: 1234,
  uploadedBy: null,
  createdAt,
  updatedAt: createdAt,
  version: 1,
});

describe("a task's files on the device", () => {
  it("lists the task's own files, oldest first, from the table the feed fills", async () => {
    const db = createDb("task-attachments-1");
    opened.push(db);
    await db.open();
    await db.kanbanAttachments.bulkPut([
      file("a3", "t1", "2026-11-03T10:00:00.000Z", "later.pdf"),
      file("a1", "t1", "2026-11-01T10:00:00.000Z", "first.pdf"),
      file("a2", "t2", "2026-11-02T10:00:00.000Z", "other task.pdf"),
    ]);
    expect((await taskAttachments(db, "t1")).map((a) => a.fileName)).toEqual(["first.pdf", "later.pdf"]);
    expect(await taskAttachments(db, "t3")).toEqual([]);
  });
});
