import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { itemBody, putItem } from "./inventory-helpers";

/** GET /api/marketplace/sellers (docs/marketplace.md): opted-in sellers with what waits. */
let server: TestServer;
let staff: TestUser;
let root: TestUser;
let plain: TestUser;
let alpha: TestUser; // opted in, with work waiting
let beta: TestUser; // opted in, nothing yet
let gamma: TestUser; // inventory, not opted in

const inject = (method: "GET" | "PUT" | "POST", url: string, who: TestUser | null, payload?: object) =>
  server.app.inject({ method, url, headers: who ? who.auth : {}, payload });
const optIn = async (who: TestUser, enabled = true) =>
  expect(
    (await inject("PUT", `/api/trade/company/${who.companyId}/managed-listing`, who, { enabled })).statusCode,
  ).toBe(200);

beforeAll(async () => {
  server = await startTestServer();
  staff = await createTestUser(server, { roles: ["ROLE_MARKETPLACE"] });
  root = await createTestUser(server, { roles: ["ROLE_SUPER_ADMIN"] });
  plain = await createTestUser(server);
  alpha = await createTestUser(server, { companyName: "Alpha Antiques" });
  beta = await createTestUser(server, { companyName: "Beta Books" });
  gamma = await createTestUser(server, { companyName: "Gamma Goods" });
  const batch = await inject("POST", "/api/inventory/batches", alpha, { name: "Lot 1" });
  const batchId = batch.json().id;
  const done = await inject("POST", "/api/inventory/batches", alpha, { name: "Lot 2" });
  const items: [string, Record<string, unknown>][] = [
    ["A-1", { batchId, status: "new" }], // to describe, no photo
    ["A-2", { batchId, status: "new" }],
    ["A-3", { batchId: done.json().id, status: "pending" }], // described, no photo
    ["A-4", { status: "pending", photos: ["a/4.webp"] }], // ready to list
    ["A-5", { status: "pending", photos: ["a/5.webp"], publicationStatus: 1 }], // already published
    ["A-6", { status: "sold" }],
  ];
  for (const [sku, extra] of items)
    expect((await putItem(server, alpha.auth, itemBody(sku, extra))).res.statusCode).toBe(201);
  expect((await putItem(server, gamma.auth, itemBody("G-1"))).res.statusCode).toBe(201);
  await optIn(alpha);
  await optIn(beta);
});
afterAll(async () => server.close());

const list = (query = "", who: TestUser | null = staff) =>
  inject("GET", `/api/marketplace/sellers${query}`, who);

describe("GET /api/marketplace/sellers", () => {
  it("refuses a guest (401), an ordinary user and a company admin (403)", async () => {
    expect((await list("", null)).statusCode).toBe(401);
    expect((await list("", plain)).statusCode).toBe(403);
    expect((await list("", alpha)).statusCode).toBe(403);
    expect((await list("", root)).statusCode).toBe(200);
  });

  it("lists only opted-in sellers, each with what waits", async () => {
    const res = await list("?sortBy=companyName&sortDir=asc");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.rows).toEqual([
      {
        id: alpha.companyId,
        companyName: "Alpha Antiques",
        toDescribe: 1,
        withoutPhotos: 3,
        readyToList: 1,
        items: 6,
        lastActivity: expect.any(String),
      },
      {
        id: beta.companyId,
        companyName: "Beta Books",
        toDescribe: 0,
        withoutPhotos: 0,
        readyToList: 0,
        items: 0,
        lastActivity: null,
      },
    ]);
  });

  it("sorts, searches and pages; bad parameters answer 400", async () => {
    const byWork = await list("?sortBy=withoutPhotos&sortDir=desc&rowsPerPage=1");
    expect(byWork.json()).toMatchObject({ total: 2, rowsPerPage: 1, rows: [{ id: alpha.companyId }] });
    const second = await list("?sortBy=withoutPhotos&sortDir=desc&rowsPerPage=1&page=1");
    expect(second.json().rows.map((r: { id: string }) => r.id)).toEqual([beta.companyId]);
    const found = await list("?query=beta");
    expect(found.json().rows.map((r: { id: string }) => r.id)).toEqual([beta.companyId]);
    expect((await list("?query=gamma")).json().total).toBe(0);
    for (const bad of ["?page=-1", "?rowsPerPage=1000", "?sortBy=password", "?sortDir=up"])
      expect((await list(bad)).statusCode, bad).toBe(400);
  });

  it("exports the current filter as CSV", async () => {
    const res = await list("/export.csv?sortBy=companyName&sortDir=asc");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "company_id,company,batches_to_describe,items_without_photos,items_ready_to_list,items,last_activity",
    );
    expect(lines.slice(1).map((l) => l.split(",").slice(0, 6).join(","))).toEqual([
      `${alpha.companyId},Alpha Antiques,1,3,1,6`,
      `${beta.companyId},Beta Books,0,0,0,0`,
    ]);
    expect((await list("/export.csv", plain)).statusCode).toBe(403);
  });

  it("drops a seller at once when it opts out", async () => {
    await optIn(beta, false);
    expect((await list()).json().rows.map((r: { id: string }) => r.id)).toEqual([alpha.companyId]);
  });
});
