import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EBAY_PATHS } from "../../src/domain/ebay/contract";
import { SELLER_COMPANY_HEADER } from "../../src/domain/marketplace";
import type { EbayDouble } from "./doubles/ebay";
import {
  connectAndSetUp,
  createTestUser,
  listableItem,
  listingsOf,
  requestAction,
  settled,
  startEbayServer,
} from "./ebay-helpers";
import type { TestUser } from "./fixtures";
import type { TestServer } from "./harness";

/**
 * Marketplace staff list an opted-in seller's items on the seller's eBay connection
 * (docs/marketplace.md "eBay for a seller"): the item's eBay reads accept the seller scope, a
 * listing request is the item write staff already make, and the connection itself stays the
 * seller's (connect, setup, policies, location, order sync, the whole order list: 403).
 */
let server: TestServer;
let double: EbayDouble;
let seller: TestUser; // company admin, eBay connected and set up, Managed listing on
let closed: TestUser; // another seller, Managed listing off
let staff: TestUser; // ROLE_MARKETPLACE
let root: TestUser; // ROLE_SUPER_ADMIN

beforeAll(async () => {
  ({ server, double } = await startEbayServer());
  seller = await createTestUser(server, { displayName: "Sally Seller" });
  await connectAndSetUp(server, double, seller);
  closed = await createTestUser(server);
  staff = await createTestUser(server, { displayName: "Mia Market", roles: ["ROLE_MARKETPLACE"] });
  root = await createTestUser(server, { roles: ["ROLE_SUPER_ADMIN"] });
  const on = await server.app.inject({
    method: "PUT",
    url: `/api/trade/company/${seller.companyId}/managed-listing`,
    headers: seller.auth,
    payload: { enabled: true },
  });
  expect(on.statusCode).toBe(200);
}, 600_000);
afterAll(async () => {
  await server?.close();
  await double?.close();
});

const asSeller = (who: TestUser | null, companyId = seller.companyId): Record<string, string> => ({
  ...(who ? who.auth : {}),
  [SELLER_COMPANY_HEADER]: companyId,
});
const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: object, payload?: object) =>
  server.app.inject({ method, url, headers: headers as Record<string, string>, payload });

describe("eBay for a seller's items, by marketplace staff", () => {
  it("refuses a guest (401), a non-staff user and the seller's own admin on the staff path, and a seller not opted in (403)", async () => {
    expect((await call("GET", EBAY_PATHS.listings, asSeller(null))).statusCode).toBe(401);
    const plain = await createTestUser(server);
    expect((await call("GET", EBAY_PATHS.listings, asSeller(plain))).statusCode).toBe(403);
    expect((await call("GET", EBAY_PATHS.listings, asSeller(seller))).statusCode).toBe(403);
    const off = await call("GET", EBAY_PATHS.listings, asSeller(staff, closed.companyId));
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toMatch(/Managed listing is off/);
    expect((await call("GET", EBAY_PATHS.status, asSeller(staff, "nope"))).statusCode).toBe(400);
  });

  it("lets staff read the seller's connection state, categories and item specifics, without managing it", async () => {
    for (const who of [staff, root]) {
      const status = await call("GET", EBAY_PATHS.status, asSeller(who));
      expect(status.statusCode, status.body).toBe(200);
      expect(status.json()).toMatchObject({
        state: "connected",
        canManage: false,
        setup: { complete: true },
        suggestedLocation: {},
      });
    }
    const suggestions = await call(
      "GET",
      `${EBAY_PATHS.categorySuggestions}?q=Brass%20lamp`,
      asSeller(staff),
    );
    expect(suggestions.statusCode, suggestions.body).toBe(200);
    expect(suggestions.json()).toContainEqual(expect.objectContaining({ categoryId: "112581" }));
    const aspects = await call("GET", "/api/ebay/categories/112581/aspects", asSeller(staff));
    expect(aspects.statusCode, aspects.body).toBe(200);
    // staff's own company has no eBay connection: without the header they see their own
    expect((await call("GET", EBAY_PATHS.status, staff.auth)).json().state).toBe("not_connected");
  });

  it("keeps the connection, its setup and the seller's sales the seller's own (403)", async () => {
    const refused: [method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: object][] = [
      ["POST", EBAY_PATHS.connect],
      ["DELETE", EBAY_PATHS.connection],
      ["GET", EBAY_PATHS.policies],
      ["POST", EBAY_PATHS.setupBusinessPolicies],
      [
        "PUT",
        EBAY_PATHS.setupPolicies,
        { fulfillmentPolicyId: "create", paymentPolicyId: "create", returnPolicyId: "create" },
      ],
      [
        "POST",
        EBAY_PATHS.setupLocation,
        { addressLine1: "1 A St", city: "X", stateOrProvince: "NY", postalCode: "10001", country: "US" },
      ],
      ["POST", EBAY_PATHS.ordersSync],
      ["GET", EBAY_PATHS.orders],
    ];
    for (const who of [staff, root]) {
      for (const [method, url, body] of refused) {
        const res = await call(method, url, asSeller(who), body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    // the seller's connection is untouched
    expect((await call("GET", EBAY_PATHS.status, seller.auth)).json()).toMatchObject({ state: "connected" });
  });

  it("lists a seller's item on the seller's eBay account and shows staff its listing and orders", async () => {
    const item = await listableItem(server, seller, { photos: 1 });
    await requestAction(server, seller, item.id, "publish", undefined, asSeller(staff));
    await settled(server, seller.companyId, 60_000);
    const mine = (await listingsOf(server, seller)).find((l) => l.itemId === item.id);
    expect(mine?.state).toBe("published");
    expect(mine?.listingUrl).toBeTruthy();
    const theirs = await call("GET", `${EBAY_PATHS.listings}?itemIds=${item.id}`, asSeller(staff));
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json()).toEqual([
      expect.objectContaining({ itemId: item.id, state: "published", listingId: mine?.listingId }),
    ]);
    // staff's own company lists nothing; the item's orders are readable in the seller's scope
    expect((await listingsOf(server, staff)).find((l) => l.itemId === item.id)).toBeUndefined();
    const orders = await call("GET", `${EBAY_PATHS.orders}?itemId=${item.id}`, asSeller(staff));
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.json()).toMatchObject({ rows: [], total: 0 });
    // the seller's history names the staff member who asked for the listing
    await expect
      .poll(async () => {
        const h = await call("GET", `/api/inventory/items/${item.id}/history`, seller.auth);
        return h.json().rows?.map((r: { by: { displayName: string } }) => r.by.displayName);
      })
      .toEqual(["Mia Market"]);
  });

  it("stops at once when the seller opts out", async () => {
    const off = await call("PUT", `/api/trade/company/${seller.companyId}/managed-listing`, seller.auth, {
      enabled: false,
    });
    expect(off.statusCode).toBe(200);
    expect((await call("GET", EBAY_PATHS.listings, asSeller(staff))).statusCode).toBe(403);
    expect((await call("GET", EBAY_PATHS.status, asSeller(staff))).statusCode).toBe(403);
  });
});
