import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../src/server/db/schema";
import {
  pdfFlateBomb,
  pdfImageFlood,
  pngPixelFlood,
  xlsxCellBomb,
  xlsxLyingSizeBomb,
} from "../fixtures/bombs";
import { makeStatement } from "../fixtures/statements/model";
import { statementCsv, statementPdf, statementXlsx } from "../fixtures/statements/render";
import { createProperty, multipart } from "./file-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
let dataDir: string;
let owner: TestUser;
let property: string;
const MB = 1024 * 1024;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "blocklot-bombs-"));
  server = await startTestServer({ DATA_DIR: dataDir, EXTRACTION_WORKERS: "1" });
  owner = await createTestUser(server, { companyName: "Bomb Squad" });
  property = await createProperty(server, owner.companyId);
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function upload(data: Buffer, name: string) {
  const body = multipart({ bblId: property, documentType: "operating_statement" }, { name, data });
  const res = await server.app.inject({
    method: "POST",
    url: "/api/file/upload",
    headers: { ...owner.auth, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

interface Settled {
  status: string;
  failureReason: string | null;
  ms: number;
  /** Most the process's resident memory grew while the file was read. */
  peakGrowth: number;
}

/** Uploads a file and follows it to extracted or failed, sampling the process's memory meanwhile. */
async function extract(data: Buffer, name: string): Promise<Settled & { id: string }> {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = Date.now();
  try {
    const id = await upload(data, name);
    for (;;) {
      const res = await server.app.inject({ url: `/api/file/${id}`, headers: owner.auth });
      const file = res.json();
      if (file.status === "extracted" || file.status === "failed") {
        return {
          id,
          status: file.status,
          failureReason: file.failureReason,
          ms: Date.now() - started,
          peakGrowth: peak - baseline,
        };
      }
      if (Date.now() - started > 120_000) throw new Error(`${name} still ${file.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    clearInterval(sampler);
  }
}

async function attempts(fileId: string) {
  const rows = await server.database.db
    .select()
    .from(jobs)
    .where(eq(jobs.key, `extract:${fileId}`));
  return rows.map((r) => r.attempts);
}

describe("decompression bombs fail at once, with a reason, in bounded memory", () => {
  it("warms the extraction thread up with real statements (their readers loaded)", async () => {
    const statement = makeStatement(21);
    for (const [data, name] of [
      [await statementXlsx(statement), "warm.xlsx"],
      [Buffer.from(await statementPdf(statement)), "warm.pdf"],
      [statementCsv(statement), "warm.csv"],
    ] as const) {
      const done = await extract(Buffer.from(data), name);
      expect(done.status, `${name}: ${done.failureReason}`).toBe("extracted");
    }
  }, 300_000);

  it.each([
    [
      "an XLSX cell that unpacks 1,000:1 (33 KB → 32 MB)",
      () => xlsxCellBomb(),
      "bomb.xlsx",
      /packed far tighter than real spreadsheets/,
    ],
    [
      "an XLSX part that unpacks past the size it declares (400 MB)",
      () => xlsxLyingSizeBomb(),
      "liar.xlsx",
      /spreadsheet is damaged/,
    ],
    [
      "a PDF stream that inflates to 512 MB",
      () => pdfFlateBomb(),
      "bomb.pdf",
      /A part of this PDF unpacks to more than 128 MB/,
    ],
    [
      "a PDF image of 60,000 × 60,000 pixels",
      () => pdfImageFlood(),
      "flood.pdf",
      /An image in this PDF is too large to read \(60,000 × 60,000 pixels\)/,
    ],
    [
      "a 10,000 × 10,000 PNG statement (100 megapixels)",
      () => pngPixelFlood(),
      "flood.png",
      /too large to read \(10,000 × 10,000 pixels\); the limit is 50 megapixels/,
    ],
  ])(
    "%s",
    async (_label, make, name, reason) => {
      const data = await make();
      expect(data.length).toBeLessThan(2 * MB);
      const done = await extract(data, name);
      expect(done.status).toBe("failed");
      expect(done.failureReason).toMatch(reason);
      expect(done.ms).toBeLessThanOrEqual(5_000);
      expect(done.peakGrowth).toBeLessThanOrEqual(100 * MB);
      // A document problem is not retried.
      expect(await attempts(done.id)).toEqual([1]);
      const extraction = await server.app.inject({
        url: `/api/file/${done.id}/extraction`,
        headers: owner.auth,
      });
      expect(extraction.statusCode).toBe(200);
      expect(extraction.body.length).toBeLessThan(10_000);
    },
    120_000,
  );

  it("a CSV cell longer than any spreadsheet writes, and a file with too much text, fail with their reasons", async () => {
    const cell = await extract(Buffer.from(`Account,Amount\nRent,${"x".repeat(40_000)}\n`), "cell.csv");
    expect(cell.status).toBe("failed");
    expect(cell.failureReason).toMatch(/Cell B2 holds 40,000 characters; a cell can hold at most 32,767/);
    const lines = Array.from(
      { length: 90_000 },
      (_, i) => `Line item number ${i} of this long ledger export, kept for the record,${i}.00`,
    );
    const text = await extract(Buffer.from(`Account,Amount\n${lines.join("\n")}\n`), "ledger.csv");
    expect(text.status).toBe("failed");
    expect(text.failureReason).toMatch(/more text than we read from one file \(over 5,000,000 characters\)/);
  }, 120_000);
});
