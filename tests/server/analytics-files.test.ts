/** The analytics dashboard and the file manager (issue 17): counts, paging, search and scope. */
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Analytics, lastMonths } from "../../src/domain/analytics/analytics";
import { downloadPathOf, type FileManagerPage, previewOf } from "../../src/domain/files/file-manager";
import { ROLES } from "../../src/domain/roles";
import {
  ebayListings,
  ebayOrders,
  filingDocuments,
  filings,
  inventoryItems,
  inventoryPhotos,
  invoices,
  quotes,
  statementFiles,
} from "../../src/server/db/schema";
import { createFileStore } from "../../src/server/storage";
import { createProperty } from "./file-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { itemBody, putItem, uuidv7 } from "./inventory-helpers";

let server: TestServer;
let ann: TestUser; // Ann Realty: the seeded company
let bob: TestUser; // Bob Holdings: a little data of its own
let admin: TestUser; // super admin
let annProperty: string;
let bobProperty: string;
let bobFile: string;
const db = () => server.database.db;
const now = new Date();
const twoMonthsAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 10));
const range = lastMonths(now, 3);

async function statement(companyId: string, propertyId: string, name: string, status: string, at = now) {
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
      size: 1000,
      sha256: uuidv7(),
      storageKey: `test/${id}`,
      documentType: "operating_statement",
      statementYear: 2024,
      status,
      createdAt: at,
    });
  return id;
}

async function paidFiling(
  companyId: string,
  propertyId: string,
  state: string,
  amountCents: number,
  year = 2025,
) {
  const filingId = uuidv7();
  await db().insert(filings).values({ id: filingId, companyId, propertyId, year, kind: "rpie", state });
  const quoteId = uuidv7();
  await db()
    .insert(quotes)
    .values({ id: quoteId, companyId, filingId, status: "accepted", totalCents: amountCents });
  await db()
    .insert(invoices)
    .values({
      id: uuidv7(),
      number: `INV-${quoteId.slice(-8)}`,
      companyId,
      filingId,
      quoteId,
      amountCents,
      status: "paid",
      paidAt: now,
    });
  return filingId;
}

async function sale(companyId: string, itemId: string, quantity: number, priceCents: number, at = now) {
  await db().insert(ebayOrders).values({
    id: uuidv7(),
    companyId,
    orderId: uuidv7(),
    lineItemId: "1",
    itemId,
    sku: "X",
    title: "X",
    quantity,
    priceCents,
    status: "shipped",
    orderCreatedAt: at,
    lastModifiedAt: at,
  });
}

const get = (url: string, who?: TestUser) =>
  server.app.inject({ method: "GET", url, headers: who?.auth ?? {} });
const analytics = (who?: TestUser, extra = "") =>
  get(`/api/analytics?from=${range.from}&to=${range.to}${extra}`, who);

