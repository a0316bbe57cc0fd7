import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BatchWrite,
  WRITE_BATCH_MAX,
  WRITE_BATCH_PATH,
  type WriteBatchResponse,
} from "../../src/domain/sync/write-batch";
import { companyMembers, idempotencyKeys, inventoryItems } from "../../src/server/db/schema";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { itemBody, pullAll, putItem, uuidv7 } from "./inventory-helpers";

let server: TestServer;
let alice: TestUser; // admin of company A
let bob: TestUser; // admin of company B
let loner: TestUser; // no company

beforeAll(async () => {
  server = await startTestServer();
  alice = await createTestUser(server);
  bob = await createTestUser(server);
  loner = await createTestUser(server);
  await server.database.db.delete(companyMembers).where(eq(companyMembers.userId, loner.userId));
  const emp = await createTestUser(server);
  await addMember(server, alice.companyId, emp.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
});
afterAll(async () => server?.close());

const itemUrl = (id: string, version?: number) =>
  `/api/inventory/items/${id}${version ? `?version=${version}` : ""}`;

function batch(auth: { authorization: string }, writes: unknown[]) {
  return server.app.inject({ method: "POST", url: WRITE_BATCH_PATH, headers: auth, payload: { writes } });
}

async function send(auth: { authorization: string }, writes: BatchWrite[]) {
  const res = await batch(auth, writes);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as WriteBatchResponse).answers;
}

async function serverItem(id: string) {
  const res = await server.app.inject({ method: "GET", url: itemUrl(id), headers: alice.auth });
  return { status: res.statusCode, row: res.json() };
}

const key = () => uuidv7();

