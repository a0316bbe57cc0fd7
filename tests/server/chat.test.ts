import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessageApi, ChatThreadApi } from "../../src/domain/chat/types";
import { ADMIN_CHAT_PAGE, CHAT_BODY_MAX } from "../../src/domain/chat/types";
import { chatMessages, chatThreads, notifications } from "../../src/server/db/schema";
import { chatPeople, postChatMessage } from "./chat-helpers";
import { caller } from "./filing-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { uuidv7 } from "./inventory-helpers";
import { openStream, until } from "./live-helpers";

let server: TestServer;
let call: ReturnType<typeof caller>;
let ann: TestUser; // admin of Ann Realty
let emp: TestUser; // employee of Ann Realty
let bob: TestUser; // admin of Bob Holdings (another company)
let staff: TestUser; // super admin (filing staff)
let market: TestUser; // marketplace staff

beforeAll(async () => {
  server = await startTestServer();
  call = caller(server);
  ({ ann, emp, bob } = await chatPeople(server));
  staff = await createTestUser(server, { displayName: "Stella", roles: ["ROLE_USER", "ROLE_SUPER_ADMIN"] });
  market = await createTestUser(server, { displayName: "Mark", roles: ["ROLE_USER", "ROLE_MARKETPLACE"] });
});
afterAll(async () => server.close());

const db = () => server.database.db;

