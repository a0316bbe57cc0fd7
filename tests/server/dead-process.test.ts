import { spawnSync } from "node:child_process";
import { hostname } from "node:os";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WRITE_BATCH_PATH, type WriteBatchResponse } from "../../src/domain/sync/write-batch";
import { idempotencyKeys, inventoryItems, jobs, serverProcesses } from "../../src/server/db/schema";
import { claimJob, completeJob, enqueue } from "../../src/server/jobs/queue";
import { requestHash } from "../../src/server/plugins/idempotency";
import { BOOT_ID, startHeartbeat } from "../../src/server/process-heartbeat";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { itemBody, putItem, uuidv7 } from "./inventory-helpers";

/**
 * Idempotency claims and job locks left by a dead process (issue 18): taken over at once when
 * the owner's heartbeat is stale or, on this host, its pid is gone; a live owner still holds them.
 */
let server: TestServer;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createTestUser(server);
});
afterAll(async () => server?.close());

const db = () => server.database.db;

/** A pid that existed and no longer does. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", ""]);
  return child.pid as number;
}

/** Another process's row: `heartbeat` seconds ago, on `host` with `pid`. */
async function processRow(opts: { heartbeatAgo: number; host?: string; pid?: number }) {
  const bootId = uuidv7();
  await db()
    .insert(serverProcesses)
    .values({
      bootId,
      host: opts.host ?? "another-machine",
      pid: opts.pid ?? 4242,
      heartbeatAt: sql`now() - ${sql.raw(`interval '${opts.heartbeatAgo} seconds'`)}`,
    });
  return bootId;
}

/** What a crashed request leaves: a claim without an answer, its lease still 30 s away. */
async function leftClaim(key: string, url: string, body: unknown, ownerBoot: string | null) {
  await db()
    .insert(idempotencyKeys)
    .values({
      companyId: alice.companyId,
      userId: alice.userId,
      key,
      method: "PUT",
      path: url,
      requestHash: requestHash("PUT", url, body),
      claim: uuidv7(),
      lockedUntil: new Date(Date.now() + 30_000),
      ownerBoot,
    });
}

async function itemsWithSku(sku: string) {
  return db()
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.companyId, alice.companyId), eq(inventoryItems.sku, sku)));
}

describe("an Idempotency-Key claim of a dead process", () => {
  it("is taken over at once when its owner's heartbeat is stale; the write is done once", async () => {
    const owner = await processRow({ heartbeatAgo: 60 });
    const id = uuidv7();
    const body = itemBody("DEAD-1");
    await leftClaim("dead-1", `/api/inventory/items/${id}`, body, owner);
    const started = Date.now();
    const replay = await putItem(server, alice.auth, body, id, { "idempotency-key": "dead-1" });
    expect(replay.res.statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(5000);
    const again = await putItem(server, alice.auth, body, id, { "idempotency-key": "dead-1" });
    expect(again.res.statusCode).toBe(201);
    expect(again.res.headers["idempotent-replayed"]).toBe("true");
    expect(await itemsWithSku("DEAD-1")).toHaveLength(1);
  });

  it("is taken over at once when its owner ran on this host and its pid is gone, fresh heartbeat or not", async () => {
    const owner = await processRow({ heartbeatAgo: 0, host: hostname(), pid: deadPid() });
    const id = uuidv7();
    const body = itemBody("DEAD-2");
    await leftClaim("dead-2", `/api/inventory/items/${id}`, body, owner);
    const replay = await putItem(server, alice.auth, body, id, { "idempotency-key": "dead-2" });
    expect(replay.res.statusCode).toBe(201);
    expect(await itemsWithSku("DEAD-2")).toHaveLength(1);
  });

  it("is taken over inside a write batch too", async () => {
    const owner = await processRow({ heartbeatAgo: 0, host: hostname(), pid: deadPid() });
    const id = uuidv7();
    const url = `/api/inventory/items/${id}`;
    const body = itemBody("DEAD-3");
    await leftClaim("dead-3", url, body, owner);
    const write = { method: "PUT", url, body, idempotencyKey: "dead-3" };
    const res = await server.app.inject({
      method: "POST",
      url: WRITE_BATCH_PATH,
      headers: alice.auth,
      payload: { writes: [write] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as WriteBatchResponse).answers[0]).toMatchObject({ status: 201 });
    const replay = await putItem(server, alice.auth, body, id, { "idempotency-key": "dead-3" });
    expect(replay.res.headers["idempotent-replayed"]).toBe("true");
    expect(await itemsWithSku("DEAD-3")).toHaveLength(1);
  });

  it("still answers 409 while its owner is alive, or unknown, until the lease runs out", async () => {
    const live = await processRow({ heartbeatAgo: 1 });
    // this process's own pid on this host, under its own boot id: alive
    for (const [key, owner] of [
      ["live-1", live],
      ["live-2", null],
      ["live-3", uuidv7()], // no row: not known to be dead
      ["live-4", BOOT_ID],
    ] as const) {
      const id = uuidv7();
      const body = itemBody(`LIVE-${key}`);
      await leftClaim(key, `/api/inventory/items/${id}`, body, owner);
      const busy = await putItem(server, alice.auth, body, id, { "idempotency-key": key });
      expect(busy.res.statusCode, key).toBe(409);
      expect(busy.res.headers["retry-after"]).toBe("1");
      expect(await itemsWithSku(`LIVE-${key}`)).toHaveLength(0);
    }
  });

  it("a process starting on this host stamps its dead predecessors at once", async () => {
    const owner = await processRow({ heartbeatAgo: 0, host: hostname(), pid: deadPid() });
    const hb = await startHeartbeat(db(), { warn: () => {} });
    await hb.stop();
    // (stop stamped this test process itself stopped; it is not)
    await db()
      .update(serverProcesses)
      .set({ heartbeatAt: sql`now()` })
      .where(eq(serverProcesses.bootId, BOOT_ID));
    const [row] = await db().select().from(serverProcesses).where(eq(serverProcesses.bootId, owner));
    expect(Date.now() - (row?.heartbeatAt.getTime() ?? Date.now())).toBeGreaterThan(60_000);
  });
});

describe("a job locked by a dead worker", () => {
  it("is claimed again at once; a live worker's job is not", async () => {
    const dead = await processRow({ heartbeatAgo: 60 });
    const live = await processRow({ heartbeatAgo: 1 });
    const deadJob = await enqueue(db(), { kind: "dead-test", payload: {} });
    const liveJob = await enqueue(db(), { kind: "dead-test", payload: {} });
    for (const [id, boot] of [
      [deadJob, dead],
      [liveJob, live],
    ] as const) {
      await db()
        .update(jobs)
        .set({
          status: "running",
          attempts: 1,
          lockedBy: "elsewhere",
          lockedBoot: boot,
          lockedUntil: sql`now() + interval '2 minutes'`,
        })
        .where(eq(jobs.id, id as string));
    }
    const taken = await claimJob(db(), "w2", 60_000, ["dead-test"]);
    expect(taken).toMatchObject({ id: deadJob, attempts: 2 });
    expect(await claimJob(db(), "w3", 60_000, ["dead-test"])).toBeNull();
    await completeJob(db(), deadJob as string);
  });
});
