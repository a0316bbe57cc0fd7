import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatThreadApi } from "../../src/domain/chat/types";
import { chatMessages, jobs, notifications, pushSubscriptions, users } from "../../src/server/db/schema";
import { NOTIFICATION_PUSH_JOB } from "../../src/server/modules/notifications/push-store";
import { postChatMessage } from "./chat-helpers";
import { caller } from "./filing-helpers";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { uuidv7 } from "./inventory-helpers";

/**
 * The bell and the pushes a chat message writes (src/server/modules/notifications/store.ts
 * `notify`, one statement with the message's transaction): who is told, by whom, which devices
 * get a push, and what a removed notification, a read one and a replayed message do.
 */
let server: TestServer;
let call: ReturnType<typeof caller>;
let ann: TestUser; // admin of Ann Realty, switched chat pushes off
let emp: TestUser; // employee of Ann Realty, two devices
let gone: TestUser; // member of Ann Realty whose account is disabled
let staff: TestUser; // super admin (filing staff)

beforeAll(async () => {
  server = await startTestServer();
  call = caller(server);
  ann = await createTestUser(server, { displayName: "Ann", companyName: "Ann Realty" });
  emp = await createTestUser(server, { displayName: "Emp", companyName: "Emp Own Co" });
  gone = await createTestUser(server, { displayName: "Gone", companyName: "Gone Co" });
  await addMember(server, ann.companyId, emp.userId, ["ROLE_COMPANY_EMPLOYEE"]);
  await addMember(server, ann.companyId, gone.userId, ["ROLE_COMPANY_EMPLOYEE"]);
  staff = await createTestUser(server, { displayName: "Stella", roles: ["ROLE_USER", "ROLE_SUPER_ADMIN"] });
  await server.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, gone.userId));
  for (const who of [emp, emp, ann, gone]) {
    await server.database.db.insert(pushSubscriptions).values({
      id: uuidv7(),
      userId: who.userId,
      endpoint: `https://push.example.com/${uuidv7()}`,
      p256dh: "key",
      auth: "secret",
    });
  }
  const off = await call("PATCH", "/api/notifications/push/settings", ann, { chat_message: false });
  expect(off.statusCode, off.body).toBe(200);
});
afterAll(async () => server.close());

const db = () => server.database.db;

const post = (who: TestUser, threadId: string, body: string, key?: string) =>
  postChatMessage(server, who, threadId, { body }, key);

async function bellOf(who: TestUser, threadId: string) {
  const rows = await db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, who.userId), eq(notifications.key, `chat:${threadId}`)));
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0] ?? null;
}

async function pushesOf(notificationId: string) {
  const rows = await db()
    .select({ key: jobs.key, payload: jobs.payload })
    .from(jobs)
    .where(like(jobs.key, `${NOTIFICATION_PUSH_JOB}:${notificationId}:%`));
  return rows;
}

describe("a chat message's bell", () => {
  let thread: ChatThreadApi;

  it("tells the members but the author and disabled accounts, by the author's name, and pushes to each device of those with chat pushes on", async () => {
    const res = await call("POST", "/api/chat/threads", ann, { subject: "Boiler" });
    expect(res.statusCode, res.body).toBe(201);
    thread = res.json();
    const sent = await post(staff, thread.id, "We have your statement");
    expect(sent.statusCode, sent.body).toBe(201);

    const told = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.key, `chat:${thread.id}`));
    expect(told.map((n) => n.userId).sort()).toEqual([ann.userId, emp.userId].sort());
    for (const n of told) {
      expect(n).toMatchObject({
        companyId: ann.companyId,
        type: "chat_message",
        authorId: staff.userId,
        author: "Stella",
        job: "Blocklot staff",
        description: "Boiler: We have your statement",
        link: `/dashboard/chat?thread=${thread.id}`,
        readAt: null,
        removedAt: null,
      });
    }
    const empBell = await bellOf(emp, thread.id);
    const empDevices = await db()
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, emp.userId));
    const pushes = await pushesOf(empBell?.id as string);
    expect(
      pushes.map((p) => p.payload).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ).toEqual(
      empDevices
        .map((d) => ({ notificationId: empBell?.id, subscriptionId: d.id }))
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    );
    // Ann switched chat pushes off: her bell, no push.
    expect(await pushesOf((await bellOf(ann, thread.id))?.id as string)).toEqual([]);

    // A member who writes is not told about their own message; the others are.
    const before = await bellOf(ann, thread.id);
    expect((await post(ann, thread.id, "Thanks")).statusCode).toBe(201);
    expect(await bellOf(ann, thread.id)).toEqual(before);
    // the refreshed bell names the newest message's author, not the first one's
    expect(await bellOf(emp, thread.id)).toMatchObject({
      description: "Boiler: Thanks",
      authorId: ann.userId,
      author: "Ann",
      job: null,
    });
  });

  it("brings a removed or read notification back, unread and newest, as the same one", async () => {
    const first = await bellOf(emp, thread.id);
    expect((await call("DELETE", `/api/notifications/${first?.id}`, emp)).statusCode).toBe(204);
    const list = await call("GET", "/api/notifications", emp);
    expect(list.json().items.map((n: { id: string }) => n.id)).not.toContain(first?.id);

    expect((await post(staff, thread.id, "Filed today")).statusCode).toBe(201);
    const back = await bellOf(emp, thread.id);
    expect(back).toMatchObject({
      id: first?.id,
      readAt: null,
      removedAt: null,
      description: "Boiler: Filed today",
    });
    expect(back?.createdAt.getTime()).toBeGreaterThan(first?.createdAt.getTime() as number);
    const shown = (await call("GET", "/api/notifications", emp)).json().items;
    expect(shown[0]).toMatchObject({ id: first?.id, read: false, description: "Boiler: Filed today" });

    expect((await call("POST", "/api/notifications/read-all", emp)).statusCode).toBeLessThan(300);
    expect((await bellOf(emp, thread.id))?.readAt).not.toBeNull();
    expect((await post(staff, thread.id, "One more thing")).statusCode).toBe(201);
    expect(await bellOf(emp, thread.id)).toMatchObject({ id: first?.id, readAt: null });
  });

  it("a replayed message (same Idempotency-Key) writes no message, notification or push", async () => {
    const key = uuidv7();
    expect((await post(ann, thread.id, "Sent once", key)).statusCode).toBe(201);
    expect((await call("POST", "/api/notifications/read-all", emp)).statusCode).toBeLessThan(300);
    const bell = await bellOf(emp, thread.id);
    const pushes = await pushesOf(bell?.id as string);
    const count = (await db().select().from(chatMessages).where(eq(chatMessages.threadId, thread.id))).length;

    const again = await post(ann, thread.id, "Sent once", key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await bellOf(emp, thread.id)).toEqual(bell);
    expect(await pushesOf(bell?.id as string)).toEqual(pushes);
    expect((await db().select().from(chatMessages).where(eq(chatMessages.threadId, thread.id))).length).toBe(
      count,
    );
  });
});
