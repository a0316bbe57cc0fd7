import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Attention } from "../../src/domain/dashboard/attention";
import { SELLER_COMPANY_HEADER } from "../../src/domain/marketplace";
import { currentFilingYear, filingDeadline, todayInNewYork } from "../../src/domain/rpie";
import {
  companies,
  ebayListings,
  filings,
  invoices,
  properties,
  quotes,
  statementFiles,
} from "../../src/server/db/schema";
import { notify } from "../../src/server/modules/notifications/store";
import { caller } from "./filing-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { itemBody, putItem, uuidv7 } from "./inventory-helpers";

let server: TestServer;
let call: ReturnType<typeof caller>;
let ann: TestUser; // admin of Ann Realty: the seeded company
let bob: TestUser; // admin of Bob Holdings: another company, nothing seeded
let staff: TestUser; // marketplace staff with a company of their own
const db = () => server.database.db;
const year = currentFilingYear(todayInNewYork());

let bigProperty: string;
let smallProperty: string;
let failedFile: string;
let sentQuote: string;
let unpaidInvoice: string;
let failedItem: string;

async function property(companyId: string, n: number, aav: number | null) {
  const id = uuidv7();
  await db()
    .insert(properties)
    .values({
      id,
      companyId,
      bbl: `1${String(2000 + n).padStart(5, "0")}${String(n).padStart(4, "0")}`,
      borough: 1,
      block: 2000 + n,
      lot: n,
      address: `${n} Broadway`,
      buildingClass: "O4",
      commercialUnits: 5,
      aav,
    });
  return id;
}

async function file(companyId: string, propertyId: string, status: string, name: string) {
  const id = uuidv7();
  await db()
    .insert(statementFiles)
    .values({
      id,
      companyId,
      propertyId,
      fileName: name,
      contentType: "application/pdf",
      kind: "pdf",
      size: 10,
      sha256: uuidv7(),
      storageKey: `test/${id}`,
      documentType: "operating_statement",
      status,
    });
  return id;
}

async function filing(companyId: string, propertyId: string, state: string, filingYear = year) {
  const id = uuidv7();
  await db().insert(filings).values({ id, companyId, propertyId, year: filingYear, kind: "rpie", state });
  return id;
}

async function quote(companyId: string, filingId: string, status: string, totalCents: number) {
  const id = uuidv7();
  await db()
    .insert(quotes)
    .values({ id, companyId, filingId, status, totalCents, sentAt: status === "draft" ? null : new Date() });
  return id;
}

async function invoice(companyId: string, filingId: string, quoteId: string, status: string) {
  const id = uuidv7();
  await db()
    .insert(invoices)
    .values({
      id,
      number: `INV-T-${id.slice(-6)}`,
      companyId,
      filingId,
      quoteId,
      amountCents: 60_000,
      status,
    });
  return id;
}

async function attention(who: TestUser, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: "GET",
    url: "/api/dashboard/attention",
    headers: { ...who.auth, ...headers },
  });
}

beforeAll(async () => {
  server = await startTestServer();
  call = caller(server);
  ann = await createTestUser(server, { displayName: "Ann", companyName: "Ann Realty" });
  bob = await createTestUser(server, { displayName: "Bob", companyName: "Bob Holdings" });
  staff = await createTestUser(server, { displayName: "Max", roles: ["ROLE_USER", "ROLE_MARKETPLACE"] });

  // RPIE: two properties must file ($5,000 and $3,000 at risk), a third already filed this
  // year, a fourth under the filing threshold, a fifth without an assessed value.
  bigProperty = await property(ann.companyId, 1, 2_000_000);
  smallProperty = await property(ann.companyId, 2, 600_000);
  const filedProperty = await property(ann.companyId, 3, 3_000_000);
  await property(ann.companyId, 4, 30_000);
  await property(ann.companyId, 5, null);
  await filing(ann.companyId, filedProperty, "filed");

  // Files: one waiting, one failed, one extracted, one failed but deleted.
  await file(ann.companyId, bigProperty, "uploaded", "2025 P&L.pdf");
  failedFile = await file(ann.companyId, bigProperty, "failed", "scan.pdf");
  await file(ann.companyId, bigProperty, "extracted", "rent roll.xlsx");
  const gone = await file(ann.companyId, bigProperty, "failed", "old.pdf");
  await db().update(statementFiles).set({ deletedAt: new Date() }).where(eq(statementFiles.id, gone));

  // Quotes and invoices: one quote sent (to accept), one draft (not shown to the owner yet),
  // one accepted with an unpaid invoice, another accepted with a paid one.
  const f1 = await filing(ann.companyId, bigProperty, "quoted");
  sentQuote = await quote(ann.companyId, f1, "sent", 60_000);
  const f2 = await filing(ann.companyId, smallProperty, "quoted");
  await quote(ann.companyId, f2, "draft", 45_000);
  const f3 = await filing(ann.companyId, bigProperty, "quoted", year - 1);
  const q3 = await quote(ann.companyId, f3, "accepted", 60_000);
  unpaidInvoice = await invoice(ann.companyId, f3, q3, "unpaid");
  // (last year's statement of the small property was filed: this year's is still due)
  const f4 = await filing(ann.companyId, smallProperty, "filed", year - 1);
  const q4 = await quote(ann.companyId, f4, "accepted", 60_000);
  await invoice(ann.companyId, f4, q4, "paid");

  // Inventory: two items to describe, one described, one whose eBay listing failed.
  for (const sku of ["NEW-1", "NEW-2"]) {
    expect((await putItem(server, ann.auth, itemBody(sku))).res.statusCode).toBe(201);
  }
  expect((await putItem(server, ann.auth, itemBody("DONE-1", { status: "pending" }))).res.statusCode).toBe(
    201,
  );
  const failed = await putItem(server, ann.auth, itemBody("FAIL-1", { status: "pending" }));
  expect(failed.res.statusCode).toBe(201);
  failedItem = failed.id;
  await db().insert(ebayListings).values({
    itemId: failedItem,
    companyId: ann.companyId,
    state: "unlisted",
    action: "publish",
    wantedSeq: 1,
    doneSeq: 1,
    error: "Add a category before listing",
  });

  // Notifications: two for Ann, one read later; one for Bob.
  for (const description of ["Quote sent", "Invoice issued"]) {
    await notify(db(), {
      type: "new_feature",
      companyId: ann.companyId,
      recipients: [ann.userId],
      description,
    });
  }
  await notify(db(), {
    type: "new_feature",
    companyId: bob.companyId,
    recipients: [bob.userId],
    description: "Hi",
  });
});
afterAll(async () => server.close());

