import "fake-indexeddb/auto";
import { v7 as uuidv7 } from "uuid";
import { afterEach, describe, expect, it } from "vitest";
import type { MailMessage } from "../../domain/mail/message";
import { type BlocklotDb, createDb } from "./db";
import { labelPage, mailPage, searchMail, unreadCounts, unreadTotal, withDeviceRows } from "./mail";

let db: BlocklotDb;
afterEach(async () => {
  db?.close();
  if (db) await db.delete();
});

const me = uuidv7();
const other = uuidv7();

function message(userId: string, i: number, extra: Partial<MailMessage> = {}): MailMessage {
  const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
  return {
    id: uuidv7({ msecs: Date.parse(at) }),
    userId,
    threadId: uuidv7(),
    messageId: `${i}@test`,
    inReplyTo: "",
    references: [],
    from: "pat@partner.example.org",
    fromName: "Pat Partner",
    to: [],
    cc: [],
    subject: `Subject ${i}`,
    html: "",
    text: `Body ${i}`,
    labels: ["inbox"],
    read: false,
    state: "received",
    sentAt: at,
    version: 1,
    createdAt: at,
    updatedAt: at,
    ...extra,
  };
}

describe("mail on the device", () => {
  it("lists a label's newest messages of the user, newest first", async () => {
    db = createDb(`mail-${uuidv7()}`);
    await db.mailMessages.bulkPut([
      ...Array.from({ length: 60 }, (_, i) => message(me, i)),
      message(me, 100, { labels: ["sent"] }),
      message(other, 101),
    ]);
    const page = await labelPage(db, me, "inbox");
    expect(page).toHaveLength(50);
    expect(page[0]?.subject).toBe("Subject 59");
    expect(page.every((m) => m.userId === me && m.labels.includes("inbox"))).toBe(true);
  });

  it("counts the user's unread messages per label, not read ones nor another user's", async () => {
    db = createDb(`mail-${uuidv7()}`);
    const own = uuidv7();
    await db.mailMessages.bulkPut([
      message(me, 1),
      message(me, 2, { labels: ["inbox", "starred", own] }),
      message(me, 3, { read: true }),
      message(me, 4, { labels: ["spam"] }),
      message(other, 5),
    ]);
    expect(await unreadCounts(db, me, ["inbox", "starred", "spam", "trash", own])).toEqual({
      inbox: 2,
      starred: 1,
      spam: 1,
      trash: 0,
      [own]: 1,
    });
  });

  it("counts the messages a version-10 device holds once upgraded, and keeps counting their changes", async () => {
    const name = `mail-${uuidv7()}`;
    const own = uuidv7();
    const old = createDb(name, { upTo: 10 });
    await old.open();
    const first = message(me, 1);
    const spam = message(me, 2, { labels: ["spam"] });
    const read = message(me, 3, { read: true });
    const moving = message(me, 4, { labels: ["inbox", own] });
    const gone = message(me, 5, { labels: ["inbox", "starred"] });
    await old.mailMessages.bulkPut([first, spam, read, moving, gone, message(other, 6)]);
    expect((await old.mailMessages.get(moving.id))?.unreadIn).toBeUndefined();
    old.close();

    db = createDb(name);
    await db.open();
    expect(db.verno).toBe(11);
    const labels = ["inbox", "spam", "starred", "trash", own];
    expect(await unreadCounts(db, me, labels)).toEqual({ inbox: 3, spam: 1, starred: 1, trash: 0, [own]: 1 });
    expect(await unreadTotal(db, me)).toBe(4);
    expect(await unreadTotal(db, other)).toBe(1);

    // marked read and unread, moved, deleted, and a row replaced by the feed's copy
    await db.mailMessages.update(read.id, { read: false });
    await db.mailMessages.update(first.id, { read: true });
    await db.mailMessages.update(moving.id, { labels: ["trash"] });
    await db.mailMessages.delete(gone.id);
    await db.mailMessages.put({ ...spam, labels: ["inbox"], version: 2 });
    expect(await unreadCounts(db, me, labels)).toEqual({ inbox: 2, spam: 0, starred: 0, trash: 1, [own]: 0 });
    expect(await unreadTotal(db, me)).toBe(3);
    expect(await unreadCounts(db, other, ["inbox"])).toEqual({ inbox: 1 });
  });

  it("searches subject, sender and body by word start, and follows changes of a row", async () => {
    db = createDb(`mail-${uuidv7()}`);
    const a = message(me, 1, { subject: "Quarterly Zebra report" });
    const b = message(me, 2, { text: "Meet at the zebra-crossing café" });
    const c = message(me, 3, { fromName: "Zebulon Smith" });
    await db.mailMessages.bulkPut([a, b, c, message(other, 4, { subject: "zebra" })]);
    expect((await searchMail(db, me, "ZEBRA")).map((m) => m.id)).toEqual([b.id, a.id]);
    expect((await searchMail(db, me, "zeb")).map((m) => m.id)).toEqual([c.id, b.id, a.id]);
    expect((await searchMail(db, me, "zebra report")).map((m) => m.id)).toEqual([a.id]);
    expect(await searchMail(db, me, "  ")).toEqual([]);
    // a row replaced by a newer copy (a feed pull) and a row changed in place are re-indexed
    await db.mailMessages.put({ ...a, subject: "Quarterly report", version: 2 });
    await db.mailMessages.update(c.id, { text: "now about a zebra" });
    expect((await searchMail(db, me, "zebra")).map((m) => m.id)).toEqual([c.id, b.id]);
  });

  it("pages past 100: a larger limit lists older messages, each once, and says when none are left", async () => {
    db = createDb(`mail-${uuidv7()}`);
    const all = Array.from({ length: 230 }, (_, i) =>
      message(me, i, { subject: i % 2 ? `Invoice ${i}` : `Note ${i}` }),
    );
    await db.mailMessages.bulkPut([...all, message(other, 500)]);
    const newest = [...all].reverse().map((m) => m.id);
    const first = await mailPage(db, me, { label: "inbox", query: "" }, 100);
    expect(first.messages.map((m) => m.id)).toEqual(newest.slice(0, 100));
    expect(first.more).toBe(true);
    const second = await mailPage(db, me, { label: "inbox", query: "" }, 200);
    expect(second.messages.map((m) => m.id)).toEqual(newest.slice(0, 200));
    expect(second.more).toBe(true);
    const third = await mailPage(db, me, { label: "inbox", query: "" }, 300);
    expect(third.messages.map((m) => m.id)).toEqual(newest);
    expect(third.more).toBe(false);
    const found = await mailPage(db, me, { label: "inbox", query: "invoice" }, 100);
    expect(found.messages).toHaveLength(100);
    expect(found.more).toBe(true);
    const rest = await mailPage(db, me, { label: "inbox", query: "invoice" }, 200);
    expect(rest.messages.map((m) => m.id)).toEqual(newest.filter((_, i) => i % 2 === 0));
    expect(rest.more).toBe(false);
  });

  it("shows the server's search results from the device's copy, without those it deleted", async () => {
    db = createDb(`mail-${uuidv7()}`);
    const kept = message(me, 1, { subject: "Server copy" });
    const starredHere = message(me, 2);
    const gone = message(me, 3);
    await db.mailMessages.put({ ...starredHere, labels: ["inbox", "starred"] });
    await db.outbox.add({
      entity: "mail-message",
      id: gone.id,
      method: "DELETE",
      state: "waiting",
      companyId: "c",
    } as never);
    const shown = await withDeviceRows(db, [gone, starredHere, kept]);
    expect(shown.map((m) => [m.id, m.labels])).toEqual([
      [starredHere.id, ["inbox", "starred"]],
      [kept.id, ["inbox"]],
    ]);
  });
});
