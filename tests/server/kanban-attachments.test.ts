/**
 * Files attached to kanban tasks (docs/kanban.md "Attachments"): upload through the statement
 * upload's checks into the file store, list, download, remove, and who may do what — guests 401,
 * members without a role 403, another company's task or file 404, bad files 4xx with nothing
 * stored; the live `kanban-attachments` event on attach and remove, for board members only; the
 * change feed carries them (the read-only synced type `kanban-attachment`) per company, with
 * tombstones, and no write route or write batch takes them. Runs on PGlite and PostgreSQL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KANBAN_LIMITS } from "../../src/domain/kanban/board";
import { ATTACHMENT_TYPE, BOARD_TYPE, COLUMN_TYPE, TASK_TYPE } from "../../src/domain/kanban/synced-types";
import { SYNC_CHANGES_PATH, type SyncChange, type SyncPage } from "../../src/domain/sync/feed";
import { keyBetween } from "../../src/domain/sync/order-key";
import { WRITE_BATCH_PATH } from "../../src/domain/sync/write-batch";
import { UNSUPPORTED_TYPE_MESSAGE } from "../../src/server/modules/files/sniff";
import { multipart } from "./file-helpers";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { uuidv7 } from "./inventory-helpers";
import { openStream, until } from "./live-helpers";

let server: TestServer;
let dataDir: string;
let alice: TestUser;
let emp: TestUser;
let noRole: TestUser;
let bob: TestUser;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "blocklot-kanban-files-"));
  // 1 MB per upload here, so the size refusal needs no large body.
  server = await startTestServer({ DATA_DIR: dataDir, MAX_UPLOAD_MB: "1" });
  alice = await createTestUser(server);
  emp = await createTestUser(server);
  await addMember(server, alice.companyId, emp.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
  noRole = await createTestUser(server);
  await addMember(server, alice.companyId, noRole.userId, [], true);
  bob = await createTestUser(server);
}, 300_000);
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const pdf = (text = "minutes") =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << >>\n%%EOF\n`);
const png = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

async function taskOf(user: TestUser): Promise<string> {
  const put = async (path: string, body: Record<string, unknown>) => {
    const id = uuidv7();
    const res = await server.app.inject({
      method: "PUT",
      url: `${path}/${id}`,
      headers: user.auth,
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    return id;
  };
  const board = await put(BOARD_TYPE.path, { name: "Board" });
  const column = await put(COLUMN_TYPE.path, {
    boardId: board,
    name: "To do",
    position: keyBetween(null, null),
  });
  return put(TASK_TYPE.path, {
    boardId: board,
    columnId: column,
    title: "Task",
    position: keyBetween(null, null),
  });
}

function attach(
  user: TestUser | null,
  taskId: string,
  file: { name: string; data: Buffer; field?: string },
  fields: Record<string, string> = {},
) {
  const body = multipart(fields, file);
  return server.app.inject({
    method: "POST",
    url: `/api/kanban/tasks/${taskId}/attachments`,
    headers: { ...(user?.auth ?? {}), ...body.headers },
    payload: body.payload,
  });
}

const list = (user: TestUser, taskId: string) =>
  server.app.inject({ method: "GET", url: `/api/kanban/tasks/${taskId}/attachments`, headers: user.auth });
const download = (user: TestUser | null, id: string) =>
  server.app.inject({ method: "GET", url: `/api/kanban/attachments/${id}`, headers: user?.auth ?? {} });
const remove = (user: TestUser | null, id: string) =>
  server.app.inject({ method: "DELETE", url: `/api/kanban/attachments/${id}`, headers: user?.auth ?? {} });

describe("kanban attachments", () => {
  it("attaches a file, lists it for every member, downloads the same bytes and removes it", async () => {
    const task = await taskOf(alice);
    const added = await attach(emp, task, { name: "Lease – 2024.pdf", data: pdf() });
    expect(added.statusCode).toBe(201);
    const a = added.json();
    expect(a).toMatchObject({ taskId: task, fileName: "Lease – 2024.pdf", contentType: "application/pdf" });
    expect(a.size).toBe(pdf().length);
    expect(a.uploadedBy).toBe(emp.userId);

    // The same bytes again (a resent upload): the earlier attachment, nothing added.
    const again = await attach(alice, task, { name: "copy.pdf", data: pdf() });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(a.id);
    const photo = await attach(alice, task, { name: "leak.png", data: png });
    expect(photo.statusCode).toBe(201);
    expect(photo.json().contentType).toBe("image/png");

    const listed = await list(alice, task);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((x: { id: string }) => x.id)).toEqual([a.id, photo.json().id]);

    const got = await download(alice, a.id);
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-type"]).toBe("application/pdf");
    expect(got.headers["content-disposition"]).toContain("filename*=UTF-8''Lease%20%E2%80%93%202024.pdf");
    expect(got.rawPayload.equals(pdf())).toBe(true);

    expect((await remove(emp, a.id)).statusCode).toBe(204);
    expect((await download(alice, a.id)).statusCode).toBe(404);
    expect((await remove(alice, a.id)).statusCode).toBe(404);
    expect((await list(alice, task)).json().map((x: { id: string }) => x.id)).toEqual([photo.json().id]);
    // Removed, the same bytes can be attached again as a new attachment.
    const back = await attach(alice, task, { name: "Lease – 2024.pdf", data: pdf() });
    expect(back.statusCode).toBe(201);
    expect(back.json().id).not.toBe(a.id);
  });

  it("refuses bad files with a 4xx naming the problem, storing nothing", async () => {
    const task = await taskOf(alice);
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(64, 1)]);
    const cases: [string, Promise<{ statusCode: number; json(): { message: string } }>, number, RegExp][] = [
      [
        "an .exe named .pdf",
        attach(alice, task, { name: "x.pdf", data: exe }),
        415,
        new RegExp(`^${UNSUPPORTED_TYPE_MESSAGE.replace(/[()]/g, "\\$&")}$`),
      ],
      ["empty", attach(alice, task, { name: "x.pdf", data: Buffer.alloc(0) }), 400, /empty/],
      [
        "over the limit",
        attach(alice, task, {
          name: "big.pdf",
          data: Buffer.concat([pdf(), Buffer.alloc(1024 * 1024 + 10, 32)]),
        }),
        413,
        /larger than 1 MB/,
      ],
      [
        "another field",
        attach(alice, task, { name: "x.pdf", data: pdf() }, { note: "hi" }),
        400,
        /unknown field/,
      ],
      [
        "a file under another name",
        attach(alice, task, { name: "x.pdf", data: pdf(), field: "upload" }),
        400,
        /unknown file field/,
      ],
    ];
    for (const [what, pending, status, message] of cases) {
      const res = await pending;
      expect(res.statusCode, what).toBe(status);
      expect(res.json().message, what).toMatch(message);
    }
    const notMultipart = await server.app.inject({
      method: "POST",
      url: `/api/kanban/tasks/${task}/attachments`,
      headers: alice.auth,
      payload: { file: "x" },
    });
    expect(notMultipart.statusCode).toBe(415);
    expect((await list(alice, task)).json()).toEqual([]);
  });

  it(`refuses a file past ${KANBAN_LIMITS.attachmentsMax} per task with 422`, async () => {
    const task = await taskOf(alice);
    for (let i = 0; i < KANBAN_LIMITS.attachmentsMax; i++) {
      expect((await attach(alice, task, { name: `${i}.pdf`, data: pdf(String(i)) })).statusCode).toBe(201);
    }
    const over = await attach(alice, task, { name: "one more.pdf", data: pdf("more") });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toMatch(/already has 20 files/);
  });

  it("access: guests 401, a member without a role 403, another company's task and file 404, an unknown or deleted task 404", async () => {
    const task = await taskOf(alice);
    const a = (await attach(alice, task, { name: "a.pdf", data: pdf("access") })).json();

    expect((await attach(null, task, { name: "a.pdf", data: pdf() })).statusCode).toBe(401);
    expect((await download(null, a.id)).statusCode).toBe(401);
    expect((await remove(null, a.id)).statusCode).toBe(401);

    expect((await attach(noRole, task, { name: "a.pdf", data: pdf("x") })).statusCode).toBe(403);
    expect((await list(noRole, task)).statusCode).toBe(403);
    expect((await download(noRole, a.id)).statusCode).toBe(403);
    expect((await remove(noRole, a.id)).statusCode).toBe(403);

    const bobs = await attach(bob, task, { name: "b.pdf", data: pdf("bob") });
    expect(bobs.statusCode).toBe(404);
    expect(bobs.json().message).toBe("Task not found");
    expect((await list(bob, task)).statusCode).toBe(404);
    expect((await download(bob, a.id)).statusCode).toBe(404);
    expect((await remove(bob, a.id)).statusCode).toBe(404);
    expect((await download(alice, a.id)).statusCode).toBe(200); // still there

    expect((await attach(alice, uuidv7(), { name: "a.pdf", data: pdf() })).statusCode).toBe(404);
    expect((await download(alice, "not-a-uuid")).statusCode).toBe(400);

    const gone = await server.app.inject({
      method: "DELETE",
      url: `${TASK_TYPE.path}/${task}`,
      headers: alice.auth,
    });
    expect(gone.statusCode).toBeLessThan(300);
    expect((await attach(alice, task, { name: "late.pdf", data: pdf("late") })).statusCode).toBe(404);
    expect((await list(alice, task)).statusCode).toBe(404);
  });
});

describe("in the change feed", () => {
  /** The caller's feed from `since` to its end. */
  async function feed(user: TestUser, since?: string) {
    const changes: SyncChange[] = [];
    let cursor = since;
    for (;;) {
      const qs = new URLSearchParams({ limit: "500", ...(cursor ? { since: cursor } : {}) });
      const res = await server.app.inject({
        method: "GET",
        url: `${SYNC_CHANGES_PATH}?${qs}`,
        headers: user.auth,
      });
      expect(res.statusCode).toBe(200);
      const page = res.json() as SyncPage;
      changes.push(...page.changes);
      cursor = page.cursor;
      if (!page.hasMore) return { changes, cursor };
    }
  }
  const attachments = (changes: SyncChange[]) => changes.filter((c) => c.entity === ATTACHMENT_TYPE.entity);

  it("carries a task's files to the company's members only, and a removed one as a tombstone", async () => {
    const task = await taskOf(alice);
    const added = await attach(emp, task, { name: "Feed – plan.pdf", data: pdf("feed") });
    expect(added.statusCode).toBe(201);
    const id = added.json().id as string;
    const bobTask = await taskOf(bob);
    const bobs = await attach(bob, bobTask, { name: "bob.pdf", data: pdf("bob feed") });
    expect(bobs.statusCode).toBe(201);

    const seen = await feed(emp);
    const mine = attachments(seen.changes).find((c) => c.id === id);
    expect(mine).toMatchObject({
      deleted: false,
      row: {
        id,
        companyId: alice.companyId,
        taskId: task,
        fileName: "Feed – plan.pdf",
        contentType: "application/pdf",
        kind: "pdf",
        size: pdf("feed").length,
        uploadedBy: emp.userId,
        version: 1,
      },
    });
    // another company's files never appear, in either direction (tombstones: files removed above)
    const rows = attachments(seen.changes).flatMap((c) => (c.row ? [c.row as { companyId: string }] : []));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.companyId === alice.companyId)).toBe(true);
    expect(attachments(seen.changes).map((c) => c.id)).not.toContain(bobs.json().id);
    const bobFeed = attachments((await feed(bob)).changes);
    expect(bobFeed.map((c) => c.id)).toContain(bobs.json().id);
    expect(bobFeed.map((c) => c.id)).not.toContain(id);
    // a member without a board role reads no kanban at all, files included
    const noRoleFeed = await server.app.inject({
      method: "GET",
      url: SYNC_CHANGES_PATH,
      headers: noRole.auth,
    });
    if (noRoleFeed.statusCode === 200)
      expect(attachments((noRoleFeed.json() as SyncPage).changes)).toEqual([]);
    else expect(noRoleFeed.statusCode).toBe(403);

    expect((await remove(alice, id)).statusCode).toBe(204);
    const after = await feed(emp, seen.cursor);
    expect(attachments(after.changes)).toEqual([
      { entity: ATTACHMENT_TYPE.entity, id, deleted: true, row: null },
    ]);
  });

  it("is read-only through the sync routes: no record route, and the write batch refuses it", async () => {
    const task = await taskOf(alice);
    const added = await attach(alice, task, { name: "ro.pdf", data: pdf("read only") });
    const id = added.json().id as string;
    const put = await server.app.inject({
      method: "PUT",
      url: `${ATTACHMENT_TYPE.path}/${id}`,
      headers: alice.auth,
      payload: { fileName: "renamed.pdf" },
    });
    expect(put.statusCode).toBe(404);
    const batch = await server.app.inject({
      method: "POST",
      url: WRITE_BATCH_PATH,
      headers: alice.auth,
      payload: {
        writes: [
          {
            method: "PATCH",
            url: `${ATTACHMENT_TYPE.path}/${id}`,
            body: { fileName: "renamed.pdf", version: 1 },
            idempotencyKey: uuidv7(),
          },
        ],
      },
    });
    expect(batch.statusCode).toBe(200);
    expect(batch.json().answers[0].status).toBe(404);
    expect((await list(alice, task)).json()).toMatchObject([{ id, fileName: "ro.pdf" }]);
  });
});