describe("POST /api/sync/writes", () => {
  it("applies creates, changes and deletes in order, each answered as its own request would be", async () => {
    const a = uuidv7();
    const b = uuidv7();
    const { id: c, json: cRow } = await putItem(server, alice.auth, itemBody("WB-C"));
    const answers = await send(alice.auth, [
      { method: "PUT", url: itemUrl(a), body: itemBody("WB-A"), idempotencyKey: key() },
      { method: "PUT", url: itemUrl(b), body: itemBody("WB-B", { quantity: 4 }), idempotencyKey: key() },
      {
        method: "PATCH",
        url: itemUrl(c),
        body: { version: cRow.version, status: "sold" },
        idempotencyKey: key(),
      },
      { method: "DELETE", url: itemUrl(c, cRow.version + 1), body: null, idempotencyKey: key() },
    ]);
    expect(answers.map((x) => x.status)).toEqual([201, 201, 200, 204]);
    expect(answers[0]?.body).toMatchObject({ id: a, sku: "WB-A", version: 1 });
    expect(answers[2]?.body).toMatchObject({ id: c, status: "sold", version: cRow.version + 1 });
    expect(answers[3]?.body).toBeNull();
    expect((await serverItem(b)).row).toMatchObject({ quantity: 4, version: 1 });
    expect((await serverItem(c)).status).toBe(404);
    // the sync feed shows the creates and the delete as a tombstone
    const feed = await pullAll(server, alice.auth, undefined);
    expect(feed.changes.find((x) => x.id === c)).toMatchObject({ deleted: true });
    expect(feed.changes.find((x) => x.id === a)).toMatchObject({ deleted: false });
  });

  it("a batch sent again changes nothing and answers the stored answers", async () => {
    const { id, json } = await putItem(server, alice.auth, itemBody("WB-REPLAY"));
    const writes: BatchWrite[] = [
      {
        method: "PATCH",
        url: itemUrl(id),
        body: { version: json.version, quantity: 7 },
        idempotencyKey: key(),
      },
      { method: "PUT", url: itemUrl(uuidv7()), body: itemBody("WB-REPLAY-2"), idempotencyKey: key() },
    ];
    const first = await send(alice.auth, writes);
    const again = await send(alice.auth, writes);
    expect(again.map((x) => x.status)).toEqual(first.map((x) => x.status));
    expect(again.map((x) => x.body)).toEqual(first.map((x) => x.body));
    expect(again.every((x) => x.replayed)).toBe(true);
    expect((await serverItem(id)).row).toMatchObject({ quantity: 7, version: json.version + 1 });
    const rows = await server.database.db
      .select({ id: inventoryItems.id })
      .from(inventoryItems)
      .where(and(eq(inventoryItems.companyId, alice.companyId), eq(inventoryItems.sku, "WB-REPLAY-2")));
    expect(rows).toHaveLength(1);
  });

  it("shares keys with the single routes: a write sent alone first is not applied again in a batch", async () => {
    const { id, json } = await putItem(server, alice.auth, itemBody("WB-SHARED"));
    const k = key();
    const alone = await server.app.inject({
      method: "PATCH",
      url: itemUrl(id),
      headers: { ...alice.auth, "idempotency-key": k },
      payload: { version: json.version, quantity: 9 },
    });
    expect(alone.statusCode).toBe(200);
    const [answer] = await send(alice.auth, [
      { method: "PATCH", url: itemUrl(id), body: { version: json.version, quantity: 9 }, idempotencyKey: k },
    ]);
    expect(answer).toMatchObject({ status: 200, replayed: true, body: alone.json() });
    expect((await serverItem(id)).row.version).toBe(json.version + 1);
    // and the other way round: a batch write's key replayed alone
    const k2 = key();
    await send(alice.auth, [
      {
        method: "PATCH",
        url: itemUrl(id),
        body: { version: json.version + 1, quantity: 10 },
        idempotencyKey: k2,
      },
    ]);
    const replay = await server.app.inject({
      method: "PATCH",
      url: itemUrl(id),
      headers: { ...alice.auth, "idempotency-key": k2 },
      payload: { version: json.version + 1, quantity: 10 },
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect((await serverItem(id)).row).toMatchObject({ quantity: 10, version: json.version + 2 });
  });

  it("stops at the first write that is not a 2xx: earlier writes stay, later ones are not run", async () => {
    const { id, json } = await putItem(server, alice.auth, itemBody("WB-STALE"));
    const before = uuidv7();
    const after = uuidv7();
    const answers = await send(alice.auth, [
      { method: "PUT", url: itemUrl(before), body: itemBody("WB-BEFORE"), idempotencyKey: key() },
      // stale version: 409 with the current row, as PATCH alone answers
      {
        method: "PATCH",
        url: itemUrl(id),
        body: { version: json.version + 5, quantity: 2 },
        idempotencyKey: key(),
      },
      { method: "PUT", url: itemUrl(after), body: itemBody("WB-AFTER"), idempotencyKey: key() },
    ]);
    expect(answers).toHaveLength(2);
    expect(answers[1]?.status).toBe(409);
    expect(answers[1]?.body).toMatchObject({ statusCode: 409, current: { id, version: json.version } });
    expect((await serverItem(before)).status).toBe(200);
    expect((await serverItem(after)).status).toBe(404);
  });

  it("answers a duplicate SKU, a bad body and a bad path per write, with the single routes' messages", async () => {
    await putItem(server, alice.auth, itemBody("WB-TAKEN"));
    const dup = await send(alice.auth, [
      { method: "PUT", url: itemUrl(uuidv7()), body: itemBody("WB-TAKEN"), idempotencyKey: key() },
    ]);
    expect(dup[0]).toMatchObject({ status: 409, body: { message: expect.stringMatching(/SKU "WB-TAKEN"/) } });

    const bad = await send(alice.auth, [
      {
        method: "PUT",
        url: itemUrl(uuidv7()),
        body: { ...itemBody("WB-BAD"), quantity: -1 },
        idempotencyKey: key(),
      },
    ]);
    expect(bad[0]).toMatchObject({ status: 400, body: { message: expect.stringMatching(/quantity/i) } });

    const unknownField = await send(alice.auth, [
      {
        method: "PUT",
        url: itemUrl(uuidv7()),
        body: { ...itemBody("WB-BAD2"), colour: "red" },
        idempotencyKey: key(),
      },
    ]);
    expect(unknownField[0]).toMatchObject({
      status: 400,
      body: { message: 'Invalid request body: unknown field "colour"' },
    });

    const path = await send(alice.auth, [
      { method: "PATCH", url: "/api/users/me", body: { version: 1 }, idempotencyKey: key() },
    ]);
    expect(path[0]?.status).toBe(404);

    const notV7 = await send(alice.auth, [
      {
        method: "PUT",
        url: itemUrl("6f1c2b7e-1d2a-4c3b-8e4f-0a1b2c3d4e5f"),
        body: itemBody("WB-V4"),
        idempotencyKey: key(),
      },
    ]);
    expect(notV7[0]).toMatchObject({ status: 400, body: { message: expect.stringMatching(/UUIDv7/) } });
  });

  it("refuses a key reused for another request (422) and writes nothing for it", async () => {
    const { id, json } = await putItem(server, alice.auth, itemBody("WB-REUSE"));
    const k = key();
    await send(alice.auth, [
      { method: "PATCH", url: itemUrl(id), body: { version: json.version, quantity: 3 }, idempotencyKey: k },
    ]);
    const [answer] = await send(alice.auth, [
      {
        method: "PATCH",
        url: itemUrl(id),
        body: { version: json.version + 1, quantity: 4 },
        idempotencyKey: k,
      },
    ]);
    expect(answer?.status).toBe(422);
    expect((await serverItem(id)).row).toMatchObject({ quantity: 3 });
  });

  it("keeps each company's records and keys to itself", async () => {
    const { id, json } = await putItem(server, alice.auth, itemBody("WB-ALICE"));
    const [answer] = await send(bob.auth, [
      {
        method: "PATCH",
        url: itemUrl(id),
        body: { version: json.version, quantity: 99 },
        idempotencyKey: key(),
      },
    ]);
    expect(answer?.status).toBe(404);
    expect((await serverItem(id)).row.quantity).toBe(1);
    // a PUT of another company's id does not reveal or touch it
    const [put] = await send(bob.auth, [
      { method: "PUT", url: itemUrl(id), body: itemBody("WB-BOB"), idempotencyKey: key() },
    ]);
    expect(put?.status).toBe(409);
    expect((await serverItem(id)).row.sku).toBe("WB-ALICE");
  });

  it("refuses callers who are not signed in or have no company, and malformed batches as a whole", async () => {
    const write = { method: "PUT", url: itemUrl(uuidv7()), body: itemBody("WB-X"), idempotencyKey: key() };
    expect((await batch({ authorization: "" }, [write])).statusCode).toBe(401);
    expect((await batch(loner.auth, [write])).statusCode).toBe(403);
    const empty = await batch(alice.auth, []);
    expect(empty.statusCode).toBe(400);
    const tooMany = await batch(
      alice.auth,
      Array.from({ length: WRITE_BATCH_MAX + 1 }, () => ({ ...write, idempotencyKey: key() })),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/writes/);
    const wrongMethod = await batch(alice.auth, [{ ...write, method: "POST" }]);
    expect(wrongMethod.statusCode).toBe(400);
    const noKey = await batch(alice.auth, [{ method: write.method, url: write.url, body: write.body }]);
    expect(noKey.statusCode).toBe(400);
    const notJson = await server.app.inject({
      method: "POST",
      url: WRITE_BATCH_PATH,
      headers: { ...alice.auth, "content-type": "application/json" },
      payload: "{writes:",
    });
    expect(notJson.statusCode).toBe(400);
    // none of these wrote anything or kept a key
    const keys = await server.database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, write.idempotencyKey));
    expect(keys).toHaveLength(0);
  });

  it("applies a full batch of a hundred changes in one request", async () => {
    const ids: { id: string; version: number }[] = [];
    for (let i = 0; i < WRITE_BATCH_MAX; i++) {
      const { id, json } = await putItem(server, alice.auth, itemBody(`WB-FULL-${i}`));
      ids.push({ id, version: json.version });
    }
    const answers = await send(
      alice.auth,
      ids.map(({ id, version }) => ({
        method: "PATCH" as const,
        url: itemUrl(id),
        body: { version, status: "sold" },
        idempotencyKey: key(),
      })),
    );
    expect(answers).toHaveLength(WRITE_BATCH_MAX);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const last = ids.at(-1) as { id: string };
    expect((await serverItem(last.id)).row).toMatchObject({ status: "sold", version: 2 });
  });
});

