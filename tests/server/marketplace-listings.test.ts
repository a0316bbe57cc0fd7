import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MARKETPLACE_LISTINGS_PATH,
  MARKETPLACE_PUBLISH_PATH,
  marketplaceActionPath,
} from "../../src/domain/marketplace-listings";
import type { EbayDouble } from "./doubles/ebay";
import {
  connectAndSetUp,
  createTestUser,
  listableItem,
  listingsOf,
  settled,
  startEbayServer,
  uuidv7,
} from "./ebay-helpers";
import type { TestUser } from "./fixtures";
import type { TestServer } from "./harness";

/**
 * Listing Management for marketplace staff (docs/marketplace.md "Listing Management"): every
 * opted-in seller's items ready to list or on eBay in one list, and the bulk publish, which is
 * the seller's own publish (an item edit, audited for the seller, run by the seller's eBay job
 * against the eBay double).
 */
let server: TestServer;
let double: EbayDouble;
let seller: TestUser; // Managed listing on, eBay connected and set up
let other: TestUser; // Managed listing on, no eBay
let closed: TestUser; // Managed listing off
let staff: TestUser;
let root: TestUser;
const tag = Date.now().toString(36).toUpperCase();

const call = (method: "GET" | "POST", url: string, who: TestUser | null, payload?: object) =>
  server.app.inject({ method, url, headers: who ? who.auth : {}, payload });

async function optIn(user: TestUser) {
  const on = await server.app.inject({
    method: "PUT",
    url: `/api/trade/company/${user.companyId}/managed-listing`,
    headers: user.auth,
    payload: { enabled: true },
  });
  expect(on.statusCode, on.body).toBe(200);
}

