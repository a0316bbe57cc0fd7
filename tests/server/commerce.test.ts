import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  CommerceCustomer,
  CommerceCustomerDetail,
  CommerceOrder,
  CommerceOrderDetail,
  CommerceOverview,
} from "../../src/domain/commerce/contract";
import { SELLER_COMPANY_HEADER } from "../../src/domain/marketplace";
import { companyMembers, ebayOrders } from "../../src/server/db/schema";
import { deleteEbayUser } from "../../src/server/modules/ebay/account-deletion";
import { caller } from "./filing-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { itemBody, putItem, uuidv7 } from "./inventory-helpers";

let server: TestServer;
let call: ReturnType<typeof caller>;
let ann: TestUser; // sells on eBay: three orders from two buyers
let bob: TestUser; // another company with one order of its own
let noCompany: TestUser; // removed from their company
let staff: TestUser; // marketplace staff
let lampId: string;
const db = () => server.database.db;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

function line(
  companyId: string,
  o: { orderId: string; line: string; title: string; qty: number; price: number; fees?: number },
  buyer: { username: string; name: string; city: string } | null,
  status: string,
  at: Date,
  itemId: string | null = null,
) {
  return {
    id: uuidv7(),
    companyId,
    orderId: o.orderId,
    lineItemId: o.line,
    itemId,
    sku: `SKU-${o.line}`,
    title: o.title,
    quantity: o.qty,
    priceCents: o.price,
    feesCents: o.fees ?? null,
    buyerUsername: buyer?.username ?? null,
    buyerName: buyer?.name ?? null,
    buyerCity: buyer?.city ?? null,
    status,
    decremented: true,
    orderCreatedAt: at,
    lastModifiedAt: at,
  };
}

const jane = { username: "jane_buys", name: "Jane Roe", city: "Albany" };
const max = { username: "max.collects", name: "Max Poe", city: "Buffalo" };

beforeAll(async () => {
  server = await startTestServer();
  call = caller(server);
  ann = await createTestUser(server, { displayName: "Ann", companyName: "Ann Resale" });
  bob = await createTestUser(server, { displayName: "Bob", companyName: "Bob Goods" });
  noCompany = await createTestUser(server, { displayName: "Nora" });
  await db().delete(companyMembers).where(eq(companyMembers.userId, noCompany.userId));
  staff = await createTestUser(server, { displayName: "Mia", roles: ["ROLE_USER", "ROLE_MARKETPLACE"] });
  const lamp = await putItem(server, ann.auth, itemBody("LAMP-1", { status: "listed", quantity: 3 }));
  lampId = lamp.id;
  await db()
    .insert(ebayOrders)
    .values([
      // Jane: one order of two lines (fees are the order's, repeated on each line), paid, not shipped
      line(
        ann.companyId,
        { orderId: "11-00001-00001", line: "L1", title: "Brass lamp", qty: 2, price: 5000, fees: 700 },
        jane,
        "awaiting_shipment",
        daysAgo(1),
        lampId,
      ),
      line(
        ann.companyId,
        { orderId: "11-00001-00001", line: "L2", title: "Lamp shade", qty: 1, price: 1500, fees: 700 },
        jane,
        "shipped",
        daysAgo(1),
      ),
      // Jane again, delivered, 10 days ago
      line(
        ann.companyId,
        { orderId: "11-00002-00002", line: "L3", title: "Brass lamp", qty: 1, price: 2500, fees: 300 },
        jane,
        "delivered",
        daysAgo(10),
        lampId,
      ),
      // Max, 40 days ago (outside the 30-day overview)
      line(
        ann.companyId,
        { orderId: "11-00003-00003", line: "L4", title: "Old clock", qty: 1, price: 9000 },
        max,
        "delivered",
        daysAgo(40),
      ),
      // a buyer whose account eBay deleted (no user name): an order, not a customer
      line(
        ann.companyId,
        { orderId: "11-00004-00004", line: "L5", title: "Vase", qty: 1, price: 1000 },
        null,
        "shipped",
        daysAgo(2),
      ),
      // Bob's company: its own buyer
      line(
        bob.companyId,
        { orderId: "22-00001-00001", line: "B1", title: "Bob's chair", qty: 1, price: 4000 },
        { username: "bob_buyer", name: "Carl", city: "Utica" },
        "sold",
        daysAgo(1),
      ),
    ]);
});
afterAll(async () => server.close());