describe("live", () => {
  it("tells the company's board members when a file is attached or removed, not a member without a role nor another company", async () => {
    const base = await server.app.listen({ port: 0, host: "127.0.0.1" });
    const task = await taskOf(alice);
    const empStream = await openStream(base, emp.token);
    const noRoleStream = await openStream(base, noRole.token);
    const bobStream = await openStream(base, bob.token);
    try {
      const added = await attach(alice, task, { name: "live.pdf", data: pdf("live") });
      expect(added.statusCode).toBe(201);
      await until(() => empStream.of("kanban-attachments").length >= 1, 5000, "the attach event");
      // the feed's own notice too: the devices pull the file list (a synced type)
      await until(
        () =>
          empStream
            .of("sync-changed")
            .some((e) => (e as { entity?: string }).entity === ATTACHMENT_TYPE.entity),
        5000,
        "the sync-changed notice",
      );
      expect(empStream.of("kanban-attachments")).toEqual([{ taskId: task, companyId: alice.companyId }]);

      expect((await remove(alice, added.json().id)).statusCode).toBe(204);
      await until(() => empStream.of("kanban-attachments").length >= 2, 5000, "the remove event");
      expect(empStream.of("kanban-attachments")[1]).toEqual({ taskId: task, companyId: alice.companyId });

      // A refused file stores nothing and says nothing.
      expect(
        (await attach(alice, task, { name: "x.pdf", data: Buffer.from("MZ not a pdf") })).statusCode,
      ).toBe(415);
      // Bob's own attachment reaches Bob: his stream is open and listening (so silence above means something).
      const bobTask = await taskOf(bob);
      expect((await attach(bob, bobTask, { name: "b.pdf", data: pdf("bob live") })).statusCode).toBe(201);
      await until(() => bobStream.of("kanban-attachments").length >= 1, 5000, "Bob's own event");
      expect(bobStream.of("kanban-attachments")).toEqual([{ taskId: bobTask, companyId: bob.companyId }]);
      expect(noRoleStream.of("kanban-attachments")).toEqual([]);
      expect(empStream.of("kanban-attachments")).toHaveLength(2);
    } finally {
      empStream.close();
      noRoleStream.close();
      bobStream.close();
    }
  });
});
