import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentFilingYear, filingDeadline, todayInNewYork } from "../../src/domain/rpie";
import { filings, properties, statementFiles } from "../../src/server/db/schema";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
let ann: TestUser; // company admin of "Ann Realty"
let emp: TestUser; // employee of Ann Realty (active company)
let bob: TestUser; // admin of "Bob Holdings"
let staff: TestUser; // super admin

beforeAll(async () => {
  server = await startTestServer();
  ann = await createTestUser(server, { displayName: "Ann", companyName: "Ann Realty" });
  bob = await createTestUser(server, { displayName: "Bob", companyName: "Bob Holdings" });
  emp = await createTestUser(server, { displayName: "Emp", companyName: "Emp Own Co" });
  await addMember(server, ann.companyId, emp.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
  staff = await createTestUser(server, { displayName: "Staff", roles: ["ROLE_USER", "ROLE_SUPER_ADMIN"] });
});
afterAll(async () => server.close());

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const call = (
  method: Method,
  url: string,
  who?: TestUser,
  payload?: unknown,
): Promise<LightMyRequestResponse> =>
  server.app.inject({
    method,
    url,
    headers: who?.auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const office = {
  bbl: "Manhattan 1119 36",
  address: "100 Central Park West",
  ownerName: "CPW Owner LLC",
  taxClass: "2",
  buildingClass: "d4",
  residentialUnits: 120,
  commercialUnits: 4,
  commercialSqFt: 3200,
  aav: 4_500_000,
  fiscalYearEnd: "12-31",
};

const rowCount = async () => (await server.database.db.select().from(properties)).length;

describe("POST /api/bbl", () => {
  it("adds a property with its BBL normalised and its RPIE obligation", async () => {
    const res = await call("POST", "/api/bbl", ann, office);
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      companyId: ann.companyId,
      companyName: "Ann Realty",
      bbl: "1011190036",
      bblFormatted: "1-01119-0036",
      borough: 1,
      block: 1119,
      lot: 36,
      buildingClass: "D4",
      aav: 4_500_000,
      version: 1,
      isCoop: false,
      fullYearOwned: true,
    });
    const year = currentFilingYear(todayInNewYork());
    expect(p.assessment).toMatchObject({
      filingYear: year,
      obligation: "must-file",
      mustFile: true,
      form: "long",
      rentRollAddendum: true,
      deadline: filingDeadline(year),
      penaltyIfLate: 5_000,
    });
    expect(p.assessment.daysLeft).toBeGreaterThanOrEqual(0);
    expect(p.assessment.daysLeft).toBeLessThanOrEqual(366);
  });

  it("marks an excluded property as a Claim of Exclusion and a small one as not required", async () => {
    const walkup = await call("POST", "/api/bbl", emp, {
      bbl: "3-00123-0045",
      residentialUnits: 3,
      commercialUnits: 0,
      aav: 98_000,
    });
    expect(walkup.statusCode).toBe(201);
    expect(walkup.json().assessment).toMatchObject({
      obligation: "claim-of-exclusion",
      exclusion: "residential-10-units-or-fewer",
      form: "exclusion",
      penaltyIfLate: 100,
    });
    const small = await call("POST", "/api/bbl", ann, { bbl: "4 1 1", aav: 40_000, commercialUnits: 1 });
    expect(small.json().assessment).toMatchObject({
      obligation: "not-required",
      form: null,
      penaltyIfLate: 0,
    });
    const unknown = await call("POST", "/api/bbl", ann, { bbl: "5 1 1" });
    expect(unknown.statusCode).toBe(201);
    expect(unknown.json().assessment).toBeNull();
  });

  it("refuses the same BBL twice in one company, however it is written", async () => {
    const before = await rowCount();
    for (const bbl of ["1011190036", "1-01119-0036", "MN 1119 36"]) {
      const res = await call("POST", "/api/bbl", ann, { bbl });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: "This property is already in your company",
        code: "DUPLICATE",
      });
    }
    expect(await rowCount()).toBe(before);
  });

  it("lets another company add the same BBL", async () => {
    const res = await call("POST", "/api/bbl", bob, { bbl: "1011190036", aav: 60_000, commercialUnits: 2 });
    expect(res.statusCode).toBe(201);
    expect(res.json().companyId).toBe(bob.companyId);
  });

  it.each([
    ["12345", "Enter a BBL as 10 digits"],
    ["6011190036", "Borough must be 1–5 (Manhattan, Bronx, Brooklyn, Queens, Staten Island)"],
    ["Hoboken 1 1", "Borough must be 1–5"],
    ["1-00000-0036", "Block must be 1–99999"],
    ["1-123456-36", "Block must be 1–99999"],
    ["1-01119-0000", "Lot must be 1–9999"],
    ["1 1119 10000", "Lot must be 1–9999"],
  ])("refuses the malformed BBL %j with a message naming the part", async (bbl, message) => {
    const before = await rowCount();
    const res = await call("POST", "/api/bbl", ann, { bbl });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await rowCount()).toBe(before);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["negative units", { residentialUnits: -1 }, "residentialUnits"],
    ["negative AAV", { aav: -5 }, "aav"],
    ["fractional AAV", { aav: 10.5 }, "aav"],
    ["units as text", { commercialUnits: "4" }, "commercialUnits"],
    ["boolean as text", { isCoop: "true" }, "isCoop"],
    ["BBL as a number", { bbl: 1011190036 }, "bbl"],
    ["an unknown field", { color: "red" }, 'unknown field "color"'],
    ["a bad tax class", { taxClass: "7" }, "taxClass"],
    ["a bad building class", { buildingClass: "Office" }, "buildingClass"],
    ["an impossible fiscal-year end", { fiscalYearEnd: "02-30" }, "fiscalYearEnd"],
    ["a fiscal-year end in the wrong shape", { fiscalYearEnd: "Dec 31" }, "fiscalYearEnd"],
    ["notes too long", { notes: "x".repeat(5_001) }, "notes"],
  ])("refuses %s with a 400 that names the field", async (_label, extra, field) => {
    const before = await rowCount();
    const res = await call("POST", "/api/bbl", ann, { bbl: "2 2 2", ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
    expect(await rowCount()).toBe(before);
  });

  it("refuses a missing body, a body that is not JSON and a missing BBL", async () => {
    expect((await call("POST", "/api/bbl", ann, {})).statusCode).toBe(400);
    const notJson = await server.app.inject({
      method: "POST",
      url: "/api/bbl",
      headers: { ...ann.auth, "content-type": "application/json" },
      payload: "{bbl:",
    });
    expect(notJson.statusCode).toBe(400);
  });

  it("needs a signed-in company member", async () => {
    expect((await call("POST", "/api/bbl", undefined, { bbl: "2 3 3" })).statusCode).toBe(401);
    expect((await call("GET", "/api/bbl/company")).statusCode).toBe(401);
    const loner = await createTestUser(server, { displayName: "Loner" });
    await server.database.db.execute(sql`delete from company_members where user_id = ${loner.userId}`);
    const res = await call("POST", "/api/bbl", loner, { bbl: "2 3 3" });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("You are not a member of any company");
  });
});

