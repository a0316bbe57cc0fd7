// Over 600 lines on purpose: the mapping record suite runs its scenarios on one seeded database (a file per scenario would seed it ten times).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import Papa from "papaparse";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "../../src/domain/roles";
import { learnedLabels, properties, statementFiles } from "../../src/server/db/schema";
import type { Statement, StatementLine } from "../fixtures/statements/model";
import { statementCsv } from "../fixtures/statements/render";
import { createProperty, multipart, waitFor } from "./file-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
let dataDir: string;
let dana: TestUser; // staff
let evan: TestUser; // staff
let owner: TestUser;
let other: TestUser; // another company's owner
let property: string;
let otherProperty: string;

/** A quirky label the dictionary cannot place: what the learned table is for. */
const QUIRKY = "Acme Svc Agreement 7";

const line = (label: string, amount: number, isTotal = false): StatementLine => ({
  label,
  amounts: [amount],
  isTotal,
});

function statement(year: number, opts: { repairs?: number; extra?: StatementLine[] } = {}): Statement {
  const repairs = opts.repairs ?? 30_000;
  const expenses = [
    line("Repairs and maintenance", repairs),
    line("Real estate taxes", 90_000),
    line("Insurance", 12_000),
    line(QUIRKY, 6_000),
    ...(opts.extra ?? []),
  ];
  const totalExp = expenses.reduce((t, l) => t + (l.amounts[0] ?? 0), 0);
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
          line("Laundry income", 4_800),
          line("Total income", 504_800, true),
        ],
      },
      {
        heading: "OPERATING EXPENSES",
        lines: [...expenses, line("Total operating expenses", totalExp, true)],
      },
    ],
    closing: [line("Net operating income", 504_800 - totalExp, true)],
    style: { dollar: false, negatives: "minus", decimals: true, zeroAsDash: false },
  };
}

async function uploadStatement(who: TestUser, bblId: string, s: Statement, year: number): Promise<string> {
  return uploadCsv(who, bblId, statementCsv(s), year);
}