describe("orders", () => {
  it("lists the company's orders, lines grouped, newest first, with the least advanced status", async () => {
    const res = await call("GET", "/api/commerce/orders", ann);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { rows: CommerceOrder[]; total: number };
    expect(page.total).toBe(4);
    expect(page.rows.map((o) => o.orderId)).toEqual([
      "11-00001-00001",
      "11-00004-00004",
      "11-00002-00002",
      "11-00003-00003",
    ]);
    expect(page.rows[0]).toMatchObject({
      buyerUsername: "jane_buys",
      lines: 2,
      quantity: 3,
      totalCents: 6500,
      feesCents: 700,
      status: "awaiting_shipment",
    });
  });

  it("pages, sorts and searches on the server", async () => {
    const byTotal = (
      await call("GET", "/api/commerce/orders?sortBy=total&sortDir=desc&rowsPerPage=2&page=1", ann)
    ).json();
    expect(byTotal.total).toBe(4);
    expect(byTotal.rows.map((o: CommerceOrder) => o.orderId)).toEqual(["11-00002-00002", "11-00004-00004"]);
    const found = (await call("GET", "/api/commerce/orders?query=shade", ann)).json();
    expect(found.rows.map((o: CommerceOrder) => [o.orderId, o.totalCents])).toEqual([
      ["11-00001-00001", 6500],
    ]);
    const status = (await call("GET", "/api/commerce/orders?status=delivered", ann)).json();
    expect(status.total).toBe(2);
    // % and _ are taken literally
    expect((await call("GET", "/api/commerce/orders?query=%25", ann)).json().total).toBe(0);
  });

  it("shows one order with its lines; another company's order is not found", async () => {
    const res = await call("GET", "/api/commerce/orders/11-00001-00001", ann);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json() as CommerceOrderDetail;
    expect(order.items.map((l) => [l.title, l.itemId, l.status])).toEqual([
      ["Brass lamp", lampId, "awaiting_shipment"],
      ["Lamp shade", null, "shipped"],
    ]);
    expect((await call("GET", "/api/commerce/orders/22-00001-00001", ann)).statusCode).toBe(404);
    expect((await call("GET", "/api/commerce/orders/22-00001-00001", bob)).statusCode).toBe(200);
  });

  it("refuses bad paging, sorting and order ids with 400", async () => {
    for (const url of [
      "/api/commerce/orders?page=-1",
      "/api/commerce/orders?rowsPerPage=1000",
      "/api/commerce/orders?sortBy=password",
      "/api/commerce/orders?status=lost",
      "/api/commerce/orders?unknown=1",
      "/api/commerce/orders/bad%20id%3B",
    ]) {
      const res = await call("GET", url, ann);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBeTruthy();
    }
  });
});

describe("customers", () => {
  it("lists the company's buyers with their orders and spend, never another company's", async () => {
    const res = await call("GET", "/api/commerce/customers", ann);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { rows: CommerceCustomer[]; total: number };
    expect(page.total).toBe(2);
    expect(page.rows.map((c) => [c.username, c.orders, c.spentCents, c.buyerCity])).toEqual([
      ["jane_buys", 2, 9000, "Albany"],
      ["max.collects", 1, 9000, "Buffalo"],
    ]);
    const sorted = (await call("GET", "/api/commerce/customers?sortBy=username&sortDir=desc", ann)).json();
    expect(sorted.rows.map((c: CommerceCustomer) => c.username)).toEqual(["max.collects", "jane_buys"]);
    expect((await call("GET", "/api/commerce/customers/bob_buyer", ann)).statusCode).toBe(404);
    expect((await call("GET", "/api/commerce/customers?query=carl", ann)).json().total).toBe(0);
  });

  it("saves the company's own fields about a buyer, shows and searches them; only for its own buyers", async () => {
    const put = await call("PUT", "/api/commerce/customers/jane_buys", ann, {
      name: "  Jane (regular)  ",
      email: "jane@example.com",
      phone: "+1 518 555 0100",
      note: "Prefers USPS.",
    });
    expect(put.statusCode, put.body).toBe(200);
    const detail = (
      await call("GET", "/api/commerce/customers/jane_buys", ann)
    ).json() as CommerceCustomerDetail;
    expect(detail).toMatchObject({
      name: "Jane (regular)",
      email: "jane@example.com",
      phone: "+1 518 555 0100",
      note: "Prefers USPS.",
      orders: 2,
    });
    expect(detail.recentOrders.map((o) => o.orderId)).toEqual(["11-00001-00001", "11-00002-00002"]);
    expect(detail.notesUpdatedAt).toBeTruthy();
    const found = (await call("GET", "/api/commerce/customers?query=regular", ann)).json();
    expect(found.rows.map((c: CommerceCustomer) => c.username)).toEqual(["jane_buys"]);
    // blank clears a field
    const cleared = await call("PUT", "/api/commerce/customers/jane_buys", ann, {
      name: "Jane (regular)",
      email: "",
      phone: null,
      note: "Prefers USPS.",
    });
    expect(cleared.json()).toMatchObject({ email: null, phone: null });

    // Bob cannot write about Ann's buyer, nor Ann about Bob's
    const body = { name: "x", email: null, phone: null, note: null };
    expect((await call("PUT", "/api/commerce/customers/jane_buys", bob, body)).statusCode).toBe(404);
    expect((await call("PUT", "/api/commerce/customers/bob_buyer", ann, body)).statusCode).toBe(404);
    expect((await call("GET", "/api/commerce/customers/jane_buys", bob)).statusCode).toBe(404);
  });

  it("refuses bad input with 400 and a message", async () => {
    const cases: [string, unknown][] = [
      ["/api/commerce/customers/jane_buys", { name: null, email: "not-an-email", phone: null, note: null }],
      ["/api/commerce/customers/jane_buys", { name: null, email: null, phone: "call me", note: null }],
      ["/api/commerce/customers/jane_buys", { name: "x".repeat(121), email: null, phone: null, note: null }],
      ["/api/commerce/customers/jane_buys", { name: null, email: null, phone: null }],
      [
        "/api/commerce/customers/jane_buys",
        { name: null, email: null, phone: null, note: null, admin: true },
      ],
      ["/api/commerce/customers/jane%20buys", { name: null, email: null, phone: null, note: null }],
    ];
    for (const [url, body] of cases) {
      const res = await call("PUT", url, ann, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await call("GET", "/api/commerce/customers?sortBy=email", ann)).statusCode).toBe(400);
  });

  it("forgets the company's notes when eBay reports the buyer's account deleted", async () => {
    await call("PUT", "/api/commerce/customers/max.collects", ann, {
      name: "Max",
      email: "max@example.com",
      phone: null,
      note: "Collector",
    });
    await deleteEbayUser(db(), { notificationId: uuidv7(), username: "max.collects", userId: null });
    expect((await call("GET", "/api/commerce/customers/max.collects", ann)).statusCode).toBe(404);
    const orders = (await call("GET", "/api/commerce/orders?query=clock", ann)).json();
    expect(orders.rows[0]).toMatchObject({ buyerUsername: null, buyerName: null });
  });
});

