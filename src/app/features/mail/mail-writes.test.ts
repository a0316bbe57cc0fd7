import "fake-indexeddb/auto";
import { v7 as uuidv7 } from "uuid";
import { afterEach, describe, expect, it } from "vitest";
import type { MailMessage } from "../../../domain/mail/message";
import { NetworkError } from "../../../sync/transport";
import { type BlocklotDb, createDb } from "../../offline/db";
import { labelPage, unreadCounts, unreadTotal } from "../../offline/mail";
import { createAppSyncEngine } from "../../offline/synced-types";
import { mailWrites } from "./mail-writes";

let db: BlocklotDb;
afterEach(async () => {
  db?.close();
  if (db) await db.delete();
});

const companyId = uuidv7();
const userId = uuidv7();

/** An engine whose server cannot be reached: every write stays queued, as on a device offline. */
function offline() {
  db = createDb(`mail-writes-${uuidv7()}`);
  const engine = createAppSyncEngine({
    db,
    transport: { send: () => Promise.reject(new NetworkError()) },
  });
  return { engine, writes: mailWrites(engine, companyId, userId) };
}

const queued = async () =>
  (await db.outbox.orderBy("seq").toArray()).map((e) => [e.entity, e.method, e.body] as const);

describe("mail writes on a device offline", () => {
  it("keeps a draft on the device in Drafts and queues its create, its edits and its send", async () => {
    const { engine, writes } = offline();
    const id = uuidv7();
    const fields = { to: ["bob@example.org"], cc: [], subject: "Lease", html: "<p>Hi</p>", inReplyTo: "" };
    await writes.saveDraft(id, fields, id);
    await writes.saveDraft(id, { ...fields, html: "<p>Hi Bob</p>" }, id);
    await writes.send(id);
    await engine.whenIdle();

    const [draft] = await labelPage(db, userId, "drafts");
    expect(draft).toMatchObject({
      id,
      userId,
      threadId: id,
      subject: "Lease",
      html: "<p>Hi Bob</p>",
      state: "outbox",
    });
    expect(await queued()).toEqual([
      ["mail-message", "PUT", { ...fields, labels: ["drafts"], read: true, state: "draft" }],
      ["mail-message", "PATCH", { html: "<p>Hi Bob</p>", version: 0 }],
      ["mail-message", "PATCH", { state: "outbox", version: 0 }],
    ]);
  });

  it("a reply's draft joins its thread on the device at once", async () => {
    const { writes } = offline();
    const id = uuidv7();
    await writes.saveDraft(id, { to: [], cc: [], subject: "Re: x", html: "", inReplyTo: "m@x" }, "thread-1");
    expect((await db.mailMessages.get(id))?.threadId).toBe("thread-1");
  });

  it("moves to the trash and puts the labels back on Undo, read and star in one write each", async () => {
    const { writes } = offline();
    const m = {
      id: uuidv7(),
      userId,
      companyId,
      threadId: "t",
      labels: ["inbox", "important"],
      read: false,
      version: 3,
    } as unknown as MailMessage;
    await db.mailMessages.put(m);
    const before = await writes.moveTo([m], "trash");
    expect((await db.mailMessages.get(m.id))?.labels).toEqual(["important", "trash"]);
    await writes.restoreLabels(before);
    expect((await db.mailMessages.get(m.id))?.labels).toEqual(["inbox", "important"]);
    await writes.setRead([m.id], true);
    await writes.setStarred({ ...m, labels: ["inbox", "important"] }, true);
    expect(await db.mailMessages.get(m.id)).toMatchObject({
      read: true,
      labels: ["inbox", "important", "starred"],
    });
    expect((await queued()).map(([, method, body]) => [method, body])).toEqual([
      ["PATCH", { labels: ["important", "trash"], version: 3 }],
      ["PATCH", { labels: ["inbox", "important"], version: 3 }],
      ["PATCH", { read: true, version: 3 }],
      ["PATCH", { labels: ["inbox", "important", "starred"], version: 3 }],
    ]);
  });

  it("keeps the unread counts right through read marks, moves, Undo, a discard and the feed's copy", async () => {
    const { engine, writes } = offline();
    const row = (i: number, labels: string[], read = false) =>
      ({ id: uuidv7(), userId, threadId: `t${i}`, labels, read, version: 1 }) as unknown as MailMessage;
    const a = row(1, ["inbox"]);
    const b = row(2, ["inbox", "starred"]);
    const c = row(3, ["drafts"], true);
    await db.mailMessages.bulkPut([a, b, c]);
    const counts = () => unreadCounts(db, userId, ["inbox", "starred", "trash", "drafts"]);
    expect(await counts()).toEqual({ inbox: 2, starred: 1, trash: 0, drafts: 0 });

    await writes.setRead([a.id], true);
    expect(await counts()).toEqual({ inbox: 1, starred: 1, trash: 0, drafts: 0 });
    await writes.setRead([a.id], false);
    const before = await writes.moveTo([b], "trash");
    expect(await counts()).toEqual({ inbox: 1, starred: 1, trash: 1, drafts: 0 });
    await writes.restoreLabels(before);
    expect(await counts()).toEqual({ inbox: 2, starred: 1, trash: 0, drafts: 0 });
    await writes.discard(a.id);
    await engine.whenIdle();
    expect(await counts()).toEqual({ inbox: 1, starred: 1, trash: 0, drafts: 0 });
    // the server's copy of a message (a feed pull) replaces the row: read elsewhere
    await db.mailMessages.put({ ...b, read: true, version: 2 });
    expect(await counts()).toEqual({ inbox: 0, starred: 0, trash: 0, drafts: 0 });
    expect(await unreadTotal(db, userId)).toBe(0);
  });

  it("adds a label of the user's own, theirs on the device at once and queued for the server", async () => {
    const { writes } = offline();
    const id = await writes.addLabel("Tenants");
    expect(await db.mailLabels.where("userId").equals(userId).toArray()).toMatchObject([
      { id, name: "Tenants" },
    ]);
    expect(await queued()).toEqual([["mail-label", "PUT", { name: "Tenants", colour: "blue" }]]);
  });

  it("renames and deletes a label of the user's own: its messages stay and lose it, every write queued", async () => {
    const { writes } = offline();
    const id = await writes.addLabel("Tenants");
    await db.mailLabels.update(id, { version: 1 });
    await writes.renameLabel(id, "Renters");
    expect((await db.mailLabels.get(id))?.name).toBe("Renters");
    const m = {
      id: uuidv7(),
      userId,
      threadId: "t",
      labels: ["inbox", id],
      read: true,
      version: 2,
    } as unknown as MailMessage;
    const other = { ...m, id: uuidv7(), userId: uuidv7() } as MailMessage;
    await db.mailMessages.bulkPut([m, other]);
    expect(await writes.deleteLabel(id)).toBe(1);
    expect(await db.mailLabels.get(id)).toBeUndefined();
    expect((await db.mailMessages.get(m.id))?.labels).toEqual(["inbox"]);
    expect((await db.mailMessages.get(other.id))?.labels).toEqual(["inbox", id]);
    expect((await queued()).map(([entity, method, body]) => [entity, method, body])).toEqual([
      ["mail-label", "PUT", { name: "Tenants", colour: "blue" }],
      ["mail-label", "PATCH", { name: "Renters", version: 1 }],
      ["mail-message", "PATCH", { labels: ["inbox"], version: 2 }],
      ["mail-label", "DELETE", null],
    ]);
  });
});
