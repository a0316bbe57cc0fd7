import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import pg from "pg";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FileStatus, isSettled } from "../../src/domain/files/statuses";
import { SYNC_CHANGED_EVENT } from "../../src/domain/sync/feed";
import { makeStatement } from "../fixtures/statements/model";
import { statementImage } from "../fixtures/statements/render";
import { waitFor } from "../server/file-helpers";
import { cluster, signInAdmin } from "./cluster-run";

/**
 * `npm run cluster` (PostgreSQL, two API replicas, two extraction workers, nginx in front;
 * CLUSTER_S3=off) as a user meets it (issue 18): a journey through nginx, a write on one replica
 * heard live on the other, a replica killed while writes go on, with nothing lost, and an
 * extraction worker killed in the middle of a statement, whose job the other worker finishes.
 * Needs the build (`npm run build`) and Debian's nginx and PostgreSQL (scripts/test-deps.sh).
 */
const dir = mkdtempSync(join(tmpdir(), "blocklot-cluster-test-"));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${port}`;
/** The replicas' own ports (scripts/cluster.sh: the nginx port + 1001 and + 1002). */
const replica = (i: 1 | 2) => `http://127.0.0.1:${port + 1000 + i}`;
let auth: { authorization: string };
let token: string;

const json = (body: unknown) => ({ "content-type": "application/json", body: JSON.stringify(body) });

async function putItem(url: string, id: string, sku: string) {
  const { body, ...headers } = json({ sku, title: `Cluster ${sku}`, description: "test", quantity: 1 });
  return fetch(`${url}/api/inventory/items/${id}`, {
    method: "PUT",
    headers: { ...auth, ...headers, "idempotency-key": id },
    body,
  });
}

