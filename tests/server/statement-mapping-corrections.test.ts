import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "../../src/domain/roles";
import { properties } from "../../src/server/db/schema";
import { createProperty, multipart, waitFor } from "./file-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

// Issue 23: a section whose total does not add up is flagged for staff with the expected and
// stated figures, the statement's own totals sit beside the mapped ones, and staff correct a
// misread amount in place (kept in the history, used by mapping from then on); the same
// account number of the same owner maps the same way next year.

let server: TestServer;
let dataDir: string;
let dana: TestUser; // staff
let owner: TestUser;
let fileId: string;

// "Repairs" was misread: 80,000 where 30,000 is printed (the total, 132,000, says so).
const CSV = [
  "Account,2024",
  "INCOME,",
  "Residential rent,500000.00",
  "Laundry income,4800.00",
  "Total income,504800.00",
  "OPERATING EXPENSES,",
  "Repairs and maintenance,80000.00",
  "Real estate taxes,90000.00",
  "Insurance,12000.00",
  "Total operating expenses,132000.00",
  "Net operating income,372800.00",
].join("\n");

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, who: TestUser | null, payload?: unknown) =>
  server.app.inject({
    method,
    url,
    headers: who?.auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

interface View {
  record: { version: number; document: { corrections: Record<string, { amount?: number; note?: string }> } };
  extraction: {
    lines: {
      id: string;
      originalLabel: string;
      amount: number | null;
      corrected: boolean;
      confidence: number | null;
      account: string | null;
    }[];
    failedTotals: { lineId: string; label: string; expected: number; found: number; difference: number }[];
  };
  statementTotals: {
    kind: string;
    statement: { label: string; amount: number } | null;
    mapped: number;
    difference: number | null;
  }[];
  reconciliation: { amounts: Record<string, number> };
}

const open = async (): Promise<View> => {
  const res = await call("GET", `/api/statement-mapping/${fileId}`, dana);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as View;
};
const idOf = (v: View, label: string) => {
  const l = v.extraction.lines.find((x) => x.originalLabel === label);
  if (!l) throw new Error(`no line ${label}`);
  return l.id;
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "blocklot-corrections-"));
  server = await startTestServer({ DATA_DIR: dataDir, EXTRACTION_WORKERS: "1" });
  dana = await createTestUser(server, { displayName: "Dana Staff", roles: [ROLES.USER, ROLES.SUPER_ADMIN] });
  owner = await createTestUser(server, { displayName: "Olive Owner", companyName: "Olive Holdings" });
  const property = await createProperty(server, owner.companyId);
  fileId = await upload(owner, property, CSV, 2024);
}, 120_000);

