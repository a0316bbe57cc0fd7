/**
 * Photos sent to eBay ahead of a publish (issue 13, docs/ebay.md "Photos"): a connected, set-up
 * seller's ready-to-list items have their photos on eBay's picture service before the click, so
 * a publish makes only the bulk inventory item, offer and publish calls.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ebayPhotos, jobs } from "../../src/server/db/schema";
import type { EbayDouble } from "./doubles/ebay";
import {
  connectAndSetUp,
  createTestUser,
  getItem,
  listableItem,
  listingsOf,
  photosSettled,
  postDeletionNotice,
  requestActions,
  settled,
  startEbayServer,
  storePhotos,
} from "./ebay-helpers";
import type { TestUser } from "./fixtures";
import type { TestServer } from "./harness";

let server: TestServer;
let double: EbayDouble;

beforeAll(async () => {
  ({ server, double } = await startEbayServer());
}, 600_000);
afterAll(async () => {
  await server?.close();
  await double?.close();
});

const uploadsSince = (from: number) =>
  double.calls.slice(from).filter((c) => c.operationId === "createImageFromFile");

type PhotoStates = {
  itemId: string;
  photos: { ref: string; state: string; expiresAt: string | null; error: string | null }[];
}[];

async function photoStates(user: TestUser, itemIds: string[]): Promise<PhotoStates> {
  const res = await server.app.inject({
    method: "GET",
    url: `/api/ebay/photos?itemIds=${itemIds.join(",")}`,
    headers: user.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const statesOf = async (user: TestUser, itemId: string) =>
  (await photoStates(user, [itemId]))[0]?.photos.map((p) => p.state) ?? [];

async function setPhotos(user: TestUser, itemId: string, photos: string[]) {
  const item = await getItem(server, user, itemId);
  const res = await server.app.inject({
    method: "PATCH",
    url: `/api/inventory/items/${itemId}`,
    headers: user.auth,
    payload: { version: item.version, photos },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Waits until the company's eBay job has nothing queued or running (photos and listings). */