/** A described item with a photo and a category (ready to list), or without its photo (not ready). */
async function readyItem(
  user: TestUser,
  title: string,
  opts: { photos?: number; aspects?: Record<string, string[]> } = {},
) {
  const item = await listableItem(server, user, { title, photos: opts.photos ?? 1, aspects: opts.aspects });
  const res = await server.app.inject({
    method: "PATCH",
    url: `/api/inventory/items/${item.id}`,
    headers: user.auth,
    payload: { version: item.version, status: "pending" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return item;
}

interface Row {
  itemId: string;
  companyName: string;
  title: string;
  status: string;
  listingUrl: string | null;
  error: string | null;
  price: number | null;
}
const list = async (query: string, who: TestUser = staff) => {
  const res = await call("GET", `${MARKETPLACE_LISTINGS_PATH}?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: Row[]; total: number };
};

let lamp: { id: string };
let chair: { id: string };
let noPhoto: { id: string };
let noBrand: { id: string };
let hidden: { id: string };
let otherLamp: { id: string };

beforeAll(async () => {
  ({ server, double } = await startEbayServer());
  seller = await createTestUser(server, { displayName: "Sally Seller" });
  await connectAndSetUp(server, double, seller);
  other = await createTestUser(server);
  closed = await createTestUser(server);
  staff = await createTestUser(server, { displayName: "Mia Market", roles: ["ROLE_MARKETPLACE"] });
  root = await createTestUser(server, { roles: ["ROLE_SUPER_ADMIN"] });
  await optIn(seller);
  await optIn(other);
  lamp = await readyItem(seller, `Brass lamp ${tag}`);
  chair = await readyItem(seller, `Oak chair ${tag}`);
  noBrand = await readyItem(seller, `Tin lamp ${tag}`, { aspects: {} });
  noPhoto = await readyItem(seller, `Bare lamp ${tag}`, { photos: 0 });
  hidden = await readyItem(closed, `Secret lamp ${tag}`);
  otherLamp = await readyItem(other, `Other lamp ${tag}`);
}, 600_000);
afterAll(async () => {
  await server?.close();
  await double?.close();
});

describe("Listing Management for marketplace staff", () => {
  it("refuses a guest (401), a plain user, a seller's own admin (403)", async () => {
    const plain = await createTestUser(server);
    const body = { itemIds: [lamp.id], requestId: uuidv7() };
    expect((await call("GET", MARKETPLACE_LISTINGS_PATH, null)).statusCode).toBe(401);
    expect((await call("POST", MARKETPLACE_PUBLISH_PATH, null, body)).statusCode).toBe(401);
    for (const who of [plain, seller]) {
      expect((await call("GET", MARKETPLACE_LISTINGS_PATH, who)).statusCode).toBe(403);
      expect((await call("POST", MARKETPLACE_PUBLISH_PATH, who, body)).statusCode).toBe(403);
    }
    for (const path of [marketplaceActionPath("withdraw"), marketplaceActionPath("delete")]) {
      expect((await call("POST", path, null, body)).statusCode, path).toBe(401);
      for (const who of [plain, seller])
        expect((await call("POST", path, who, body)).statusCode, path).toBe(403);
    }
    // nothing was asked of eBay for the seller's lamp
    expect((await listingsOf(server, seller)).find((l) => l.itemId === lamp.id)).toBeUndefined();
  });

  it("answers bad parameters with 400", async () => {
    for (const q of [
      "page=-1",
      "rowsPerPage=101",
      "sortBy=nope",
      "status=sold",
      "seller=not-a-uuid",
      "extra=1",
    ]) {
      const res = await call("GET", `${MARKETPLACE_LISTINGS_PATH}?${q}`, staff);
      expect(res.statusCode, q).toBe(400);
    }
    const bad: object[] = [
      { itemIds: [], requestId: uuidv7() },
      { itemIds: ["nope"], requestId: uuidv7() },
      { itemIds: [lamp.id] },
      { itemIds: [lamp.id], requestId: "x" },
      { itemIds: Array.from({ length: 101 }, () => uuidv7()), requestId: uuidv7() },
    ];
    for (const b of bad)
      expect((await call("POST", MARKETPLACE_PUBLISH_PATH, staff, b)).statusCode).toBe(400);
  });

  it("lists the ready items of every opted-in seller, filtered by seller, status and search", async () => {
    for (const who of [staff, root]) {
      const all = await list(`query=${tag}&rowsPerPage=100&sortBy=title&sortDir=asc`, who);
      expect(all.rows.map((r) => r.title)).toEqual([
        `Brass lamp ${tag}`,
        `Oak chair ${tag}`,
        `Other lamp ${tag}`,
        `Tin lamp ${tag}`,
      ]);
      expect(all.total).toBe(4);
      expect(all.rows.every((r) => r.status === "ready")).toBe(true);
    }
    const mine = await list(`query=${tag}&seller=${seller.companyId}`);
    expect(mine.rows.map((r) => r.itemId).sort()).toEqual([lamp.id, chair.id, noBrand.id].sort());
    expect(mine.rows.find((r) => r.itemId === lamp.id)).toMatchObject({ price: 2500, status: "ready" });
    const chairs = await list(`query=${encodeURIComponent(`oak chair ${tag}`)}`);
    expect(chairs.rows.map((r) => r.itemId)).toEqual([chair.id]);
    // paged: one row a page, the same rows in the same order
    const p0 = await list(`query=${tag}&rowsPerPage=1&page=0&sortBy=title&sortDir=asc`);
    const p1 = await list(`query=${tag}&rowsPerPage=1&page=1&sortBy=title&sortDir=asc`);
    expect([p0.total, p0.rows[0]?.itemId, p1.rows[0]?.itemId]).toEqual([4, lamp.id, chair.id]);
    // a seller not opted in, and an item without a photo, are not there
    const ids = (await list(`query=${tag}&rowsPerPage=100`)).rows.map((r) => r.itemId);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(noPhoto.id);
    expect(ids).toContain(otherLamp.id);
  });

  it("publishes selected items on the seller's eBay account, audited for the seller, once", async () => {
    const requestId = uuidv7();
    const body = { itemIds: [lamp.id, chair.id, noBrand.id, hidden.id], requestId };
    const res = await call("POST", MARKETPLACE_PUBLISH_PATH, staff, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      { itemId: lamp.id, result: "requested" },
      { itemId: chair.id, result: "requested" },
      { itemId: noBrand.id, result: "requested" },
      { itemId: hidden.id, result: "not_found" },
    ]);
    await settled(server, seller.companyId, 60_000);

    const published = await list(`seller=${seller.companyId}&status=published&query=${tag}`);
    expect(published.rows.map((r) => r.itemId).sort()).toEqual([lamp.id, chair.id].sort());
    expect(published.rows.every((r) => /ebay\.com\/itm\/\d+$/.test(r.listingUrl ?? ""))).toBe(true);
    // the item eBay refuses (its category's required Brand is missing) shows why
    const failed = await list(`status=failed&query=${tag}`);
    expect(failed.rows.map((r) => r.itemId)).toEqual([noBrand.id]);
    expect(failed.rows[0]?.error).toMatch(/Brand/);
    expect((await list(`status=ready&query=${tag}`)).rows.map((r) => r.itemId)).toEqual([otherLamp.id]);

    // the seller sees it on their own listings and in the item's history, by the staff member
    const theirs = (await listingsOf(server, seller)).find((l) => l.itemId === lamp.id);
    expect(theirs?.state).toBe("published");
    const history = await server.app.inject({
      method: "GET",
      url: `/api/inventory/items/${lamp.id}/history`,
      headers: seller.auth,
    });
    expect(history.json().rows).toEqual([
      expect.objectContaining({ kind: "change", by: expect.objectContaining({ displayName: "Mia Market" }) }),
    ]);

    // the same publish again changes nothing
    const again = await call("POST", MARKETPLACE_PUBLISH_PATH, staff, body);
    expect(again.json().results.map((r: { result: string }) => r.result)).toEqual([
      "unchanged",
      "unchanged",
      "unchanged",
      "not_found",
    ]);
    const after = await server.app.inject({
      method: "GET",
      url: `/api/inventory/items/${lamp.id}/history`,
      headers: seller.auth,
    });
    expect(after.json().rows).toHaveLength(1);
  }, 120_000);

  it("withdraws, then deletes, a seller's listing on their eBay account, audited for the seller", async () => {
    const withdraw = marketplaceActionPath("withdraw");
    const remove = marketplaceActionPath("delete");
    // only what is on eBay can be withdrawn: a ready item (another seller's) has no listing to end
    const w = await call("POST", withdraw, staff, {
      itemIds: [chair.id, otherLamp.id, hidden.id],
      requestId: uuidv7(),
    });
    expect(w.statusCode, w.body).toBe(200);
    expect(w.json().results).toEqual([
      { itemId: chair.id, result: "requested" },
      { itemId: otherLamp.id, result: "not_listed" },
      { itemId: hidden.id, result: "not_found" },
    ]);
    await settled(server, seller.companyId, 60_000);
    const withdrawn = await list(`status=withdrawn&query=${tag}`);
    expect(withdrawn.rows.map((r) => r.itemId)).toEqual([chair.id]);
    expect((await listingsOf(server, seller)).find((l) => l.itemId === chair.id)?.state).toBe("withdrawn");
    // the lamp stays on eBay
    expect((await list(`status=published&query=${tag}`)).rows.map((r) => r.itemId)).toEqual([lamp.id]);

    // a withdrawn listing can be deleted; an item never listed cannot
    const d = await call("POST", remove, staff, { itemIds: [chair.id, otherLamp.id], requestId: uuidv7() });
    expect(d.json().results).toEqual([
      { itemId: chair.id, result: "requested" },
      { itemId: otherLamp.id, result: "not_listed" },
    ]);
    await settled(server, seller.companyId, 60_000);
    expect((await list(`status=deleted&query=${tag}`)).rows.map((r) => r.itemId)).toEqual([chair.id]);

    // the seller's history names the staff member for the publish, the withdraw and the delete
    const history = await server.app.inject({
      method: "GET",
      url: `/api/inventory/items/${chair.id}/history`,
      headers: seller.auth,
    });
    const byStaff = (history.json().rows as { by?: { displayName?: string } }[]).filter(
      (r) => r.by?.displayName === "Mia Market",
    );
    expect(byStaff).toHaveLength(3);
  }, 120_000);

  it("leaves a seller that opts out at once", async () => {
    const off = await server.app.inject({
      method: "PUT",
      url: `/api/trade/company/${other.companyId}/managed-listing`,
      headers: other.auth,
      payload: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await list(`query=${tag}&rowsPerPage=100`)).rows.map((r) => r.itemId)).not.toContain(
      otherLamp.id,
    );
    const res = await call("POST", MARKETPLACE_PUBLISH_PATH, staff, {
      itemIds: [otherLamp.id],
      requestId: uuidv7(),
    });
    expect(res.json().results).toEqual([{ itemId: otherLamp.id, result: "not_found" }]);
  });
});
