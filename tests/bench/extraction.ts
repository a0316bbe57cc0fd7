import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { v7 as uuidv7 } from "uuid";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { properties } from "../../src/server/db/schema";
import { createExtractionPool } from "../../src/server/extraction/pool";
import { buildClaims } from "../../src/server/modules/users/claims";
import { createUserWithCompany } from "../../src/server/modules/users/create";
import { signAccessToken } from "../../src/server/plugins/access-token";
import { expectedItems, makeStatement } from "../fixtures/statements/model";
import { scannedPdf, statementImage, statementPdf } from "../fixtures/statements/render";
import { amountAccuracy } from "../fixtures/statements/score";
import type { Figure } from "./util";

const BENCH = "extraction";
const CORPUS = Number(process.env.BENCH_CORPUS || 50);
const SCANS = Number(process.env.BENCH_SCANS || 10);

/** A long text statement: the corpus statements one after another, `pages` letter pages. */
async function longTextPdf(pages: number): Promise<Uint8Array> {
  const { PDFDocument } = await import("pdf-lib");
  const out = await PDFDocument.create();
  for (let seed = 1; out.getPageCount() < pages; seed++) {
    const src = await PDFDocument.load(
      await statementPdf(makeStatement(seed, { columns: 3 }), { perPage: 45 }),
    );
    for (const p of await out.copyPages(src, src.getPageIndices()))
      if (out.getPageCount() < pages) out.addPage(p);
  }
  return out.save();
}

/** Streams a multipart upload of `bytes` generated on the fly (never held in memory). */
function streamUpload(port: number, token: string, bblId: string, bytes: number): Promise<number> {
  const boundary = `----bench${randomBytes(6).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="bblId"\r\n\r\n${bblId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\nother\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = randomBytes(64 * 1024);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        port,
        method: "POST",
        path: "/api/file/upload",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": head.length + bytes + tail.length,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.write(head);
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        const n = Math.min(chunk.length, bytes - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n)))
          return void req.once("drain", pump);
      }
      req.end(tail);
    };
    pump();
  });
}

async function uploadMemory(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), "blocklot-bench-up-"));
  const config = loadConfig({ DATA_DIR: dir, STATIC_DIR: "", LOG_LEVEL: "silent", JOBS_IN_PROCESS: "false" });
  const database = await openDatabase({ memory: true });
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const port = (app.server.address() as { port: number }).port;
    const { userId, companyId } = await createUserWithCompany(database.db, {
      email: "bench-upload@bench.example",
      displayName: "Bench",
      emailConfirmed: true,
    });
    const claims = await buildClaims(database.db, userId);
    const token = await signAccessToken(claims as NonNullable<typeof claims>, config.jwtSecret, 900);
    const bblId = uuidv7();
    await database.db
      .insert(properties)
      .values({ id: bblId, companyId, bbl: "1000010001", borough: 1, block: 1, lot: 1 });
    // Warm up the upload path, then measure a 50 MB upload.
    await streamUpload(port, token, bblId, 1024 * 1024);
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const status = await streamUpload(port, token, bblId, 50 * 1024 * 1024 - 64 * 1024);
    clearInterval(sampler);
    if (status !== 201) throw new Error(`50 MB upload answered ${status}`);
    return Math.round((peak - before) / 1024 / 1024);
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Text-layer speed, OCR speed, upload memory, and line-item accuracy on a generated corpus. */
export async function extractionBench(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), "blocklot-bench-ex-"));
  const pool = createExtractionPool({ size: 1 });
  const figures: Figure[] = [];
  try {
    // Warm the thread (module loading) before timing.
    const warm = join(dir, "warm.pdf");
    writeFileSync(warm, await statementPdf(makeStatement(999)));
    await pool.run({ path: warm, kind: "pdf", maxPages: 500 });

    const PAGES = 100;
    const long = join(dir, "long.pdf");
    writeFileSync(long, await longTextPdf(PAGES));
    let t = performance.now();
    const out = await pool.run({ path: long, kind: "pdf", maxPages: 500 });
    const secs = (performance.now() - t) / 1000;
    if (!out.ok || out.pages.length !== PAGES) throw new Error("long PDF did not extract");
    figures.push({
      bench: BENCH,
      metric: "text PDF pages/s (1 thread)",
      value: Math.round(PAGES / secs),
      unit: "pages/s",
      target: { op: ">=", value: 50 },
    });

    // Text PDFs: accuracy over the corpus.
    let exact = 0;
    let total = 0;
    for (let seed = 1; seed <= CORPUS; seed++) {
      const s = makeStatement(seed);
      const path = join(dir, `c${seed}.pdf`);
      writeFileSync(path, await statementPdf(s, { perPage: 12 + (seed % 30) }));
      const r = await pool.run({ path, kind: "pdf", maxPages: 500 });
      if (!r.ok) throw new Error(r.reason);
      const a = amountAccuracy(expectedItems(s), r.lineItems);
      exact += a.exact;
      total += a.total;
    }
    figures.push({
      bench: BENCH,
      metric: `text PDF amounts exact (${CORPUS})`,
      value: Math.round((exact / total) * 10000) / 100,
      unit: "%",
      target: { op: ">=", value: 99 },
    });

    // Scans: 300-dpi letter pages wrapped as image-only PDFs.
    exact = 0;
    total = 0;
    let ocrSecs = 0;
    for (let i = 0; i < SCANS; i++) {
      const s = makeStatement(500 + i);
      const path = join(dir, `s${i}.pdf`);
      const format = i % 2 ? "jpeg" : "png";
      writeFileSync(path, await scannedPdf(await statementImage(s, { format }), format));
      t = performance.now();
      const r = await pool.run({ path, kind: "pdf", maxPages: 500 });
      ocrSecs += (performance.now() - t) / 1000;
      if (!r.ok) throw new Error(r.reason);
      const a = amountAccuracy(expectedItems(s), r.lineItems);
      exact += a.exact;
      total += a.total;
    }
    figures.push({
      bench: BENCH,
      metric: "OCR s per 300-dpi page",
      value: Math.round((ocrSecs / SCANS) * 100) / 100,
      unit: "s",
      target: { op: "<", value: 4 },
    });
    figures.push({
      bench: BENCH,
      metric: `scan amounts exact (${SCANS})`,
      value: Math.round((exact / total) * 10000) / 100,
      unit: "%",
      target: { op: ">=", value: 95 },
    });
  } finally {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  }
  figures.push({
    bench: BENCH,
    metric: "50 MB upload: RSS growth",
    value: await uploadMemory(),
    unit: "MB",
    target: { op: "<", value: 100 },
  });
  return figures;
}
