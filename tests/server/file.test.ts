import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "../../src/domain/roles";
import { statementFiles } from "../../src/server/db/schema";
import { UNSUPPORTED_TYPE_MESSAGE } from "../../src/server/modules/files/sniff";
import { expectedItems, makeStatement } from "../fixtures/statements/model";
import {
  hugePngHeader,
  manyPagePdf,
  passwordPdf,
  statementCsv,
  statementPdf,
  statementXlsx,
} from "../fixtures/statements/render";
import { createProperty, multipart, waitFor } from "./file-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
let dataDir: string;
let alice: TestUser;
let bob: TestUser;
let staff: TestUser;
let aliceProperty: string;
let bobProperty: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "blocklot-files-"));
  server = await startTestServer({ DATA_DIR: dataDir, EXTRACTION_WORKERS: "1" });
  alice = await createTestUser(server, { companyName: "Alice Realty" });
  bob = await createTestUser(server, { companyName: "Bob Holdings" });
  staff = await createTestUser(server, { roles: [ROLES.USER, ROLES.SUPER_ADMIN] });
  aliceProperty = await createProperty(server, alice.companyId);
  bobProperty = await createProperty(server, bob.companyId);
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Api = Record<string, unknown> & { id: string; status: string; failureReason: string | null };

async function upload(
  user: TestUser,
  data: Uint8Array | Buffer,
  opts: { name?: string; fields?: Record<string, string>; bblId?: string } = {},
) {
  const body = multipart(
    opts.fields ?? {
      bblId: opts.bblId ?? aliceProperty,
      documentType: "operating_statement",
      statementYear: "2024",
    },
    { name: opts.name ?? "statement.pdf", data },
  );
  return server.app.inject({
    method: "POST",
    url: "/api/file/upload",
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
}

async function settled(user: TestUser, id: string): Promise<Api> {
  return waitFor(
    async () => {
      const res = await server.app.inject({ method: "GET", url: `/api/file/${id}`, headers: user.auth });
      const f = res.json() as Api;
      return f.status === "extracted" || f.status === "failed" ? f : undefined;
    },
    90_000,
    `file ${id} to finish extraction`,
  );
}

async function extraction(user: TestUser, id: string) {
  const res = await server.app.inject({
    method: "GET",
    url: `/api/file/${id}/extraction`,
    headers: user.auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    status: string;
    pages: { number: number; text: string }[];
    lineItems: {
      page: number;
      section: string | null;
      label: string;
      amounts: number[];
      isTotal: boolean;
      parts?: { line: number; sign: 1 | -1 }[];
      box?: { x0: number; y0: number; x1: number; y1: number };
    }[];
    layout: { columns: { label: string }[]; defaultColumn: { index: number; reason: string } };
    failedTotals: { line: number; column: number }[];
    notes: string[];
  };
}

/** Line items as the statement model writes them; totals must name their parts and add up. */
function itemsOf(ex: Awaited<ReturnType<typeof extraction>>) {
  for (const total of ex.lineItems.filter((i) => i.isTotal)) expect(total.parts?.length).toBeGreaterThan(0);
  expect(ex.failedTotals).toEqual([]);
  return ex.lineItems.map(({ page: _p, box: _b, parts: _t, ...rest }) => rest);
}

async function fileCount() {
  const [r] = await server.database.db.select({ n: count() }).from(statementFiles);
  return Number(r?.n ?? 0);
}

function storedObjects(): number {
  const root = join(dataDir, "files");
  let n = 0;
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name === ".tmp") continue;
      if (e.isDirectory()) walk(join(dir, e.name));
      else n++;
    }
  };
  walk(root);
  return n;
}

const statement = makeStatement(11, { columns: 2 });
let pdfBytes: Uint8Array;
let pdfFileId: string;

