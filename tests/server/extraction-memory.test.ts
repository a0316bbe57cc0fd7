import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../src/server/db/schema";
import { createProperty, multipart } from "./file-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
let dataDir: string;
let owner: TestUser;
let property: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "blocklot-memory-"));
  // The smallest ceiling allowed, so an ordinary-looking file is enough to reach it.
  server = await startTestServer({ DATA_DIR: dataDir, EXTRACTION_WORKERS: "1", EXTRACTION_MEMORY_MB: "128" });
  owner = await createTestUser(server, { companyName: "Heavy Files" });
  property = await createProperty(server, owner.companyId);
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A workbook within every container limit (about 3 MB, packed as Excel packs) whose million
 * numeric cells need far more than 128 MB of heap once a reader holds them.
 */
async function manyCellXlsx(): Promise<Buffer> {
  const path = join(dataDir, "heavy.xlsx");
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path });
  const ws = wb.addWorksheet("Ledger");
  for (let r = 0; r < 25_000; r++) ws.addRow(Array.from({ length: 40 }, (_, c) => r * 40 + c)).commit();
  ws.commit();
  await wb.commit();
  return readFileSync(path);
}

describe("the extraction memory ceiling", () => {
  it("a file that needs more memory than one file may use fails at once with the reason, not retried, and the next file is read", async () => {
    const data = await manyCellXlsx();
    expect(data.length).toBeLessThan(server.config.maxUploadBytes);
    const body = multipart(
      { bblId: property, documentType: "operating_statement" },
      { name: "heavy.xlsx", data },
    );
    const res = await server.app.inject({
      method: "POST",
      url: "/api/file/upload",
      headers: { ...owner.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    const file = await settle(id);
    expect(file.status).toBe("failed");
    expect(file.failureReason).toMatch(
      /This file needs more memory to read than one file may use \(128 MB\), so reading it was stopped/,
    );
    const rows = await server.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `extract:${id}`));
    expect(rows.map((r) => r.attempts)).toEqual([1]);

    // The crashed thread is replaced: a small file afterwards is read as usual.
    const small = multipart(
      { bblId: property, documentType: "operating_statement" },
      { name: "small.csv", data: Buffer.from("Account,Amount\nRent,1200.00\nTaxes,300.00\n") },
    );
    const next = await server.app.inject({
      method: "POST",
      url: "/api/file/upload",
      headers: { ...owner.auth, ...small.headers },
      payload: small.payload,
    });
    expect(next.statusCode).toBe(201);
    expect((await settle(next.json().id)).status).toBe("extracted");
  }, 180_000);
});

async function settle(id: string): Promise<{ status: string; failureReason: string | null }> {
  const started = Date.now();
  for (;;) {
    const file = (await server.app.inject({ url: `/api/file/${id}`, headers: owner.auth })).json();
    if (file.status === "extracted" || file.status === "failed") return file;
    if (Date.now() - started > 150_000) throw new Error(`file still ${file.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
