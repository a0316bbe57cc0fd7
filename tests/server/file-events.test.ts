import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "../../src/domain/roles";
import { type Database, openDatabase } from "../../src/server/db/client";
import { statementFiles } from "../../src/server/db/schema";
import { setFileStatus } from "../../src/server/modules/files/extraction-job";
import { createProperty, multipart } from "./file-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { openStream, until as untilHeard } from "./live-helpers";

let server: TestServer;
let base: string;
let dataDir: string;
let alice: TestUser;
let bob: TestUser;
let staff: TestUser;
let property: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "blocklot-events-"));
  server = await startTestServer({ DATA_DIR: dataDir, EXTRACTION_WORKERS: "1" });
  base = await server.app.listen({ port: 0, host: "127.0.0.1" });
  alice = await createTestUser(server);
  bob = await createTestUser(server);
  staff = await createTestUser(server, { roles: [ROLES.USER, ROLES.SUPER_ADMIN] });
  property = await createProperty(server, alice.companyId);
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Stream {
  events: { event: string; data: Record<string, unknown> }[];
  raw: string;
  close(): void;
}

/** Reads an SSE stream the way EventSource does (token in the query string). */
async function listen(token: string): Promise<Stream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events?access_token=${encodeURIComponent(token)}`, {
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const stream: Stream = { events: [], raw: "", close: () => controller.abort() };
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        stream.raw += decoder.decode(value, { stream: true });
        const blocks = stream.raw.split("\n\n");
        stream.events = blocks
          .filter((b) => b.includes("event: file-status"))
          .map((b) => ({
            event: "file-status",
            data: JSON.parse(
              b
                .split("\n")
                .find((l) => l.startsWith("data: "))
                ?.slice(6) ?? "{}",
            ),
          }));
      }
    } catch {
      // aborted
    }
  })();
  return stream;
}

async function until(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("GET /api/events", () => {
  it("refuses without a valid token", async () => {
    expect((await fetch(`${base}/api/events`)).status).toBe(401);
    expect((await fetch(`${base}/api/events?access_token=forged.token.value`)).status).toBe(401);
  });

  it("streams the uploader's company's file moving to extracted; other companies hear nothing; staff hear all", async () => {
    const mine = await listen(alice.token);
    const other = await listen(bob.token);
    const watcher = await listen(staff.token);
    const body = multipart(
      { bblId: property, documentType: "rent_roll" },
      { name: "roll.csv", data: Buffer.from("Unit;Rent\nApt 1;1.500,00\n") },
    );
    const res = await fetch(`${base}/api/file/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${alice.token}`, ...body.headers },
      body: body.payload,
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { id: string }).id;
    await until(() => mine.events.some((e) => e.data.fileId === id && e.data.status === "extracted"), 60_000);
    const statuses = mine.events.filter((e) => e.data.fileId === id).map((e) => e.data.status);
    expect(statuses).toEqual(["queued", "extracting", "extracted"]);
    await until(
      () => watcher.events.some((e) => e.data.fileId === id && e.data.status === "extracted"),
      5_000,
    );
    expect(other.events).toEqual([]);
    expect(mine.raw).toContain("retry: 5000");
    for (const s of [mine, other, watcher]) s.close();
  }, 90_000);

  it("hears a change made by another process (an extraction worker on the same database), in its company only", async () => {
    // On PostgreSQL a connection of its own, as a separate worker process has; on PGlite the
    // one database, written outside the server as a worker thread would.
    const url = server.config.databaseUrl;
    const worker: Database = url ? await openDatabase({ databaseUrl: url }) : server.database;
    const mine = await openStream(base, alice.token);
    const other = await openStream(base, bob.token);
    try {
      const fileId = uuidv7();
      await worker.db.insert(statementFiles).values({
        id: fileId,
        companyId: alice.companyId,
        propertyId: property,
        uploadedBy: alice.userId,
        fileName: "scan.pdf",
        contentType: "application/pdf",
        kind: "pdf",
        size: 10,
        sha256: fileId,
        storageKey: `test/${fileId}`,
        documentType: "other",
        status: "queued",
      });
      await setFileStatus({ db: worker.db }, fileId, "extracting");
      await setFileStatus({ db: worker.db }, fileId, "failed", {
        failureReason: "The PDF is password-protected",
      });
      const heard = () => mine.of("file-status").filter((e) => e.fileId === fileId);
      await untilHeard(() => heard().length === 2, 10_000, "both changes");
      expect(heard().map((e) => [e.status, e.failureReason, e.propertyId, e.fileName])).toEqual([
        ["extracting", null, property, "scan.pdf"],
        ["failed", "The PDF is password-protected", property, "scan.pdf"],
      ]);
      // Bob's company hears nothing of it (his stream is open: a later change of his would arrive).
      expect(other.of("file-status")).toEqual([]);
    } finally {
      mine.close();
      other.close();
      if (worker !== server.database) await worker.close();
    }
  });
});
