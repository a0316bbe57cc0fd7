import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectedItems, makeStatement } from "../fixtures/statements/model";
import { statementImage } from "../fixtures/statements/render";
import { amountAccuracy } from "../fixtures/statements/score";
import { createProperty, multipart, waitFor } from "./file-helpers";
import { createTestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

/**
 * The OCR engine setting (OCR_ENGINE, docs/files.md "OCR"): a server told to use native
 * tesseract that is not there refuses to start and says how to install it; with auto, a server
 * without it starts and reads scans with tesseract.js, so the quick start works on a machine
 * without tesseract whatever the setting.
 */
const NO_TESSERACT = "/nonexistent/bin/tesseract";

describe("OCR engine at start", () => {
  it("OCR_ENGINE=native without the binary: the server does not start, and says how to install it", async () => {
    await expect(startTestServer({ OCR_ENGINE: "native", TESSERACT_PATH: NO_TESSERACT })).rejects.toThrow(
      /OCR_ENGINE=native, but native tesseract is not installed \(there is no tesseract at \/nonexistent\/bin\/tesseract\)\. Install it \(Debian\/Ubuntu: apt-get install tesseract-ocr tesseract-ocr-eng\)/,
    );
  }, 120_000);

  it("OCR_ENGINE=native with separate workers (JOBS_IN_PROCESS=false): the API starts, it runs no OCR", async () => {
    const server = await startTestServer({
      OCR_ENGINE: "native",
      TESSERACT_PATH: NO_TESSERACT,
      JOBS_IN_PROCESS: "false",
    });
    await server.close();
  }, 120_000);
});

describe("no native tesseract, OCR_ENGINE=auto", () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "blocklot-ocr-engine-"));
    server = await startTestServer({
      DATA_DIR: dataDir,
      EXTRACTION_WORKERS: "1",
      OCR_ENGINE: "auto",
      TESSERACT_PATH: NO_TESSERACT,
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a scanned statement (JPEG) is read with tesseract.js: ≥ 95 % of amounts exact", async () => {
    const user = await createTestUser(server, { companyName: "Scan Realty" });
    const property = await createProperty(server, user.companyId);
    const s = makeStatement(303, { columns: 1 });
    const body = multipart(
      { bblId: property, documentType: "operating_statement", statementYear: "2024" },
      { name: "scan.jpg", data: await statementImage(s, { format: "jpeg" }) },
    );
    const res = await server.app.inject({
      method: "POST",
      url: "/api/file/upload",
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    const id = (res.json() as { id: string }).id;
    const status = await waitFor(
      async () => {
        const f = (
          await server.app.inject({ method: "GET", url: `/api/file/${id}`, headers: user.auth })
        ).json() as { status: string; failureReason: string | null };
        return f.status === "extracted" || f.status === "failed" ? f : undefined;
      },
      170_000,
      "the scan's extraction",
    );
    expect(status).toMatchObject({ status: "extracted", failureReason: null });
    const ex = (
      await server.app.inject({ method: "GET", url: `/api/file/${id}/extraction`, headers: user.auth })
    ).json() as { pages: { source: string }[]; lineItems: { label: string; amounts: (number | null)[] }[] };
    expect(ex.pages.map((p) => p.source)).toEqual(["ocr"]);
    expect(amountAccuracy(expectedItems(s), ex.lineItems).share).toBeGreaterThanOrEqual(0.95);
  }, 180_000);
});