beforeAll(() => {
  cluster(dir, port);
});
afterAll(() => {
  try {
    cluster(dir, port, "clean");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe("the cluster behind nginx", () => {
  it("signs in and writes through nginx; the write reads back from either replica", async () => {
    token = await signInAdmin(base, dir);
    auth = { authorization: `Bearer ${token}` };
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Blocklot");

    const id = uuidv7();
    expect((await putItem(base, id, "C-JOURNEY")).status).toBe(201);
    for (const url of [replica(1), replica(2)]) {
      const item = await fetch(`${url}/api/inventory/items/${id}`, { headers: auth });
      expect(item.status).toBe(200);
      expect(((await item.json()) as { sku: string }).sku).toBe("C-JOURNEY");
    }
  });

  it("a write on one replica reaches a live connection on the other", async () => {
    const controller = new AbortController();
    const events = await fetch(`${replica(2)}/api/events?access_token=${encodeURIComponent(token)}`, {
      signal: controller.signal,
    });
    expect(events.status).toBe(200);
    const reader = (events.body as ReadableStream<Uint8Array>).getReader();
    let text = "";
    const heard = (async () => {
      const decoder = new TextDecoder();
      while (!text.includes(`event: ${SYNC_CHANGED_EVENT}`)) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value);
      }
    })();
    // The stream is open once its first bytes (the retry hint or a heartbeat) arrive.
    await new Promise((r) => setTimeout(r, 500));
    expect((await putItem(replica(1), uuidv7(), "C-LIVE")).status).toBe(201);
    await Promise.race([heard, new Promise((r) => setTimeout(r, 5000))]);
    controller.abort();
    expect(text).toContain(`event: ${SYNC_CHANGED_EVENT}`);
  });

  it("a replica killed while writes go on: nginx moves to the other, retried writes land once, none is lost", async () => {
    const acked = new Map<string, string>();
    let failedAttempts = 0;
    const writer = async (c: number) => {
      for (let n = 0; n < 40; n++) {
        const id = uuidv7();
        const sku = `C-KILL-${c}-${n}`;
        for (let attempt = 0; attempt < 20; attempt++) {
          const res = await putItem(base, id, sku).catch(() => null);
          if (res && (res.status === 200 || res.status === 201)) {
            acked.set(id, sku);
            break;
          }
          failedAttempts++;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    };
    const writers = Promise.all(Array.from({ length: 6 }, (_, c) => writer(c)));
    await new Promise((r) => setTimeout(r, 1500));
    process.kill(Number(readFileSync(join(dir, "run/api-1.pid"), "utf8")), "SIGKILL");
    await writers;
    expect(acked.size).toBe(240);
    for (const [id, sku] of acked) {
      const res = await fetch(`${base}/api/inventory/items/${id}`, { headers: auth });
      expect(res.status, sku).toBe(200);
      expect(((await res.json()) as { sku: string }).sku).toBe(sku);
    }
    // Each write once: the company holds the two earlier items and these 240, no more.
    const list = await fetch(`${base}/api/inventory/items?rowsPerPage=1`, { headers: auth });
    expect(((await list.json()) as { total: number }).total).toBe(242);
    console.log(`cluster kill: ${acked.size} writes acknowledged, ${failedAttempts} attempts retried`);
  });
  it("an extraction worker killed mid-statement: the other worker claims the job and extracts it once", async () => {
    const property = await fetch(`${base}/api/bbl`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ bbl: "1000010001" }),
    });
    expect(property.status).toBe(201);
    const propertyId = ((await property.json()) as { id: string }).id;

    // Six scanned pages: OCR takes seconds, long enough to kill the worker that holds the job.
    const image = await statementImage(makeStatement(18, { columns: 1 }), { format: "png" });
    const doc = await PDFDocument.create();
    const png = await doc.embedPng(image);
    for (let i = 0; i < 6; i++) {
      doc.addPage([612, 792]).drawImage(png, { x: 0, y: 0, width: 612, height: 792 });
    }
    const form = new FormData();
    form.set("bblId", propertyId);
    form.set("documentType", "operating_statement");
    form.set(
      "file",
      new Blob([new Uint8Array(await doc.save())], { type: "application/pdf" }),
      "scan-6-pages.pdf",
    );
    const upload = await fetch(`${base}/api/file/upload`, { method: "POST", headers: auth, body: form });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const fileId = ((await upload.json()) as { id: string }).id;

    const db = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port + 1032}/postgres` });
    await db.connect();
    try {
      const job = `extract:${fileId}`;
      const workers = [1, 2].map((i) => Number(readFileSync(join(dir, `run/worker-${i}.pid`), "utf8")));
      const claim = await waitFor(
        async () =>
          (
            await db.query<{ boot: string; pid: number }>(
              `select j.locked_boot as boot, p.pid from jobs j join server_processes p on p.boot_id = j.locked_boot
                where j.key = $1 and j.status = 'running'`,
              [job],
            )
          ).rows[0],
        60_000,
        "a worker to claim the extraction",
      );
      expect(workers).toContain(claim.pid);
      process.kill(claim.pid, "SIGKILL");

      const file = await waitFor(
        async () => {
          const res = await fetch(`${base}/api/file/${fileId}`, { headers: auth });
          const f = (await res.json()) as { status: FileStatus };
          return isSettled(f.status) ? f : undefined;
        },
        110_000,
        "the statement to be extracted by the other worker",
      );
      expect(file.status).toBe("extracted");
      // One job, claimed again by another process after the kill (the first claim counts too). The
      // statement is marked extracted just before its job is marked done: wait for the job.
      const run = await waitFor(
        async () => {
          const rows = (
            await db.query<{ status: string; attempts: number }>(
              "select status, attempts from jobs where key = $1",
              [job],
            )
          ).rows;
          expect(rows).toHaveLength(1);
          return rows[0]?.status === "running" ? undefined : rows[0];
        },
        30_000,
        "the job to be marked done",
      );
      expect(run.status).toBe("done");
      expect(run.attempts).toBeGreaterThanOrEqual(2);
      const extraction = await fetch(`${base}/api/file/${fileId}/extraction`, { headers: auth });
      const body = (await extraction.json()) as { pages: { source: string }[]; lineItems: unknown[] };
      expect(body.pages.map((p) => p.source)).toEqual(Array(6).fill("ocr"));
      expect(body.lineItems.length).toBeGreaterThan(5);
    } finally {
      await db.end();
    }
  }, 180_000);
});
