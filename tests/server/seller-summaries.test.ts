/**
 * The admin seller list's figures come from `seller_summaries` (migration 0053), kept by
 * statement-level triggers. Each step writes items, listings or orders the way the app does
 * (routes) or as a maintenance statement would (SQL), then checks the summary against the same
 * figures counted from the tables, and what the admin seller list shows.
 */
import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, ebayListings, ebayOrders } from "../../src/server/db/schema";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { itemBody, putItem, uuidv7 } from "./inventory-helpers";

let server: TestServer;
let root: TestUser;
let alice: TestUser; // seller A
let bob: TestUser; // seller B

beforeAll(async () => {
  server = await startTestServer();
  root = await createTestUser(server, { email: "root@summary.test", roles: ["ROLE_SUPER_ADMIN"] });
  alice = await createTestUser(server, { email: "alice@summary.test", companyName: "Alice Antiques" });
  bob = await createTestUser(server, { email: "bob@summary.test", companyName: "Bob Bargains" });
});
afterAll(async () => server?.close());

const inject = (opts: InjectOptions) => server.app.inject(opts);
const exec = (q: ReturnType<typeof sql>) => server.database.db.execute(q);
const rows = <T>(res: unknown) => (res as { rows: T[] }).rows;

type Figures = { items: number; byStatus: Record<string, number>; listings: number; sales: number };

/** What the summary holds for a company (zeros when it has no row). */
async function summary(companyId: string): Promise<Figures> {
  const [r] = rows<{ items: number; by_status: unknown; listings: number; sales: number }>(
    await exec(
      sql`select items, by_status, listings, sales from seller_summaries where company_id = ${companyId}`,
    ),
  );
  const byStatus = typeof r?.by_status === "string" ? JSON.parse(r.by_status) : (r?.by_status ?? {});
  return { items: r?.items ?? 0, byStatus, listings: r?.listings ?? 0, sales: r?.sales ?? 0 };
}

/** The same figures counted from the tables, as the seller list computed them before 0053. */
async function counted(companyId: string): Promise<Figures> {
  const byStatus: Record<string, number> = {};
  for (const r of rows<{ status: string; n: number }>(
    await exec(sql`select status, count(*)::int as n from inventory_items
      where company_id = ${companyId} and deleted_at is null group by status`),
  ))
    byStatus[r.status] = r.n;
  const [l] = rows<{ n: number }>(
    await exec(
      sql`select count(*)::int as n from ebay_listings where company_id = ${companyId} and state = 'published'`,
    ),
  );
  const [o] = rows<{ n: number }>(
    await exec(sql`select count(*)::int as n from ebay_orders where company_id = ${companyId}`),
  );
  const items = Object.values(byStatus).reduce((a, b) => a + b, 0);
  return { items, byStatus, listings: l?.n ?? 0, sales: o?.n ?? 0 };
}

async function expectBoth(companyId: string, expected: Figures) {
  expect(await counted(companyId)).toEqual(expected);
  expect(await summary(companyId)).toEqual(expected);
}

const sellerList = async (query = "") =>
  (
    await inject({
      method: "GET",
      url: `/api/admin/seller/list?sortBy=items&sortDir=desc${query}`,
      headers: root.auth,
    })
  ).json() as {
    total: number;
    rows: { id: string; companyName: string; ownerEmail: string; items: number; lastActivity: string }[];
  };

async function listOrder(insertId: string, companyId: string, itemId: string) {
  await server.database.db.insert(ebayOrders).values({
    id: insertId,
    companyId,
    orderId: `O-${insertId}`,
    lineItemId: "1",
    itemId,
    sku: "X",
    title: "X",
    quantity: 1,
    priceCents: 100,
    status: "sold",
    orderCreatedAt: new Date(),
    lastModifiedAt: new Date(),
  });
}

