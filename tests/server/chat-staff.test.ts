import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessageApi, ChatThreadApi } from "../../src/domain/chat/types";
import { caller } from "./filing-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

/** Marketplace staff and the support-marketplace threads; search within a thread (docs/chat.md). */
let server: TestServer;
let call: ReturnType<typeof caller>;
let sella: TestUser; // admin of Sella Goods (a seller)
let other: TestUser; // admin of Other Wares (another seller)
let market: TestUser; // marketplace staff
let admin: TestUser; // super admin

beforeAll(async () => {
  server = await startTestServer();
  call = caller(server);
  sella = await createTestUser(server, { displayName: "Sella", companyName: "Sella Goods" });
  other = await createTestUser(server, { displayName: "Otto", companyName: "Other Wares" });
  market = await createTestUser(server, { displayName: "Mark", roles: ["ROLE_USER", "ROLE_MARKETPLACE"] });
  admin = await createTestUser(server, { displayName: "Stella", roles: ["ROLE_USER", "ROLE_SUPER_ADMIN"] });
});
afterAll(async () => server.close());

async function support(who: TestUser): Promise<ChatThreadApi> {
  const res = await call("POST", "/api/chat/support", who);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

async function post(who: TestUser, threadId: string, body: string): Promise<ChatMessageApi> {
  const res = await call("POST", `/api/chat/threads/${threadId}/messages`, who, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function search(who: TestUser, threadId: string, query: string) {
  return call("GET", `/api/chat/threads/${threadId}/messages?query=${encodeURIComponent(query)}`, who);
}

describe("marketplace staff access", () => {
  it("reach the support threads of every seller, read, answer and search them; not the sellers' own threads", async () => {
    const a = await support(sella);
    const b = await support(other);
    await post(sella, a.id, "Can you list the brass lamps?");

    const list = await call("GET", "/api/admin/chat/threads", market);
    expect(list.statusCode).toBe(200);
    const ids = list.json().items.map((t: ChatThreadApi) => t.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(list.json().items.every((t: ChatThreadApi) => t.kind === "support-marketplace")).toBe(true);

    expect((await call("GET", `/api/chat/by-hash/${a.hash}`, market)).json().id).toBe(a.id);
    await post(market, a.id, "Yes, this week.");
    const read = await call("GET", `/api/chat/threads/${a.id}/messages`, market);
    expect(read.json().items.map((m: ChatMessageApi) => m.body)).toEqual([
      "Can you list the brass lamps?",
      "Yes, this week.",
    ]);
    expect((await search(market, a.id, "BRASS")).json().items.map((m: ChatMessageApi) => m.body)).toEqual([
      "Can you list the brass lamps?",
    ]);

    // A seller's own thread with the filing staff is another area: as if it did not exist.
    const own = await call("POST", "/api/chat/threads", sella, { subject: "Our filing", body: "brass" });
    expect(own.statusCode).toBe(201);
    const ownId = (own.json() as ChatThreadApi).id;
    for (const [method, url, payload] of [
      ["GET", `/api/chat/threads/${ownId}`, undefined],
      ["GET", `/api/chat/threads/${ownId}/messages`, undefined],
      ["GET", `/api/chat/threads/${ownId}/messages?query=brass`, undefined],
      ["POST", `/api/chat/threads/${ownId}/messages`, { body: "hello" }],
      ["GET", `/api/chat/by-hash/${(own.json() as ChatThreadApi).hash}`, undefined],
    ] as const) {
      expect((await call(method, url, market, payload)).statusCode, url).toBe(404);
    }
    // The super admin sees both areas.
    expect((await call("GET", `/api/chat/threads/${ownId}`, admin)).statusCode).toBe(200);
    expect((await call("GET", `/api/chat/threads/${a.id}`, admin)).statusCode).toBe(200);
  });

  it("keeps one seller out of another seller's support thread, search included", async () => {
    const b = await support(other);
    await post(other, b.id, "Our secret price is 40");
    for (const [method, url, payload] of [
      ["GET", `/api/chat/threads/${b.id}`, undefined],
      ["GET", `/api/chat/threads/${b.id}/messages?query=secret`, undefined],
      ["POST", `/api/chat/threads/${b.id}/messages`, { body: "hi" }],
      ["GET", `/api/chat/by-hash/${b.hash}`, undefined],
    ] as const) {
      const res = await call(method, url, sella, payload);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain("secret");
    }
    expect((await call("GET", "/api/admin/chat/threads", sella)).statusCode).toBe(403);
  });
});

describe("search within a thread", () => {
  it("answers the standing messages containing the text, case-insensitively, with LIKE signs taken literally", async () => {
    const thread = await support(sella);
    await post(sella, thread.id, "Price 50% off for the oak table");
    await post(market, thread.id, "The OAK chairs too?");
    const gone = await post(sella, thread.id, "oak bench, never mind");
    expect(
      (await call("DELETE", `/api/chat/threads/${thread.id}/messages/${gone.id}`, sella)).statusCode,
    ).toBe(200);

    const oak = await search(sella, thread.id, "  oak ");
    expect(oak.statusCode).toBe(200);
    expect(oak.json().items.map((m: ChatMessageApi) => m.body)).toEqual([
      "Price 50% off for the oak table",
      "The OAK chairs too?",
    ]);
    expect((await search(sella, thread.id, "50%")).json().items).toHaveLength(1);
    expect((await search(sella, thread.id, "5_%")).json().items).toHaveLength(0);
    expect((await search(sella, thread.id, "walnut")).json().items).toEqual([]);
    // Paged back like the rest: the newest match first page of one, then older.
    const page = (
      await call("GET", `/api/chat/threads/${thread.id}/messages?query=oak&limit=1`, sella)
    ).json();
    expect(page.items.map((m: ChatMessageApi) => m.body)).toEqual(["The OAK chairs too?"]);
    const back = await call(
      "GET",
      `/api/chat/threads/${thread.id}/messages?query=oak&limit=1&before=${page.older}`,
      sella,
    );
    expect(back.json().items.map((m: ChatMessageApi) => m.body)).toEqual(["Price 50% off for the oak table"]);
  });

  it("refuses an empty query, a too long one and a query with since", async () => {
    const thread = await support(sella);
    for (const q of ["query=%20%20", `query=${"x".repeat(201)}`, "query=oak&since=0"]) {
      const res = await call("GET", `/api/chat/threads/${thread.id}/messages?${q}`, sella);
      expect(res.statusCode, q).toBe(400);
    }
  });
});