async function upload(
  who: TestUser,
  property: string,
  csv: string | Uint8Array,
  year: number,
  documentType = "operating_statement",
): Promise<string> {
  const pdf = typeof csv !== "string";
  const body = multipart(
    { bblId: property, documentType, statementYear: String(year) },
    { name: `${documentType}-${uuidv7()}.${pdf ? "pdf" : "csv"}`, data: Buffer.from(csv) },
  );
  const res = await server.app.inject({
    method: "POST",
    url: "/api/file/upload",
    headers: { ...who.auth, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as string;
  await waitFor(
    async () => {
      const f = (
        await server.app.inject({ method: "GET", url: `/api/file/${id}`, headers: who.auth })
      ).json();
      if (f.status === "failed") throw new Error(`extraction failed: ${f.failureReason}`);
      return f.status === "extracted" ? f : undefined;
    },
    90_000,
    "the statement to be extracted",
  );
  return id;
}
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("totals in the mapping view", () => {
  it("flags the section whose total does not add up, with the expected and stated figures", async () => {
    const v = await open();
    expect(v.extraction.failedTotals).toEqual([
      {
        lineId: idOf(v, "Total operating expenses"),
        section: expect.any(String),
        label: "Total operating expenses",
        expected: 182_000,
        found: 132_000,
        difference: -50_000,
      },
    ]);
    // A spreadsheet has no OCR confidence.
    expect(v.extraction.lines.every((l) => l.confidence === null)).toBe(true);
  });

  it("shows the statement's income, expenses and NOI beside the mapped RPIE totals", async () => {
    let v = await open();
    const doc = structuredClone(v.record.document) as Record<string, unknown>;
    doc.assignments = {
      [idOf(v, "Residential rent")]: "rpie.J.1b",
      [idOf(v, "Laundry income")]: "rpie.J.11",
      [idOf(v, "Repairs and maintenance")]: "rpie.L.5",
      [idOf(v, "Insurance")]: "rpie.L.7",
    };
    const res = await call("PUT", `/api/statement-mapping/${fileId}`, dana, {
      version: v.record.version,
      document: doc,
    });
    expect(res.statusCode, res.body).toBe(200);
    v = res.json() as View;
    expect(v.statementTotals).toEqual([
      {
        kind: "income",
        statement: expect.objectContaining({ amount: 504_800 }),
        mapped: 504_800,
        difference: 0,
      },
      {
        kind: "expenses",
        statement: expect.objectContaining({ amount: 132_000 }),
        mapped: 92_000,
        difference: 40_000,
      },
      {
        kind: "noi",
        statement: expect.objectContaining({ amount: 372_800 }),
        mapped: 412_800,
        difference: -40_000,
      },
    ]);
  });
});

describe("correcting an amount in place", () => {
  it("refuses callers who are not staff: 401 without a token, 403 for the owner", async () => {
    const v = await open();
    const url = `/api/statement-mapping/${fileId}/lines/${idOf(v, "Insurance")}/amount`;
    const body = { version: v.record.version, amount: 1 };
    expect((await call("PUT", url, null, body)).statusCode).toBe(401);
    expect((await call("PUT", url, owner, body)).statusCode).toBe(403);
    expect((await open()).record.version).toBe(v.record.version);
  });

  it("answers 400 for bad input and keeps the mapping as it was", async () => {
    const v = await open();
    const base = `/api/statement-mapping/${fileId}/lines`;
    const cases: [string, unknown][] = [
      [`${base}/9999/amount`, { version: v.record.version, amount: 1 }],
      [`${base}/abc/amount`, { version: v.record.version, amount: 1 }],
      [`${base}/0/amount`, { version: v.record.version, amount: "12,500" }],
      [`${base}/0/amount`, { version: v.record.version }],
      [`${base}/0/amount`, { version: v.record.version, amount: 1, extra: true }],
      [`${base}/0/amount`, { version: v.record.version, amount: 1e15 }],
    ];
    for (const [url, body] of cases) {
      const res = await call("PUT", url, dana, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await open()).record.version).toBe(v.record.version);
  });

  it("corrects the misread amount: the flag goes, mapping uses it, the history keeps who, when, before and after", async () => {
    const v = await open();
    const repairs = idOf(v, "Repairs and maintenance");
    const res = await call("PUT", `/api/statement-mapping/${fileId}/lines/${repairs}/amount`, dana, {
      version: v.record.version,
      amount: 30_000,
      note: "OCR read 3 as 8",
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as View;
    expect(after.record.version).toBe(v.record.version + 1);
    expect(after.record.document.corrections[repairs]).toEqual({ amount: 30_000, note: "OCR read 3 as 8" });
    expect(after.extraction.lines.find((l) => l.id === repairs)).toMatchObject({
      amount: 30_000,
      corrected: true,
    });
    expect(after.extraction.failedTotals).toEqual([]);
    expect(after.reconciliation.amounts["rpie.L.5"]).toBe(30_000);

    const history = (await call("GET", `/api/statement-mapping/${fileId}/history`, dana)).json();
    const event = history.events.at(-1);
    expect(event).toMatchObject({ action: "correct_amount", version: after.record.version });
    expect(event.by).toMatchObject({ id: dana.userId, displayName: "Dana Staff" });
    expect(Date.parse(event.at)).not.toBeNaN();
    expect(event.changes).toEqual([
      { path: `corrections.${repairs}`, from: null, to: { amount: 30_000, note: "OCR read 3 as 8" } },
    ]);

    // A stale version is refused like any save.
    const stale = await call("PUT", `/api/statement-mapping/${fileId}/lines/${repairs}/amount`, dana, {
      version: v.record.version,
      amount: 31_000,
    });
    expect(stale.statusCode).toBe(409);

    // null takes it back: the original counts again.
    const back = await call("PUT", `/api/statement-mapping/${fileId}/lines/${repairs}/amount`, dana, {
      version: after.record.version,
      amount: null,
    });
    expect(back.statusCode, back.body).toBe(200);
    const undone = back.json() as View;
    expect(undone.record.document.corrections[repairs]).toBeUndefined();
    expect(undone.extraction.failedTotals).toHaveLength(1);
  });
});

describe("account numbers in the mapping memory", () => {
  const accounts = (rows: [string, string, number][]) =>
    [
      "Account,2024",
      "OPERATING EXPENSES,",
      ...rows.map(([a, label, n]) => `${a} - ${label},${n.toFixed(2)}`),
    ].join("\n");
  type Suggested = View & {
    extraction: { lines: { id: string; account: string | null }[] };
    suggestions: { candidates: { field: { id: string }; reason: string; source: string }[] }[];
  };

  it("suggests the same field for the same owner's account number next year, whatever its name now", async () => {
    const lastYearFile = await upload(
      owner,
      await createProperty(server, owner.companyId),
      accounts([
        ["6420", "Acme Svc Agreement 7", 8_000],
        ["6510", "Insurance", 12_000],
      ]),
      2023,
    );
    let res = await call("GET", `/api/statement-mapping/${lastYearFile}`, dana);
    expect(res.statusCode, res.body).toBe(200);
    let v = res.json() as Suggested;
    const agreement = v.extraction.lines.find((l) => l.account === "6420");
    const insurance = v.extraction.lines.find((l) => l.account === "6510");
    expect(agreement && insurance, JSON.stringify(v.extraction.lines)).toBeTruthy();
    const doc = structuredClone(v.record.document) as Record<string, unknown>;
    doc.assignments = { [agreement?.id as string]: "rpie.L.3", [insurance?.id as string]: "rpie.L.7" };
    res = await call("PUT", `/api/statement-mapping/${lastYearFile}`, dana, {
      version: v.record.version,
      document: doc,
    });
    expect(res.statusCode, res.body).toBe(200);
    v = res.json();
    res = await call("POST", `/api/statement-mapping/${lastYearFile}/ready`, dana, {
      version: v.record.version,
    });
    expect(res.statusCode, res.body).toBe(200);

    // Next year the owner's export names account 6420 differently.
    const csv = accounts([["6420", "Bldg contract - lobby", 8_400]]);
    const nextYear = await upload(owner, await createProperty(server, owner.companyId), csv, 2024);
    const next = (await call("GET", `/api/statement-mapping/${nextYear}`, dana)).json() as Suggested;
    expect(next.suggestions[0]?.candidates[0]).toMatchObject({ field: { id: "rpie.L.3" }, source: "prior" });
    expect(next.suggestions[0]?.candidates[0]?.reason).toContain("6420");

    // Another owner's account 6420 is another account.
    const stranger = await createTestUser(server, { displayName: "Sam Other", companyName: "Other Estates" });
    const theirs = await upload(stranger, await createProperty(server, stranger.companyId), csv, 2024);
    const view = (await call("GET", `/api/statement-mapping/${theirs}`, dana)).json() as Suggested;
    expect(view.suggestions[0]?.candidates.some((c) => c.reason.includes("6420"))).toBe(false);
  });
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

describe("an audit report read for the TC309", () => {
  const REPORT = [
    "HARRIS & WEBB LLP",
    "INDEPENDENT AUDITOR'S REPORT",
    "In our opinion, the statement presents fairly, in all material respects, the income and",
    "expenses of the property for the year ended December 31, 2024.",
    "Total income 1,204,800.00",
    "Total operating expenses 612,300.50",
    "/s/ Harris & Webb LLP",
    "New York State CPA License No. 087654",
  ];

  it("suggests the audit report fields from its text and says the TC309 applies with the property's AAV", async () => {
    const property = await createProperty(server, owner.companyId);
    await server.database.db.update(properties).set({ aav: 6_500_000 }).where(eq(properties.id, property));
    const id = await upload(owner, property, await textPdf(REPORT), 2024, "audit_report");
    const url = `/api/statement-mapping/${id}/audit-report`;
    expect((await call("GET", url, null)).statusCode).toBe(401);
    expect((await call("GET", url, owner)).statusCode).toBe(403);
    const res = await call("GET", url, dana);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.fields).toEqual({
      auditor: "Harris & Webb LLP",
      cpaLicence: "087654",
      opinion: "unmodified",
      periodStart: "2024-01-01",
      periodEnd: "2024-12-31",
      totalIncome: 1_204_800,
      totalExpenses: 612_300.5,
    });
    expect(body.problems).toEqual([]);
    expect(body.tc309).toMatchObject({ tentativeAav: 6_500_000, required: true });
  });

  it("answers 409 for a file that is not an audit report and 400 for a bad id", async () => {
    const res = await call("GET", `/api/statement-mapping/${fileId}/audit-report`, dana);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/not as an audit report/);
    expect((await call("GET", "/api/statement-mapping/not-a-uuid/audit-report", dana)).statusCode).toBe(400);
  });
});
