/**
 * Deleting a mail label on the server takes it off every message of its owner that carries it, in
 * the delete's transaction, and the feed brings those messages to the owner's devices
 * (docs/mail.md "Labels"; modules/mail/store.ts `removeLabelFromMessages`). PGlite here; PostgreSQL
 * with scripts/with-postgres.sh.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { pullAll, uuidv7 } from "./inventory-helpers";

const MESSAGES = "/api/mail/messages";
const LABELS = "/api/mail/labels";

let server: TestServer;
let alice: TestUser;
let colleague: TestUser;

beforeAll(async () => {
  server = await startTestServer({ MAIL_DOMAIN: "mail.blocklot.test" });
  alice = await createTestUser(server, { displayName: "Alice Able" });
  colleague = await createTestUser(server, { displayName: "Cole League" });
  await addMember(server, alice.companyId, colleague.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
});
afterAll(async () => server?.close());

const inject = (
  method: "GET" | "PUT" | "PATCH" | "DELETE" | "POST",
  url: string,
  user: TestUser,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  server.app.inject({
    method,
    url,
    headers: { ...user.auth, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A draft of `user` carrying `labels` (besides "drafts"); answers its id. */
async function draftWith(user: TestUser, subject: string, labels: string[]) {
  const id = uuidv7();
  const res = await inject("PUT", `${MESSAGES}/${id}`, user, { subject, labels: ["drafts", ...labels] });
  expect(res.statusCode, res.body).toBe(201);
  return id;
}

async function message(user: TestUser, id: string) {
  const res = await inject("GET", `${MESSAGES}/${id}`, user);
  expect(res.statusCode).toBe(200);
  return res.json() as { labels: string[]; version: number };
}

async function newLabel(user: TestUser, name: string) {
  const id = uuidv7();
  expect((await inject("PUT", `${LABELS}/${id}`, user, { name })).statusCode).toBe(201);
  return id;
}

describe("deleting a mail label", () => {
  it("takes it off every message of its owner that carries it, once, and the feed brings them", async () => {
    const clients = await newLabel(alice, "Clients");
    const other = await newLabel(alice, "Suppliers");
    const first = await draftWith(alice, "Quote", [clients]);
    const second = await draftWith(alice, "Invoice", [other, clients, "starred"]);
    const untouched = await draftWith(alice, "Lunch", [other]);
    const gone = await draftWith(alice, "Old", [clients]);
    expect((await inject("DELETE", `${MESSAGES}/${gone}`, alice)).statusCode).toBe(204);
    // another user's message holding the same text is theirs: not touched
    const colleagues = await draftWith(colleague, "Mine", [clients]);
    const start = await pullAll(server, alice.auth, undefined);
    const coleStart = await pullAll(server, colleague.auth, undefined);

    const key = { "idempotency-key": uuidv7() };
    expect((await inject("DELETE", `${LABELS}/${clients}?version=1`, alice, undefined, key)).statusCode).toBe(
      204,
    );
    expect(await message(alice, first)).toMatchObject({ labels: ["drafts"], version: 2 });
    expect(await message(alice, second)).toMatchObject({ labels: ["drafts", other, "starred"], version: 2 });
    expect(await message(alice, untouched)).toMatchObject({ labels: ["drafts", other], version: 1 });
    expect(await message(colleague, colleagues)).toMatchObject({ labels: ["drafts", clients], version: 1 });
    const listed = await inject("GET", `${MESSAGES}?label=${clients}`, alice);
    expect(listed.json().rows).toEqual([]);

    const feed = await pullAll(server, alice.auth, start.cursor);
    expect(feed.changes.map((c) => `${c.entity}:${c.id}:${c.deleted}`).sort()).toEqual(
      [`mail-label:${clients}:true`, `mail-message:${first}:false`, `mail-message:${second}:false`].sort(),
    );
    expect(feed.changes.find((c) => c.id === first)?.row).toMatchObject({ labels: ["drafts"] });
    expect((await pullAll(server, colleague.auth, coleStart.cursor)).changes).toEqual([]);

    // the same delete sent again (its key, or a new one) changes nothing more
    expect((await inject("DELETE", `${LABELS}/${clients}?version=1`, alice, undefined, key)).statusCode).toBe(
      204,
    );
    expect((await inject("DELETE", `${LABELS}/${clients}`, alice)).statusCode).toBe(204);
    expect((await message(alice, first)).version).toBe(2);
    expect((await pullAll(server, alice.auth, feed.cursor)).changes).toEqual([]);
  });

  it("a refused delete leaves every message its label: the strip is in the delete's transaction", async () => {
    const label = await newLabel(alice, "Tenants");
    const id = await draftWith(alice, "Rent", [label]);
    expect(
      (await inject("PATCH", `${LABELS}/${label}`, alice, { name: "Renters", version: 1 })).statusCode,
    ).toBe(200);
    const stale = await inject("DELETE", `${LABELS}/${label}?version=1`, alice);
    expect(stale.statusCode).toBe(409);
    expect(await message(alice, id)).toMatchObject({ labels: ["drafts", label], version: 1 });
    // another user cannot delete it, nor strip it
    expect((await inject("DELETE", `${LABELS}/${label}`, colleague)).statusCode).toBe(404);
    expect((await message(alice, id)).labels).toContain(label);
  });

  it("works the same from the write batch a device replays", async () => {
    const label = await newLabel(alice, "Repairs");
    const id = await draftWith(alice, "Boiler", [label, "important"]);
    const res = await inject("POST", "/api/sync/writes", alice, {
      writes: [
        {
          method: "PATCH",
          url: `${MESSAGES}/${id}`,
          body: { read: true, version: 1 },
          idempotencyKey: uuidv7(),
        },
        { method: "DELETE", url: `${LABELS}/${label}?version=1`, idempotencyKey: uuidv7() },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().answers.map((a: { status: number }) => a.status)).toEqual([200, 204]);
    expect(await message(alice, id)).toMatchObject({ labels: ["drafts", "important"], version: 3 });
  });
});
