import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotificationApi } from "../../src/domain/notifications/types";
import { ebayConnections, ebayListings, ebayOrders } from "../../src/server/db/schema";
import type { EbayDouble } from "./doubles/ebay";
import {
  connectAndSetUp,
  createTestUser,
  getItem,
  listableItem,
  listingsOf,
  requestAction,
  requestActions,
  settled,
  startEbayServer,
  uuidv7,
} from "./ebay-helpers";
import type { TestUser } from "./fixtures";
import type { TestServer } from "./harness";

/** The user's notifications, as the bell lists them. */
async function bell(who: TestUser): Promise<NotificationApi[]> {
  const res = await server.app.inject({ method: "GET", url: "/api/notifications", headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}
let server: TestServer;
let double: EbayDouble;
let seller: TestUser;

beforeAll(async () => {
  ({ server, double } = await startEbayServer());
  seller = await createTestUser(server);
  await connectAndSetUp(server, double, seller);
}, 600_000);
afterAll(async () => {
  await server?.close();
  await double?.close();
});

const callsOf = (op: string) => double.calls.filter((c) => c.operationId === op);

describe("eBay listing pipeline", () => {
  it("suggests categories from a title and lists a category's item specifics", async () => {
    const res = await server.app.inject({
      method: "GET",
      url: "/api/ebay/categories/suggestions?q=Brass%20desk%20lamp",
      headers: seller.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toContainEqual(
      expect.objectContaining({ categoryId: "112581", categoryName: "Lamps" }),
    );
    const aspects = await server.app.inject({
      method: "GET",
      url: "/api/ebay/categories/112581/aspects",
      headers: seller.auth,
    });
    expect(aspects.statusCode, aspects.body).toBe(200);
    expect(aspects.json()).toContainEqual(
      expect.objectContaining({ name: "Brand", required: true, mode: "FREE_TEXT" }),
    );
  });

  it("setup is complete and status says so", async () => {
    const res = await server.app.inject({ method: "GET", url: "/api/ebay/status", headers: seller.auth });
    expect(res.json().setup).toMatchObject({ businessPolicies: true, complete: true });
  });

  it("publishes 30 items in two bulk calls; a refused item says why on its row and can be fixed and retried alone", async () => {
    const before = double.calls.length;
    const items: { id: string; sku: string; version: number }[] = [];
    for (let i = 0; i < 30; i++) {
      // One item misses its category's required aspect (Brand): eBay refuses it alone.
      items.push(await listableItem(server, seller, { photos: 2, ...(i === 7 ? { aspects: {} } : {}) }));
    }
    await requestActions(
      server,
      seller,
      items.map((i) => i.id),
      "publish",
    );
    await settled(server, seller.companyId, 120_000);
    const calls = double.calls.slice(before);
    expect(calls.filter((c) => c.operationId === "bulkCreateOrReplaceInventoryItem")).toHaveLength(2);
    expect(calls.filter((c) => c.operationId === "bulkCreateOffer")).toHaveLength(2);
    expect(calls.filter((c) => c.operationId === "bulkPublishOffer")).toHaveLength(2);
    expect(calls.filter((c) => c.operationId === "createImageFromFile")).toHaveLength(60);
    const listings = await listingsOf(server, seller);
    const refused = listings.find((l) => l.itemId === items[7]?.id);
    expect(refused?.state).toBe("failed");
    expect(refused?.error).toContain("Brand is missing");
    const ok = listings.filter((l) => l.state === "published");
    expect(ok).toHaveLength(29);
    for (const l of ok) expect(l.listingUrl).toMatch(/^https:\/\/sandbox\.ebay\.com\/itm\/\d+$/);
    const first = await getItem(server, seller, items[0]?.id ?? "");
    expect(first).toMatchObject({ status: "listed", publicationStatus: 1 });
    // eBay has the item as mapped: condition, aspects, pictures in order
    const ebayItem = double.seller().items.get(items[0]?.sku ?? "");
    expect(ebayItem).toMatchObject({
      condition: "USED_EXCELLENT",
      product: { aspects: { Brand: ["Acme"] } },
    });
    expect((ebayItem?.product as { imageUrls?: string[] } | undefined)?.imageUrls).toHaveLength(2);

    // Fix the refused item and retry it alone.
    const fixedFrom = double.calls.length;
    const bad = await getItem(server, seller, items[7]?.id ?? "");
    await server.app.inject({
      method: "PATCH",
      url: `/api/inventory/items/${bad.id}`,
      headers: seller.auth,
      payload: { version: bad.version, ebay: { ...bad.ebay, aspects: { Brand: ["Acme"] } } },
    });
    await requestAction(server, seller, bad.id, "publish");
    await settled(server, seller.companyId);
    const retried = (await listingsOf(server, seller)).find((l) => l.itemId === bad.id);
    expect(retried?.state).toBe("published");
    const retryCalls = double.calls.slice(fixedFrom);
    // Only that item went to eBay again; its pictures were not uploaded twice.
    expect(retryCalls.filter((c) => c.operationId === "createImageFromFile")).toHaveLength(0);
    expect(retryCalls.filter((c) => c.operationId === "bulkCreateOrReplaceInventoryItem")).toHaveLength(1);
  }, 90_000);

  it("re-running a publish updates the existing inventory item and offer, never duplicates", async () => {
    const item = await listableItem(server, seller);
    await requestAction(server, seller, item.id, "publish");
    await settled(server, seller.companyId);
    const offersBefore = [...double.seller().offers.values()].filter((o) => o.sku === item.sku);
    await requestAction(server, seller, item.id, "publish");
    await settled(server, seller.companyId);
    const offersAfter = [...double.seller().offers.values()].filter((o) => o.sku === item.sku);
    expect(offersBefore).toHaveLength(1);
    expect(offersAfter).toHaveLength(1);
    expect((await listingsOf(server, seller)).find((l) => l.itemId === item.id)?.state).toBe("published");
  });

  it("the same request id (a replayed write) runs once", async () => {
    const item = await listableItem(server, seller);
    const requestId = uuidv7();
    const key = uuidv7();
    await requestAction(server, seller, item.id, "publish", requestId, { "idempotency-key": key });
    await settled(server, seller.companyId);
    const [row] = await server.database.db
      .select()
      .from(ebayListings)
      .where(eq(ebayListings.itemId, item.id));
    // The same request again (a second device, a resend with the same request): nothing to do.
    await requestAction(server, seller, item.id, "publish", requestId);
    const [again] = await server.database.db
      .select()
      .from(ebayListings)
      .where(eq(ebayListings.itemId, item.id));
    expect(again?.wantedSeq).toBe(row?.wantedSeq);
  });

  it("a SKU eBay would refuse (hyphens) is listed under an alphanumeric eBay SKU", async () => {
    const item = await listableItem(server, seller, { sku: `LAMP-${uuidv7().slice(-6)}` });
    await requestAction(server, seller, item.id, "publish");
    await settled(server, seller.companyId);
    const [row] = await server.database.db
      .select()
      .from(ebayListings)
      .where(eq(ebayListings.itemId, item.id));
    expect(row?.ebaySku).toMatch(/^BL[0-9A-F]{32}$/);
    expect(row?.state).toBe("published");
  });

  it("withdraw ends the listing and keeps the offer; delete removes item and offer", async () => {
    const a = await listableItem(server, seller);
    const b = await listableItem(server, seller);
    await requestAction(server, seller, a.id, "publish");
    await requestAction(server, seller, b.id, "publish");
    await settled(server, seller.companyId);
    await requestAction(server, seller, a.id, "withdraw");
    await requestAction(server, seller, b.id, "delete");
    await settled(server, seller.companyId);
    expect(await getItem(server, seller, a.id)).toMatchObject({
      status: "withdrawn_from_ebay",
      publicationStatus: 0,
    });
    expect(await getItem(server, seller, b.id)).toMatchObject({
      status: "deleted_from_ebay",
      publicationStatus: 2,
    });
    const offers = [...double.seller().offers.values()];
    expect(offers.find((o) => o.sku === a.sku)?.status).toBe("UNPUBLISHED");
    expect(offers.find((o) => o.sku === b.sku)).toBeUndefined();
    expect(double.seller().items.has(b.sku)).toBe(false);
  });

  it("a local price or quantity change of a listed item is sent to eBay", async () => {
    const item = await listableItem(server, seller, { quantity: 3 });
    await requestAction(server, seller, item.id, "publish");
    await settled(server, seller.companyId);
    const current = await getItem(server, seller, item.id);
    const before = double.calls.length;
    await server.app.inject({
      method: "PATCH",
      url: `/api/inventory/items/${item.id}`,
      headers: seller.auth,
      payload: { version: current.version, price: 3100, quantity: 2 },
    });
    await settled(server, seller.companyId);
    expect(
      double.calls.slice(before).filter((c) => c.operationId === "bulkUpdatePriceQuantity"),
    ).toHaveLength(1);
    const offer = [...double.seller().offers.values()].find((o) => o.sku === item.sku);
    expect(offer).toMatchObject({ availableQuantity: 2, pricingSummary: { price: { value: "31.00" } } });
  });

  it("auto-delist: quantity 0 (sold elsewhere) withdraws the offer", async () => {
    const item = await listableItem(server, seller);
    await requestAction(server, seller, item.id, "publish");
    await settled(server, seller.companyId);
    const current = await getItem(server, seller, item.id);
    await server.app.inject({
      method: "PATCH",
      url: `/api/inventory/items/${item.id}`,
      headers: seller.auth,
      payload: { version: current.version, quantity: 0, status: "sold" },
    });
    await settled(server, seller.companyId);
    const offer = [...double.seller().offers.values()].find((o) => o.sku === item.sku);
    expect(offer?.status).toBe("UNPUBLISHED");
    expect(await getItem(server, seller, item.id)).toMatchObject({
      status: "sold",
      publicationStatus: 0,
      quantity: 0,
    });
  });

  it("an order moves the item to sold → awaiting shipment → shipped → delivered and decrements it once", async () => {
    const item = await listableItem(server, seller, { quantity: 2 });
    await requestAction(server, seller, item.id, "publish");
    await settled(server, seller.companyId);
    const order = double.addOrder({
      sku: item.sku,
      quantity: 1,
      price: "25.00",
      paid: false,
      buyer: { username: "buyer_jo", name: "Jo Buyer", city: "Queens" },
    });
    const sync = async () => {
      const res = await server.app.inject({
        method: "POST",
        url: "/api/ebay/orders/sync",
        headers: seller.auth,
      });
      expect(res.statusCode).toBe(202);
      for (let i = 0; i < 300; i++) {
        const [c] = await server.database.db
          .select()
          .from(ebayConnections)
          .where(eq(ebayConnections.companyId, seller.companyId));
        const lines = await server.database.db
          .select()
          .from(ebayOrders)
          .where(eq(ebayOrders.orderId, String(order.orderId)));
        const jobs = await server.database.db.execute(
          sql`select count(*)::int as n from jobs where kind = 'ebay-orders' and status in ('queued','running') and (payload->>'scheduled')::boolean = false`,
        );
        if (c?.ordersSyncedAt && lines.length && Number((jobs.rows[0] as { n: number }).n) === 0)
          return lines[0];
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error("order sync did not run");
    };
    let line = await sync();
    expect(line).toMatchObject({
      status: "sold",
      buyerName: "Jo Buyer",
      buyerCity: "Queens",
      priceCents: 2500,
      quantity: 1,
    });
    expect(await getItem(server, seller, item.id)).toMatchObject({ status: "sold", quantity: 1 });
    // The seller hears of the sale on the bell, once (the later syncs of the order add nothing).
    const sales = async () =>
      (await bell(seller)).filter((n) => n.type === "ebay_sale" && n.link === `/dashboard/item/${item.id}`);
    expect((await sales()).map((n) => n.description)).toEqual([`Brass lamp ${item.sku} sold for $25.00.`]);
    double.updateOrder(String(order.orderId), { paid: true });
    line = await sync();
    expect((await getItem(server, seller, item.id)).status).toBe("awaiting_shipment");
    double.updateOrder(String(order.orderId), { shipped: true });
    await sync();
    expect((await getItem(server, seller, item.id)).status).toBe("shipped");
    double.updateOrder(String(order.orderId), { delivered: true });
    await sync();
    const done = await getItem(server, seller, item.id);
    expect(done).toMatchObject({ status: "delivered", quantity: 1 });
    expect(await sales()).toHaveLength(1);
    const list = await server.app.inject({
      method: "GET",
      url: `/api/ebay/orders?itemId=${item.id}`,
      headers: seller.auth,
    });
    expect(list.json().rows).toHaveLength(1);
    expect(list.json().rows[0]).toMatchObject({
      buyerName: "Jo Buyer",
      buyerCity: "Queens",
      price: 2500,
      status: "delivered",
    });
  });

  it("photo uploads stay under eBay's Media limit (50 POSTs per 5 s per user) across runs: 60 photos, no 429", async () => {
    // A seller of its own, so no earlier test's uploads count in the double's window.
    const own = await createTestUser(server);
    await connectAndSetUp(server, double, own, "media_seller");
    // Photos are sent ahead as the items arrive, then the publishes send the rest: all count.
    const before = double.calls.length;
    const items = [];
    for (let i = 0; i < 20; i++) items.push(await listableItem(server, own, { photos: 3 }));
    const uploadsNow = () =>
      double.calls.slice(before).filter((c) => c.operationId === "createImageFromFile");
    double.setLatency(100);
    try {
      await requestActions(
        server,
        own,
        items.slice(0, 10).map((x) => x.id),
        "publish",
      );
      // The second half arrives while the first run uploads: the job's next run takes it.
      for (let i = 0; i < 200 && uploadsNow().length === 0; i++) await new Promise((r) => setTimeout(r, 25));
      await requestActions(
        server,
        own,
        items.slice(10).map((x) => x.id),
        "publish",
      );
      await settled(server, own.companyId, 60_000);
    } finally {
      double.setLatency(0);
    }
    expect(uploadsNow().filter((c) => c.status === 201)).toHaveLength(60);
    expect(uploadsNow().filter((c) => c.status === 429)).toHaveLength(0);
    const listings = await listingsOf(server, own);
    expect(listings.filter((l) => l.state === "published")).toHaveLength(20);
  });

  it("a page of many orders is stored at once: each item loses what its new lines sold, once", async () => {
    const a = await listableItem(server, seller, { quantity: 3 });
    const b = await listableItem(server, seller, { quantity: 3 });
    await requestActions(server, seller, [a.id, b.id], "publish");
    await settled(server, seller.companyId);
    const orders = [
      double.addOrder({ sku: a.sku, quantity: 1, paid: false }),
      double.addOrder({ sku: a.sku, quantity: 1, paid: false }),
      double.addOrder({ sku: b.sku, quantity: 2, paid: true }),
    ].map((o) => String(o.orderId));
    const syncAll = async () => {
      const [before] = await server.database.db
        .select({ at: ebayConnections.ordersSyncedAt })
        .from(ebayConnections)
        .where(eq(ebayConnections.companyId, seller.companyId));
      const res = await server.app.inject({
        method: "POST",
        url: "/api/ebay/orders/sync",
        headers: seller.auth,
      });
      expect(res.statusCode).toBe(202);
      for (let i = 0; i < 300; i++) {
        const [c] = await server.database.db
          .select({ at: ebayConnections.ordersSyncedAt })
          .from(ebayConnections)
          .where(eq(ebayConnections.companyId, seller.companyId));
        if (c?.at && c.at.getTime() !== before?.at?.getTime()) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error("order sync did not run");
    };
    await syncAll();
    const lines = async () =>
      (await server.database.db.select().from(ebayOrders)).filter((l) => orders.includes(l.orderId));
    expect(await lines()).toHaveLength(3);
    expect((await lines()).every((l) => l.decremented)).toBe(true);
    // a sold 1 + 1 of 3 (not paid yet), b sold 2 of 3 (paid).
    expect(await getItem(server, seller, a.id)).toMatchObject({ quantity: 1, status: "sold" });
    expect(await getItem(server, seller, b.id)).toMatchObject({ quantity: 1, status: "awaiting_shipment" });
    const versions = [
      (await getItem(server, seller, a.id)).version,
      (await getItem(server, seller, b.id)).version,
    ];
    // Seen again (the overlap of the next run): stored once, nothing taken off twice, no change.
    await syncAll();
    expect(await lines()).toHaveLength(3);
    expect(await getItem(server, seller, a.id)).toMatchObject({ quantity: 1, version: versions[0] });
    expect(await getItem(server, seller, b.id)).toMatchObject({ quantity: 1, version: versions[1] });
  });

  it("an expired access token is refreshed transparently; 429 bursts are waited out", async () => {
    const item = await listableItem(server, seller);
    double.expireAccessTokens();
    double.burst429(3, 1);
    await requestAction(server, seller, item.id, "publish");
    await settled(server, seller.companyId, 60_000);
    expect((await listingsOf(server, seller)).find((l) => l.itemId === item.id)?.state).toBe("published");
    expect(double.calls.filter((c) => c.status === 429).length).toBeGreaterThanOrEqual(3);
    expect(double.calls.some((c) => c.status === 401)).toBe(true);
  });

  it("another company's member cannot list these items or see their listings", async () => {
    const other = await createTestUser(server);
    const mine = await listableItem(server, seller);
    const res = await server.app.inject({
      method: "PATCH",
      url: `/api/inventory/items/${mine.id}`,
      headers: other.auth,
      payload: {
        version: mine.version,
        ebay: {
          categoryId: null,
          categoryName: null,
          aspects: {},
          request: { id: uuidv7(), action: "publish", at: new Date().toISOString() },
        },
      },
    });
    expect(res.statusCode).toBe(404);
    expect(await listingsOf(server, other)).toEqual([]);
    const orders = await server.app.inject({ method: "GET", url: "/api/ebay/orders", headers: other.auth });
    expect(orders.json().total).toBe(0);
    const admin = await server.app.inject({
      method: "GET",
      url: "/api/admin/offer-list",
      headers: other.auth,
    });
    expect(admin.statusCode).toBe(403);
  });

  it("admin lists: a seller's listings and all offers by state, paged, sorted and searched on the server", async () => {
    const admin = await createTestUser(server, { roles: ["ROLE_SUPER_ADMIN"] });
    const mine = await server.app.inject({
      method: "GET",
      url: `/api/admin/ebay-listing/list/${seller.userId}?rowsPerPage=5&sortBy=title&sortDir=asc`,
      headers: admin.auth,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().rows).toHaveLength(5);
    expect(mine.json().total).toBeGreaterThan(30);
    const titles = mine.json().rows.map((r: { title: string }) => r.title);
    expect([...titles].sort()).toEqual(titles);
    const failed = await server.app.inject({
      method: "GET",
      url: "/api/admin/offer-list?state=deleted",
      headers: admin.auth,
    });
    expect(failed.json().rows.every((r: { state: string }) => r.state === "deleted")).toBe(true);
    expect(failed.json().total).toBeGreaterThanOrEqual(1);
    const search = await server.app.inject({
      method: "GET",
      url: "/api/admin/offer-list?query=zzz-no-such",
      headers: admin.auth,
    });
    expect(search.json().total).toBe(0);
    // The offer list names the seller, whose own page lists the same listings.
    const everyOffer = await server.app.inject({
      method: "GET",
      url: `/api/admin/offer-list?query=${encodeURIComponent(titles[0])}`,
      headers: admin.auth,
    });
    expect(everyOffer.json().rows[0]).toMatchObject({ sellerId: seller.userId, title: titles[0] });
    const none = await server.app.inject({
      method: "GET",
      url: `/api/admin/ebay-listing/list/${uuidv7()}`,
      headers: admin.auth,
    });
    expect(none.statusCode).toBe(404);
    expect(
      (
        await server.app.inject({
          method: "GET",
          url: "/api/admin/offer-list?state=bogus",
          headers: admin.auth,
        })
      ).statusCode,
    ).toBe(400);
    // Bad paging, sorting or a bad user id: a clear 400, never a 500.
    for (const url of [
      "/api/admin/offer-list?page=-1",
      "/api/admin/offer-list?page=abc",
      "/api/admin/offer-list?rowsPerPage=0",
      "/api/admin/offer-list?rowsPerPage=1000",
      "/api/admin/offer-list?sortBy=price",
      "/api/admin/offer-list?sortDir=up",
      `/api/admin/offer-list?query=${"x".repeat(201)}`,
      `/api/admin/ebay-listing/list/${seller.userId}?page=1.5`,
      "/api/admin/ebay-listing/list/not-a-uuid",
    ]) {
      const res = await server.app.inject({ method: "GET", url, headers: admin.auth });
      expect([url, res.statusCode, typeof res.json().message]).toEqual([url, 400, "string"]);
    }
    // Guests are refused (401); signed-in users who are not super admins too (403).
    for (const url of ["/api/admin/offer-list", `/api/admin/ebay-listing/list/${seller.userId}`]) {
      expect((await server.app.inject({ method: "GET", url })).statusCode).toBe(401);
      expect((await server.app.inject({ method: "GET", url, headers: seller.auth })).statusCode).toBe(403);
    }
  });

  it("a refused refresh marks the account reconnect needed and tells the seller", async () => {
    double.expireAccessTokens();
    double.revokeRefreshTokens();
    const item = await listableItem(server, seller);
    await requestAction(server, seller, item.id, "publish");
    await settled(server, seller.companyId);
    const listing = (await listingsOf(server, seller)).find((l) => l.itemId === item.id);
    expect(listing?.state).toBe("failed");
    expect(listing?.error).toContain("Connect your eBay account again");
    const status = await server.app.inject({ method: "GET", url: "/api/ebay/status", headers: seller.auth });
    expect(status.json()).toMatchObject({ state: "reconnect_needed" });
    expect(status.json().message).toContain("Connect your eBay account again");
    // The company's admin hears it on the bell, with a link to where the account is connected.
    const notices = (await bell(seller)).filter((n) => n.type === "ebay_reconnect");
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ link: "/dashboard/account", read: false });
    expect(notices[0]?.description).toContain("Connect your eBay account again");
  });

  it("the double saw no request outside eBay's contract", () => {
    expect(double.contractViolations).toEqual([]);
    expect(callsOf("bulkCreateOffer").length).toBeGreaterThan(0);
  });
});