describe("GET /api/bbl and /api/bbl/company", () => {
  it("lists only my company's properties, by BBL", async () => {
    const res = await call("GET", "/api/bbl/company", ann);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { bbl: string }) => p.bbl)).toEqual([
      "1011190036",
      "3001230045",
      "4000010001",
      "5000010001",
    ]);
    const bobs = (await call("GET", "/api/bbl/company", bob)).json();
    expect(bobs.map((p: { bbl: string }) => p.bbl)).toEqual(["1011190036"]);
  });

  it("pages, filters and sorts", async () => {
    const page0 = (await call("GET", "/api/bbl?page=0&rowsPerPage=3&sortBy=bbl&sortDir=desc", ann)).json();
    expect(page0.total).toBe(4);
    expect(page0.rows.map((p: { bbl: string }) => p.bbl)).toEqual(["5000010001", "4000010001", "3001230045"]);
    const page1 = (await call("GET", "/api/bbl?page=1&rowsPerPage=3&sortBy=bbl&sortDir=desc", ann)).json();
    expect(page1.rows.map((p: { bbl: string }) => p.bbl)).toEqual(["1011190036"]);
    const byAddress = (await call("GET", "/api/bbl?query=central%20park", ann)).json();
    expect(byAddress.rows.map((p: { bbl: string }) => p.bbl)).toEqual(["1011190036"]);
    const byBbl = (await call("GET", `/api/bbl?query=${encodeURIComponent("3-00123-0045")}`, ann)).json();
    expect(byBbl.rows.map((p: { bbl: string }) => p.bbl)).toEqual(["3001230045"]);
    const byAav = (await call("GET", "/api/bbl?sortBy=aav&sortDir=desc&rowsPerPage=2", ann)).json();
    expect(byAav.rows.map((p: { aav: number | null }) => p.aav)).toEqual([4_500_000, 98_000]);
    const none = (await call("GET", "/api/bbl?query=%25", ann)).json();
    expect(none.total).toBe(0);
  });

  it("shows a super admin every company's properties", async () => {
    const all = (await call("GET", "/api/bbl?rowsPerPage=100", staff)).json();
    const companiesSeen = new Set(all.rows.map((p: { companyName: string }) => p.companyName));
    expect(companiesSeen).toEqual(new Set(["Ann Realty", "Bob Holdings"]));
    expect(all.total).toBe(5);
  });

  it.each([
    "page=-1",
    "rowsPerPage=0",
    "rowsPerPage=1000",
    "sortBy=password",
    "sortDir=up",
    "page=abc",
    "extra=1",
  ])("refuses the query %s with a 400", async (q) => {
    expect((await call("GET", `/api/bbl?${q}`, ann)).statusCode).toBe(400);
  });
});