beforeAll(async () => {
  server = await startTestServer();
  ann = await createTestUser(server, { displayName: "Ann", companyName: "Ann Realty" });
  bob = await createTestUser(server, { displayName: "Bob", companyName: "Bob Holdings" });
  admin = await createTestUser(server, { roles: [ROLES.USER, ROLES.SUPER_ADMIN] });
  annProperty = await createProperty(server, ann.companyId);
  bobProperty = await createProperty(server, bob.companyId);

  // Ann: 3 statements this month (2 extracted), 1 two months ago, 1 deleted (not counted)
  await statement(ann.companyId, annProperty, "2024 operating statement.pdf", "extracted");
  await statement(ann.companyId, annProperty, "rent roll 2024.pdf", "extracted");
  await statement(ann.companyId, annProperty, "scan.pdf", "failed");
  await statement(ann.companyId, annProperty, "old ledger.pdf", "extracted", twoMonthsAgo);
  const gone = await statement(ann.companyId, annProperty, "deleted.pdf", "extracted");
  await db().update(statementFiles).set({ deletedAt: now }).where(eq(statementFiles.id, gone));
  // Ann: two filings, both invoices paid ($600 + $450); one filed with its output
  const filed = await paidFiling(ann.companyId, annProperty, "filed", 60_000);
  await paidFiling(ann.companyId, annProperty, "quoted", 45_000, 2024);
  await db().insert(filingDocuments).values({
    id: uuidv7(),
    filingId: filed,
    name: "rpie-2025-output.pdf",
    kind: "pdf",
    contentType: "application/pdf",
    size: 2000,
    sha256: uuidv7(),
    storageKey: "test/output",
  });
  // Ann: 3 items imported (one two months ago), one listed, sold 2 + 1 for $30 + $12.50
  const items: string[] = [];
  for (const sku of ["A-1", "A-2", "A-3"]) {
    const r = await putItem(server, ann.auth, itemBody(sku));
    expect(r.res.statusCode).toBe(201);
    items.push(r.id);
  }
  await db().update(inventoryItems).set({ createdAt: twoMonthsAgo }).where(eq(inventoryItems.sku, "A-3"));
  await db()
    .insert(ebayListings)
    .values({ itemId: items[0] as string, companyId: ann.companyId, state: "published" });
  await sale(ann.companyId, items[0] as string, 2, 3000);
  await sale(ann.companyId, items[1] as string, 1, 1250, twoMonthsAgo);
  await db()
    .insert(inventoryPhotos)
    .values({
      id: uuidv7(),
      companyId: ann.companyId,
      itemId: items[0] as string,
      sourceSha256: "x",
      storageKey: "test/photo",
      contentType: "image/jpeg",
      width: 10,
      height: 10,
      size: 500,
      thumbKey: "test/thumb",
      thumbWidth: 5,
      thumbHeight: 5,
    });

  // Bob: one statement, one paid filing, one item sold for $99
  bobFile = await statement(bob.companyId, bobProperty, "bob secret.pdf", "extracted");
  const bobFiling = await paidFiling(bob.companyId, bobProperty, "filed", 99_00);
  const b = await putItem(server, bob.auth, itemBody("B-1"));
  await sale(bob.companyId, b.id, 1, 9900);

  // Bob's output and photo have real bytes in the store, so his own previews answer 200.
  const store = createFileStore(server.config);
  const pdf = await store.put(Readable.from([Buffer.from("%PDF-1.4\n% bob's filed worksheet\n%%EOF\n")]));
  await db().insert(filingDocuments).values({
    id: uuidv7(),
    filingId: bobFiling,
    name: "bob worksheet.pdf",
    kind: "pdf",
    contentType: "application/pdf",
    size: pdf.size,
    sha256: pdf.sha256,
    storageKey: pdf.key,
  });
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#345" } })
    .jpeg()
    .toBuffer();
  const photo = await store.put(Readable.from([jpeg]));
  await db().insert(inventoryPhotos).values({
    id: uuidv7(),
    companyId: bob.companyId,
    itemId: b.id,
    sourceSha256: photo.sha256,
    storageKey: photo.key,
    contentType: "image/jpeg",
    width: 40,
    height: 30,
    size: jpeg.length,
    thumbKey: photo.key,
    thumbWidth: 40,
    thumbHeight: 30,
  });
});
afterAll(async () => server.close());

describe("GET /api/analytics", () => {
  it("needs a signed-in user and a valid range", async () => {
    expect((await analytics()).statusCode).toBe(401);
    expect((await get("/api/analytics?from=2026-05&to=2026-01", ann)).statusCode).toBe(400);
    expect((await get("/api/analytics?from=2020-01&to=2026-01", ann)).statusCode).toBe(400);
    expect((await get("/api/analytics?from=nope&to=2026-01", ann)).statusCode).toBe(400);
  });

  it("counts the seeded company's own figures per month, nothing of another company", async () => {
    const res = await analytics(ann);
    expect(res.statusCode, res.body).toBe(200);
    const a: Analytics = res.json();
    expect(a.scope).toBe("company");
    expect(a.months).toHaveLength(3);
    expect(a.months.at(-1)).toBe(range.to);
    expect(a.series.statementsUploaded).toEqual([1, 0, 3]);
    expect(a.series.statementsExtracted).toEqual([1, 0, 2]);
    expect(a.series.invoicesPaid).toEqual([0, 0, 2]);
    expect(a.series.invoicesPaidCents).toEqual([0, 0, 105_000]);
    expect(a.series.itemsImported).toEqual([1, 0, 2]);
    expect(a.series.itemsListed).toEqual([0, 0, 1]);
    expect(a.series.itemsSold).toEqual([1, 0, 2]);
    expect(a.series.ebayRevenueCents).toEqual([1250, 0, 3000]);
    expect(a.filingsByState).toEqual([
      { state: "filed", count: 1 },
      { state: "quoted", count: 1 },
    ]);
  });

  it("shows the whole product's figures to super admins only", async () => {
    expect((await analytics(ann, "&scope=all")).statusCode).toBe(403);
    const res = await analytics(admin, "&scope=all");
    expect(res.statusCode, res.body).toBe(200);
    const a: Analytics = res.json();
    expect(a.series.statementsUploaded).toEqual([1, 0, 4]);
    expect(a.series.invoicesPaidCents).toEqual([0, 0, 114_900]);
    expect(a.series.ebayRevenueCents).toEqual([1250, 0, 12_900]);
    // without scope=all a super admin sees their own (empty) company
    const own: Analytics = (await analytics(admin)).json();
    expect(own.series.statementsUploaded).toEqual([0, 0, 0]);
  });
});

