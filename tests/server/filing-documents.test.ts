import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "../../src/domain/roles";
import { filingDocuments, filingEvents, properties } from "../../src/server/db/schema";
import { parseCsv, pdfPages } from "../fixtures/read-outputs";
import type { Statement, StatementLine } from "../fixtures/statements/model";
import { statementCsv } from "../fixtures/statements/render";
import { createProperty, multipart, waitFor } from "./file-helpers";
import { BASE_QUOTE, caller } from "./filing-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
let dataDir: string;
let staff: TestUser;
let owner: TestUser;
let other: TestUser; // another company's owner
let call: ReturnType<typeof caller>;

/**
 * pg's warnings that a query was handed to a client already running one: on PostgreSQL, what a
 * Promise.all on a transaction's single connection does (pg 9 refuses it). Never on PGlite.
 */
const pgOverlaps: string[] = [];
const onWarning = (w: Error) => {
  if (w.message.includes("already executing a query")) pgOverlaps.push(w.message);
};

const line = (label: string, amount: number, isTotal = false): StatementLine => ({
  label,
  amounts: [amount],
  isTotal,
});

/** A small statement that reconciles once everything is mapped (no excluded items). */
function statement(year: number): Statement {
  return {
    company: "Test Realty",
    title: "Operating Statement",
    period: `For the year ended December 31, ${year}`,
    columns: [String(year)],
    sections: [
      {
        heading: "INCOME",
        lines: [
          line("Residential rent", 500_000),
          line("Commercial rent", 60_000),
          line("Total income", 560_000, true),
        ],
      },
      {
        heading: "OPERATING EXPENSES",
        lines: [
          line("Repairs and maintenance", 30_000),
          line("Insurance", 12_000),
          line("Fuel", 8_000),
          line("Total operating expenses", 50_000, true),
        ],
      },
    ],
    closing: [line("Net operating income", 510_000, true)],
    style: { dollar: false, negatives: "minus", decimals: true, zeroAsDash: false },
  };
}

async function uploadStatement(who: TestUser, bblId: string, year: number): Promise<string> {
  return uploadFile(
    who,
    bblId,
    year,
    "operating_statement",
    `statement-${year}-${uuidv7()}.csv`,
    statementCsv(statement(year)),
  );
}

