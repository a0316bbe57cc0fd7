/**
 * The sync module with types other than inventory's (docs/offline.md "How to add a synced
 * type"): a private "note" (user scope, like mail) and a company "card" with a fractional
 * position (like kanban), each only a declaration — a table with the migration's two generic
 * triggers, a SyncKind, schemas and an access rule. The route factory, the feed across types
 * with tombstones, per company and per user, the write batch and the live notices all come
 * from the module.
 */
import { Type } from "@sinclair/typebox";
import { sql } from "drizzle-orm";
import { bigint, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineSyncedType } from "../../src/domain/sync/entity";
import { keyBetween } from "../../src/domain/sync/order-key";
import { WRITE_BATCH_PATH } from "../../src/domain/sync/write-batch";
import { SYNCED_TYPES } from "../../src/server/modules";
import type { SyncKind } from "../../src/server/modules/sync/store";
import type { ServerSyncedType } from "../../src/server/modules/sync/types";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { itemBody, pullAll, putItem, uuidv7 } from "./inventory-helpers";

const notes = pgTable("test_notes", {
  id: uuid("id").primaryKey(),
  companyId: uuid("company_id").notNull(),
  userId: uuid("user_id").notNull(),
  text: text("text").notNull(),
  version: integer("version").notNull().default(1),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  changeSeq: bigint("change_seq", { mode: "number" }).notNull().default(0),
});
const cards = pgTable("test_cards", {
  id: uuid("id").primaryKey(),
  companyId: uuid("company_id").notNull(),
  title: text("title").notNull(),
  position: text("position").notNull(),
  version: integer("version").notNull().default(1),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  changeSeq: bigint("change_seq", { mode: "number" }).notNull().default(0),
});

/** What a new type's migration holds: its table and the generic triggers of migration 0013. */
const MIGRATION = ["test_notes:note:user", "test_cards:card:company"].flatMap((spec) => {
  const [t, entity, scope] = spec.split(":");
  return [
    `CREATE TRIGGER ${t}_seq_ins BEFORE INSERT ON ${t} FOR EACH ROW WHEN (NEW.change_seq = 0) EXECUTE FUNCTION blocklot_sync_change_seq('${scope}')`,
    `CREATE TRIGGER ${t}_seq_upd BEFORE UPDATE ON ${t} FOR EACH ROW EXECUTE FUNCTION blocklot_sync_change_seq('${scope}')`,
    `CREATE TRIGGER ${t}_notify_ins AFTER INSERT ON ${t} REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('${entity}', '${scope}')`,
    `CREATE TRIGGER ${t}_notify_upd AFTER UPDATE ON ${t} REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('${entity}', '${scope}')`,
  ];
});
const TABLES = [
  `CREATE TABLE test_notes (id uuid PRIMARY KEY, company_id uuid NOT NULL, user_id uuid NOT NULL, text text NOT NULL,
    version integer NOT NULL DEFAULT 1, created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz, change_seq bigint NOT NULL DEFAULT 0)`,
  `CREATE TABLE test_cards (id uuid PRIMARY KEY, company_id uuid NOT NULL, title text NOT NULL, position text NOT NULL COLLATE "C",
    version integer NOT NULL DEFAULT 1, created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz, change_seq bigint NOT NULL DEFAULT 0)`,
];

type Row = Record<string, unknown> & { id: string; version: number };
const stamps = (r: Record<string, unknown>) => ({
  id: r.id as string,
  version: r.version as number,
  createdAt: (r.createdAt as Date).toISOString(),
  updatedAt: (r.updatedAt as Date).toISOString(),
});

const NOTE = defineSyncedType({
  entity: "note",
  path: "/api/test/notes",
  fields: ["text"],
  scope: "user",
  localTable: "notes",
});
const CARD = defineSyncedType({
  entity: "card",
  path: "/api/test/cards",
  fields: ["title", "position"],
  scope: "company",
  localTable: "cards",
});

function kindOf(
  decl: typeof NOTE | typeof CARD,
  table: typeof notes | typeof cards,
  label: string,
): SyncKind<Record<string, unknown>, Row> {
  return {
    decl,
    label,
    table,
    toApi: ((r: Record<string, unknown>) => ({
      ...stamps(r),
      ...Object.fromEntries(decl.fields.map((f) => [f, r[f]])),
      companyId: r.companyId,
    })) as (row: never) => Row,
    defaults: {},
    fieldsOf: (api) => Object.fromEntries(decl.fields.map((f) => [f, api[f]])),
    columns: (f) => ({ ...f }),
    validate: (f, partial) => {
      const errors: Record<string, string> = {};
      for (const k of decl.fields) if (!partial && typeof f[k] !== "string") errors[k] = "Required";
      return errors;
    },
  };
}