async function jobIdle(companyId: string) {
  for (let i = 0; i < 600; i++) {
    const rows = await server.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(sql`${jobs.key} = ${`ebay-listings:${companyId}`} and ${jobs.status} in ('queued', 'running')`);
    if (rows.length === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the eBay job did not finish");
}

describe("eBay photos sent ahead of a publish", () => {
  let seller: TestUser;
  let ready: { id: string; sku: string }[];
  let unready: { id: string };

  it("nothing is uploaded before the seller connects; connecting and finishing the setup sends the ready items' photos", async () => {
    seller = await createTestUser(server);
    const start = double.calls.length;
    ready = [];
    for (let i = 0; i < 3; i++) ready.push(await listableItem(server, seller, { photos: 2 }));
    unready = await listableItem(server, seller, { photos: 2, category: false });
    await new Promise((r) => setTimeout(r, 300));
    expect(uploadsSince(start)).toHaveLength(0);

    await connectAndSetUp(server, double, seller, "ahead_seller");
    await photosSettled(server, seller.companyId);
    await jobIdle(seller.companyId);
    // Three ready items × 2 photos; the item without a category waits (no quota spent on it).
    expect(uploadsSince(start).filter((c) => c.status === 201)).toHaveLength(6);
    for (const item of ready) expect(await statesOf(seller, item.id)).toEqual(["on_ebay", "on_ebay"]);
    expect(await statesOf(seller, unready.id)).toEqual(["waiting", "waiting"]);
    const rows = await server.database.db
      .select()
      .from(ebayPhotos)
      .where(eq(ebayPhotos.companyId, seller.companyId));
    expect(rows).toHaveLength(6);
    for (const r of rows) {
      expect(r.imageUrl).toMatch(/^https:\/\/i\.ebayimg\.test\//);
      expect(r.imageId).toMatch(/^[0-9a-f]{32}$/);
      expect(r.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 20 * 86400_000);
      expect(r.uploadedAt).toBeInstanceOf(Date);
    }
  });

  it("a publish then makes no Media calls for them and lists them with those pictures, main photo first", async () => {
    const from = double.calls.length;
    await requestActions(
      server,
      seller,
      ready.map((i) => i.id),
      "publish",
    );
    await settled(server, seller.companyId);
    expect(uploadsSince(from)).toHaveLength(0);
    const listings = await listingsOf(server, seller);
    expect(listings.filter((l) => l.state === "published")).toHaveLength(3);
    const item = await getItem(server, seller, ready[0]?.id ?? "");
    const rows = await server.database.db.select().from(ebayPhotos).where(eq(ebayPhotos.itemId, item.id));
    const urlOf = new Map(rows.map((r) => [`/api/inventory/photos/${r.photoId}`, r.imageUrl]));
    const onEbay = double.seller("ahead_seller").items.get(ready[0]?.sku ?? "");
    expect((onEbay?.product as { imageUrls?: string[] } | undefined)?.imageUrls).toEqual(
      (item.photos as string[]).map((ref) => urlOf.get(ref)),
    );
  });

  it("a photo added later is uploaded; a removed photo's eBay picture is dropped; an item made ready is sent", async () => {
    const item = await listableItem(server, seller, { photos: 1 });
    await photosSettled(server, seller.companyId);
    await jobIdle(seller.companyId);
    expect(await statesOf(seller, item.id)).toEqual(["on_ebay"]);

    const from = double.calls.length;
    const [added] = await storePhotos(server, seller.companyId, item.id, 1);
    const first = (await getItem(server, seller, item.id)).photos[0] as string;
    // Added in front (the new main photo): reordered, and uploaded once.
    await setPhotos(seller, item.id, [added as string, first]);
    await photosSettled(server, seller.companyId);
    await jobIdle(seller.companyId);
    expect(uploadsSince(from).filter((c) => c.status === 201)).toHaveLength(1);
    expect(await statesOf(seller, item.id)).toEqual(["on_ebay", "on_ebay"]);

    // Removed (replaced by nothing): its picture is no longer kept.
    await setPhotos(seller, item.id, [added as string]);
    await photosSettled(server, seller.companyId);
    await jobIdle(seller.companyId);
    const firstId = first.split("/").pop() as string;
    expect(
      await server.database.db.select().from(ebayPhotos).where(eq(ebayPhotos.photoId, firstId)),
    ).toHaveLength(0);
    expect(uploadsSince(from).filter((c) => c.status === 201)).toHaveLength(1);

    // The item that had no category gets one: now ready, its photos go.
    const u = await getItem(server, seller, unready.id);
    const res = await server.app.inject({
      method: "PATCH",
      url: `/api/inventory/items/${unready.id}`,
      headers: seller.auth,
      payload: {
        version: u.version,
        ebay: { categoryId: "112581", categoryName: "Lamps", aspects: { Brand: ["Acme"] }, request: null },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await photosSettled(server, seller.companyId);
    await jobIdle(seller.companyId);
    expect(await statesOf(seller, unready.id)).toEqual(["on_ebay", "on_ebay"]);
  });

  it("a picture eBay expired unused is uploaded again at publish", async () => {
    const item = await listableItem(server, seller, { photos: 2 });
    await photosSettled(server, seller.companyId);
    await jobIdle(seller.companyId);
    // eBay's expirationDate passed: it removed the pictures (a listing naming them is refused).
    double.expireImages();
    await server.database.db
      .update(ebayPhotos)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(ebayPhotos.itemId, item.id));
    expect(await statesOf(seller, item.id)).toEqual(["expired", "expired"]);
    const from = double.calls.length;
    await requestActions(server, seller, [item.id], "publish");
    await settled(server, seller.companyId);
    expect(uploadsSince(from).filter((c) => c.status === 201)).toHaveLength(2);
    const listing = (await listingsOf(server, seller)).find((l) => l.itemId === item.id);
    expect(listing).toMatchObject({ state: "published", error: null });
    expect(await statesOf(seller, item.id)).toEqual(["on_ebay", "on_ebay"]);
  });

  it("a 429 burst is waited out; a refused upload is reported on the photo and retried by the publish", async () => {
    double.burst429(3);
    const waited = await listableItem(server, seller, { photos: 1 });
    await photosSettled(server, seller.companyId);
    await jobIdle(seller.companyId);
    expect(await statesOf(seller, waited.id)).toEqual(["on_ebay"]);

    double.refuseImages(1);
    const from = double.calls.length;
    const item = await listableItem(server, seller, { photos: 1 });
    await photosSettled(server, seller.companyId);
    await jobIdle(seller.companyId);
    const [state] = (await photoStates(seller, [item.id]))[0]?.photos ?? [];
    expect(state).toMatchObject({ state: "refused" });
    expect(state?.error).toContain("could not be processed");
    // Not tried again ahead (the same bytes would be refused again), though the item changes.
    const current = await getItem(server, seller, item.id);
    const edit = await server.app.inject({
      method: "PATCH",
      url: `/api/inventory/items/${item.id}`,
      headers: seller.auth,
      payload: { version: current.version, title: `${current.title} (boxed)` },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await photosSettled(server, seller.companyId);
    await jobIdle(seller.companyId);
    expect(uploadsSince(from)).toHaveLength(1);

    // The publish tries it again (eBay takes it this time) and lists the item.
    await requestActions(server, seller, [item.id], "publish");
    await settled(server, seller.companyId);
    expect(uploadsSince(from).filter((c) => c.status === 201)).toHaveLength(1);
    expect((await listingsOf(server, seller)).find((l) => l.itemId === item.id)).toMatchObject({
      state: "published",
    });
    expect(await statesOf(seller, item.id)).toEqual(["on_ebay"]);
  });

  it("another company's items are never touched, nor can it read these photos' state", async () => {
    const other = await createTestUser(server);
    const from = double.calls.length;
    const theirs = await listableItem(server, other, { photos: 2 });
    // A change of ours asks our job to run; it must not pick up their item.
    await listableItem(server, seller, { photos: 1 });
    await photosSettled(server, seller.companyId);
    await jobIdle(seller.companyId);
    expect(uploadsSince(from).filter((c) => c.status === 201)).toHaveLength(1);
    expect(
      await server.database.db.select().from(ebayPhotos).where(eq(ebayPhotos.itemId, theirs.id)),
    ).toHaveLength(0);
    expect(await photoStates(other, [ready[0]?.id ?? ""])).toEqual([]);
    const bad = await server.app.inject({
      method: "GET",
      url: "/api/ebay/photos?itemIds=not-an-id",
      headers: seller.auth,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("disconnecting removes the stored eBay pictures with the tokens; so does eBay's account-deletion notice", async () => {
    const count = async (companyId: string) =>
      (await server.database.db.select().from(ebayPhotos).where(eq(ebayPhotos.companyId, companyId))).length;
    expect(await count(seller.companyId)).toBeGreaterThan(0);
    const res = await server.app.inject({
      method: "DELETE",
      url: "/api/ebay/connection",
      headers: seller.auth,
    });
    expect(res.statusCode).toBe(204);
    expect(await count(seller.companyId)).toBe(0);

    const leaving = await createTestUser(server);
    await listableItem(server, leaving, { photos: 1 });
    await connectAndSetUp(server, double, leaving, "leaving_photos");
    await photosSettled(server, leaving.companyId);
    await jobIdle(leaving.companyId);
    expect(await count(leaving.companyId)).toBe(1);
    const notice = double.deletionNotification({
      userId: double.seller("leaving_photos").userId,
      username: "leaving_photos",
    });
    expect((await postDeletionNotice(server, notice)).statusCode).toBe(204);
    expect(await count(leaving.companyId)).toBe(0);
  });

  it("the double saw no request outside eBay's contract", () => {
    expect(double.contractViolations).toEqual([]);
  });
});
