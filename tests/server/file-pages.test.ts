import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "../../src/domain/roles";
import { SPREADSHEET_NO_IMAGE } from "../../src/server/modules/files/routes";
import { makeStatement } from "../fixtures/statements/model";
import { passwordPdf, statementCsv, statementImage, statementPdf } from "../fixtures/statements/render";
import { createProperty, multipart, waitFor } from "./file-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

/** GET /api/file/{id}/pages/{n}: page images for the file preview. */
let server: TestServer;
let dataDir: string;
let alice: TestUser;
let bob: TestUser;
let staff: TestUser;
let aliceProperty: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "blocklot-pages-"));
  server = await startTestServer({ DATA_DIR: dataDir, EXTRACTION_WORKERS: "1" });
  alice = await createTestUser(server, { companyName: "Alice Realty" });
  bob = await createTestUser(server, { companyName: "Bob Holdings" });
  staff = await createTestUser(server, { roles: [ROLES.USER, ROLES.SUPER_ADMIN] });
  aliceProperty = await createProperty(server, alice.companyId);
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function upload(data: Uint8Array | Buffer, name: string): Promise<string> {
  const body = multipart(
    { bblId: aliceProperty, documentType: "operating_statement", statementYear: "2024" },
    { name, data },
  );
  const res = await server.app.inject({
    method: "POST",
    url: "/api/file/upload",
    headers: { ...alice.auth, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}

const page = (id: string, n: number | string, user: TestUser | null = alice, query = "") =>
  server.app.inject({
    method: "GET",
    url: `/api/file/${id}/pages/${n}${query}`,
    headers: user ? user.auth : {},
  });

const isWebp = (b: Buffer) =>
  b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP";

const statement = makeStatement(21, { columns: 2 });
let pdfId: string;
let pngId: string;
let csvId: string;

describe("page images", () => {
  it("renders each page of a text PDF as a WebP at the preview width, page shape kept", async () => {
    const pdf = await statementPdf(statement, { perPage: 12 });
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    expect(pages).toBeGreaterThanOrEqual(2);
    pdfId = await upload(pdf, "statement.pdf");

    const first = await page(pdfId, 1);
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("image/webp");
    expect(first.headers["cache-control"]).toMatch(/^private/);
    expect(first.headers["x-page-count"]).toBe(String(pages));
    expect(isWebp(first.rawPayload)).toBe(true);
    const meta = await sharp(first.rawPayload).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(1200);
    // US letter, 612 × 792 points.
    expect(meta.height).toBe(Math.round((1200 * 792) / 612));
    // Not a blank page: the statement's text is drawn (dark pixels present).
    const stats = await sharp(first.rawPayload).greyscale().stats();
    expect(stats.channels[0]?.min).toBeLessThan(80);

    const last = await page(pdfId, pages, alice, "?width=600");
    expect(last.statusCode).toBe(200);
    expect((await sharp(last.rawPayload).metadata()).width).toBe(600);

    // The same request again: the ETag answers 304 without rendering.
    const etag = String(first.headers.etag);
    const again = await server.app.inject({
      method: "GET",
      url: `/api/file/${pdfId}/pages/1`,
      headers: { ...alice.auth, "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
  }, 60_000);

  it("a page past the end is 404 with the page count; page 0 and a too-wide width are 400", async () => {
    const pages = Number((await page(pdfId, 1)).headers["x-page-count"]);
    const res = await page(pdfId, pages + 1);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`This file has ${pages} pages`);
    expect((await page(pdfId, 0)).statusCode).toBe(400);
    expect((await page(pdfId, "x")).statusCode).toBe(400);
    expect((await page(pdfId, 1, alice, "?width=5000")).statusCode).toBe(400);
  }, 60_000);

  it("converts a PNG scan: WebP no wider than the preview width, proportions kept", async () => {
    const png = await statementImage(statement, { dpi: 150 });
    const src = await sharp(png).metadata();
    pngId = await upload(png, "scan.png");
    const res = await page(pngId, 1);
    expect(res.statusCode).toBe(200);
    expect(isWebp(res.rawPayload)).toBe(true);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.width).toBe(1200);
    expect(meta.height).toBe(Math.round((1200 * (src.height ?? 0)) / (src.width ?? 1)));
    const two = await page(pngId, 2);
    expect(two.statusCode).toBe(404);
    expect(two.json().message).toBe("This file has 1 page");
  }, 60_000);

  it("a small image is not enlarged", async () => {
    const small = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 255, g: 255, b: 255 } },
    })
      .jpeg()
      .toBuffer();
    const id = await upload(small, "small.jpg");
    const res = await page(id, 1);
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);
  }, 60_000);

  it("spreadsheets have no page image: 404 with a message", async () => {
    csvId = await upload(statementCsv(statement), "statement.csv");
    const res = await page(csvId, 1);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SPREADSHEET_NO_IMAGE);
  });

  it("a corrupt PDF answers 422 with a clear message, and the server carries on", async () => {
    const good = Buffer.from(await statementPdf(statement));
    const corrupt = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(4000, 0x41)]);
    const truncated = good.subarray(0, Math.floor(good.length / 3));
    for (const [bytes, name] of [
      [corrupt, "corrupt.pdf"],
      [truncated, "truncated.pdf"],
    ] as const) {
      const id = await upload(bytes, name);
      const res = await page(id, 1);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().message, name).toMatch(/damaged|could not be shown|no pages/i);
    }
    const locked = await page(await upload(await passwordPdf(), "locked.pdf"), 1);
    expect(locked.statusCode).toBe(422);
    expect(locked.json().message).toBe(
      "This PDF is password-protected. Remove the password and upload it again.",
    );
    const brokenPng = (await statementImage(statement, { dpi: 72 })).subarray(0, 400);
    const pngRes = await page(await upload(brokenPng, "broken.png"), 1);
    expect(pngRes.statusCode).toBe(422);
    expect(pngRes.json().message).toMatch(/damaged|cannot be read/i);
    // Still serving.
    expect((await page(pdfId, 1)).statusCode).toBe(200);
  }, 60_000);

  it("only the file's company and staff see it: 404 for another company, 401 without sign-in", async () => {
    const other = await page(pdfId, 1, bob);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("File not found");
    expect((await page(pdfId, 1, null)).statusCode).toBe(401);
    expect((await page(pdfId, 1, staff)).statusCode).toBe(200);
  }, 60_000);

  it("once extracted, the page count is known without rendering", async () => {
    await waitFor(
      async () => {
        const res = await server.app.inject({
          method: "GET",
          url: `/api/file/${pdfId}`,
          headers: alice.auth,
        });
        const f = res.json() as { status: string; pageCount: number | null };
        return f.status === "extracted" ? f : undefined;
      },
      90_000,
      "the PDF to be extracted",
    );
    const pages = Number((await page(pdfId, 1)).headers["x-page-count"]);
    const res = await page(pdfId, pages + 3);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`This file has ${pages} pages`);
  }, 120_000);
});