function typeOf(
  decl: typeof NOTE | typeof CARD,
  table: typeof notes | typeof cards,
  label: string,
): ServerSyncedType {
  const fields = Object.fromEntries(
    decl.fields.map((f) => [f, Type.String({ minLength: 1, maxLength: 200 })]),
  );
  const row = Type.Object({}, { additionalProperties: true });
  return {
    kind: kindOf(decl, table, label),
    tag: "test",
    schemas: {
      row,
      put: Type.Object(
        { ...fields, version: Type.Optional(Type.Integer({ minimum: 1 })) },
        { additionalProperties: false },
      ),
      post: Type.Object({ ...fields, id: Type.Optional(Type.String()) }, { additionalProperties: false }),
      patch: Type.Object(
        {
          ...Object.fromEntries(decl.fields.map((f) => [f, Type.Optional(Type.String())])),
          version: Type.Integer({ minimum: 1 }),
        },
        { additionalProperties: false },
      ),
      listQuery: Type.Object({}),
      page: Type.Object({}, { additionalProperties: true }),
    },
    access: (request) => request.companyScope(),
    list: async () => ({ rows: [] }),
    listSummary: `Test ${label}s`,
  };
}

let server: TestServer;
let base: string;
let alice: TestUser;
let emp: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startTestServer(
    {},
    {},
    {
      syncedTypes: [...SYNCED_TYPES, typeOf(NOTE, notes, "Note"), typeOf(CARD, cards, "Card")],
    },
  );
  for (const statement of [...TABLES, ...MIGRATION]) await server.database.db.execute(sql.raw(statement));
  base = await server.app.listen({ port: 0, host: "127.0.0.1" });
  alice = await createTestUser(server);
  emp = await createTestUser(server);
  await addMember(server, alice.companyId, emp.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
  bob = await createTestUser(server);
});
afterAll(async () => server?.close());

const put = (auth: { authorization: string }, path: string, body: Record<string, unknown>, id = uuidv7()) =>
  server.app
    .inject({ method: "PUT", url: `${path}/${id}`, headers: auth, payload: body })
    .then((res) => ({ id, res }));

