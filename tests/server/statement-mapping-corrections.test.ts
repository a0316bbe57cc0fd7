import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "../../src/domain/roles";
import { createProperty, multipart, waitFor } from "./file-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

// Issue 23: a section whose total does not add up is flagged for staff with the expected and
// stated figures, the statement's own totals sit beside the mapped ones, and staff correct a
// misread amount in place (kept in the history, used by mapping from then on).

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
  const body = multipart(
    { bblId: property, documentType: "operating_statement", statementYear: "2024" },
    { name: `statement-${uuidv7()}.csv`, data: Buffer.from(CSV) },
  );
  const res = await server.app.inject({
    method: "POST",
    url: "/api/file/upload",
    headers: { ...owner.auth, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  fileId = res.json().id as string;
  await waitFor(
    async () => {
      const f = (
        await server.app.inject({ method: "GET", url: `/api/file/${fileId}`, headers: owner.auth })
      ).json();
      if (f.status === "failed") throw new Error(`extraction failed: ${f.failureReason}`);
      return f.status === "extracted" ? f : undefined;
    },
    90_000,
    "the statement to be extracted",
  );
}, 120_000);
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