describe("GET /api/bbl/:id", () => {
  it("answers the property with its statement files", async () => {
    const [p] = (await call("GET", "/api/bbl/company", ann)).json();
    const fileId = randomUUID();
    await server.database.db.insert(statementFiles).values({
      id: fileId,
      companyId: ann.companyId,
      propertyId: p.id,
      uploadedBy: ann.userId,
      fileName: "2024 operating statement.pdf",
      contentType: "application/pdf",
      kind: "pdf",
      size: 1234,
      sha256: "a".repeat(64),
      storageKey: `test/${fileId}`,
      documentType: "operating_statement",
      statementYear: 2024,
    });
    const res = await call("GET", `/api/bbl/${p.id}`, ann);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, bbl: p.bbl });
    expect(res.json().files).toEqual([
      expect.objectContaining({ id: fileId, fileName: "2024 operating statement.pdf", statementYear: 2024 }),
    ]);
  });

  it("answers 404 for another company's property, an unknown id and 400 for a bad id", async () => {
    const [bobs] = (await call("GET", "/api/bbl/company", bob)).json();
    expect((await call("GET", `/api/bbl/${bobs.id}`, ann)).statusCode).toBe(404);
    expect((await call("GET", `/api/bbl/${randomUUID()}`, ann)).statusCode).toBe(404);
    expect((await call("GET", "/api/bbl/not-a-uuid", ann)).statusCode).toBe(400);
    expect((await call("GET", `/api/bbl/${bobs.id}`, staff)).statusCode).toBe(200);
  });
});

