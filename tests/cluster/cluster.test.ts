import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import pg from "pg";
import sharp from "sharp";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FileStatus, isSettled } from "../../src/domain/files/statuses";
import { SYNC_CHANGED_EVENT } from "../../src/domain/sync/feed";
import { heading, submitLogin } from "../e2e/auth-helpers";
import { launchBrowser } from "../e2e/browser";
import { makeStatement } from "../fixtures/statements/model";
import { statementImage, statementPdf } from "../fixtures/statements/render";
import { waitFor } from "../server/file-helpers";
import { openStream } from "../server/live-helpers";
import {
  adminPassword,
  cluster,
  clusterPort,
  clusterPortOffset,
  filesUnder,
  signInAdmin,
  withObjectStore,
} from "./cluster-run";

/**
 * `npm run cluster` (PostgreSQL, the S3-compatible object store, two API replicas, two
 * extraction workers, nginx in front) as a user meets it (issue 18): a journey through nginx, in
 * the API and in a real browser; files uploaded through one replica and read through the other
 * from the object store, no process keeping any on its disk; writes and file status changes on
 * one process heard live on a replica's stream; a replica killed while writes go on, with
 * nothing lost; an extraction worker killed in the middle of a statement, whose job the other
 * worker finishes. CLUSTER_S3=off runs the same without the object store (one shared files
 * directory). Needs the build (`npm run build`), Debian's nginx, PostgreSQL and Chromium
 * (scripts/test-deps.sh) and the dev dependency s3rver.
 */
const dir = mkdtempSync(join(tmpdir(), "blocklot-cluster-test-"));
const port = clusterPort();
const base = `http://127.0.0.1:${port}`;
/** The replicas' own ports (scripts/cluster.sh: the nginx port + 1001 and + 1002 by default). */
const replica = (i: 1 | 2) => `http://127.0.0.1:${port + clusterPortOffset + i}`;
let auth: { authorization: string };
let token: string;
/** The property the file tests upload to (made through the API). */
let propertyId: string;

const json = (body: unknown) => ({ "content-type": "application/json", body: JSON.stringify(body) });
const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

