import "fake-indexeddb/auto";
import { v7 as uuidv7 } from "uuid";
import { afterEach, describe, expect, it } from "vitest";
import type { Item } from "../../domain/inventory/item";
import type { Task } from "../../domain/kanban/board";
import type { MailMessage } from "../../domain/mail/message";
import { NetworkError } from "../../sync/transport";
import { type BlocklotDb, createDb } from "./db";
import { clearDeviceData, unsentChanges } from "./device-data";
import { createAppSyncEngine } from "./synced-types";

let db: BlocklotDb;
afterEach(async () => {
  db?.close();
  if (db) await db.delete();
});

const companyId = uuidv7();

describe("the device's data at sign-out", () => {
  it("counts the writes not sent yet, then wipes mail, inventory, kanban, the outbox and cursors; the database opens again empty", async () => {
    db = createDb(`device-data-${uuidv7()}`);
    const engine = createAppSyncEngine({ db, transport: { send: () => Promise.reject(new NetworkError()) } });
    expect(await unsentChanges(db)).toBe(0);
    await db.mailMessages.put({
      id: uuidv7(),
      userId: uuidv7(),
      labels: ["inbox"],
      subject: "Private",
    } as unknown as MailMessage);
    await db.items.put({ id: uuidv7(), companyId } as unknown as Item);
    await db.kanbanTasks.put({ id: uuidv7(), companyId, boardId: "b", columnId: "c" } as unknown as Task);
    await db.meta.put({ key: `cursor:${companyId}`, value: "42" });
    await engine.write.put("mail-label", companyId, uuidv7(), { name: "Tenants", colour: "blue" });
    await engine.write.put("mail-label", companyId, uuidv7(), { name: "Owners", colour: "blue" });
    await engine.whenIdle();
    expect(await unsentChanges(db)).toBe(2);

    await clearDeviceData(db);

    expect(await db.mailMessages.count()).toBe(0);
    expect(await db.mailLabels.count()).toBe(0);
    expect(await db.items.count()).toBe(0);
    expect(await db.kanbanTasks.count()).toBe(0);
    expect(await db.meta.count()).toBe(0);
    expect(await unsentChanges(db)).toBe(0);
    // the next user's data goes into the same (reopened) database
    await db.items.put({ id: uuidv7(), companyId } as unknown as Item);
    expect(await db.items.count()).toBe(1);
  });
});