async function uploadCsv(who: TestUser, bblId: string, csv: string | Buffer, year: number): Promise<string> {
  const body = multipart(
    { bblId, documentType: "operating_statement", statementYear: String(year) },
    { name: `statement-${year}-${uuidv7()}.csv`, data: typeof csv === "string" ? Buffer.from(csv) : csv },
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
    `file ${id} to be extracted`,
  );
  return id;
}

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, who: TestUser | null, payload?: unknown) =>
  server.app.inject({
    method,
    url,
    headers: who?.auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

interface ViewLine {
  id: string;
  label: string;
  amount: number | null;
  originalLabel: string;
  originalAmount: number | null;
  corrected: boolean;
  isTotal: boolean;
}
interface View {
  record: {
    version: number;
    status: string;
    document: Record<string, unknown> & { assignments: Record<string, string> };
  };
  extraction: { lines: ViewLine[]; tables: { id: string; selected: boolean }[] };
  suggestions: {
    lineId: string;
    label: string;
    candidates: { field: { id: string }; reason: string; source: string }[];
  }[];
  reconciliation: { flags: { id: string; kind: string }[]; blocking: { id: string }[]; ready: boolean };
}

const open = async (fileId: string, who: TestUser = dana): Promise<View> => {
  const res = await call("GET", `/api/statement-mapping/${fileId}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as View;
};
const idOf = (v: View, label: string) => {
  const l = v.extraction.lines.find((x) => x.originalLabel === label);
  if (!l) throw new Error(`no line ${label}: ${v.extraction.lines.map((x) => x.originalLabel).join(", ")}`);
  return l.id;
};

/** The document with every detail line mapped as a preparer would. */
function fullyMapped(v: View) {
  const doc = structuredClone(v.record.document);
  doc.assignments = {
    [idOf(v, "Residential rent")]: "rpie.J.1b",
    [idOf(v, "Laundry income")]: "rpie.J.11",
    [idOf(v, "Repairs and maintenance")]: "rpie.L.5",
    [idOf(v, "Real estate taxes")]: "rpie.excluded.real-estate-taxes",
    [idOf(v, "Insurance")]: "rpie.L.7",
    [idOf(v, QUIRKY)]: "rpie.L.3",
  };
  return doc;
}

let file2024: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "blocklot-mapping-"));
  server = await startTestServer({ DATA_DIR: dataDir, EXTRACTION_WORKERS: "1" });
  dana = await createTestUser(server, { displayName: "Dana Staff", roles: [ROLES.USER, ROLES.SUPER_ADMIN] });
  evan = await createTestUser(server, { displayName: "Evan Staff", roles: [ROLES.USER, ROLES.SUPER_ADMIN] });
  owner = await createTestUser(server, { displayName: "Olive Owner", companyName: "Olive Holdings" });
  other = await createTestUser(server, { displayName: "Oscar Owner", companyName: "Oscar Estates" });
  property = await createProperty(server, owner.companyId);
  otherProperty = await createProperty(server, other.companyId);
  await server.database.db
    .update(properties)
    .set({ address: "12 Test Street, New York, NY 10001", ownerName: "Olive Holdings LLC" })
    .where(eq(properties.id, property));
  file2024 = await uploadStatement(owner, property, statement(2024), 2024);
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the list of mapping records", () => {
  it("lists extracted files with company, BBL, year, type, status and holder", async () => {
    const res = await call("GET", `/api/statement-mapping?companyId=${owner.companyId}`, dana);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(1);
    expect(body.items[0]).toMatchObject({
      fileId: file2024,
      companyName: "Olive Holdings",
      propertyId: property,
      statementYear: 2024,
      documentType: "operating_statement",
      fileStatus: "extracted",
      status: "not_started",
      version: 0,
      heldBy: null,
      form: "rpie",
      filingYear: 2025,
    });
    expect(body.items[0].bblFormatted).toMatch(/^1-\d{5}-\d{4}$/);
    expect(body.items[0].document).toBeUndefined();
  });

  it("filters by mapping status and text, and pages", async () => {
    const none = (await call("GET", "/api/statement-mapping?mappingStatus=ready", dana)).json();
    expect(none.items.map((i: { fileId: string }) => i.fileId)).not.toContain(file2024);
    const q = (await call("GET", "/api/statement-mapping?q=olive%20hold", dana)).json();
    expect(q.items.map((i: { fileId: string }) => i.fileId)).toEqual([file2024]);
    const page = (await call("GET", "/api/statement-mapping?rowsPerPage=1&page=5", dana)).json();
    expect(page).toMatchObject({ items: [], page: 5, rowsPerPage: 1 });
  });
});

describe("opening a mapping", () => {
  it("answers the document, the lines, suggestions with reasons and reconciliation", async () => {
    const v = await open(file2024);
    expect(v.record).toMatchObject({ status: "draft", version: 1 });
    expect(v.extraction.tables.every((t) => t.selected)).toBe(true);
    const repairs = v.suggestions.find((s) => s.label === "Repairs and maintenance");
    expect(repairs?.candidates[0]?.field.id).toBe("rpie.L.5");
    expect(repairs?.candidates[0]?.reason).toMatch(/keyword/);
    expect(v.reconciliation.ready).toBe(false);
    expect(v.reconciliation.flags.filter((f) => f.kind === "unmapped")).toHaveLength(6);
    const list = (await call("GET", `/api/statement-mapping?companyId=${owner.companyId}`, dana)).json();
    expect(list.items[0]).toMatchObject({ status: "draft", version: 1 });
  });

  it("starts from the statement year's annual figure, says why, and keeps blank cells in their column", async () => {
    const csv = [
      "Account,Dec 2024,YTD 2024",
      "INCOME,,",
      "Residential rent,40000.00,480000.00",
      "Laundry income,,1200.00",
      "Total income,40000.00,481200.00",
    ].join("\n");
    const id = await uploadCsv(owner, property, csv, 2024);
    const res = await call("GET", `/api/statement-mapping/${id}`, dana);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json();
    expect(v.extraction.columns.map((c: { label: string }) => c.label)).toEqual(["Dec 2024", "YTD 2024"]);
    expect(v.extraction.defaultColumn).toMatchObject({ index: 1, why: "ytd" });
    expect(v.record.document.column).toBe(1);
    const laundry = v.extraction.lines.find(
      (l: { originalLabel: string }) => l.originalLabel === "Laundry income",
    );
    expect(laundry).toMatchObject({ amounts: [null, 1200], amount: 1200 });
    // Staff change the column for the whole file at once: the month's blank cell counts as nothing.
    const doc = { ...v.record.document, column: 0 };
    const saved = await call("PUT", `/api/statement-mapping/${id}`, dana, {
      version: v.record.version,
      document: doc,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = (await open(id)).extraction.lines.find((l) => l.originalLabel === "Laundry income");
    expect(again?.amount).toBeNull();
  });
});

describe("two staff at once", () => {
  it("the second sees who holds it, and cannot save over it", async () => {
    const held = await call("POST", `/api/statement-mapping/${file2024}/hold`, dana);
    expect(held.statusCode).toBe(200);
    expect(held.json().heldBy).toMatchObject({ id: dana.userId, displayName: "Dana Staff" });
    const second = await call("POST", `/api/statement-mapping/${file2024}/hold`, evan);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/^Held by Dana Staff since \d{4}-\d\d-\d\dT/);
    expect(second.json().heldBy.displayName).toBe("Dana Staff");
    expect(second.json().code).toBe("HELD");
    const v = await open(file2024, evan);
    const save = await call("PUT", `/api/statement-mapping/${file2024}`, evan, {
      version: v.record.version,
      document: v.record.document,
    });
    expect(save.statusCode).toBe(409);
    expect(save.json().message).toMatch(/^Held by Dana Staff/);
    const releaseOther = await call("DELETE", `/api/statement-mapping/${file2024}/hold`, evan);
    expect(releaseOther.statusCode).toBe(409);
    const list = (await call("GET", "/api/statement-mapping?heldBy=me", dana)).json();
    expect(list.items.map((i: { fileId: string }) => i.fileId)).toContain(file2024);
  });

  it("a save based on an older version is refused with the current document and the difference", async () => {
    const v = await open(file2024);
    const repairs = idOf(v, "Repairs and maintenance");
    const doc = structuredClone(v.record.document);
    doc.assignments = { [repairs]: "rpie.L.5" };
    const ok = await call("PUT", `/api/statement-mapping/${file2024}`, dana, {
      version: v.record.version,
      document: doc,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().record.version).toBe(v.record.version + 1);
    expect((await call("DELETE", `/api/statement-mapping/${file2024}/hold`, dana)).statusCode).toBe(200);

    // Evan opened it before Dana's save and maps repairs differently.
    const mine = structuredClone(v.record.document);
    mine.assignments = { [repairs]: "rpie.L.6" };
    const stale = await call("PUT", `/api/statement-mapping/${file2024}`, evan, {
      version: v.record.version,
      document: mine,
    });
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body.message).toMatch(/changed by someone else/);
    expect(body.code).toBe("STALE_VERSION");
    expect(body.current.version).toBe(v.record.version + 1);
    expect(body.current.document.assignments[repairs]).toBe("rpie.L.5");
    expect(body.difference).toContainEqual({
      path: `assignments.${repairs}`,
      from: "rpie.L.5",
      to: "rpie.L.6",
    });
    expect(body.changesSince[0]).toMatchObject({ action: "save", by: { displayName: "Dana Staff" } });
    expect(body.changesSince[0].changes).toContainEqual({
      path: `assignments.${repairs}`,
      from: null,
      to: "rpie.L.5",
    });
  });
});

describe("editing", () => {
  it("keeps a correction beside the original, never over it", async () => {
    const v = await open(file2024);
    const ins = idOf(v, "Insurance");
    const doc = structuredClone(v.record.document) as Record<string, unknown>;
    doc.corrections = { [ins]: { amount: 12_500, label: "Insurance (corrected)", note: "OCR misread" } };
    const res = await call("PUT", `/api/statement-mapping/${file2024}`, dana, {
      version: v.record.version,
      document: doc,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (res.json() as View).extraction.lines.find((l) => l.id === ins);
    expect(after).toMatchObject({
      label: "Insurance (corrected)",
      amount: 12_500,
      originalLabel: "Insurance",
      originalAmount: 12_000,
      corrected: true,
    });
    const extraction = (await call("GET", `/api/file/${file2024}/extraction`, dana)).json();
    expect(extraction.lineItems[Number(ins)]).toMatchObject({ label: "Insurance", amounts: [12_000] });
    // Put it back for the rest of the tests.
    const back = structuredClone((res.json() as View).record.document) as Record<string, unknown>;
    back.corrections = {};
    const res2 = await call("PUT", `/api/statement-mapping/${file2024}`, dana, {
      version: (res.json() as View).record.version,
      document: back,
    });
    expect(res2.statusCode).toBe(200);
  });

  it("refuses a split whose parts do not add up to the line (400, nothing saved)", async () => {
    const v = await open(file2024);
    const laundry = idOf(v, "Laundry income");
    const doc = structuredClone(v.record.document) as Record<string, unknown> & {
      assignments: Record<string, string>;
    };
    doc.assignments = { ...doc.assignments, [laundry]: "split" };
    doc.splits = {
      [laundry]: [
        { fieldId: "rpie.J.11", amount: 4_000 },
        { fieldId: "rpie.J.10d", amount: 700 },
      ],
    };
    const res = await call("PUT", `/api/statement-mapping/${file2024}`, dana, {
      version: v.record.version,
      document: doc,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/add up to 4,700\.00, not the line's 4,800\.00/);
    expect(res.json().problems[0].path).toBe(`splits.${laundry}`);
    expect((await open(file2024)).record.version).toBe(v.record.version);
  });

  it("refuses a field of another form", async () => {
    const v = await open(file2024);
    const doc = structuredClone(v.record.document);
    doc.assignments = { ...doc.assignments, [idOf(v, "Insurance")]: "tc201.7.f" };
    const res = await call("PUT", `/api/statement-mapping/${file2024}`, dana, {
      version: v.record.version,
      document: doc,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/a TC201 field, not RPIE/);
  });
});

describe("reconciliation and ready", () => {
  it("blocks ready until the difference is explained, then teaches the learned table", async () => {
    let v = await open(file2024);
    const doc = fullyMapped(v);
    let res = await call("PUT", `/api/statement-mapping/${file2024}`, dana, {
      version: v.record.version,
      document: doc,
    });
    expect(res.statusCode, res.body).toBe(200);
    v = res.json();
    const totalExp = idOf(v, "Total operating expenses");
    expect(v.reconciliation.blocking.map((f) => f.id)).toEqual([`difference:${totalExp}`]);

    const refused = await call("POST", `/api/statement-mapping/${file2024}/ready`, dana, {
      version: v.record.version,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/1 reconciliation flag is not resolved or explained/);
    expect(refused.json().flags[0]).toMatchObject({ id: `difference:${totalExp}`, difference: 90_000 });

    const explained = {
      ...doc,
      explanations: { [`difference:${totalExp}`]: "Real estate taxes are excluded from the RPIE" },
    };
    res = await call("PUT", `/api/statement-mapping/${file2024}`, dana, {
      version: v.record.version,
      document: explained,
    });
    expect(res.statusCode).toBe(200);
    v = res.json();
    expect(v.reconciliation.ready).toBe(true);
    const ready = await call("POST", `/api/statement-mapping/${file2024}/ready`, dana, {
      version: v.record.version,
    });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({ record: { status: "ready" }, learned: 6 }); // fields only, excluded items too

    const [row] = await server.database.db
      .select()
      .from(learnedLabels)
      .where(and(eq(learnedLabels.fieldId, "rpie.L.3"), eq(learnedLabels.form, "rpie")));
    expect(row).toMatchObject({ sampleLabel: QUIRKY, count: 1 });

    // A ready mapping is not edited until reopened.
    const edit = await call("PUT", `/api/statement-mapping/${file2024}`, dana, {
      version: ready.json().record.version,
      document: explained,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toMatch(/reopen it/);
  });

  it("the next statement's suggestion for that label comes from the learned table", async () => {
    const otherFile = await uploadStatement(other, otherProperty, statement(2024), 2024);
    const v = await open(otherFile, evan); // another preparer, another company: no earlier mappings apply
    const s = v.suggestions.find((x) => x.label === QUIRKY);
    expect(s?.candidates[0]).toMatchObject({
      field: { id: "rpie.L.3" },
      source: "learned",
      reason: "learned from 1 confirmed mapping",
    });
    // Dana's own earlier mapping outranks the learned table for her.
    const mine = (await open(otherFile, dana)).suggestions.find((x) => x.label === QUIRKY);
    expect(mine?.candidates[0]).toMatchObject({ source: "prior", reason: "your earlier mapping" });
  });

  it("reopen and ready again does not count the mapping twice", async () => {
    let v = await open(file2024);
    const re = await call("POST", `/api/statement-mapping/${file2024}/reopen`, dana, {
      version: v.record.version,
      reason: "Owner sent a corrected statement",
    });
    expect(re.statusCode, re.body).toBe(200);
    expect(re.json().status).toBe("reopened");
    v = await open(file2024);
    const again = await call("POST", `/api/statement-mapping/${file2024}/ready`, dana, {
      version: v.record.version,
    });
    expect(again.statusCode, again.body).toBe(200);
    const rows = await server.database.db
      .select()
      .from(learnedLabels)
      .where(eq(learnedLabels.fieldId, "rpie.L.3"));
    expect(rows.map((r) => r.count)).toEqual([1]);
  });
});

describe("history", () => {
  it("records who changed what, old → new", async () => {
    const res = await call("GET", `/api/statement-mapping/${file2024}/history`, evan);
    expect(res.statusCode).toBe(200);
    const events = res.json().events as {
      action: string;
      by: { displayName: string } | null;
      changes: { path: string; from: unknown; to: unknown }[];
    }[];
    const actions = events.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["hold", "save", "release", "ready", "reopen"]));
    const correction = events.find((e) => e.changes.some((c) => c.path.startsWith("corrections.")));
    expect(correction?.by?.displayName).toBe("Dana Staff");
    expect(correction?.changes.find((c) => c.path.startsWith("corrections."))).toMatchObject({
      from: null,
      to: { amount: 12_500, label: "Insurance (corrected)" },
    });
    expect(events.find((e) => e.action === "reopen")?.changes).toContainEqual({
      path: "reason",
      from: null,
      to: "Owner sent a corrected statement",
    });
    expect(events.find((e) => e.action === "ready")?.changes[0]).toEqual({
      path: "status",
      from: "draft",
      to: "ready",
    });
  });
});

describe("templates and last year", () => {
  it("applies last year's template to a new year's statement and compares the figures", async () => {
    const file2025 = await uploadStatement(
      owner,
      property,
      statement(2025, { repairs: 33_000, extra: [line("Elevator contract", 4_000)] }),
      2025,
    );
    const v = await open(file2025);
    expect(v.record).toMatchObject({ version: 1 });
    const res = await call("POST", `/api/statement-mapping/${file2025}/apply-template`, dana, {
      version: v.record.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.template.sourceYear).toBe(2025);
    const targets = Object.fromEntries(
      body.applied.map((a: { label: string; target: string }) => [a.label, a.target]),
    );
    expect(targets).toMatchObject({
      "Residential rent": "rpie.J.1b",
      "Repairs and maintenance": "rpie.L.5",
      "Real estate taxes": "rpie.excluded.real-estate-taxes",
      [QUIRKY]: "rpie.L.3",
    });
    expect(targets["Elevator contract"]).toBeUndefined();
    expect(body.record.version).toBe(2);
    expect(body.record.filingYear).toBe(2026);

    const cmp = await call("GET", `/api/statement-mapping/${file2025}/compare`, dana);
    expect(cmp.statusCode).toBe(200);
    const c = cmp.json();
    expect(c.lastYear).toMatchObject({ fileId: file2024, filingYear: 2025, status: "ready" });
    const repairs = c.rows.find((r: { fieldId: string }) => r.fieldId === "rpie.L.5");
    expect(repairs).toMatchObject({ lastYear: 30_000, thisYear: 33_000, change: 3_000, changeRatio: 0.1 });

    const history = (await call("GET", `/api/statement-mapping/${file2025}/history`, dana)).json();
    expect(history.events.at(-1)).toMatchObject({ action: "apply_template" });
  });

  it("says so when the property has no template for the form", async () => {
    const f = await uploadStatement(other, otherProperty, statement(2023), 2023);
    const v = await open(f);
    const res = await call("POST", `/api/statement-mapping/${f}/apply-template`, dana, {
      version: v.record.version,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/no RPIE template yet/);
  });
});

describe("outputs", () => {
  it("downloads the worksheet PDF, CSV and XLSX from the mapped figures", async () => {
    const pdf = await call("GET", `/api/statement-mapping/${file2024}/outputs/pdf`, dana);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toMatch(/attachment; filename="rpie-2025-\d{10}\.pdf"/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const csv = await call("GET", `/api/statement-mapping/${file2024}/outputs/csv`, dana);
    expect(csv.statusCode).toBe(200);
    const rows = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ""), { header: true }).data;
    const by = (id: string) => rows.find((r) => r.field_id === id && r.row_type !== "item");
    expect(by("rpie.L.5")?.amount).toBe("30000.00");
    expect(by("rpie.L.7")?.amount).toBe("12000.00");
    expect(by("rpie.L.14")).toMatchObject({ row_type: "total", amount: "48000.00" });
    expect(by("rpie.excluded.real-estate-taxes")).toMatchObject({ row_type: "excluded", amount: "90000.00" });
    expect(rows.some((r) => r.row_type === "item" && r.label === "Laundry income")).toBe(true);

    const xlsx = await call("GET", `/api/statement-mapping/${file2024}/outputs/xlsx`, dana);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });

  it("the TC309 checklist only when it applies", async () => {
    const none = await call("GET", `/api/statement-mapping/${file2024}/outputs/tc309`, dana);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toMatch(/TC309 certification does not apply/);
    await server.database.db.update(properties).set({ aav: 6_000_000 }).where(eq(properties.id, property));
    const yes = await call("GET", `/api/statement-mapping/${file2024}/outputs/tc309`, dana);
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("names what keeps the figures off the form (422)", async () => {
    await server.database.db
      .update(properties)
      .set({ address: null })
      .where(eq(properties.id, otherProperty));
    const [f] = await server.database.db
      .select({ id: statementFiles.id })
      .from(statementFiles)
      .where(eq(statementFiles.propertyId, otherProperty))
      .limit(1);
    await open(f?.id as string);
    const res = await call("GET", `/api/statement-mapping/${f?.id}/outputs/pdf`, dana);
    expect(res.statusCode).toBe(422);
    expect(res.json().problems.length).toBeGreaterThan(0);
  });
});

describe("who may", () => {
  it("refuses owners (403) and anonymous callers (401) on every route", async () => {
    const v = await open(file2024);
    const routes: [Method, string, unknown?][] = [
      ["GET", "/api/statement-mapping"],
      ["GET", `/api/statement-mapping/${file2024}`],
      ["POST", `/api/statement-mapping/${file2024}/hold`],
      ["DELETE", `/api/statement-mapping/${file2024}/hold`],
      [
        "PUT",
        `/api/statement-mapping/${file2024}`,
        { version: v.record.version, document: v.record.document },
      ],
      ["POST", `/api/statement-mapping/${file2024}/ready`, { version: v.record.version }],
      ["POST", `/api/statement-mapping/${file2024}/reopen`, { version: v.record.version }],
      ["GET", `/api/statement-mapping/${file2024}/history`],
      ["GET", `/api/statement-mapping/${file2024}/compare`],
      ["POST", `/api/statement-mapping/${file2024}/apply-template`, { version: v.record.version }],
      ["GET", `/api/statement-mapping/${file2024}/outputs/pdf`],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, owner, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe("bad input", () => {
  it("answers 4xx with a message, never 500", async () => {
    const v = await open(file2024);
    const doc = v.record.document;
    const queued = uuidv7();
    await server.database.db.insert(statementFiles).values({
      id: queued,
      companyId: owner.companyId,
      propertyId: property,
      fileName: "waiting.pdf",
      contentType: "application/pdf",
      kind: "pdf",
      size: 10,
      sha256: uuidv7(),
      storageKey: `test/${queued}`,
      documentType: "operating_statement",
      status: "queued",
    });
    const cases: [Method, string, unknown, number, RegExp][] = [
      ["GET", "/api/statement-mapping/not-a-uuid", undefined, 400, /fileId/],
      ["GET", `/api/statement-mapping/${uuidv7()}`, undefined, 404, /File not found/],
      ["GET", `/api/statement-mapping/${queued}`, undefined, 409, /still being read/],
      ["GET", "/api/statement-mapping?rowsPerPage=1000", undefined, 400, /rowsPerPage/],
      ["GET", "/api/statement-mapping?mappingStatus=done", undefined, 400, /mappingStatus/],
      ["GET", `/api/statement-mapping/${file2024}/outputs/doc`, undefined, 400, /kind/],
      ["PUT", `/api/statement-mapping/${file2024}`, { document: doc }, 400, /"version" is required/],
      ["PUT", `/api/statement-mapping/${file2024}`, { version: -1, document: doc }, 400, /version/],
      [
        "PUT",
        `/api/statement-mapping/${file2024}`,
        { version: v.record.version, document: { ...doc, assignments: { abc: "rpie.L.5" } } },
        400,
        /unknown field "document.assignments.abc"/,
      ],
      [
        "PUT",
        `/api/statement-mapping/${file2024}`,
        { version: v.record.version, document: { ...doc, corrections: { "1": { amount: "lots" } } } },
        400,
        /amount/,
      ],
      [
        "PUT",
        `/api/statement-mapping/${file2024}`,
        { version: v.record.version, document: { ...doc, extra: 1 } },
        400,
        /unknown field "document.extra"/,
      ],
      [
        "PUT",
        `/api/statement-mapping/${file2024}`,
        { version: v.record.version, document: doc, form: "audit" },
        400,
        /form/,
      ],
      [
        "PUT",
        `/api/statement-mapping/${file2024}`,
        { version: v.record.version, document: { ...doc, assignments: { "9999": "rpie.L.5" } } },
        409,
        /ready/,
      ],
      ["POST", `/api/statement-mapping/${file2024}/ready`, {}, 400, /"version" is required/],
      [
        "POST",
        `/api/statement-mapping/${file2024}/ready`,
        { version: v.record.version },
        409,
        /already marked ready/,
      ],
      ["POST", `/api/statement-mapping/${file2024}/reopen`, { version: 1 }, 409, /changed by someone else/],
      [
        "POST",
        `/api/statement-mapping/${file2024}/apply-template`,
        { version: v.record.version, templateId: "x" },
        400,
        /templateId/,
      ],
      ["DELETE", `/api/statement-mapping/${file2024}/hold?force=maybe`, undefined, 400, /force/],
    ];
    for (const [method, url, body, status, message] of cases) {
      const res = await call(method, url, dana, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)?.slice(0, 80)}: ${res.body}`).toBe(
        status,
      );
      expect(res.json().message).toMatch(message);
    }
    const raw = await server.app.inject({
      method: "PUT",
      url: `/api/statement-mapping/${file2024}`,
      headers: { ...dana.auth, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(raw.statusCode).toBe(400);
  });

  it("refuses a line that does not exist in a draft", async () => {
    const f = (
      await call("GET", `/api/statement-mapping?companyId=${other.companyId}&mappingStatus=draft`, dana)
    ).json().items[0].fileId as string;
    const v = await open(f);
    const res = await call("PUT", `/api/statement-mapping/${f}`, dana, {
      version: v.record.version,
      document: { ...v.record.document, assignments: { "9999": "rpie.L.5" } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/no line 9999/);
  });
});