async function uploadStatement(url: string, property: string, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.set("bblId", property);
  form.set("documentType", "operating_statement");
  form.set("file", new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${url}/api/file/upload`, { method: "POST", headers: auth, body: form });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Where each process keeps its files on its own disk: nothing but staging with the object store. */
const PROCESSES = ["api-1", "api-2", "worker-1", "worker-2"] as const;

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

  it("files live in the object store: uploaded through one replica, read and drawn through the other, their status heard live there", async () => {
    const property = await fetch(`${replica(1)}/api/bbl`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ bbl: "1000010002" }),
    });
    expect(property.status).toBe(201);
    propertyId = ((await property.json()) as { id: string }).id;

    // The app's live stream on replica 2; the upload through replica 1, its extraction by a
    // worker (the replicas run no jobs): every state reaches replica 2 through PostgreSQL.
    const live = await openStream(replica(2), token);
    const pdf = await statementPdf(makeStatement(7));
    const fileId = await uploadStatement(
      replica(1),
      propertyId,
      pdf,
      "cluster-statement.pdf",
      "application/pdf",
    );
    const heard = () =>
      live
        .of("file-status")
        .filter((e) => e.fileId === fileId)
        .map((e) => e.status as FileStatus);
    try {
      await expect.poll(() => heard().at(-1), { timeout: 60_000 }).toBe("extracted");
      expect(heard()).toContain("extracting");
    } finally {
      live.close();
    }

    // The other replica serves the bytes and draws the page from the store.
    const download = await fetch(`${replica(2)}/api/file/download/${fileId}`, { headers: auth });
    expect(download.status).toBe(200);
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(pdf));
    const image = await fetch(`${replica(2)}/api/file/${fileId}/pages/1?width=600`, { headers: auth });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(600);

    // An inventory photo added through a photo link on replica 1, shown by replica 2.
    const itemId = uuidv7();
    expect((await putItem(replica(1), itemId, "C-PHOTO")).status).toBe(201);
    const link = await fetch(`${replica(1)}/api/inventory/items/${itemId}/photo-link`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: "{}",
    });
    expect(link.status).toBe(201);
    const { hash } = (await link.json()) as { hash: string };
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#2e86c1" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "lamp.png");
    const added = await fetch(`${replica(1)}/api/photo/${hash}`, { method: "POST", body: form });
    expect(added.status, await added.clone().text()).toBe(201);
    const photoId = ((await added.json()) as { photo: { id: string } }).photo.id;
    for (const size of ["full", "thumb"]) {
      const photo = await fetch(`${replica(2)}/api/inventory/photos/${photoId}?size=${size}`, {
        headers: auth,
      });
      expect(photo.status, size).toBe(200);
      expect(photo.headers.get("content-type")).toBe("image/webp");
    }

    // Where the bytes are: in the bucket, and on no process's own disk (with the object store);
    // in the one shared directory without it.
    const stored = withObjectStore
      ? filesUnder(join(dir, "s3/blocklot"))
      : filesUnder(join(dir, "shared/files"));
    expect(stored.some((f) => f.includes(sha256(pdf)))).toBe(true);
    if (withObjectStore) {
      for (const p of PROCESSES) expect(filesUnder(join(dir, p, "files")), p).toEqual([]);
    }
  }, 120_000);

  it("in a browser through nginx: signs in, uploads a scanned statement and sees it extracted live, read by a worker", async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({
        baseURL: base,
        viewport: { width: 1280, height: 900 },
        locale: "en-US",
      });
      await context.addInitScript(() => localStorage.setItem("acceptedCookies", "true"));
      const page = await context.newPage();
      const name = "cluster-journey.png";
      // What the file lists the page read said of the file: the live event must bring
      // "Extracted" first, not a list read again.
      const listed: string[] = [];
      page.on("response", (res) => {
        if (new URL(res.url()).pathname !== "/api/file/company" || !res.ok()) return;
        void res
          .json()
          .then((files: { fileName: string; status: string }[]) => {
            for (const f of files) if (f.fileName === name) listed.push(f.status);
          })
          .catch(() => {});
      });
      await page.goto(`/auth/google/login?returnTo=${encodeURIComponent("/dashboard/import-file")}`);
      await submitLogin(page, "admin@blocklot.local", adminPassword(dir));
      await page.waitForURL((u) => u.pathname === "/dashboard/import-file");
      await heading(page, "Upload File").waitFor();
      await expect
        .poll(() => page.getByRole("textbox", { name: "Property" }).inputValue())
        .toContain("1-00001-0002");

      // One scanned page: OCR takes seconds, so the list the upload reads back still says queued.
      const scan = await statementImage(makeStatement(11, { columns: 1 }), { format: "png" });
      const [chooser] = await Promise.all([
        page.waitForEvent("filechooser"),
        page.getByRole("button", { name: "Choose files" }).click(),
      ]);
      await chooser.setFiles([{ name, mimeType: "image/png", buffer: Buffer.from(scan) }]);
      const row = page.locator(`[data-testid=file-row][data-file-name="${name}"]`);
      await row.waitFor();
      const status = async () => ((await row.getByTestId("file-status").textContent()) ?? "").trim();
      await expect.poll(status, { timeout: 90_000, interval: 100 }).toBe("Extracted");
      expect(listed).not.toContain("extracted");
      await context.close();
    } finally {
      await browser.close();
    }
  }, 150_000);

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
    const total = async () => {
      const list = await fetch(`${base}/api/inventory/items?rowsPerPage=1`, { headers: auth });
      return ((await list.json()) as { total: number }).total;
    };
    const before = await total();
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
    // Each write once: the company holds the earlier items and these 240, no more.
    expect(await total()).toBe(before + 240);
    console.log(`cluster kill: ${acked.size} writes acknowledged, ${failedAttempts} attempts retried`);
  });
  it("an extraction worker killed mid-statement: the other worker claims the job and extracts it once", async () => {
    const property = await fetch(`${base}/api/bbl`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ bbl: "1000010001" }),
    });
    expect(property.status).toBe(201);
    const scanProperty = ((await property.json()) as { id: string }).id;

    // Six scanned pages: OCR takes seconds, long enough to kill the worker that holds the job.
    const image = await statementImage(makeStatement(18, { columns: 1 }), { format: "png" });
    const doc = await PDFDocument.create();
    const png = await doc.embedPng(image);
    for (let i = 0; i < 6; i++) {
      doc.addPage([612, 792]).drawImage(png, { x: 0, y: 0, width: 612, height: 792 });
    }
    const fileId = await uploadStatement(
      base,
      scanProperty,
      await doc.save(),
      "scan-6-pages.pdf",
      "application/pdf",
    );

    const db = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${port + clusterPortOffset + 32}/postgres`,
    });
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