describe("feed cursors around a write request", () => {
  it("a write batch and a bulk create say which cursors lie around their changes; reading from `to` skips them", async () => {
    const me = await createTestUser(server);
    const first = await putItem(server, me.auth, itemBody("CR-1"));
    const before = await pullAll(server, me.auth, undefined);
    const res = await batch(me.auth, [
      {
        method: "PATCH",
        url: itemUrl(first.id),
        body: { version: first.json.version, quantity: 5 },
        idempotencyKey: key(),
      },
      { method: "PUT", url: itemUrl(uuidv7()), body: itemBody("CR-2"), idempotencyKey: key() },
    ]);
    const body = res.json() as WriteBatchResponse;
    expect(body.cursor.from).toBe(before.cursor);
    expect(body.cursor.to).not.toBe(body.cursor.from);
    // what lies between is exactly this request's changes
    const between = await pullAll(server, me.auth, body.cursor.from);
    expect(between.changes.map((c) => c.row?.sku).sort()).toEqual(["CR-1", "CR-2"]);
    expect(between.cursor).toBe(body.cursor.to);
    expect((await pullAll(server, me.auth, body.cursor.to)).changes).toEqual([]);

    const bulk = await server.app.inject({
      method: "POST",
      url: "/api/inventory/items/bulk",
      headers: me.auth,
      payload: { items: [{ id: uuidv7(), ...itemBody("CR-3") }] },
    });
    expect(bulk.statusCode).toBe(200);
    const range = bulk.json().cursor as { from: string; to: string };
    expect(range.from).toBe(body.cursor.to);
    expect((await pullAll(server, me.auth, range.from)).changes.map((c) => c.row?.sku)).toEqual(["CR-3"]);
    expect((await pullAll(server, me.auth, range.to)).changes).toEqual([]);
  });

  it("a request that changed nothing answers from = to", async () => {
    const me = await createTestUser(server);
    const { id, json } = await putItem(server, me.auth, itemBody("CR-NONE"));
    const res = await batch(me.auth, [
      {
        method: "PATCH",
        url: itemUrl(id),
        body: { version: json.version + 3, quantity: 5 },
        idempotencyKey: key(),
      },
    ]);
    const body = res.json() as WriteBatchResponse;
    expect(body.answers[0]?.status).toBe(409);
    expect(body.cursor.to).toBe(body.cursor.from);
  });
});