async function newThread(who: TestUser, subject: string, body?: string): Promise<ChatThreadApi> {
  const res = await call(
    "POST",
    "/api/chat/threads",
    who,
    body === undefined ? { subject } : { subject, body },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const post = (who: TestUser, threadId: string, body: string, key?: string) =>
  postChatMessage(server, who, threadId, { body }, key);

async function myThreads(who: TestUser): Promise<ChatThreadApi[]> {
  const res = await call("GET", "/api/chat/threads", who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

async function messages(who: TestUser, threadId: string, query = "") {
  const res = await call("GET", `/api/chat/threads/${threadId}/messages${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: ChatMessageApi[]; older: number | null; cursor: number };
}

describe("access", () => {
  it("answers 401 to a guest on every route", async () => {
    const id = uuidv7();
    for (const [method, url] of [
      ["GET", "/api/chat/threads"],
      ["GET", "/api/chat/contacts"],
      ["POST", "/api/chat/threads"],
      ["POST", "/api/chat/support"],
      ["GET", `/api/chat/threads/${id}`],
      ["GET", `/api/chat/threads/${id}/messages`],
      ["POST", `/api/chat/threads/${id}/messages`],
      ["POST", `/api/chat/threads/${id}/seen`],
      ["GET", "/api/admin/chat/threads"],
    ] as const) {
      const res = await call(
        method,
        url,
        undefined,
        method === "POST" ? { body: "x", subject: "x" } : undefined,
      );
      expect(res.statusCode, url).toBe(401);
    }
  });

  it("shows a company's thread to its members and the filing staff, and to nobody else as if it did not exist", async () => {
    const thread = await newThread(ann, "Our RPIE statement", "Is the 2025 statement read?");
    expect(thread).toMatchObject({ kind: "user", companyName: "Ann Realty", unreadCount: 0 });
    expect((await myThreads(emp)).map((t) => t.id)).toContain(thread.id);
    expect((await myThreads(bob)).map((t) => t.id)).not.toContain(thread.id);

    expect((await messages(emp, thread.id)).items.map((m) => m.body)).toEqual([
      "Is the 2025 statement read?",
    ]);
    expect((await messages(staff, thread.id)).items).toHaveLength(1);

    const unknown = uuidv7();
    for (const [who, id] of [
      [bob, thread.id],
      [market, thread.id], // marketplace staff: another area
      [ann, unknown],
    ] as const) {
      for (const [method, url, payload] of [
        ["GET", `/api/chat/threads/${id}`, undefined],
        ["GET", `/api/chat/threads/${id}/messages`, undefined],
        ["POST", `/api/chat/threads/${id}/messages`, { body: "hello" }],
        ["POST", `/api/chat/threads/${id}/seen`, undefined],
      ] as const) {
        const res = await call(method, url, who, payload);
        expect(res.statusCode, `${url} as ${who.email}`).toBe(404);
        expect(res.json().message).toBe("Chat thread not found");
      }
    }
    const byHash = await call("GET", `/api/chat/by-hash/${thread.hash}`, bob);
    expect(byHash.statusCode).toBe(404);
    expect((await call("GET", `/api/chat/by-hash/${thread.hash}`, staff)).json().id).toBe(thread.id);
    const rows = await db().select().from(chatMessages).where(eq(chatMessages.threadId, thread.id));
    expect(rows).toHaveLength(1);
  });

  it("gives each seller one support-marketplace thread, reached by marketplace staff by its hash", async () => {
    const first = (await call("POST", "/api/chat/support", bob)).json() as ChatThreadApi;
    const again = (await call("POST", "/api/chat/support", bob)).json() as ChatThreadApi;
    expect(first.kind).toBe("support-marketplace");
    expect(again.id).toBe(first.id);
    const seen = await call("GET", `/api/chat/by-hash/${first.hash}`, market);
    expect(seen.statusCode).toBe(200);
    expect((await post(market, first.id, "We will list your lamps")).statusCode).toBe(201);
    const [msg] = (await messages(bob, first.id)).items;
    expect(msg).toMatchObject({ author: "Mark", staff: true, body: "We will list your lamps" });
    expect((await call("GET", `/api/chat/by-hash/${first.hash}`, ann)).statusCode).toBe(404);
    const marketList = await call("GET", "/api/admin/chat/threads", market);
    expect(marketList.json().items.map((t: ChatThreadApi) => t.kind)).toEqual(["support-marketplace"]);
  });

  it("refuses the admin list to company users", async () => {
    expect((await call("GET", "/api/admin/chat/threads", ann)).statusCode).toBe(403);
  });
});

describe("messages", () => {
  it("counts unread messages until the reader marks the thread seen, and puts a thread with news at the front", async () => {
    const older = await newThread(ann, "Older");
    const thread = await newThread(ann, "Invoice question");
    expect((await myThreads(ann))[0]?.id).toBe(thread.id);
    await post(ann, older.id, "bump");
    expect((await myThreads(emp))[0]?.id).toBe(older.id);
    for (const text of ["one", "two", "three"])
      expect((await post(staff, thread.id, text)).statusCode).toBe(201);
    const list = await myThreads(emp);
    expect(list[0]?.id).toBe(thread.id);
    expect(list[0]?.unreadCount).toBe(3);
    expect(list[0]?.lastMessage?.body).toBe("three");
    const seen = await call("POST", `/api/chat/threads/${thread.id}/seen`, emp);
    expect(seen.json()).toEqual({ unreadCount: 0 });
    expect((await myThreads(emp)).find((t) => t.id === thread.id)?.unreadCount).toBe(0);
    // Ann has not looked yet; writing in the thread moves her place past what she answered
    expect((await myThreads(ann)).find((t) => t.id === thread.id)?.unreadCount).toBe(3);
    await post(ann, thread.id, "thanks");
    expect((await myThreads(ann)).find((t) => t.id === thread.id)?.unreadCount).toBe(0);
    expect((await myThreads(emp)).find((t) => t.id === thread.id)?.unreadCount).toBe(1);
  });

  it("answers a replayed Idempotency-Key with the same message, never a second one", async () => {
    const thread = await newThread(emp, "Replay");
    const key = `k-${uuidv7()}`;
    const first = await post(emp, thread.id, "exactly once", key);
    expect(first.statusCode).toBe(201);
    const again = await post(emp, thread.id, "exactly once", key);
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().id).toBe(first.json().id);
    const other = await post(emp, thread.id, "something else", key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe("KEY_REUSED");
    expect((await messages(ann, thread.id)).items.map((m) => m.body)).toEqual(["exactly once"]);
  });

  it("refuses bad input with a clear 4xx", async () => {
    const thread = await newThread(ann, "Bad input");
    const empty = await post(ann, thread.id, "   ");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("A message cannot be empty");
    const long = await post(ann, thread.id, "x".repeat(CHAT_BODY_MAX + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(`${CHAT_BODY_MAX}`);
    expect((await post(ann, thread.id, "x".repeat(CHAT_BODY_MAX))).statusCode).toBe(201);
    expect((await call("GET", "/api/chat/threads/not-a-uuid/messages", ann)).statusCode).toBe(400);
    expect((await call("POST", "/api/chat/threads", ann, { subject: "" })).statusCode).toBe(400);
    expect((await call("POST", `/api/chat/threads/${thread.id}/messages`, ann, {})).statusCode).toBe(400);
    expect((await call("GET", `/api/chat/threads/${thread.id}/messages?since=-1`, ann)).statusCode).toBe(400);
    expect((await call("GET", "/api/admin/chat/threads?page=-1", staff)).statusCode).toBe(400);
    const badKey = await post(ann, thread.id, "hi", "has space");
    expect(badKey.statusCode).toBe(400);
  });

  it("stores bodies as plain text", async () => {
    const thread = await newThread(ann, "HTML");
    await post(ann, thread.id, "<img src=x onerror=alert(1)> see https://example.com");
    const [m] = (await messages(staff, thread.id)).items;
    expect(m?.body).toBe("<img src=x onerror=alert(1)> see https://example.com");
  });

  it("pages back by seq and catches up by cursor with new, edited and deleted messages", async () => {
    const thread = await newThread(ann, "Paging");
    for (let i = 1; i <= 5; i++) await post(ann, thread.id, `m${i}`);
    const newest = await messages(emp, thread.id, "?limit=2");
    expect(newest.items.map((m) => m.body)).toEqual(["m4", "m5"]);
    const back = await messages(emp, thread.id, `?limit=2&before=${newest.older}`);
    expect(back.items.map((m) => m.body)).toEqual(["m2", "m3"]);
    const cursor = newest.cursor;
    const added = (await post(ann, thread.id, "m6")).json() as ChatMessageApi;
    const edited = await call("PATCH", `/api/chat/threads/${thread.id}/messages/${added.id}`, ann, {
      body: "m6 (fixed)",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const caught = await messages(emp, thread.id, `?since=${cursor}`);
    expect(caught.items.map((m) => [m.id, m.body, m.editedAt !== null])).toEqual([
      [added.id, "m6 (fixed)", true],
    ]);
    expect((await messages(emp, thread.id, `?since=${caught.cursor}`)).items).toEqual([]);
    // only the author, only the last message
    expect(
      (await call("DELETE", `/api/chat/threads/${thread.id}/messages/${added.id}`, emp)).statusCode,
    ).toBe(403);
    const m5 = newest.items[1] as ChatMessageApi;
    expect((await call("DELETE", `/api/chat/threads/${thread.id}/messages/${m5.id}`, ann)).statusCode).toBe(
      409,
    );
    const gone = await call("DELETE", `/api/chat/threads/${thread.id}/messages/${added.id}`, ann);
    expect(gone.json()).toMatchObject({ body: "", deletedAt: expect.any(String) });
    expect((await messages(emp, thread.id, `?since=${caught.cursor}`)).items.map((m) => m.id)).toEqual([
      added.id,
    ]);
  });

  it("refuses to change a message after 5 minutes", async () => {
    const thread = await newThread(ann, "Late edit");
    const m = (await post(ann, thread.id, "old")).json() as ChatMessageApi;
    await db()
      .update(chatMessages)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(chatMessages.id, m.id));
    const res = await call("PATCH", `/api/chat/threads/${thread.id}/messages/${m.id}`, ann, { body: "new" });
    expect(res.statusCode).toBe(409);
  });

  it("tells the company's other members through the bell, once per thread", async () => {
    const thread = await newThread(ann, "Bell");
    await post(staff, thread.id, "first");
    await post(staff, thread.id, "second");
    const rows = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.key, `chat:${thread.id}`));
    expect(rows.map((r) => r.userId).sort()).toEqual([ann.userId, emp.userId].sort());
    expect(rows[0]?.description).toBe("Bell: second");
    await post(ann, thread.id, "reply");
    const annRows = await db().select().from(notifications).where(eq(notifications.userId, ann.userId));
    expect(annRows.filter((r) => r.key === `chat:${thread.id}`)).toHaveLength(1);
  });
});

describe("admin chat", () => {
  it("pages newest first from 0 with hasMore right at the boundary, searches, and assigns staff", async () => {
    await db().delete(chatThreads);
    const made: ChatThreadApi[] = [];
    for (let i = 0; i < ADMIN_CHAT_PAGE; i++) made.push(await newThread(bob, `Bob thread ${i}`));
    const page0 = await call("GET", "/api/admin/chat/threads?page=0", staff);
    expect(page0.statusCode, page0.body).toBe(200);
    expect(page0.json()).toMatchObject({ page: 0, hasMore: false });
    expect(page0.json().items).toHaveLength(ADMIN_CHAT_PAGE);
    expect(page0.json().items[0].id).toBe(made.at(-1)?.id);

    const extra = await newThread(ann, "Ann's new question");
    const again = (await call("GET", "/api/admin/chat/threads?page=0", staff)).json();
    expect(again.hasMore).toBe(true);
    expect(again.items[0].id).toBe(extra.id);
    const page1 = (await call("GET", "/api/admin/chat/threads?page=1", staff)).json();
    expect(page1).toMatchObject({ page: 1, hasMore: false });
    expect(page1.items.map((t: ChatThreadApi) => t.id)).toEqual([made[0]?.id]);

    const found = (await call("GET", "/api/admin/chat/threads?query=ann%20realty", staff)).json();
    expect(found.items.map((t: ChatThreadApi) => t.id)).toEqual([extra.id]);
    const byHash = (await call("GET", `/api/admin/chat/threads?query=${extra.hash}`, staff)).json();
    expect(byHash.items.map((t: ChatThreadApi) => t.id)).toEqual([extra.id]);
    const pct = (await call("GET", "/api/admin/chat/threads?query=%25", staff)).json();
    expect(pct.items).toEqual([]);

    const assign = await call("PUT", `/api/admin/chat/threads/${extra.id}/assignee`, staff, {
      userId: staff.userId,
    });
    expect(assign.json().assignedTo).toEqual({ id: staff.userId, name: "Stella" });
    const notStaff = await call("PUT", `/api/admin/chat/threads/${extra.id}/assignee`, staff, {
      userId: ann.userId,
    });
    expect(notStaff.statusCode).toBe(400);
    const wrongArea = await call("PUT", `/api/admin/chat/threads/${extra.id}/assignee`, market, {
      userId: market.userId,
    });
    expect(wrongArea.statusCode).toBe(404);
    const contacts = (await call("GET", "/api/chat/contacts", ann)).json().items;
    expect(contacts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "Emp", role: "member" }),
        expect.objectContaining({ name: "Stella", role: "staff" }),
      ]),
    );
    expect(contacts.map((c: { name: string }) => c.name)).not.toContain("Bob");
  });
});

describe("live", () => {
  it("sends chat events to the thread's company and staff, not to another company", async () => {
    const base = await server.app.listen({ port: 0, host: "127.0.0.1" });
    const thread = await newThread(ann, "Live");
    const empStream = await openStream(base, emp.token);
    const staffStream = await openStream(base, staff.token);
    const bobStream = await openStream(base, bob.token);
    try {
      await post(ann, thread.id, "live one");
      await until(() => empStream.of("chat").length >= 1, 5000, "the member's chat event");
      await until(() => staffStream.of("chat").length >= 1, 5000, "the staff's chat event");
      expect(empStream.of("chat")[0]).toMatchObject({ threadId: thread.id, reason: "message" });
      await call("POST", `/api/chat/threads/${thread.id}/seen`, emp);
      await until(() => empStream.of("chat").some((e) => e.reason === "seen"), 5000, "the seen event");
      expect(bobStream.of("chat")).toEqual([]);
    } finally {
      empStream.close();
      staffStream.close();
      bobStream.close();
    }
  });
});
