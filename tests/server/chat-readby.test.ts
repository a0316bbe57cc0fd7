import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessageApi, ChatReaderApi, ChatThreadApi } from "../../src/domain/chat/types";
import { caller } from "./filing-helpers";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { uuidv7 } from "./inventory-helpers";
import { openStream, until } from "./live-helpers";

/** Read receipts ("Read by") and the staff's route to a seller's support thread (docs/chat.md). */
let server: TestServer;
let call: ReturnType<typeof caller>;
let ann: TestUser; // admin of Ann Realty, a seller
let bob: TestUser; // member of Ann Realty
let otto: TestUser; // admin of Other Wares
let market: TestUser; // marketplace staff
let admin: TestUser; // super admin

beforeAll(async () => {
  server = await startTestServer();
  call = caller(server);
  ann = await createTestUser(server, { displayName: "Ann", companyName: "Ann Realty" });
  bob = await createTestUser(server, { displayName: "Bob", companyName: "Bob Own Co" });
  await addMember(server, ann.companyId, bob.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
  otto = await createTestUser(server, { displayName: "Otto", companyName: "Other Wares" });
  market = await createTestUser(server, { displayName: "Mark", roles: ["ROLE_USER", "ROLE_MARKETPLACE"] });
  admin = await createTestUser(server, { displayName: "Stella", roles: ["ROLE_USER", "ROLE_SUPER_ADMIN"] });
});
afterAll(async () => server.close());

async function post(who: TestUser, threadId: string, body: string): Promise<ChatMessageApi> {
  const res = await call("POST", `/api/chat/threads/${threadId}/messages`, who, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function readers(who: TestUser, threadId: string): Promise<ChatReaderApi[]> {
  const res = await call("GET", `/api/chat/threads/${threadId}/reads`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

const places = (items: ChatReaderApi[]) =>
  Object.fromEntries(items.map((r) => [r.name, { seenSeq: r.seenSeq, staff: r.staff }]));

describe("read places", () => {
  it("tell who has read up to which message, staff marked as staff, and move on seen", async () => {
    const thread: ChatThreadApi = (await call("POST", "/api/chat/support", ann)).json();
    const first = await post(ann, thread.id, "Are the lamps listed?");
    expect(places(await readers(bob, thread.id))).toEqual({ Ann: { seenSeq: first.seq, staff: false } });

    await call("POST", `/api/chat/threads/${thread.id}/seen`, market);
    const answer = await post(market, thread.id, "Tomorrow.");
    await call("POST", `/api/chat/threads/${thread.id}/seen`, bob);
    expect(places(await readers(ann, thread.id))).toEqual({
      Ann: { seenSeq: first.seq, staff: false },
      Bob: { seenSeq: answer.seq, staff: false },
      Mark: { seenSeq: answer.seq, staff: true },
    });
    // furthest first
    expect((await readers(market, thread.id)).at(-1)?.name).toBe("Ann");
  });

  it("is refused like the thread itself: another company 404, a guest 401, a bad id 400", async () => {
    const thread: ChatThreadApi = (await call("POST", "/api/chat/support", ann)).json();
    expect((await call("GET", `/api/chat/threads/${thread.id}/reads`, otto)).statusCode).toBe(404);
    expect((await call("GET", `/api/chat/threads/${uuidv7()}/reads`, ann)).statusCode).toBe(404);
    expect((await call("GET", `/api/chat/threads/${thread.id}/reads`)).statusCode).toBe(401);
    expect((await call("GET", "/api/chat/threads/not-a-uuid/reads", ann)).statusCode).toBe(400);
    const own = (await call("POST", "/api/chat/threads", ann, { subject: "Filing" })).json() as ChatThreadApi;
    // the seller's filing thread is not the marketplace staff's area
    expect((await call("GET", `/api/chat/threads/${own.id}/reads`, market)).statusCode).toBe(404);
    expect((await call("GET", `/api/chat/threads/${own.id}/reads`, admin)).statusCode).toBe(200);
  });

  it("reaches the writer's screen live when someone reads", async () => {
    const base = await server.app.listen({ port: 0, host: "127.0.0.1" });
    const thread: ChatThreadApi = (await call("POST", "/api/chat/support", ann)).json();
    await post(ann, thread.id, "Live read?");
    const annStream = await openStream(base, ann.token);
    try {
      await call("POST", `/api/chat/threads/${thread.id}/seen`, market);
      await until(
        () => annStream.of("chat").some((e) => e.threadId === thread.id && e.reason === "seen"),
        5000,
        "the seen event",
      );
      expect((await readers(ann, thread.id)).map((r) => r.name)).toContain("Mark");
    } finally {
      annStream.close();
    }
  });
});

describe("staff: a seller's support thread", () => {
  const url = (companyId: string) => `/api/admin/chat/support/${companyId}`;

  it("answers the company's one support thread to marketplace staff and super admins", async () => {
    const mine: ChatThreadApi = (await call("POST", "/api/chat/support", ann)).json();
    const res = await call("POST", url(ann.companyId), market);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: mine.id, hash: mine.hash, kind: "support-marketplace" });
    expect((await call("POST", url(ann.companyId), admin)).json().id).toBe(mine.id);
  });

  it("creates it on first use, once, and the seller sees the same thread", async () => {
    const first = await call("POST", url(otto.companyId), market);
    expect(first.statusCode, first.body).toBe(200);
    const again = await call("POST", url(otto.companyId), admin);
    expect(again.json().id).toBe(first.json().id);
    expect((await call("POST", "/api/chat/support", otto)).json().id).toBe(first.json().id);
  });

  it("refuses others (403), guests (401), unknown companies (404) and bad ids (400)", async () => {
    expect((await call("POST", url(ann.companyId), ann)).statusCode).toBe(403);
    expect((await call("POST", url(otto.companyId), ann)).statusCode).toBe(403);
    expect((await call("POST", url(ann.companyId))).statusCode).toBe(401);
    const unknown = await call("POST", url(uuidv7()), market);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/company not found/i);
    expect((await call("POST", url("not-a-uuid"), market)).statusCode).toBe(400);
  });
});