describe("GET /api/file-manager", () => {
  const page = async (who: TestUser, query = "") => {
    const res = await get(`/api/file-manager?${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as FileManagerPage;
  };

  it("needs a signed-in user and refuses bad filters", async () => {
    expect((await get("/api/file-manager")).statusCode).toBe(401);
    expect((await get("/api/file-manager?rowsPerPage=1000", ann)).statusCode).toBe(400);
    expect((await get("/api/file-manager?source=secret", ann)).statusCode).toBe(400);
    expect((await get("/api/file-manager?propertyId=x", ann)).statusCode).toBe(400);
  });

  it("lists the company's statements, outputs and photos with folders and storage used", async () => {
    const p = await page(ann);
    expect(p.total).toBe(6); // 4 live statements, 1 output, 1 photo
    expect(p.items.map((i) => i.source).sort()).toEqual([
      "output",
      "photo",
      "statement",
      "statement",
      "statement",
      "statement",
    ]);
    expect(p.storage).toEqual({ files: 6, bytes: 4 * 1000 + 2000 + 500 });
    const folders = p.folders.map((f) => [f.propertyId, f.year, f.count]);
    expect(folders).toContainEqual([annProperty, 2024, 4]);
    expect(folders).toContainEqual([annProperty, 2025, 1]);
    expect(folders).toContainEqual([null, now.getUTCFullYear(), 1]);
    expect(p.items.some((i) => i.name.includes("bob"))).toBe(false);
  });

  it("pages and searches on the server", async () => {
    const first = await page(ann, "rowsPerPage=4");
    const second = await page(ann, "rowsPerPage=4&page=1");
    expect(first.items).toHaveLength(4);
    expect(second.items).toHaveLength(2);
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(6);
    const found = await page(ann, "q=RENT%20roll");
    expect(found.items.map((i) => i.name)).toEqual(["rent roll 2024.pdf"]);
    expect((await page(ann, "q=100%25")).total).toBe(0); // % is searched literally
    // The BBL as the screens write it (dashed) finds the lot's files, like its 10 digits.
    const lot = (await page(ann, `propertyId=${annProperty}`)).items[0]?.bbl as string;
    const dashed = `${lot.slice(0, 1)}-${lot.slice(1, 6)}-${lot.slice(6)}`;
    expect((await page(ann, `q=${dashed}`)).total).toBe(5); // 4 statements and the output
    expect((await page(ann, `q=${lot}`)).total).toBe(5);
    const outputs = await page(ann, `propertyId=${annProperty}&year=2025`);
    expect(outputs.items.map((i) => i.name)).toEqual(["rpie-2025-output.pdf"]);
    expect((await page(ann, "propertyId=none")).items.map((i) => i.source)).toEqual(["photo"]);
  });

  it("never shows or serves another company's files", async () => {
    expect((await page(ann, `propertyId=${bobProperty}`)).total).toBe(0);
    expect((await page(ann, "q=bob")).total).toBe(0);
    const theirs = (await page(bob)).items.find((i) => i.id === bobFile);
    expect(theirs).toBeDefined();
    if (!theirs) return;
    expect((await get(downloadPathOf(theirs), ann)).statusCode).toBe(404);
  });

  it("previews a file only to its own company: another company's photo, thumbnail, page or PDF is 404", async () => {
    const theirs = (await page(bob)).items;
    expect(theirs.map((f) => previewOf(f).kind).sort()).toEqual(["image", "page", "pdf"]);
    for (const file of theirs) {
      const preview = previewOf(file);
      const paths =
        preview.kind === "image"
          ? [preview.path, preview.thumbPath]
          : "path" in preview
            ? [preview.path]
            : [];
      for (const path of paths) {
        expect((await get(path)).statusCode, path).toBe(401);
        const res = await get(path, ann);
        expect(res.statusCode, path).toBe(404);
        expect(res.body).not.toContain("bob");
      }
      // Bob himself sees them (the statement's bytes are not stored in this test: its page is 404 for him too).
      if (preview.kind === "pdf") {
        const own = await get(preview.path, bob);
        expect(own.statusCode).toBe(200);
        expect(own.headers["content-type"]).toBe("application/pdf");
        expect(own.body).toContain("bob's filed worksheet");
      }
      if (preview.kind === "image") {
        for (const path of [preview.path, preview.thumbPath]) {
          const own = await get(path, bob);
          expect(own.statusCode, path).toBe(200);
          expect(own.headers["content-type"]).toBe("image/jpeg");
        }
      }
    }
  });
});
