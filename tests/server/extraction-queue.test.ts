import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, statementFiles } from "../../src/server/db/schema";
import {
  backoffSeconds,
  claimJob,
  completeJob,
  enqueue,
  failJob,
  reapExhaustedJobs,
} from "../../src/server/jobs/queue";
import { makeStatement } from "../fixtures/statements/model";
import { statementPdf } from "../fixtures/statements/render";
import { createProperty, multipart } from "./file-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

/** A server whose queue is not worked in-process (as when extraction runs in separate workers). */
let server: TestServer;
let dataDir: string;
let alice: TestUser;
let property: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "blocklot-queue-"));
  server = await startTestServer({ DATA_DIR: dataDir, JOBS_IN_PROCESS: "false" });
  alice = await createTestUser(server);
  property = await createProperty(server, alice.companyId);
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const db = () => server.database.db;

describe("job queue", () => {
  it("one active job per key; claims never hand the same job to two workers", async () => {
    const key = `test:${Date.now()}`;
    const first = await enqueue(db(), { kind: "test", key, payload: { n: 1 } });
    expect(first).toBeTruthy();
    expect(await enqueue(db(), { kind: "test", key, payload: { n: 2 } })).toBeNull();
    const [a, b] = await Promise.all([
      claimJob(db(), "w1", 60_000, ["test"]),
      claimJob(db(), "w2", 60_000, ["test"]),
    ]);
    const claimed = [a, b].filter(Boolean);
    expect(claimed).toHaveLength(1);
    expect(claimed[0]).toMatchObject({ id: first, attempts: 1, payload: { n: 1 } });
    await completeJob(db(), first as string);
    // Once done, the key is free again.
    expect(await enqueue(db(), { kind: "test", key, payload: { n: 3 } })).toBeTruthy();
    const again = await claimJob(db(), "w1", 60_000, ["test"]);
    await completeJob(db(), again?.id as string);
  });

  it("a failed attempt goes back to the queue with exponential backoff, then fails for good", async () => {
    expect([1, 2, 3].map((n) => backoffSeconds(n))).toEqual([5, 20, 80]);
    const id = await enqueue(db(), { kind: "flaky", payload: {}, maxAttempts: 2 });
    const job1 = await claimJob(db(), "w1", 60_000, ["flaky"]);
    expect(job1?.id).toBe(id);
    expect(await failJob(db(), job1 as NonNullable<typeof job1>, "boom")).toEqual({ final: false });
    const [row] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.id, id as string));
    expect(row?.status).toBe("queued");
    expect(row?.lastError).toBe("boom");
    expect((row?.runAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(3000);
    // Not due yet.
    expect(await claimJob(db(), "w1", 60_000, ["flaky"])).toBeNull();
    await db()
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, id as string));
    const job2 = await claimJob(db(), "w1", 60_000, ["flaky"]);
    expect(job2?.attempts).toBe(2);
    expect(await failJob(db(), job2 as NonNullable<typeof job2>, "boom again")).toEqual({ final: true });
    const [done] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.id, id as string));
    expect(done?.status).toBe("failed");
  });

  it("a job whose worker died (lock expired) is claimed again", async () => {
    const id = await enqueue(db(), { kind: "stale", payload: {} });
    const job = await claimJob(db(), "dead-worker", 60_000, ["stale"]);
    expect(job?.id).toBe(id);
    expect(await claimJob(db(), "w2", 60_000, ["stale"])).toBeNull();
    await db()
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id as string));
    const recovered = await claimJob(db(), "w2", 60_000, ["stale"]);
    expect(recovered).toMatchObject({ id, attempts: 2 });
    await completeJob(db(), id as string);
  });
});

describe("a job whose worker died on its last attempt", () => {
  it("is not claimed again but reaped as failed (no endless crash loop)", async () => {
    const id = await enqueue(db(), { kind: "doomed", payload: { fileId: "x" }, maxAttempts: 1 });
    expect((await claimJob(db(), "dying-worker", 60_000, ["doomed"]))?.id).toBe(id);
    await db()
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id as string));
    expect(await claimJob(db(), "w2", 60_000, ["doomed"])).toBeNull();
    const reaped = await reapExhaustedJobs(db(), ["doomed"]);
    expect(reaped.map((j) => j.id)).toEqual([id]);
    expect(reaped[0]?.payload).toEqual({ fileId: "x" });
    const [row] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.id, id as string));
    expect(row?.status).toBe("failed");
    expect(await reapExhaustedJobs(db(), ["doomed"])).toEqual([]);
  });
});

describe("re-OCR while a job for the file is queued or running", () => {
  it("answers 409 and leaves the one job in place", async () => {
    const body = multipart(
      { bblId: property, documentType: "operating_statement" },
      { name: "s.pdf", data: await statementPdf(makeStatement(3)) },
    );
    const up = await server.app.inject({
      method: "POST",
      url: "/api/file/upload",
      headers: { ...alice.auth, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(201);
    const id = up.json().id as string;
    expect(up.json().status).toBe("queued");
    const res = await server.app.inject({
      method: "POST",
      url: `/api/file/re-ocr/${id}`,
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This file is already being extracted; wait until it finishes");
    // Even if the file row says otherwise, the queue's unique key refuses a second active job.
    await db().update(statementFiles).set({ status: "failed" }).where(eq(statementFiles.id, id));
    const race = await server.app.inject({
      method: "POST",
      url: `/api/file/re-ocr/${id}`,
      headers: alice.auth,
    });
    expect(race.statusCode).toBe(409);
    const active = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.key, `extract:${id}`));
    expect(active.filter((j) => j.status === "queued")).toHaveLength(1);
  });

  it("deleting a queued file cancels its job", async () => {
    const body = multipart(
      { bblId: property, documentType: "other" },
      { name: "d.csv", data: Buffer.from("a;b\nRent;1\n") },
    );
    const up = await server.app.inject({
      method: "POST",
      url: "/api/file/upload",
      headers: { ...alice.auth, ...body.headers },
      payload: body.payload,
    });
    const id = up.json().id as string;
    const del = await server.app.inject({ method: "DELETE", url: `/api/file/${id}`, headers: alice.auth });
    expect(del.statusCode).toBe(204);
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.key, `extract:${id}`));
    expect(job?.status).toBe("done");
  });
});

describe("upload size limit", () => {
  it("a file over MAX_UPLOAD_MB → 413 with a clear message, nothing stored", async () => {
    const small = await startTestServer({ DATA_DIR: dataDir, JOBS_IN_PROCESS: "false", MAX_UPLOAD_MB: "1" });
    try {
      const user = await createTestUser(small);
      const prop = await createProperty(small, user.companyId);
      const big = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(1024 * 1024 + 10, 0x20)]);
      const body = multipart({ bblId: prop, documentType: "other" }, { name: "big.pdf", data: big });
      const res = await small.app.inject({
        method: "POST",
        url: "/api/file/upload",
        headers: { ...user.auth, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe("The file is larger than 1 MB, the most accepted per file");
      const rows = await small.database.db.select().from(statementFiles);
      expect(rows).toHaveLength(0);
    } finally {
      await small.close();
    }
  });
});
