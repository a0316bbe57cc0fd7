import { and, eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, filings, inventoryBatches, properties } from "../../src/server/db/schema";
import { USER_VIEW_ACTION } from "../../src/server/modules/admin/user-view";
import { insertFile } from "./filing-helpers";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { itemBody, putItem } from "./inventory-helpers";

let server: TestServer;
let root: TestUser;
let owner: TestUser;
let employee: TestUser;
let batchId: string;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  root = await createTestUser(server, { email: "root@blocklot.test", roles: ["ROLE_SUPER_ADMIN"] });
  owner = await createTestUser(server, {
    email: "owner@lots.test",
    displayName: "Owner",
    companyName: "Lots",
  });
  employee = await createTestUser(server, { email: "clerk@lots.test" });
  await addMember(server, owner.companyId, employee.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
  const propertyId = uuidv7();
  await db.insert(properties).values({
    id: propertyId,
    companyId: owner.companyId,
    bbl: "1000120034",
    borough: 1,
    block: 12,
    lot: 34,
    address: "12 Main Street",
  });
  await insertFile(server, owner.companyId, propertyId, "income-2025.pdf");
  await db.insert(filings).values({
    id: uuidv7(),
    companyId: owner.companyId,
    propertyId,
    year: 2025,
    kind: "rpie",
    state: "documents_requested",
  });
  batchId = uuidv7();
  await db.insert(inventoryBatches).values({ id: batchId, companyId: owner.companyId, name: "Spring haul" });
  for (const [i, status] of ["new", "sold"].entries())
    expect(
      (await putItem(server, owner.auth, { ...itemBody(`VIEW-${i}`), status, batchId })).res.statusCode,
    ).toBeLessThan(300);
});
afterAll(async () => server.close());

const get = (url: string, who: TestUser | null) =>
  server.app.inject({ method: "GET", url, headers: who ? who.auth : {} });
const views = (userId: string) =>
  server.database.db
    .select({ detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.action, USER_VIEW_ACTION)));

describe.each([
  ["/api/admin/view/", "view"],
  ["/api/admin/batch-item/list/", "batch-items"],
])("GET %s{userId}", (base, page) => {
  it("refuses a guest (401), an employee and a company admin (403)", async () => {
    expect((await get(`${base}${owner.userId}`, null)).statusCode).toBe(401);
    expect((await get(`${base}${owner.userId}`, employee)).statusCode).toBe(403);
    expect((await get(`${base}${employee.userId}`, owner)).statusCode).toBe(403);
  });

  it("answers 404 for an unknown user and 400 for a malformed id, recording nothing", async () => {
    const unknown = uuidv7();
    expect((await get(`${base}${unknown}`, root)).statusCode).toBe(404);
    expect((await get(`${base}not-a-uuid`, root)).statusCode).toBe(400);
    expect(await views(unknown)).toEqual([]);
  });

  it("records every view in the audit log: who looked, at which page", async () => {
    const before = (await views(employee.userId)).length;
    expect((await get(`${base}${employee.userId}`, root)).statusCode).toBe(200);
    expect((await get(`${base}${employee.userId}`, root)).statusCode).toBe(200);
    const rows = (await views(employee.userId)).map((r) => r.detail);
    expect(rows.length).toBe(before + 2);
    expect(rows.at(-1)).toEqual({ byId: root.userId, byEmail: root.email, page });
  });
});

describe("what the user sees", () => {
  it("the view shows the company's property, its file, the filing and inventory counts", async () => {
    // The employee sees their company's records: the view of them shows the company's.
    const res = await get(`/api/admin/view/${employee.userId}`, root);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({ id: employee.userId, email: employee.email, displayName: "clerk" });
    const lots = body.companies.find((c: { id: string }) => c.id === owner.companyId);
    expect(lots.properties).toEqual([
      { id: expect.any(String), bbl: "1000120034", address: "12 Main Street", files: 1 },
    ]);
    expect(lots.files.map((f: { fileName: string; bbl: string }) => [f.fileName, f.bbl])).toEqual([
      ["income-2025.pdf", "1000120034"],
    ]);
    expect(lots.filings).toEqual([
      expect.objectContaining({ bbl: "1000120034", year: 2025, kind: "rpie", state: "documents_requested" }),
    ]);
    expect(lots.inventory).toEqual({ batches: 1, byStatus: { new: 1, sold: 1 } });
    expect(lots.truncated).toBe(false);
  });

  it("the batch list shows the batch with its items, status and photo count", async () => {
    const res = await get(`/api/admin/batch-item/list/${owner.userId}`, root);
    expect(res.statusCode).toBe(200);
    const [company] = res.json().companies;
    expect(company.companyName).toBe("Lots");
    expect(company.batches).toEqual([
      {
        id: batchId,
        name: "Spring haul",
        sourceFileName: null,
        createdAt: expect.any(String),
        items: [
          expect.objectContaining({ sku: "VIEW-0", status: "new", photos: 0 }),
          expect.objectContaining({ sku: "VIEW-1", status: "sold", photos: 0 }),
        ],
      },
    ]);
  });

  it("a user whose company holds nothing shows empty lists", async () => {
    const res = await get(`/api/admin/view/${root.userId}`, root);
    expect(res.statusCode).toBe(200);
    expect(res.json().companies.every((c: { properties: unknown[] }) => c.properties.length === 0)).toBe(
      true,
    );
  });
});