describe("PATCH /api/bbl/:id", () => {
  const annProperty = async (bbl: string) =>
    (await call("GET", "/api/bbl/company", ann)).json().find((p: { bbl: string }) => p.bbl === bbl);

  it("changes fields, bumps the version and reassesses", async () => {
    const p = await annProperty("3001230045");
    const res = await call("PATCH", `/api/bbl/${p.id}`, emp, {
      version: p.version,
      residentialUnits: 14,
      notes: "  Walk-up with a new wing  ",
      address: "",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      version: p.version + 1,
      residentialUnits: 14,
      notes: "Walk-up with a new wing",
      address: null,
    });
    expect(res.json().assessment).toMatchObject({
      obligation: "must-file",
      form: "short",
      penaltyIfLate: 300,
    });
  });

  it("answers 409 with the current row when the version is stale, changing nothing", async () => {
    const p = await annProperty("3001230045");
    const res = await call("PATCH", `/api/bbl/${p.id}`, ann, { version: p.version - 1, residentialUnits: 2 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("STALE_VERSION");
    expect(res.json().current).toMatchObject({ id: p.id, version: p.version, residentialUnits: 14 });
    expect((await annProperty("3001230045")).residentialUnits).toBe(14);
  });

  it("refuses to move a property onto a BBL the company already has", async () => {
    const p = await annProperty("3001230045");
    const res = await call("PATCH", `/api/bbl/${p.id}`, ann, { version: p.version, bbl: "1-01119-0036" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This property is already in your company");
    expect((await annProperty("3001230045")).version).toBe(p.version);
  });

  it("answers 404 for another company's property and changes nothing", async () => {
    const [bobs] = (await call("GET", "/api/bbl/company", bob)).json();
    const res = await call("PATCH", `/api/bbl/${bobs.id}`, ann, { version: bobs.version, notes: "mine now" });
    expect(res.statusCode).toBe(404);
    const [after] = (await call("GET", "/api/bbl/company", bob)).json();
    expect(after).toMatchObject({ notes: null, version: bobs.version });
  });

  it.each<[string, Record<string, unknown>]>([
    ["no version", { notes: "x" }],
    ["version as text", { version: "1", notes: "x" }],
    ["a bad BBL", { version: 1, bbl: "9-1-1" }],
    ["negative commercial units", { version: 1, commercialUnits: -3 }],
    ["an unknown field", { version: 1, companyId: "00000000-0000-0000-0000-000000000000" }],
    ["a blank fiscal-year end", { version: 1, fiscalYearEnd: "" }],
  ])("refuses %s with a 400", async (_label, body) => {
    const p = await annProperty("4000010001");
    const res = await call("PATCH", `/api/bbl/${p.id}`, ann, body);
    expect(res.statusCode).toBe(400);
    expect((await annProperty("4000010001")).version).toBe(p.version);
  });
});

describe("DELETE /api/bbl/:id", () => {
  it("is for company admins only", async () => {
    const [p] = (await call("GET", "/api/bbl/company", ann)).json();
    const res = await call("DELETE", `/api/bbl/${p.id}`, emp);
    expect(res.statusCode).toBe(403);
    expect((await call("GET", `/api/bbl/${p.id}`, ann)).statusCode).toBe(200);
  });

  it("answers 404 for another company's property and leaves it", async () => {
    const [bobs] = (await call("GET", "/api/bbl/company", bob)).json();
    expect((await call("DELETE", `/api/bbl/${bobs.id}`, ann)).statusCode).toBe(404);
    expect((await call("GET", `/api/bbl/${bobs.id}`, bob)).statusCode).toBe(200);
  });

  it("hides the property but keeps the row (and its files) for staff; the BBL can be added again", async () => {
    const p = (await call("GET", "/api/bbl/company", ann))
      .json()
      .find((x: { bbl: string }) => x.bbl === "1011190036");
    const res = await call("DELETE", `/api/bbl/${p.id}`, ann);
    expect(res.statusCode).toBe(204);
    expect((await call("GET", `/api/bbl/${p.id}`, ann)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/bbl/${p.id}`, ann)).statusCode).toBe(404);
    const [row] = await server.database.db.select().from(properties).where(eq(properties.id, p.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const files = await server.database.db
      .select()
      .from(statementFiles)
      .where(eq(statementFiles.propertyId, p.id));
    expect(files).toHaveLength(1);
    const again = await call("POST", "/api/bbl", ann, { bbl: "1011190036" });
    expect(again.statusCode).toBe(201);
  });

  it("is refused while the property has a filing in progress", async () => {
    const p = (await call("GET", "/api/bbl/company", ann))
      .json()
      .find((x: { bbl: string }) => x.bbl === "4000010001");
    const filingId = randomUUID();
    await server.database.db.insert(filings).values({
      id: filingId,
      companyId: ann.companyId,
      propertyId: p.id,
      year: 2026,
      kind: "rpie",
      state: "in_review",
    });
    const res = await call("DELETE", `/api/bbl/${p.id}`, ann);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("filing in progress");
    expect((await call("GET", `/api/bbl/${p.id}`, ann)).statusCode).toBe(200);
    await server.database.db.update(filings).set({ state: "filed" }).where(eq(filings.id, filingId));
    expect((await call("DELETE", `/api/bbl/${p.id}`, ann)).statusCode).toBe(204);
  });
});