describe("overview", () => {
  it("sums the last 30 days of sales, top items, orders to ship, stock and unpaid invoices", async () => {
    const res = await call("GET", "/api/commerce/overview", ann);
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json() as CommerceOverview;
    expect(o).toMatchObject({
      days: 30,
      revenueCents: 10_000,
      feesCents: 1000,
      orders: 3,
      itemsSold: 5,
      customers: 1,
      toShip: 1,
      inventory: { items: 1, inStock: 3, listed: 1 },
      invoices: { unpaid: 0, unpaidCents: 0 },
    });
    expect(o.daily).toHaveLength(30);
    expect(o.daily.reduce((s, d) => s + d.revenueCents, 0)).toBe(10_000);
    expect(o.topItems[0]).toMatchObject({
      itemId: lampId,
      title: "Brass lamp",
      quantity: 3,
      revenueCents: 7500,
    });
    expect(o.recentOrders[0]?.orderId).toBe("11-00001-00001");
    const year = (await call("GET", "/api/commerce/overview?days=365", ann)).json() as CommerceOverview;
    expect(year.revenueCents).toBe(19_000);
    expect((await call("GET", "/api/commerce/overview?days=12", ann)).statusCode).toBe(400);
    const bobs = (await call("GET", "/api/commerce/overview", bob)).json() as CommerceOverview;
    expect(bobs).toMatchObject({ revenueCents: 4000, orders: 1, toShip: 1 });
  });
});

describe("who may call", () => {
  const urls = [
    "/api/commerce/overview",
    "/api/commerce/orders",
    "/api/commerce/orders/11-00001-00001",
    "/api/commerce/customers",
    "/api/commerce/customers/jane_buys",
  ];
  it("a guest gets 401, a user without a company 403, a seller scope 403", async () => {
    for (const url of urls) {
      expect((await call("GET", url)).statusCode, url).toBe(401);
      expect((await call("GET", url, noCompany)).statusCode, url).toBe(403);
      const seller = await server.app.inject({
        method: "GET",
        url,
        headers: { ...staff.auth, [SELLER_COMPANY_HEADER]: ann.companyId },
      });
      expect(seller.statusCode, url).toBe(403);
    }
    const body = { name: "x", email: null, phone: null, note: null };
    expect((await call("PUT", "/api/commerce/customers/jane_buys", undefined, body)).statusCode).toBe(401);
    expect((await call("PUT", "/api/commerce/customers/jane_buys", noCompany, body)).statusCode).toBe(403);
  });
});