describe("a synced type is a declaration", () => {
  it("the route factory gives a new type create, replace with versions (409 STALE_VERSION with current), patch and delete", async () => {
    const position = keyBetween(null, null);
    const { id, res } = await put(alice.auth, CARD.path, { title: "Plan", position });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id, version: 1, title: "Plan", position, companyId: alice.companyId });
    const patched = await server.app.inject({
      method: "PATCH",
      url: `${CARD.path}/${id}`,
      headers: emp.auth,
      payload: { position: keyBetween(position, null), version: 1 },
    });
    expect(patched.statusCode).toBe(200);
    const stale = await server.app.inject({
      method: "PATCH",
      url: `${CARD.path}/${id}`,
      headers: alice.auth,
      payload: { title: "Late", version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "STALE_VERSION", current: { id, version: 2, title: "Plan" } });
    // another company: not found, and its id cannot be taken
    expect(
      (await server.app.inject({ method: "GET", url: `${CARD.path}/${id}`, headers: bob.auth })).statusCode,
    ).toBe(404);
    expect((await put(bob.auth, CARD.path, { title: "Mine", position }, id)).res.statusCode).toBe(409);
    const del = await server.app.inject({
      method: "DELETE",
      url: `${CARD.path}/${id}?version=2`,
      headers: alice.auth,
    });
    expect(del.statusCode).toBe(204);
  });

  it("the feed carries every type with tombstones: company records to the company, private ones to their owner only", async () => {
    const aliceStart = await pullAll(server, alice.auth, undefined);
    const empStart = await pullAll(server, emp.auth, undefined);
    const card = await put(alice.auth, CARD.path, { title: "Shared", position: keyBetween(null, null) });
    const note = await put(alice.auth, NOTE.path, { text: "Only mine" });
    const item = await putItem(server, alice.auth, itemBody("SYNC-MOD-1"));
    const empNote = await put(emp.auth, NOTE.path, { text: "Emp's own" });
    expect([card, note, empNote].map((x) => x.res.statusCode)).toEqual([201, 201, 201]);
    // emp cannot see or touch alice's note, though they share the company
    expect(
      (await server.app.inject({ method: "GET", url: `${NOTE.path}/${note.id}`, headers: emp.auth }))
        .statusCode,
    ).toBe(404);

    const aliceFeed = await pullAll(server, alice.auth, aliceStart.cursor);
    expect(aliceFeed.changes.map((c) => `${c.entity}:${c.id}`).sort()).toEqual(
      [`card:${card.id}`, `note:${note.id}`, `item:${item.id}`].sort(),
    );
    const empFeed = await pullAll(server, emp.auth, empStart.cursor);
    expect(empFeed.changes.map((c) => `${c.entity}:${c.id}`).sort()).toEqual(
      [`card:${card.id}`, `note:${empNote.id}`, `item:${item.id}`].sort(),
    );

    // deletions of both kinds come as tombstones, from the cursor each device holds
    await server.app.inject({ method: "DELETE", url: `${NOTE.path}/${note.id}`, headers: alice.auth });
    await server.app.inject({ method: "DELETE", url: `${CARD.path}/${card.id}`, headers: alice.auth });
    const later = await pullAll(server, alice.auth, aliceFeed.cursor);
    expect(later.changes).toEqual(
      expect.arrayContaining([
        { entity: "note", id: note.id, deleted: true, row: null },
        { entity: "card", id: card.id, deleted: true, row: null },
      ]),
    );
    expect(later.changes).toHaveLength(2);
    // emp's cursor sees the card's tombstone, not alice's note
    const empLater = await pullAll(server, emp.auth, empFeed.cursor);
    expect(empLater.changes).toEqual([{ entity: "card", id: card.id, deleted: true, row: null }]);
    // nothing more; a page of 1 walks both streams without losing any
    expect((await pullAll(server, alice.auth, later.cursor)).changes).toEqual([]);
    const paged = await pullAll(server, alice.auth, aliceStart.cursor, 1);
    expect(new Set(paged.changes.map((c) => c.id))).toEqual(new Set([card.id, note.id, item.id]));
    // alice's cursor is not emp's: a cursor of another user starts over
    const res = await server.app.inject({
      method: "GET",
      url: `/api/sync/changes?since=${later.cursor}`,
      headers: emp.auth,
    });
    expect(res.json().reset).toBe(true);
  });

  it("one write batch carries writes of several types, each answered as alone; a replay applies nothing twice", async () => {
    const ids = { card: uuidv7(), note: uuidv7(), item: uuidv7() };
    const writes = [
      {
        method: "PUT",
        url: `${CARD.path}/${ids.card}`,
        body: { title: "B", position: keyBetween(null, null) },
        idempotencyKey: uuidv7(),
      },
      { method: "PUT", url: `${NOTE.path}/${ids.note}`, body: { text: "batched" }, idempotencyKey: uuidv7() },
      {
        method: "PUT",
        url: `/api/inventory/items/${ids.item}`,
        body: itemBody("SYNC-MOD-2"),
        idempotencyKey: uuidv7(),
      },
      {
        method: "PATCH",
        url: `${NOTE.path}/${ids.note}`,
        body: { text: "x", version: 9 },
        idempotencyKey: uuidv7(),
      },
    ];
    const send = () =>
      server.app.inject({ method: "POST", url: WRITE_BATCH_PATH, headers: alice.auth, payload: { writes } });
    const first = await send();
    expect(first.statusCode).toBe(200);
    expect(first.json().answers.map((a: { status: number }) => a.status)).toEqual([201, 201, 201, 409]);
    expect(first.json().answers[3].body).toMatchObject({
      code: "STALE_VERSION",
      current: { id: ids.note, version: 1 },
    });
    const again = await send();
    expect(
      again.json().answers.map((a: { status: number; replayed?: boolean }) => [a.status, a.replayed]),
    ).toEqual([
      [201, true],
      [201, true],
      [201, true],
      [409, true],
    ]);
    // the answer's cursor range covers both streams: a device at `from` may store `to`
    const { from, to } = first.json().cursor as { from: string; to: string };
    expect(from).not.toBe(to);
    expect((await pullAll(server, alice.auth, to)).changes).toEqual([]);
  });

  it("tells the live channel per type and owner: a private change only to its owner", async () => {
    const listen = async (token: string) => {
      const controller = new AbortController();
      const res = await fetch(`${base}/api/events?access_token=${encodeURIComponent(token)}`, {
        signal: controller.signal,
      });
      const stream = { raw: "", close: () => controller.abort() };
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      void (async () => {
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) return;
            stream.raw += new TextDecoder().decode(value);
          }
        } catch {
          // aborted
        }
      })();
      await expect.poll(() => stream.raw).toContain(": connected");
      return stream;
    };
    const events = (raw: string) =>
      raw
        .split("\n\n")
        .filter((b) => b.startsWith("event: sync-changed"))
        .map((b) => JSON.parse(b.split("\ndata: ")[1] as string));
    const mine = await listen(alice.token);
    const theirs = await listen(emp.token);
    await put(alice.auth, NOTE.path, { text: "private" });
    await put(alice.auth, CARD.path, { title: "public", position: keyBetween(null, null) });
    await expect.poll(() => events(theirs.raw)).toEqual([{ entity: "card", companyId: alice.companyId }]);
    await expect
      .poll(() => events(mine.raw))
      .toEqual(
        expect.arrayContaining([
          { entity: "note", userId: alice.userId },
          { entity: "card", companyId: alice.companyId },
        ]),
      );
    expect(events(theirs.raw)).toHaveLength(1);
    mine.close();
    theirs.close();
  });
});