describe("seller_summaries follows the writes", () => {
  const ids: string[] = [];

  it("counts items created through the API, by status", async () => {
    for (const [i, status] of ["new", "new", "pending", "listed"].entries()) {
      const r = await putItem(server, alice.auth, { ...itemBody(`A-${i}`), status });
      expect(r.res.statusCode).toBeLessThan(300);
      ids.push(r.id);
    }
    await expectBoth(alice.companyId, {
      items: 4,
      byStatus: { new: 2, pending: 1, listed: 1 },
      listings: 0,
      sales: 0,
    });
    const list = await sellerList();
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({
      id: alice.companyId,
      companyName: "Alice Antiques",
      ownerEmail: "alice@summary.test",
      items: 4,
    });
  });

  it("moves an item between statuses on an update and a bulk status change", async () => {
    const before = (await sellerList()).rows[0]?.lastActivity ?? "";
    const res = await inject({
      method: "POST",
      url: "/api/inventory/items/bulk-status",
      headers: alice.auth,
      payload: { ids: [ids[0], ids[1]], status: "sold" },
    });
    expect(res.statusCode).toBe(200);
    await expectBoth(alice.companyId, {
      items: 4,
      byStatus: { sold: 2, pending: 1, listed: 1 },
      listings: 0,
      sales: 0,
    });
    expect(((await sellerList()).rows[0]?.lastActivity ?? "") >= before).toBe(true);
  });

  it("drops a soft-deleted item, and a hard-deleted one", async () => {
    const del = await inject({
      method: "DELETE",
      url: `/api/inventory/items/${ids[2]}`,
      headers: alice.auth,
    });
    expect(del.statusCode).toBeLessThan(300);
    await expectBoth(alice.companyId, { items: 3, byStatus: { sold: 2, listed: 1 }, listings: 0, sales: 0 });
    // a deleted item's row removed for good (a purge) does not count twice
    await exec(sql`delete from inventory_items where id = ${ids[2]}`);
    await expectBoth(alice.companyId, { items: 3, byStatus: { sold: 2, listed: 1 }, listings: 0, sales: 0 });
    await exec(sql`delete from inventory_items where id = ${ids[3]}`);
    await expectBoth(alice.companyId, { items: 2, byStatus: { sold: 2 }, listings: 0, sales: 0 });
  });

  it("follows an item moved to another company", async () => {
    await exec(sql`update inventory_items set company_id = ${bob.companyId} where id = ${ids[0]}`);
    await expectBoth(alice.companyId, { items: 1, byStatus: { sold: 1 }, listings: 0, sales: 0 });
    await expectBoth(bob.companyId, { items: 1, byStatus: { sold: 1 }, listings: 0, sales: 0 });
    expect((await sellerList()).total).toBe(2);
  });

  it("counts a bulk import in one statement per request, and an update of part of it", async () => {
    const items = Array.from({ length: 2_000 }, (_, i) => ({ id: uuidv7(), ...itemBody(`BULK-${i}`) }));
    const res = await inject({
      method: "POST",
      url: "/api/inventory/items/bulk",
      headers: bob.auth,
      payload: { items },
    });
    expect(res.statusCode).toBe(200);
    await expectBoth(bob.companyId, {
      items: 2_001,
      byStatus: { sold: 1, new: 2_000 },
      listings: 0,
      sales: 0,
    });
    // one statement over many rows of two companies: a quarter of the import is listed
    await exec(sql`update inventory_items set status = 'listed'
      where company_id in (${alice.companyId}, ${bob.companyId}) and sku like 'BULK-%' and right(sku, 1) in ('0', '4')`);
    await expectBoth(bob.companyId, {
      items: 2_001,
      byStatus: { sold: 1, new: 1_600, listed: 400 },
      listings: 0,
      sales: 0,
    });
    await expectBoth(alice.companyId, { items: 1, byStatus: { sold: 1 }, listings: 0, sales: 0 });
    const list = await sellerList();
    expect(list.rows.map((r) => [r.id, r.items])).toEqual([
      [bob.companyId, 2_001],
      [alice.companyId, 1],
    ]);
    expect((await sellerList("&query=BOB%40SUMMARY")).rows.map((r) => r.id)).toEqual([bob.companyId]);
    expect((await sellerList("&query=antiques")).rows.map((r) => r.id)).toEqual([alice.companyId]);
    // the owner is the first company admin: a later one's email does not find the company
    const later = await createTestUser(server, { email: "later-admin@summary.test" });
    await addMember(server, bob.companyId, later.userId, ["ROLE_COMPANY_ADMIN"], false);
    expect((await sellerList("&query=later-admin")).total).toBe(0);
    expect((await sellerList("&query=bob%40")).rows[0]?.ownerEmail).toBe("bob@summary.test");
  });

  it("counts published eBay listings and order lines", async () => {
    const db = server.database.db;
    const [one = "", two = ""] = rows<{ id: string }>(
      await exec(
        sql`select id from inventory_items where company_id = ${bob.companyId} and deleted_at is null order by sku limit 2`,
      ),
    ).map((r) => r.id);
    await db.insert(ebayListings).values([
      { itemId: one, companyId: bob.companyId, ebaySku: "E1", state: "published" },
      { itemId: two, companyId: bob.companyId, ebaySku: "E2", state: "unlisted" },
    ]);
    await expectBoth(bob.companyId, {
      items: 2_001,
      byStatus: { sold: 1, new: 1_600, listed: 400 },
      listings: 1,
      sales: 0,
    });
    await exec(sql`update ebay_listings set state = case when state = 'published' then 'withdrawn' else 'published' end
      where company_id = ${bob.companyId}`);
    expect((await summary(bob.companyId)).listings).toBe(1);
    await exec(sql`update ebay_listings set state = 'published' where company_id = ${bob.companyId}`);
    expect((await summary(bob.companyId)).listings).toBe(2);
    await listOrder(uuidv7(), bob.companyId, one);
    await listOrder(uuidv7(), bob.companyId, two);
    expect((await summary(bob.companyId)).sales).toBe(2);
    // deleting an item (the sold one moved from Alice) for good takes its listing with it
    // (cascade); its order line stays
    await exec(sql`delete from inventory_items where id = ${one}`);
    await expectBoth(bob.companyId, {
      items: 2_000,
      byStatus: { new: 1_600, listed: 400 },
      listings: 1,
      sales: 2,
    });
    await exec(sql`delete from ebay_orders where company_id = ${bob.companyId}`);
    expect((await summary(bob.companyId)).sales).toBe(0);
    const bobRow = (await sellerList()).rows.find((r) => r.id === bob.companyId);
    expect(bobRow).toMatchObject({ items: 2_000, listings: 1, sales: 0 });
  });

  it("lets a company with items, listings and orders be deleted, and its row goes with it", async () => {
    const two = await createTestUser(server, { companyName: "Gone Goods" });
    const item = await putItem(server, two.auth, itemBody("GONE-1"));
    await server.database.db
      .insert(ebayListings)
      .values({ itemId: item.id, companyId: two.companyId, ebaySku: "G1", state: "published" });
    await listOrder(uuidv7(), two.companyId, item.id);
    await expectBoth(two.companyId, { items: 1, byStatus: { new: 1 }, listings: 1, sales: 1 });
    await server.database.db.delete(companies).where(sql`${companies.id} = ${two.companyId}`);
    expect(rows(await exec(sql`select 1 from seller_summaries where company_id = ${two.companyId}`))).toEqual(
      [],
    );
  });
});
