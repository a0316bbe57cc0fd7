import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CHAT_MESSAGE_BATCH_PATH,
  type ChatMessageApi,
  type ChatThreadApi,
} from "../../src/domain/chat/types";
import type { BatchWriteAnswer } from "../../src/domain/sync/write-batch";
import { notifications } from "../../src/server/db/schema";
import { chatPeople, postChatMessage } from "./chat-helpers";
import { caller } from "./filing-helpers";
import type { TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { uuidv7 } from "./inventory-helpers";
import { openStream, until } from "./live-helpers";

/**
 * POST /api/chat/messages/batch (src/server/modules/chat/message-batch.ts): the outbox's queued
 * messages in one request, in order, each answered as its own POST would have been, exactly once
 * by its Idempotency-Key (shared with the single route), stopping at the first refusal.
 */
let server: TestServer;
let call: ReturnType<typeof caller>;
let ann: TestUser; // admin of Ann Realty
let emp: TestUser; // employee of Ann Realty
let bob: TestUser; // admin of Bob Holdings (another company)

beforeAll(async () => {
  server = await startTestServer();
  call = caller(server);
  ({ ann, emp, bob } = await chatPeople(server));
});
afterAll(async () => server.close());

async function newThread(who: TestUser, subject: string): Promise<ChatThreadApi> {
  const res = await call("POST", "/api/chat/threads", who, { subject });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const write = (threadId: string, body: string, key = `k-${uuidv7()}`) => ({
  method: "POST" as const,
  url: `/api/chat/threads/${threadId}/messages`,
  body: { body },
  idempotencyKey: key,
});

async function batch(who: TestUser, writes: unknown[]): Promise<BatchWriteAnswer[]> {
  const res = await call("POST", CHAT_MESSAGE_BATCH_PATH, who, { writes });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().answers;
}

async function bodies(who: TestUser, threadId: string): Promise<string[]> {
  const res = await call("GET", `/api/chat/threads/${threadId}/messages?limit=200`, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as ChatMessageApi[]).map((m) => m.body);
}

describe("POST /api/chat/messages/batch", () => {
  it("writes the messages in order, each answered 201 with its message as if sent alone", async () => {
    const thread = await newThread(ann, "Batch order");
    await postChatMessage(server, ann, thread.id, { body: "before" }, `k-${uuidv7()}`);
    const answers = await batch(
      ann,
      Array.from({ length: 30 }, (_, i) => write(thread.id, `queued ${i}`)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(201));
    const sent = answers.map((a) => a.body as ChatMessageApi);
    expect(sent.map((m) => m.body)).toEqual(Array.from({ length: 30 }, (_, i) => `queued ${i}`));
    expect(sent.map((m) => m.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 2));
    expect(sent[0]).toMatchObject({ threadId: thread.id, author: "Ann", staff: false, attachments: [] });
    expect(await bodies(emp, thread.id)).toEqual([
      "before",
      ...Array.from({ length: 30 }, (_, i) => `queued ${i}`),
    ]);
    // the author has read their own messages; the other member has 31 unread
    const threads = async (who: TestUser) => (await call("GET", "/api/chat/threads", who)).json().items;
    expect((await threads(ann)).find((t: ChatThreadApi) => t.id === thread.id)?.unreadCount).toBe(0);
    expect((await threads(emp)).find((t: ChatThreadApi) => t.id === thread.id)?.unreadCount).toBe(31);
    // the bell: one notification of the thread for the other member, speaking of the newest message
    const bell = await server.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, emp.userId), eq(notifications.key, `chat:${thread.id}`)));
    expect(bell).toHaveLength(1);
    expect(bell[0]?.description).toBe("Batch order: queued 29");
  });

  it("is exactly once by each key: a batch sent again replays, a single POST's key replays, new ones are added after", async () => {
    const thread = await newThread(ann, "Batch replay");
    const alone = `k-${uuidv7()}`;
    const first = await postChatMessage(server, ann, thread.id, { body: "alone" }, alone);
    expect(first.statusCode).toBe(201);
    const writes = [write(thread.id, "a"), write(thread.id, "b")];
    const once = await batch(ann, writes);
    expect(once.map((a) => a.status)).toEqual([201, 201]);
    // the answer was lost: the device sends the same batch again, with one more and the single one
    const again = await batch(ann, [write(thread.id, "alone", alone), ...writes, write(thread.id, "c")]);
    expect(again.map((a) => [a.status, a.replayed ?? false])).toEqual([
      [200, true],
      [200, true],
      [200, true],
      [201, false],
    ]);
    expect((again[0]?.body as ChatMessageApi | undefined)?.id).toBe(first.json().id);
    expect((again[1]?.body as ChatMessageApi | undefined)?.id).toBe(
      (once[0]?.body as ChatMessageApi | undefined)?.id,
    );
    // and a batch's key sent alone replays as well
    const single = await postChatMessage(server, ann, thread.id, { body: "b" }, writes[1]?.idempotencyKey);
    expect(single.statusCode).toBe(200);
    expect(single.json().id).toBe((once[1]?.body as ChatMessageApi | undefined)?.id);
    // a key twice in one batch: the second answers the first's message
    const twice = write(thread.id, "d");
    expect((await batch(ann, [twice, twice])).map((a) => a.status)).toEqual([201, 200]);
    expect(await bodies(ann, thread.id)).toEqual(["alone", "a", "b", "c", "d"]);
  });

  it("stops at the first refusal: the messages before it are stored, those after it are not run", async () => {
    const thread = await newThread(ann, "Batch refusals");
    const bobs = await newThread(bob, "Not Ann's");
    const reused = write(thread.id, "first text");
    expect((await batch(ann, [reused])).map((a) => a.status)).toEqual([201]);
    const cases: Array<[unknown, number, string]> = [
      [write(thread.id, "   "), 400, "A message cannot be empty"],
      [write(bobs.id, "hello Bob"), 404, "Chat thread not found"],
      [write(uuidv7(), "nowhere"), 404, "Chat thread not found"],
      [write(thread.id, "hi", "has space"), 400, "Idempotency-Key must be"],
      [{ ...write(thread.id, "x"), body: { text: "x" } }, 400, 'Invalid request body: "body" is required'],
      [
        { ...write(thread.id, "x"), url: "/api/chat/threads/nope/messages" },
        400,
        '"id" must match format "uuid"',
      ],
      [{ ...write(thread.id, "x"), url: "/api/inventory/items" }, 404, "No route"],
      [{ ...reused, body: { body: "other text" } }, 422, "Idempotency-Key was already used"],
    ];
    for (const [bad, status, message] of cases) {
      const answers = await batch(ann, [
        write(thread.id, `ok before ${status}`),
        bad,
        write(thread.id, "never"),
      ]);
      expect(answers.map((a) => a.status)).toEqual([201, status]);
      expect((answers[1]?.body as { message: string } | undefined)?.message).toContain(message);
    }
    const stored = await bodies(ann, thread.id);
    expect(stored).not.toContain("never");
    expect(stored.filter((b) => b.startsWith("ok before"))).toHaveLength(cases.length);
    expect(await bodies(bob, bobs.id)).toEqual([]);
  });

  it("refuses a guest and a malformed request with a clear 4xx", async () => {
    const thread = await newThread(ann, "Batch input");
    expect(
      (await call("POST", CHAT_MESSAGE_BATCH_PATH, undefined, { writes: [write(thread.id, "x")] }))
        .statusCode,
    ).toBe(401);
    for (const payload of [
      {},
      { writes: [] },
      { writes: Array(101).fill(write(thread.id, "x")) },
      { writes: [{ url: "x" }] },
    ]) {
      const res = await call("POST", CHAT_MESSAGE_BATCH_PATH, ann, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    expect(await bodies(ann, thread.id)).toEqual([]);
  });

  it("tells the thread's members live, and not another company", async () => {
    const base = await server.app.listen({ port: 0, host: "127.0.0.1" });
    const thread = await newThread(ann, "Batch live");
    const empStream = await openStream(base, emp.token);
    const bobStream = await openStream(base, bob.token);
    try {
      await batch(ann, [write(thread.id, "one"), write(thread.id, "two"), write(thread.id, "three")]);
      await until(
        () => empStream.of("chat").some((e) => e.threadId === thread.id && e.reason === "message"),
        5000,
        "the member's chat event",
      );
      await until(() => empStream.of("notifications-changed").length >= 1, 5000, "the member's bell event");
      expect(await bodies(emp, thread.id)).toEqual(["one", "two", "three"]);
      expect(bobStream.of("chat")).toEqual([]);
    } finally {
      empStream.close();
      bobStream.close();
    }
  });

  it("keeps the device's id for each message; the same id again answers it, another message's id is 409", async () => {
    const thread = await newThread(ann, "Batch device ids");
    const [a, b] = [uuidv7(), uuidv7()];
    const withId = (id: string, body: string, key?: string) => ({
      ...write(thread.id, body, key),
      body: { id, body },
    });
    const first = await batch(ann, [withId(a, "one"), withId(b, "two")]);
    expect(first.map((x) => [x.status, (x.body as ChatMessageApi).id])).toEqual([
      [201, a],
      [201, b],
    ]);
    // sent again under new keys (the device lost its outbox's keys): the same id, text and
    // thread answers the message; the text under another message's id is refused
    const again = await batch(ann, [withId(a, "one"), withId(b, "not two")]);
    expect(again.map((x) => x.status)).toEqual([200, 409]);
    expect(again.map((x) => x.body)).toMatchObject([
      { id: a, body: "one" },
      { message: "A message with this id already exists" },
    ]);
    expect(await bodies(ann, thread.id)).toEqual(["one", "two"]);

    // without a key, on the single route: a replay by id answers 200, another text is 409
    const single = (who: TestUser, id: string, body: string) =>
      call("POST", `/api/chat/threads/${thread.id}/messages`, who, { id, body });
    const replay = await single(ann, a, "one");
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json().id).toBe(a);
    expect((await single(ann, a, "changed")).statusCode).toBe(409);
    // another member may not answer, nor overwrite, Ann's message by its id
    const taken = await single(emp, a, "one");
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().message).toBe("A message with this id already exists");
    expect(await bodies(emp, thread.id)).toEqual(["one", "two"]);
    // not a UUID: the body's schema refuses it
    expect((await single(ann, "not-a-uuid", "three")).statusCode).toBe(400);
  });
});
