/**
 * Kanban on the sync module (docs/kanban.md): boards, columns, tasks and comments of a company —
 * isolation between companies, the members' role check, references checked inside the company,
 * a move as one write, the feed across types with tombstones, and idempotent replays of the
 * write batch. Runs on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOARD_TYPE, COLUMN_TYPE, COMMENT_TYPE, TASK_TYPE } from "../../src/domain/kanban/synced-types";
import { keyBetween } from "../../src/domain/sync/order-key";
import { WRITE_BATCH_PATH } from "../../src/domain/sync/write-batch";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { pullAll, uuidv7 } from "./inventory-helpers";

let server: TestServer;
let alice: TestUser;
let emp: TestUser;
let outsider: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createTestUser(server);
  emp = await createTestUser(server);
  await addMember(server, alice.companyId, emp.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
  outsider = await createTestUser(server);
  await addMember(server, alice.companyId, outsider.userId, [], true); // a member without a role
  bob = await createTestUser(server);
}, 300_000); // a fresh database on a shared, loaded machine
afterAll(async () => server?.close());

const put = (auth: { authorization: string }, path: string, body: Record<string, unknown>, id = uuidv7()) =>
  server.app
    .inject({ method: "PUT", url: `${path}/${id}`, headers: auth, payload: body })
    .then((res) => ({ id, res }));

async function board(auth = alice.auth) {
  const b = await put(auth, BOARD_TYPE.path, { name: "Default" });
  const c1 = await put(auth, COLUMN_TYPE.path, {
    boardId: b.id,
    name: "To do",
    position: keyBetween(null, null),
  });
  const c2 = await put(auth, COLUMN_TYPE.path, {
    boardId: b.id,
    name: "Done",
    position: keyBetween("a0", null),
  });
  expect([b, c1, c2].map((x) => x.res.statusCode)).toEqual([201, 201, 201]);
  return { board: b.id, todo: c1.id, done: c2.id };
}

describe("kanban", () => {
  it("a task moves to another column and place in one write of one record; comments are appended with their author", async () => {
    const b = await board();
    const t = await put(alice.auth, TASK_TYPE.path, {
      boardId: b.board,
      columnId: b.todo,
      title: "Fix the leak",
      position: keyBetween(null, null),
      labels: ["urgent"],
      checklists: [{ id: "l1", title: "Steps", items: [{ id: "i1", text: "Call", done: false }] }],
    });
    expect(t.res.statusCode).toBe(201);
    expect(t.res.json()).toMatchObject({ description: "", dueDate: null, assignees: [], labels: ["urgent"] });
    const moved = await server.app.inject({
      method: "PATCH",
      url: `${TASK_TYPE.path}/${t.id}`,
      headers: emp.auth,
      payload: { columnId: b.done, position: keyBetween(null, "a0"), version: 1 },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ columnId: b.done, version: 2, title: "Fix the leak" });
    const c = await put(emp.auth, COMMENT_TYPE.path, { taskId: t.id, body: "On my way" });
    expect(c.res.statusCode).toBe(201);
    expect(c.res.json()).toMatchObject({ authorId: emp.userId, taskId: t.id });
  });

  it("refuses to edit or delete a posted comment, by its route and in a write batch; a resent create still succeeds", async () => {
    const b = await board();
    const t = await put(alice.auth, TASK_TYPE.path, {
      boardId: b.board,
      columnId: b.todo,
      title: "Comment on me",
      position: keyBetween(null, null),
    });
    const c = await put(emp.auth, COMMENT_TYPE.path, { taskId: t.id, body: "First words" });
    expect(c.res.statusCode).toBe(201);
    const url = `${COMMENT_TYPE.path}/${c.id}`;
    const patch = await server.app.inject({
      method: "PATCH",
      url,
      headers: emp.auth,
      payload: { body: "Changed", version: 1 },
    });
    expect(patch.statusCode).toBe(403);
    expect(patch.json()).toMatchObject({ code: "FORBIDDEN" });
    const replace = await put(emp.auth, COMMENT_TYPE.path, { taskId: t.id, body: "Other", version: 1 }, c.id);
    expect(replace.res.statusCode).toBe(403);
    const del = await server.app.inject({ method: "DELETE", url, headers: alice.auth });
    expect(del.statusCode).toBe(403);
    const resent = await put(emp.auth, COMMENT_TYPE.path, { taskId: t.id, body: "First words" }, c.id);
    expect(resent.res.statusCode).toBe(200);
    // A batch stops at its first failed write, so each refused write goes in its own batch.
    for (const w of [
      { method: "PATCH", url, body: { body: "Sneaky", version: 1 } },
      { method: "DELETE", url },
    ]) {
      const batch = await server.app.inject({
        method: "POST",
        url: WRITE_BATCH_PATH,
        headers: emp.auth,
        payload: { writes: [{ ...w, idempotencyKey: uuidv7() }] },
      });
      expect(batch.json().answers.map((a: { status: number }) => a.status)).toEqual([403]);
    }
    const got = await server.app.inject({ method: "GET", url, headers: alice.auth });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ body: "First words", version: 1, authorId: emp.userId });
  });

  it("answers bad input with 400, not 500: a column of another board, a missing task, a bad key or date", async () => {
    const b = await board();
    const other = await board();
    const base = { boardId: b.board, columnId: b.todo, title: "T", position: "a0" };
    for (const body of [
      { ...base, columnId: other.todo },
      { ...base, columnId: uuidv7() },
      { ...base, position: "not a key!" },
      { ...base, dueDate: "2026-02-30x" },
      { ...base, title: "  " },
      { ...base, labels: ["a", "a"] },
    ]) {
      const { res } = await put(alice.auth, TASK_TYPE.path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await put(alice.auth, COMMENT_TYPE.path, { taskId: uuidv7(), body: "x" })).res.statusCode).toBe(
      400,
    );
  });

  it("keeps companies apart and lets only members in", async () => {
    const b = await board();
    const t = await put(alice.auth, TASK_TYPE.path, {
      boardId: b.board,
      columnId: b.todo,
      title: "Ours",
      position: "a0",
    });
    expect(
      (await server.app.inject({ method: "GET", url: `${TASK_TYPE.path}/${t.id}`, headers: bob.auth }))
        .statusCode,
    ).toBe(404);
    // another company's id cannot be taken, nor its board used
    expect((await put(bob.auth, BOARD_TYPE.path, { name: "Theirs" }, b.board)).res.statusCode).toBe(409);
    expect(
      (await put(bob.auth, COLUMN_TYPE.path, { boardId: b.board, name: "X", position: "a0" })).res.statusCode,
    ).toBe(400);
    const list = await server.app.inject({ method: "GET", url: BOARD_TYPE.path, headers: bob.auth });
    expect(list.json().rows.map((r: { id: string }) => r.id)).not.toContain(b.board);
    // a member without the employee role is refused
    const res = await server.app.inject({ method: "GET", url: TASK_TYPE.path, headers: outsider.auth });
    expect(res.statusCode).toBe(403);
  });

  it("the feed carries boards, columns, tasks and comments with tombstones; clearing a column deletes its tasks", async () => {
    const start = await pullAll(server, emp.auth, undefined);
    const b = await board();
    const tasks = [];
    for (const title of ["One", "Two"])
      tasks.push(
        await put(alice.auth, TASK_TYPE.path, {
          boardId: b.board,
          columnId: b.todo,
          title,
          position: keyBetween(null, null),
        }),
      );
    const c = await put(alice.auth, COMMENT_TYPE.path, { taskId: tasks[0]?.id, body: "hi" });
    const feed = await pullAll(server, emp.auth, start.cursor);
    expect(new Set(feed.changes.map((x) => x.entity))).toEqual(
      new Set(["kanban-board", "kanban-column", "kanban-task", "kanban-comment"]),
    );
    expect(feed.changes.map((x) => x.id)).toEqual(expect.arrayContaining([c.id, ...tasks.map((t) => t.id)]));
    for (const t of tasks)
      expect(
        (await server.app.inject({ method: "DELETE", url: `${TASK_TYPE.path}/${t.id}`, headers: alice.auth }))
          .statusCode,
      ).toBe(204);
    const later = await pullAll(server, emp.auth, feed.cursor);
    expect(later.changes).toEqual(
      tasks.map((t) => ({ entity: "kanban-task", id: t.id, deleted: true, row: null })),
    );
    // bob's company sees none of it
    const bobFeed = await pullAll(server, bob.auth, undefined);
    expect(bobFeed.changes.filter((x) => x.id === b.board)).toEqual([]);
  });

  it("a replayed write batch of moves and comments applies nothing twice", async () => {
    const b = await board();
    const task = uuidv7();
    const writes = [
      {
        method: "PUT",
        url: `${TASK_TYPE.path}/${task}`,
        body: { boardId: b.board, columnId: b.todo, title: "R", position: "a0" },
        idempotencyKey: uuidv7(),
      },
      {
        method: "PATCH",
        url: `${TASK_TYPE.path}/${task}`,
        body: { columnId: b.done, position: "a1", version: 1 },
        idempotencyKey: uuidv7(),
      },
      {
        method: "PUT",
        url: `${COMMENT_TYPE.path}/${uuidv7()}`,
        body: { taskId: task, body: "once" },
        idempotencyKey: uuidv7(),
      },
    ];
    const send = () =>
      server.app.inject({ method: "POST", url: WRITE_BATCH_PATH, headers: alice.auth, payload: { writes } });
    const first = await send();
    expect(first.json().answers.map((a: { status: number }) => a.status)).toEqual([201, 200, 201]);
    const again = await send();
    expect(
      again.json().answers.map((a: { status: number; replayed?: boolean }) => [a.status, a.replayed]),
    ).toEqual([
      [201, true],
      [200, true],
      [201, true],
    ]);
    const got = await server.app.inject({
      method: "GET",
      url: `${TASK_TYPE.path}/${task}`,
      headers: alice.auth,
    });
    expect(got.json()).toMatchObject({ version: 2, columnId: b.done });
    const comments = await server.app.inject({ method: "GET", url: COMMENT_TYPE.path, headers: alice.auth });
    expect(comments.json().rows.filter((r: { taskId: string }) => r.taskId === task)).toHaveLength(1);
  });
});