describe("upload and extraction of a text PDF", () => {
  it("stores the file, queues it, and extracts exactly the statement's line items", async () => {
    pdfBytes = await statementPdf(statement);
    const res = await upload(alice, pdfBytes);
    expect(res.statusCode).toBe(201);
    const file = res.json() as Api;
    pdfFileId = file.id;
    expect(file).toMatchObject({
      fileName: "statement.pdf",
      bblId: aliceProperty,
      documentType: "operating_statement",
      statementYear: 2024,
      contentType: "application/pdf",
      size: pdfBytes.length,
      duplicate: false,
    });
    expect(["queued", "extracting", "extracted"]).toContain(file.status);
    const done = await settled(alice, file.id);
    expect(done.status).toBe("extracted");
    expect(done.pageCount).toBe(1);
    const ex = await extraction(alice, file.id);
    expect(ex.status).toBe("extracted");
    expect(ex.pages[0]?.text).toContain("Total operating expenses");
    expect(itemsOf(ex)).toEqual(expectedItems(statement));
    // Each line item knows where it sits on the page (for highlighting in the preview), top to bottom.
    const tops = ex.lineItems.map((i) => i.box?.y0 ?? -1);
    expect(tops.every((y) => y > 0 && y < 1)).toBe(true);
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    expect(ex.lineItems.every((i) => i.box && i.box.x0 < 0.2 && i.box.x1 > i.box.x0)).toBe(true);
  });

  it("recognises the same file uploaded again: same record, stored once", async () => {
    const before = storedObjects();
    const res = await upload(alice, pdfBytes, { name: "copy of statement.pdf" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: pdfFileId, duplicate: true });
    expect(storedObjects()).toBe(before);
  });

  it("downloads the original bytes with the type found by content", async () => {
    const res = await server.app.inject({
      method: "GET",
      url: `/api/file/download/${pdfFileId}`,
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toContain('filename="statement.pdf"');
    expect(Buffer.compare(res.rawPayload, Buffer.from(pdfBytes))).toBe(0);
  });
});

describe("spreadsheets", () => {
  it("XLSX: formulas read as their results, merged title ignored, hidden sheet skipped", async () => {
    const s = makeStatement(23, { columns: 3 });
    const res = await upload(alice, await statementXlsx(s), { name: "statement.xlsx" });
    expect(res.statusCode).toBe(201);
    expect(res.json().contentType).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const done = await settled(alice, res.json().id);
    expect(done.status).toBe("extracted");
    const ex = await extraction(alice, done.id);
    expect(itemsOf(ex)).toEqual(expectedItems(s));
    expect(ex.lineItems.some((i) => i.amounts.includes(999999))).toBe(false);
    expect(ex.notes).toEqual(['Hidden sheet "Workings" was skipped']);
  });

  it("CSV with a BOM, semicolons and comma decimals", async () => {
    const s = makeStatement(31, { columns: 2 });
    const res = await upload(alice, statementCsv(s), { name: "statement.csv" });
    expect(res.statusCode).toBe(201);
    expect(res.json().contentType).toBe("text/csv");
    const done = await settled(alice, res.json().id);
    expect(done.status).toBe("extracted");
    const ex = await extraction(alice, done.id);
    expect(itemsOf(ex)).toEqual(expectedItems(s));
  });
});

describe("bad files end in a clear status or 4xx, and the server carries on", () => {
  it("zero-byte file → 400, nothing stored", async () => {
    const before = await fileCount();
    const res = await upload(alice, Buffer.alloc(0));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The file is empty (0 bytes)");
    expect(await fileCount()).toBe(before);
  });

  it("an .exe renamed .pdf → 415 with the accepted types", async () => {
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(2048, 7)]);
    const before = await fileCount();
    const res = await upload(alice, exe, { name: "statement.pdf" });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ message: UNSUPPORTED_TYPE_MESSAGE, code: "UNSUPPORTED_MEDIA_TYPE" });
    expect(await fileCount()).toBe(before);
  });

  it.each([
    [
      "truncated PDF",
      async () => Buffer.from(await statementPdf(makeStatement(5))).subarray(0, 700),
      /damaged or incomplete/,
    ],
    ["password-protected PDF", passwordPdf, /^This PDF is password-protected/],
    ["2,000-page PDF", () => manyPagePdf(2000), /2,000 pages; the limit is 500 pages/],
    ["30,000 × 30,000 image", async () => hugePngHeader(), /too large to read \(30,000 × 30,000 pixels\)/],
    [
      "damaged HEIC photo",
      async () =>
        Buffer.concat([
          Buffer.from([0, 0, 0, 0x18]),
          Buffer.from("ftypheic\0\0\0\0mif1heic"),
          Buffer.alloc(512, 9),
        ]),
      /^This HEIC image is damaged or cannot be read/,
    ],
    [
      "old .xls workbook",
      async () =>
        Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096)]),
      /save it as \.xlsx/,
    ],
  ])("%s → failed with a reason the owner can read", async (_name, make, reason) => {
    const res = await upload(alice, await make(), { name: "file.bin" });
    expect(res.statusCode).toBe(201);
    const done = await settled(alice, res.json().id);
    expect(done.status).toBe("failed");
    expect(done.failureReason).toMatch(reason);
    // The server still answers.
    const health = await server.app.inject({ method: "GET", url: "/api/file/company", headers: alice.auth });
    expect(health.statusCode).toBe(200);
  });

  it.each([
    [{ documentType: "operating_statement" }, /"bblId" is required/],
    [{ bblId: "not-a-uuid", documentType: "operating_statement" }, /"bblId" must be a property id/],
    [
      { bblId: "PROPERTY", documentType: "novel" },
      /"documentType" must be one of operating_statement, rent_roll/,
    ],
    [{ bblId: "PROPERTY" }, /"documentType" is required/],
    [{ bblId: "PROPERTY", documentType: "lease", statementYear: "1850" }, /"statementYear" must be a year/],
    [{ bblId: "PROPERTY", documentType: "lease", colour: "red" }, /unknown field "colour"/],
  ])("bad form fields %j → 400", async (fields, message) => {
    const f = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, v === "PROPERTY" ? aliceProperty : v]),
    );
    const before = await fileCount();
    const res = await upload(alice, Buffer.from("Account,2023\nRent,1000\n"), { fields: f, name: "x.csv" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await fileCount()).toBe(before);
  });

  it("no file part → 400; not multipart → 415", async () => {
    const body = multipart({ bblId: aliceProperty, documentType: "other" });
    const res = await server.app.inject({
      method: "POST",
      url: "/api/file/upload",
      headers: { ...alice.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/"file" is required/);
    const json = await server.app.inject({
      method: "POST",
      url: "/api/file/upload",
      headers: alice.auth,
      payload: { file: "x" },
    });
    expect(json.statusCode).toBe(415);
  });

  it("another company's property → 404", async () => {
    const res = await upload(alice, Buffer.from("Account,2023\nRent,1000\n"), {
      bblId: bobProperty,
      name: "x.csv",
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Property not found");
  });

  it("without a token → 401", async () => {
    const body = multipart(
      { bblId: aliceProperty, documentType: "other" },
      { name: "a.csv", data: Buffer.from("a,b\n1,2\n") },
    );
    const res = await server.app.inject({ method: "POST", url: "/api/file/upload", ...body });
    expect(res.statusCode).toBe(401);
  });
});

describe("company scoping", () => {
  it("another company's file id answers 404 everywhere", async () => {
    for (const [method, url] of [
      ["GET", `/api/file/${pdfFileId}`],
      ["GET", `/api/file/download/${pdfFileId}`],
      ["GET", `/api/file/${pdfFileId}/extraction`],
      ["POST", `/api/file/re-ocr/${pdfFileId}`],
      ["DELETE", `/api/file/${pdfFileId}`],
    ] as const) {
      const res = await server.app.inject({ method, url, headers: bob.auth });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code, `${method} ${url}`).toBe("NOT_FOUND");
    }
    const list = await server.app.inject({ method: "GET", url: "/api/file/company", headers: bob.auth });
    expect(list.json()).toEqual([]);
  });

  it("GET /api/file/company lists the company's own files, filterable by property and status", async () => {
    const res = await server.app.inject({
      method: "GET",
      url: "/api/file/company?status=failed",
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(200);
    const items = res.json() as Api[];
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items.every((f) => f.status === "failed" && f.companyId === alice.companyId)).toBe(true);
    const bad = await server.app.inject({
      method: "GET",
      url: "/api/file/company?status=lost",
      headers: alice.auth,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("GET /api/file is for staff only: every company, filtered by status", async () => {
    const denied = await server.app.inject({ method: "GET", url: "/api/file", headers: alice.auth });
    expect(denied.statusCode).toBe(403);
    await upload(bob, Buffer.from("Account,2023\nRent,1000\n"), { bblId: bobProperty, name: "bob.csv" });
    const res = await server.app.inject({
      method: "GET",
      url: "/api/file?rowsPerPage=200",
      headers: staff.auth,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { items: (Api & { companyName: string })[]; total: number };
    expect(new Set(body.items.map((f) => f.companyName))).toEqual(new Set(["Alice Realty", "Bob Holdings"]));
    expect(body.total).toBe(body.items.length);
    const failed = await server.app.inject({
      method: "GET",
      url: "/api/file?status=failed",
      headers: staff.auth,
    });
    expect((failed.json() as { items: Api[] }).items.every((f) => f.status === "failed")).toBe(true);
  });
});

describe("re-OCR and delete", () => {
  it("re-OCR re-runs extraction; re-OCR-all is for staff", async () => {
    const res = await server.app.inject({
      method: "POST",
      url: `/api/file/re-ocr/${pdfFileId}`,
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(202);
    expect(["queued", "extracting", "extracted"]).toContain(res.json().status);
    expect((await settled(alice, pdfFileId)).status).toBe("extracted");
    const denied = await server.app.inject({
      method: "POST",
      url: "/api/file/re-ocr-all",
      headers: alice.auth,
    });
    expect(denied.statusCode).toBe(403);
    const all = await server.app.inject({
      method: "POST",
      url: "/api/file/re-ocr-all?status=failed",
      headers: staff.auth,
    });
    expect(all.statusCode).toBe(202);
    expect(all.json().queued).toBeGreaterThanOrEqual(5);
  });

  it("delete hides the file from the company; staff can still download it", async () => {
    const res = await upload(alice, Buffer.from("Account,2023\nTaxes,500\n"), { name: "delete-me.csv" });
    const id = res.json().id as string;
    await settled(alice, id);
    const del = await server.app.inject({ method: "DELETE", url: `/api/file/${id}`, headers: alice.auth });
    expect(del.statusCode).toBe(204);
    const again = await server.app.inject({ method: "DELETE", url: `/api/file/${id}`, headers: alice.auth });
    expect(again.statusCode).toBe(404);
    const get = await server.app.inject({ method: "GET", url: `/api/file/${id}`, headers: alice.auth });
    expect(get.statusCode).toBe(404);
    const list = await server.app.inject({ method: "GET", url: "/api/file/company", headers: alice.auth });
    expect((list.json() as Api[]).some((f) => f.id === id)).toBe(false);
    const dl = await server.app.inject({
      method: "GET",
      url: `/api/file/download/${id}`,
      headers: staff.auth,
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toContain("Taxes,500");
  });

  it("bad ids → 400", async () => {
    const res = await server.app.inject({
      method: "GET",
      url: "/api/file/not-a-uuid/extraction",
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("rows", () => {
  it("the uploader and company are recorded", async () => {
    const [row] = await server.database.db
      .select()
      .from(statementFiles)
      .where(eq(statementFiles.id, pdfFileId));
    expect(row?.uploadedBy).toBe(alice.userId);
    expect(row?.storageKey).toMatch(/^sha256\/[0-9a-f]{64}$/);
  });
});