/** Uploads a file of a document type and waits until it is extracted. */
async function uploadFile(
  who: TestUser,
  bblId: string,
  year: number,
  documentType: string,
  name: string,
  data: Uint8Array,
): Promise<string> {
  const body = multipart({ bblId, documentType, statementYear: String(year) }, { name, data });
  const res = await server.app.inject({
    method: "POST",
    url: "/api/file/upload",
    headers: { ...who.auth, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  await waitFor(
    async () => {
      const f = (await call("GET", `/api/file/${id}`, who)).json();
      if (f.status === "failed") throw new Error(`extraction failed: ${f.failureReason}`);
      return f.status === "extracted" ? f : undefined;
    },
    90_000,
    `file ${id} to be extracted`,
  );
  return id;
}

interface Filing {
  id: string;
  state: string;
  version: number;
  invoice: { id: string } | null;
  quote: { id: string } | null;
}

/** A property of the owner's with an address, its 2024 statement uploaded and extracted. */
async function propertyWithStatement(): Promise<{ propertyId: string; fileId: string; bbl: string }> {
  const propertyId = await createProperty(server, owner.companyId);
  const [p] = await server.database.db
    .update(properties)
    .set({ address: "12 Test Street, New York, NY 10001", ownerName: "Olive Holdings LLC" })
    .where(eq(properties.id, propertyId))
    .returning({ bbl: properties.bbl });
  const fileId = await uploadStatement(owner, propertyId, 2024);
  return { propertyId, fileId, bbl: p?.bbl ?? "" };
}

/** Starts the property's 2025 filing and walks it (owner and staff) up to `until`. */
async function walkFiling(propertyId: string, until: "in_review" | "mapping"): Promise<Filing> {
  const created = await call("POST", "/api/filings", owner, { propertyId, year: 2025 });
  expect(created.statusCode, created.body).toBe(201);
  let f: Filing = created.json();
  f = (await call("POST", `/api/filings/${f.id}/documents-sent`, owner, { version: f.version })).json();
  let r = await call("POST", `/api/admin/filings/${f.id}/transition`, staff, {
    to: "in_review",
    version: f.version,
  });
  expect(r.statusCode, r.body).toBe(200);
  f = r.json();
  if (until === "in_review") return f;
  r = await call("POST", `/api/admin/filings/${f.id}/quote`, staff, BASE_QUOTE);
  expect(r.statusCode, r.body).toBe(201);
  const quoteId = (r.json() as Filing).quote?.id;
  r = await call("POST", `/api/quotes/${quoteId}/accept`, owner);
  expect(r.statusCode, r.body).toBe(200);
  const invoiceId = r.json().invoice.id as string;
  r = await call("POST", `/api/admin/invoices/${invoiceId}/mark-received`, staff, {
    method: "bank_transfer",
  });
  expect(r.statusCode, r.body).toBe(200);
  f = r.json();
  expect(f.state).toBe("paid");
  r = await call("POST", `/api/admin/filings/${f.id}/transition`, staff, {
    to: "mapping",
    version: f.version,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

interface View {
  record: { version: number; document: Record<string, unknown> & { assignments: Record<string, string> } };
  extraction: { lines: { id: string; originalLabel: string }[] };
}

/** Staff map every line of the file and mark it ready; answers the ready response. */
async function mapAndMarkReady(fileId: string) {
  const opened = await call("GET", `/api/statement-mapping/${fileId}`, staff);
  expect(opened.statusCode, opened.body).toBe(200);
  const v = opened.json() as View;
  const id = (label: string) => {
    const l = v.extraction.lines.find((x) => x.originalLabel === label);
    if (!l) throw new Error(`no line ${label}: ${JSON.stringify(v.extraction.lines)}`);
    return l.id;
  };
  const document = structuredClone(v.record.document);
  document.assignments = {
    [id("Residential rent")]: "rpie.J.1b",
    [id("Repairs and maintenance")]: "rpie.L.5",
    [id("Insurance")]: "rpie.L.7",
    [id("Commercial rent")]: "rpie.J.3",
    [id("Fuel")]: "rpie.L.1",
  };
  const saved = await call("PUT", `/api/statement-mapping/${fileId}`, staff, {
    version: v.record.version,
    document,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const ready = await call("POST", `/api/statement-mapping/${fileId}/ready`, staff, {
    version: saved.json().record.version,
  });
  expect(ready.statusCode, ready.body).toBe(200);
  return ready.json();
}

beforeAll(async () => {
  process.on("warning", onWarning);
  dataDir = mkdtempSync(join(tmpdir(), "blocklot-filing-docs-"));
  server = await startTestServer({ DATA_DIR: dataDir, EXTRACTION_WORKERS: "1" });
  call = caller(server);
  staff = await createTestUser(server, {
    displayName: "Stella Staff",
    roles: [ROLES.USER, ROLES.SUPER_ADMIN],
  });
  owner = await createTestUser(server, { displayName: "Olive Owner", companyName: "Olive Holdings" });
  other = await createTestUser(server, { displayName: "Oscar Owner", companyName: "Oscar Estates" });
}, 120_000);
afterAll(async () => {
  process.off("warning", onWarning);
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("marking a mapping ready moves the filing waiting on it", () => {
  it("a filing in mapping becomes ready to file, through the pipeline (event, version)", async () => {
    const { propertyId, fileId } = await propertyWithStatement();
    const f = await walkFiling(propertyId, "mapping");
    const ready = await mapAndMarkReady(fileId);
    expect(ready.record.status).toBe("ready");
    // The property has no AAV: the TC309 test cannot be made, so the filing carries no flag.
    expect(ready.filing).toEqual({ id: f.id, state: "ready_to_file", moved: true, refusal: null, flags: [] });

    const after = (await call("GET", `/api/admin/filings/${f.id}`, staff)).json();
    expect(after).toMatchObject({ state: "ready_to_file", version: f.version + 1 });
    const [event] = await server.database.db
      .select()
      .from(filingEvents)
      .where(and(eq(filingEvents.filingId, f.id), eq(filingEvents.toState, "ready_to_file")));
    expect(event).toMatchObject({
      fromState: "mapping",
      actorRole: "staff",
      actorId: staff.userId,
      type: "transition",
    });
    expect(event?.message).toMatch(/^Mapping of statement-2024-.*\.csv marked ready$/);
  }, 120_000);

  it("a filing in another state is left alone, and a mapping without a filing says so", async () => {
    const a = await propertyWithStatement();
    const f = await walkFiling(a.propertyId, "in_review");
    const ready = await mapAndMarkReady(a.fileId);
    expect(ready.filing).toEqual({ id: f.id, state: "in_review", moved: false, refusal: null, flags: [] });
    expect((await call("GET", `/api/admin/filings/${f.id}`, staff)).json()).toMatchObject({
      state: "in_review",
      version: f.version,
    });

    const b = await propertyWithStatement();
    expect((await mapAndMarkReady(b.fileId)).filing).toBeNull();
  }, 120_000);
});

describe("what was filed is kept for the owner", () => {
  const markFiled = (f: { id: string; version: number }) =>
    call("POST", `/api/admin/filings/${f.id}/filed`, staff, {
      version: f.version,
      confirmationNumber: "RPIE-2025-0042",
      filedOn: "2025-05-20",
    });

  it("stores the PDF, CSV and XLSX of the ready mapping; the owner lists and downloads them", async () => {
    const { propertyId, fileId, bbl } = await propertyWithStatement();
    const walked = await walkFiling(propertyId, "mapping");
    await mapAndMarkReady(fileId);
    const before = await call("GET", `/api/filings/${walked.id}/documents`, owner);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ items: [] });

    const f = (await call("GET", `/api/admin/filings/${walked.id}`, staff)).json() as Filing;
    expect(f.state).toBe("ready_to_file");
    const filed = await markFiled(f);
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json()).toMatchObject({ state: "filed", confirmationNumber: "RPIE-2025-0042" });

    const list = await call("GET", `/api/filings/${f.id}/documents`, owner);
    expect(list.statusCode).toBe(200);
    const items = list.json().items as { name: string; kind: string; size: number }[];
    expect(items.map((d) => d.kind)).toEqual(["pdf", "csv", "xlsx"]); // no AAV: the TC309 is not tested
    expect(items[0]?.name).toBe(`rpie-2025-${bbl}.pdf`);

    const pdf = await call("GET", `/api/filings/${f.id}/documents/${items[0]?.name}`, owner);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(`attachment; filename="rpie-2025-${bbl}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.rawPayload.length).toBe(items[0]?.size);
    const text = (await pdfPages(new Uint8Array(pdf.rawPayload))).flat().join(" ");
    expect(text).toContain("12 Test Street");
    expect(text).toMatch(/BBL \d-\d{5}-\d{4}/);

    const csv = await call("GET", `/api/filings/${f.id}/documents/${items[1]?.name}`, owner);
    expect(csv.statusCode).toBe(200);
    const { rows } = parseCsv(new Uint8Array(csv.rawPayload));
    expect(rows.find((r) => r.field_id === "rpie.L.5")?.amount).toBe("30000.00");

    const xlsx = await call("GET", `/api/filings/${f.id}/documents/${items[2]?.name}`, owner);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");

    // The bytes are in the file store, the database only names them.
    const rowsInDb = await server.database.db
      .select()
      .from(filingDocuments)
      .where(eq(filingDocuments.filingId, f.id));
    expect(rowsInDb).toHaveLength(3);
    for (const r of rowsInDb) {
      const hex = r.storageKey.replace("sha256/", "");
      expect(existsSync(join(dataDir, "files", hex.slice(0, 2), hex.slice(2, 4), hex))).toBe(true);
    }

    // Staff may read them too; another company may not (404), nor a name that is not there.
    expect((await call("GET", `/api/filings/${f.id}/documents`, staff)).json().items).toHaveLength(3);
    expect((await call("GET", `/api/filings/${f.id}/documents`, other)).statusCode).toBe(404);
    const theirs = await call("GET", `/api/filings/${f.id}/documents/${items[0]?.name}`, other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe("Filing not found");
    expect((await call("GET", `/api/filings/${f.id}/documents/nothing.pdf`, owner)).statusCode).toBe(404);
    expect((await call("GET", `/api/filings/${f.id}/documents`)).statusCode).toBe(401);
  }, 120_000);

  it("adds the TC309 checklist when it applies (tentative AAV ≥ $5M, income > $100k)", async () => {
    const { propertyId, fileId } = await propertyWithStatement();
    await server.database.db.update(properties).set({ aav: 6_250_000 }).where(eq(properties.id, propertyId));
    const walked = await walkFiling(propertyId, "mapping");
    await mapAndMarkReady(fileId);
    const f = (await call("GET", `/api/admin/filings/${walked.id}`, staff)).json() as Filing;
    // No audit report uploaded: flagged, so it is filed with an explanation.
    const filed = await call("POST", `/api/admin/filings/${f.id}/filed`, staff, {
      version: f.version,
      confirmationNumber: "RPIE-2025-0042",
      filedOn: "2025-05-20",
      flagsExplanation: "The owner's CPA files the TC309 directly",
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const items = (await call("GET", `/api/filings/${f.id}/documents`, owner)).json().items as {
      name: string;
      kind: string;
    }[];
    expect(items.map((d) => d.kind)).toEqual(["pdf", "csv", "xlsx", "tc309"]);
    const tc309 = await call("GET", `/api/filings/${f.id}/documents/${items[3]?.name}`, owner);
    expect(tc309.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  }, 120_000);

  it("an illegal or stale mark-filed stores nothing", async () => {
    const { propertyId } = await propertyWithStatement();
    const f = await walkFiling(propertyId, "in_review");
    const refused = await markFiled(f);
    expect(refused.statusCode).toBe(409);
    const rows = await server.database.db
      .select()
      .from(filingDocuments)
      .where(eq(filingDocuments.filingId, f.id));
    expect(rows).toHaveLength(0);
  }, 120_000);
});

/** A one-page text PDF, a line of text per line. */
async function textPdf(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  lines.forEach((text, i) => {
    page.drawText(text, { x: 50, y: 740 - i * 18, size: 10, font });
  });
  return doc.save();
}

/** An audit report of the test statement: its totals are the statement's (income 560,000, expenses 50,000). */
const AUDIT_REPORT = (
  year: number,
  opinion = "presents fairly, in all material respects, the income and",
) => [
  "HARRIS & WEBB LLP",
  "INDEPENDENT AUDITOR'S REPORT",
  `In our opinion, the statement ${opinion}`,
  `expenses of the property for the year ended December 31, ${year}.`,
  "Total income 560,000.00",
  "Total operating expenses 50,000.00",
  "/s/ Harris & Webb LLP",
  "New York State CPA License No. 087654",
];

interface AuditViewBody {
  files: { fileId: string }[];
  fileId: string | null;
  suggestion: { fields: Record<string, unknown>; evidence: Record<string, string> } | null;
  saved: ({ version: number } & Record<string, unknown>) | null;
  tc309: { required: boolean | null; reason: string; tentativeAav: number | null; incomeFrom: string | null };
  flags: { code: string; message: string }[];
}

describe("the audit report into the TC309", () => {
  const url = (filingId: string) => `/api/statement-mapping/filings/${filingId}/audit-report`;
  const markFiled = (f: { id: string; version: number }, flagsExplanation?: string) =>
    call("POST", `/api/admin/filings/${f.id}/filed`, staff, {
      version: f.version,
      confirmationNumber: "RPIE-2025-0309",
      filedOn: "2025-05-20",
      ...(flagsExplanation ? { flagsExplanation } : {}),
    });
  const facts = (fileId: string | null, version: number, over: Record<string, unknown> = {}) => ({
    version,
    fileId,
    auditor: "Harris & Webb LLP",
    cpaLicence: "087654",
    opinion: "unmodified",
    periodStart: "2024-01-01",
    periodEnd: "2024-12-31",
    totalIncome: 560_000,
    totalExpenses: 50_000,
    ...over,
  });

  /** A property over the TC309 AAV with its statement mapped ready and its filing ready to file. */
  async function readyFiling(aav = 6_250_000) {
    const { propertyId, fileId } = await propertyWithStatement();
    await server.database.db.update(properties).set({ aav }).where(eq(properties.id, propertyId));
    const walked = await walkFiling(propertyId, "mapping");
    const ready = await mapAndMarkReady(fileId);
    const f = (await call("GET", `/api/admin/filings/${walked.id}`, staff)).json() as Filing & {
      flags: { code: string }[];
    };
    // The ready answer's filing carries the flags the filing's page shows.
    expect(ready.filing).toMatchObject({ id: f.id, state: "ready_to_file", moved: true });
    expect(ready.filing.flags).toEqual(f.flags);
    return { propertyId, f };
  }

  it("is staff's only: guests 401, owners 403 (theirs or not), bad ids 400, unknown filings 404", async () => {
    const { f } = await readyFiling();
    for (const [method, body] of [
      ["GET", undefined],
      ["PUT", facts(null, 0)],
    ] as const) {
      expect((await call(method, url(f.id), undefined, body)).statusCode).toBe(401);
      expect((await call(method, url(f.id), owner, body)).statusCode).toBe(403);
      expect((await call(method, url(f.id), other, body)).statusCode).toBe(403);
      expect((await call(method, url("not-a-uuid"), staff, body)).statusCode).toBe(400);
      expect((await call(method, url(uuidv7()), staff, body)).statusCode).toBe(404);
    }
    // Another company's audit report cannot be taken as this filing's, nor suggested from.
    const theirProperty = await createProperty(server, other.companyId);
    const theirs = await uploadFile(
      other,
      theirProperty,
      2024,
      "audit_report",
      "theirs.pdf",
      await textPdf(AUDIT_REPORT(2024)),
    );
    const taken = await call("PUT", url(f.id), staff, facts(theirs, 0));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe("That file is not an audit report of this filing");
    expect((await call("GET", `${url(f.id)}?fileId=${theirs}`, staff)).statusCode).toBe(400);
    expect((await call("GET", url(f.id), staff)).json().saved).toBeNull();
  }, 120_000);

  it("staff save the facts suggested from the uploaded audit report; the filed TC309 checklist carries them", async () => {
    const { propertyId, f } = await readyFiling();
    // Before the audit report is uploaded: the TC309 applies and nothing supports it.
    expect(f.flags.map((x) => x.code)).toEqual(["tc309_no_audit_report"]);
    const reportId = await uploadFile(
      owner,
      propertyId,
      2024,
      "audit_report",
      "audit.pdf",
      await textPdf(AUDIT_REPORT(2024)),
    );

    const opened = await call("GET", url(f.id), staff);
    expect(opened.statusCode, opened.body).toBe(200);
    const view = opened.json() as AuditViewBody;
    expect(view.files.map((x) => x.fileId)).toEqual([reportId]);
    expect(view.fileId).toBe(reportId);
    expect(view.suggestion?.fields).toMatchObject({
      auditor: "Harris & Webb LLP",
      cpaLicence: "087654",
      opinion: "unmodified",
    });
    expect(view.suggestion?.evidence.cpaLicence).toContain("License No. 087654");
    expect(view.saved).toBeNull();
    expect(view.tc309).toMatchObject({ required: true, tentativeAav: 6_250_000, incomeFrom: "mapping" });
    expect(view.tc309.reason).toContain("$6,250,000");
    expect(view.flags.map((x) => x.code)).toEqual(["tc309_facts_not_saved"]);

    // Filing is refused while a flag is neither fixed nor explained.
    const refused = await markFiled(f);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: "TC309_FLAGS", flags: [{ code: "tc309_facts_not_saved" }] });

    // Bad input is 400 and saves nothing.
    for (const bad of [
      facts(reportId, 0, { totalIncome: -1 }),
      facts(reportId, 0, { opinion: "clean" }),
      facts(reportId, 0, { periodStart: "2024-12-31", periodEnd: "2024-01-01" }),
      facts(reportId, 0, { periodEnd: "2024-02-30" }),
      facts(uuidv7(), 0),
      { ...facts(reportId, 0), extra: 1 },
    ]) {
      const res = await call("PUT", url(f.id), staff, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await call("GET", url(f.id), staff)).json().saved).toBeNull();

    // Staff correct the auditor's name and save.
    const saved = await call("PUT", url(f.id), staff, facts(reportId, 0, { auditor: "Harris & Webb, LLP" }));
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json() as AuditViewBody;
    expect(after.saved).toMatchObject({
      version: 1,
      auditor: "Harris & Webb, LLP",
      fileId: reportId,
      totalExpenses: 50_000,
    });
    expect(after.flags).toEqual([]);
    // A second save from the version 0 it read is stale.
    expect((await call("PUT", url(f.id), staff, facts(reportId, 0))).statusCode).toBe(409);
    const detail = (await call("GET", `/api/admin/filings/${f.id}`, staff)).json();
    expect(detail.flags).toEqual([]);

    expect((await markFiled(f)).statusCode).toBe(200);
    const items = (await call("GET", `/api/filings/${f.id}/documents`, owner)).json().items as {
      name: string;
      kind: string;
    }[];
    expect(items.map((d) => d.kind)).toEqual(["pdf", "csv", "xlsx", "tc309"]);
    const tc309 = await call("GET", `/api/filings/${f.id}/documents/${items[3]?.name}`, owner);
    const text = (await pdfPages(new Uint8Array(tc309.rawPayload))).flat().join(" ");
    expect(text).toContain("Harris & Webb, LLP");
    expect(text).toContain("087654");
    expect(text).toContain("Nothing: the audit report supports the TC309 certification.");
  }, 180_000);

  it("flags an audit report that does not support the certification; filing then needs an explanation", async () => {
    const { propertyId, f } = await readyFiling();
    const reportId = await uploadFile(
      owner,
      propertyId,
      2024,
      "audit_report",
      "audit.pdf",
      await textPdf(AUDIT_REPORT(2024)),
    );
    const flagsAfter = async (over: Record<string, unknown>) => {
      const current = (await call("GET", url(f.id), staff)).json() as AuditViewBody;
      const res = await call("PUT", url(f.id), staff, facts(reportId, current.saved?.version ?? 0, over));
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as AuditViewBody).flags;
    };
    const qualified = await flagsAfter({ opinion: "qualified" });
    expect(qualified).toEqual([
      {
        code: "tc309_audit_problem",
        message: "A qualified opinion cannot support a TC309; the opinion must be unmodified",
      },
    ]);
    const period = await flagsAfter({ periodStart: "2023-01-01", periodEnd: "2023-12-31" });
    expect(period.map((x) => x.code)).toEqual(["tc309_audit_difference"]);
    expect(period[0]?.message).toContain("is not the statement's period");
    const totals = await flagsAfter({ totalIncome: 561_000, cpaLicence: null });
    expect(totals.map((x) => x.code)).toEqual(["tc309_audit_problem", "tc309_audit_difference"]);
    expect(totals[1]?.message).toContain("The audited total income $561,000.00 differs");

    // The queue shows the flags too.
    const queue = (
      await call("GET", `/api/admin/filings?companyId=${owner.companyId}&state=ready_to_file`, staff)
    ).json();
    expect(queue.items.find((x: { id: string }) => x.id === f.id)?.flags).toHaveLength(2);

    expect((await markFiled(f)).statusCode).toBe(422);
    const filed = await markFiled(f, "The CPA confirmed the licence by phone; revised report to follow");
    expect(filed.statusCode, filed.body).toBe(200);
    const [note] = await server.database.db
      .select()
      .from(filingEvents)
      .where(and(eq(filingEvents.filingId, f.id), eq(filingEvents.type, "note")));
    expect(note?.message).toBe(
      "Filed despite the TC309 flags: The CPA confirmed the licence by phone; revised report to follow",
    );
  }, 180_000);

  it("every staff answer that returns the filing carries the flags the queue shows for it", async () => {
    // A property over the TC309 AAV whose 2024 statement is mapped: the TC309 applies from the start.
    const { propertyId, fileId } = await propertyWithStatement();
    await server.database.db.update(properties).set({ aav: 6_250_000 }).where(eq(properties.id, propertyId));
    expect((await mapAndMarkReady(fileId)).filing).toBeNull();

    type Flag = { code: string; message: string };
    type StaffFiling = Filing & { flags: Flag[] };
    const queueFlags = async (id: string, state: string) => {
      const res = await call("GET", `/api/admin/filings?companyId=${owner.companyId}&state=${state}`, staff);
      expect(res.statusCode, res.body).toBe(200);
      const item = (res.json().items as StaffFiling[]).find((x) => x.id === id);
      expect(item, `filing ${id} in the ${state} queue`).toBeDefined();
      return item?.flags;
    };
    /** The answer is the filing as staff see it: its flags are the queue's, and the page's. */
    const sameAsQueue = async (res: Awaited<ReturnType<typeof call>>, status = 200) => {
      expect(res.statusCode, res.body).toBe(status);
      const f = res.json() as StaffFiling;
      expect(f.flags).toEqual(await queueFlags(f.id, f.state));
      expect(f.flags).toEqual((await call("GET", `/api/admin/filings/${f.id}`, staff)).json().flags);
      return f;
    };
    const NO_REPORT = [
      { code: "tc309_no_audit_report", message: "The TC309 applies but no audit report was uploaded" },
    ];
    const move = (f: Filing, to: string, version = f.version) =>
      call("POST", `/api/admin/filings/${f.id}/transition`, staff, { to, version });

    const created = await call("POST", "/api/filings", owner, { propertyId, year: 2025 });
    expect(created.statusCode, created.body).toBe(201);
    let f = created.json() as StaffFiling;
    f = (await call("POST", `/api/filings/${f.id}/documents-sent`, owner, { version: f.version })).json();

    // The move to in review.
    f = await sameAsQueue(await move(f, "in_review"));
    expect(f).toMatchObject({ state: "in_review", flags: NO_REPORT });
    // A stale move's 409 carries the filing as it is now, with its flags.
    const stale = await move(f, "needs_information", f.version - 1);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().current).toMatchObject({ id: f.id, version: f.version, flags: NO_REPORT });
    // Read one query after the other in the move's transaction (pg's warning comes on the next tick).
    await new Promise((resolve) => setImmediate(resolve));
    expect(pgOverlaps).toEqual([]);

    // Pricing as a draft, then sending the quote.
    f = await sameAsQueue(
      await call("POST", `/api/admin/filings/${f.id}/quote`, staff, { ...BASE_QUOTE, send: false }),
      201,
    );
    expect(f).toMatchObject({ state: "in_review", quote: { status: "draft" }, flags: NO_REPORT });
    f = await sameAsQueue(await call("POST", `/api/admin/quotes/${f.quote?.id}/send`, staff));
    expect(f).toMatchObject({ state: "quoted", quote: { status: "sent" }, flags: NO_REPORT });

    // The owner uploads the audit report: the next answers change with the queue (facts not saved).
    await uploadFile(owner, propertyId, 2024, "audit_report", "audit.pdf", await textPdf(AUDIT_REPORT(2024)));
    f = await sameAsQueue(await call("POST", `/api/admin/filings/${f.id}/quote`, staff, BASE_QUOTE), 201);
    expect(f.state).toBe("quoted");
    expect(f.flags.map((x) => x.code)).toEqual(["tc309_facts_not_saved"]);

    // The payment answers: override the unpaid invoice, then record the transfer.
    const accepted = await call("POST", `/api/quotes/${f.quote?.id}/accept`, owner);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const invoiceId = accepted.json().invoice.id as string;
    f = await sameAsQueue(
      await call("POST", `/api/admin/invoices/${invoiceId}/override`, staff, {
        reason: "Owner pays by check",
      }),
    );
    expect(f.flags.map((x) => x.code)).toEqual(["tc309_facts_not_saved"]);
    f = await sameAsQueue(
      await call("POST", `/api/admin/invoices/${invoiceId}/mark-received`, staff, { method: "check" }),
    );
    expect(f).toMatchObject({ state: "paid", flags: [{ code: "tc309_facts_not_saved" }] });

    // The move to mapping; then filing it (with an explanation) leaves no flag, in the answer and the queue.
    f = await sameAsQueue(await move(f, "mapping"));
    expect(f.flags.map((x) => x.code)).toEqual(["tc309_facts_not_saved"]);
    f = await sameAsQueue(await move(f, "ready_to_file"));
    expect(f.flags.map((x) => x.code)).toEqual(["tc309_facts_not_saved"]);
    f = await sameAsQueue(await markFiled(f, "The owner's CPA files the TC309 directly"));
    expect(f).toMatchObject({ state: "filed", flags: [] });

    // Owners never see the flags.
    const mine = await call("GET", `/api/filings/${f.id}`, owner);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).not.toHaveProperty("flags");
  }, 180_000);

  it("raises no flag when the TC309 does not apply (AAV under $5,000,000)", async () => {
    const { f } = await readyFiling(4_999_999);
    expect(f.flags).toEqual([]);
    const view = (await call("GET", url(f.id), staff)).json() as AuditViewBody;
    expect(view.tc309.required).toBe(false);
    expect(view.files).toEqual([]);
    expect(view.suggestion).toBeNull();
    expect((await markFiled(f)).statusCode).toBe(200);
  }, 120_000);
});