describe("GET /api/dashboard/attention", () => {
  it("counts what needs the seeded company's attention, with the first items of each", async () => {
    const res = await attention(ann);
    expect(res.statusCode, res.body).toBe(200);
    const a: Attention = res.json();
    expect(a.areas).toEqual({ rpie: true, inventory: true });

    expect(a.rpie.deadlines.count).toBe(2);
    expect(a.rpie.deadlines.penaltyAtRisk).toBe(8_000);
    expect(a.rpie.deadlines.top.map((d) => [d.propertyId, d.penaltyIfLate])).toEqual([
      [bigProperty, 5_000],
      [smallProperty, 3_000],
    ]);
    expect(a.rpie.deadlines.top[0]).toMatchObject({
      filingYear: year,
      deadline: filingDeadline(year),
      obligation: "must-file",
      address: "1 Broadway",
    });

    expect(a.rpie.files.count).toBe(2);
    expect(a.rpie.files.top.map((f) => f.status).sort()).toEqual(["failed", "uploaded"]);
    expect(a.rpie.files.top.some((f) => f.id === failedFile)).toBe(true);

    expect(a.rpie.quotes).toMatchObject({ count: 1, top: [{ id: sentQuote, year, totalCents: 60_000 }] });
    expect(a.rpie.invoices).toMatchObject({ count: 1, top: [{ id: unpaidInvoice, amountCents: 60_000 }] });

    expect(a.inventory.toDescribe.count).toBe(2);
    expect(a.inventory.toDescribe.top.map((i) => i.sku).sort()).toEqual(["NEW-1", "NEW-2"]);
    expect(a.inventory.listingErrors).toEqual({
      count: 1,
      top: [{ itemId: failedItem, title: "Item FAIL-1", error: "Add a category before listing" }],
    });
    expect(a.notifications.unread).toBe(2);
  });

  it("carries at most three rows of a list while counting them all", async () => {
    for (const sku of ["NEW-3", "NEW-4"]) {
      expect((await putItem(server, ann.auth, itemBody(sku))).res.statusCode).toBe(201);
    }
    const a: Attention = (await attention(ann)).json();
    expect(a.inventory.toDescribe.count).toBe(4);
    expect(a.inventory.toDescribe.top).toHaveLength(3);
  });

  it("shows another company only its own: nothing of Ann's, no area in use", async () => {
    const res = await attention(bob);
    expect(res.statusCode, res.body).toBe(200);
    const a: Attention = res.json();
    expect(a.areas).toEqual({ rpie: false, inventory: false });
    expect(a.rpie.deadlines).toEqual({ count: 0, penaltyAtRisk: 0, top: [] });
    for (const list of [a.rpie.files, a.rpie.quotes, a.rpie.invoices, a.inventory.toDescribe]) {
      expect(list).toEqual({ count: 0, top: [] });
    }
    expect(a.notifications.unread).toBe(1);
  });

  it("refuses another company's scope: a member of Bob Holdings naming Ann Realty gets 403", async () => {
    const res = await attention(bob, { [SELLER_COMPANY_HEADER]: ann.companyId });
    expect(res.statusCode).toBe(403);
    expect(JSON.stringify(res.json())).not.toContain("Broadway");
  });

  it("refuses marketplace staff working for a seller, even one with Managed listing on", async () => {
    await db().update(companies).set({ managedListing: true }).where(eq(companies.id, ann.companyId));
    const res = await attention(staff, { [SELLER_COMPANY_HEADER]: ann.companyId });
    expect(res.statusCode).toBe(403);
  });

  it("refuses a guest with 401", async () => {
    const res = await call("GET", "/api/dashboard/attention");
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("UNAUTHENTICATED");
  });
});
