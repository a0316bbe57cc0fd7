import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_LIMITS, photoIdOf } from "../../src/domain/inventory/photos";
import { companyMembers, inventoryItems, inventoryPhotoLinks } from "../../src/server/db/schema";
import { photoLinkKey, signPhotoLink } from "../../src/server/modules/inventory/photo-link";
import { multipart } from "./file-helpers";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { itemBody, pullAll, putItem, uuidv7 } from "./inventory-helpers";

let server: TestServer;
let dataDir: string;
let alice: TestUser; // company admin of company A
let emp: TestUser; // employee of company A (a seller)
let bob: TestUser; // admin of company B
let loner: TestUser; // no company

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "blocklot-photos-"));
  server = await startTestServer({ DATA_DIR: dataDir, PUBLIC_URL: "https://blocklot.example" });
  alice = await createTestUser(server);
  emp = await createTestUser(server);
  await addMember(server, alice.companyId, emp.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
  bob = await createTestUser(server);
  loner = await createTestUser(server);
  await server.database.db.delete(companyMembers).where(eq(companyMembers.userId, loner.userId));
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const inject = (opts: InjectOptions) => server.app.inject(opts);
let skus = 0;

async function newItem(user: TestUser = emp) {
  const { id, res } = await putItem(server, user.auth, itemBody(`PH-${++skus}`, { title: `Lamp ${skus}` }));
  expect(res.statusCode).toBe(201);
  return id;
}

async function createLink(itemId: string, user: TestUser = emp, body: Record<string, unknown> = {}) {
  return inject({
    method: "POST",
    url: `/api/inventory/items/${itemId}/photo-link`,
    headers: user.auth,
    payload: body,
  });
}

async function linkFor(itemId: string) {
  const res = await createLink(itemId);
  expect([200, 201]).toContain(res.statusCode);
  return res.json().hash as string;
}

function upload(hash: string, data: Buffer, key?: string, name = "photo.jpg") {
  const body = multipart({}, { name, data, type: "image/jpeg" });
  return inject({
    method: "POST",
    url: `/api/photo/${hash}`,
    headers: { ...body.headers, ...(key ? { "idempotency-key": key } : {}) },
    payload: body.payload,
  });
}

/** A JPEG as a phone writes it: EXIF with the GPS position, rotated by its orientation tag. */
async function phoneJpeg(width = 320, height = 200, colour = "#c0392b") {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 12" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "40/1 44/1 54/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "73/1 59/1 8/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const itemRow = async (id: string) =>
  (await inject({ method: "GET", url: `/api/inventory/items/${id}`, headers: alice.auth })).json();

describe("creating and revoking a photo link", () => {
  it("a seller gets a 24-hour link for the item; asking again reuses it; a shorter life makes a new one", async () => {
    const itemId = await newItem();
    const first = await createLink(itemId);
    expect(first.statusCode).toBe(201);
    const link = first.json();
    expect(link.hash).toMatch(/^[A-Za-z0-9_-]{44}$/);
    expect(link.url).toBe(`https://blocklot.example/take-inventory-photo/${link.hash}`);
    const life = Date.parse(link.expiresAt) - Date.now();
    expect(life).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(life).toBeLessThanOrEqual(24 * 3600_000);

    const again = await createLink(itemId, alice);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(link);

    const short = await createLink(itemId, emp, { expiresInSeconds: 600 });
    expect(short.statusCode).toBe(201);
    expect(short.json().hash).not.toBe(link.hash);
    expect(Date.parse(short.json().expiresAt) - Date.now()).toBeLessThanOrEqual(600_000);

    // Without a body at all (no content type) it works the same.
    const bare = await inject({
      method: "POST",
      url: `/api/inventory/items/${itemId}/photo-link`,
      headers: emp.auth,
    });
    expect(bare.statusCode).toBe(200);
  });

  it("answers the item's title and photos to anyone holding the hash, no sign-in", async () => {
    const itemId = await newItem();
    const hash = await linkFor(itemId);
    const res = await inject({ method: "GET", url: `/api/photo/${hash}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      itemId,
      title: `Lamp ${skus}`,
      photos: [],
      maxPhotos: 24,
      maxUploadBytes: 15 * 1024 * 1024,
    });
  });

  it("revoking turns off every link of the item: 409 'turned off' from then on", async () => {
    const itemId = await newItem();
    const hash = await linkFor(itemId);
    const other = (await createLink(itemId, emp, { expiresInSeconds: 3600 })).json().hash;
    const del = await inject({
      method: "DELETE",
      url: `/api/inventory/items/${itemId}/photo-link`,
      headers: emp.auth,
    });
    expect(del.statusCode).toBe(204);
    for (const h of [hash, other]) {
      const res = await inject({ method: "GET", url: `/api/photo/${h}` });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        reason: "revoked",
        code: "LINK_CLOSED",
        message: expect.stringMatching(/turned off/),
      });
      const up = await upload(h, await phoneJpeg());
      expect(up.statusCode).toBe(409);
    }
    // A new link works again.
    const fresh = await createLink(itemId);
    expect(fresh.statusCode).toBe(201);
    const freshView = await inject({ method: "GET", url: `/api/photo/${fresh.json().hash}` });
    expect(freshView.statusCode, freshView.body).toBe(200);
  });

  it("an expired link answers 409 with when it expired", async () => {
    const itemId = await newItem();
    const hash = await linkFor(itemId);
    await server.database.db
      .update(inventoryPhotoLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(inventoryPhotoLinks.itemId, itemId));
    const res = await inject({ method: "GET", url: `/api/photo/${hash}` });
    expect(res.statusCode).toBe(409);
    expect(res.json(), res.body).toMatchObject({
      reason: "expired",
      message: expect.stringMatching(/expired on .* UTC/),
    });
    expect((await upload(hash, await phoneJpeg())).statusCode).toBe(409);
    // The next request for a link makes a new one (the old one is not reused).
    const next = await createLink(itemId);
    expect(next.statusCode).toBe(201);
    expect(next.json().hash).not.toBe(hash);
  });

  it("forged, altered or foreign-signed hashes answer 409 'not valid'", async () => {
    const itemId = await newItem();
    const hash = await linkFor(itemId);
    const flipped = hash.slice(0, 30) + (hash[30] === "A" ? "B" : "A") + hash.slice(31);
    const [linkRow] = await server.database.db
      .select()
      .from(inventoryPhotoLinks)
      .where(eq(inventoryPhotoLinks.itemId, itemId));
    const otherSecret = photoLinkKey(new TextEncoder().encode(randomBytes(32).toString("hex")));
    const foreign = signPhotoLink(linkRow?.id as string, otherSecret);
    const unknownRow = signPhotoLink(uuidv7(), photoLinkKey(server.config.jwtSecret));
    for (const bad of [flipped, foreign, "abc", "x".repeat(44), `${hash}A`, unknownRow]) {
      const res = await inject({ method: "GET", url: `/api/photo/${bad}` });
      expect(res.statusCode, bad).toBe(409);
      expect(res.json()).toMatchObject({ reason: "invalid", message: expect.stringMatching(/not valid/) });
    }
    expect((await upload(flipped, await phoneJpeg())).statusCode).toBe(409);
  });

  it("a deleted item's link answers 409", async () => {
    const itemId = await newItem();
    const hash = await linkFor(itemId);
    await inject({ method: "DELETE", url: `/api/inventory/items/${itemId}`, headers: emp.auth });
    const res = await inject({ method: "GET", url: `/api/photo/${hash}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: "item-deleted", code: "LINK_CLOSED" });
  });

  it("is company-scoped and needs a signed-in member", async () => {
    const itemId = await newItem();
    for (const method of ["POST", "DELETE"] as const) {
      const url = `/api/inventory/items/${itemId}/photo-link`;
      expect((await inject({ method, url, headers: bob.auth, payload: {} })).statusCode).toBe(404);
      expect((await inject({ method, url, headers: loner.auth, payload: {} })).statusCode).toBe(403);
      expect((await inject({ method, url, payload: {} })).statusCode).toBe(401);
    }
    const bad = await createLink(itemId, emp, { expiresInSeconds: 0 });
    expect(bad.statusCode).toBe(400);
    const tooLong = await createLink(itemId, emp, { expiresInSeconds: 86_401 });
    expect(tooLong.statusCode).toBe(400);
    const unknown = await createLink(itemId, emp, { forever: true });
    expect(unknown.statusCode).toBe(400);
  });
});

describe("adding photos with the link", () => {
  it("stores the photo upright, as WebP, without EXIF (no GPS), with a thumbnail, on the item", async () => {
    const itemId = await newItem();
    const before = await itemRow(itemId);
    const { cursor } = await pullAll(server, alice.auth, undefined);
    const hash = await linkFor(itemId);
    const input = await phoneJpeg(320, 200);
    const inMeta = await sharp(input).metadata();
    expect(inMeta.orientation).toBe(6);
    // The GPS IFD pointer (tag 0x8825, in the EXIF's byte order) is in the upload.
    const exif = inMeta.exif as Buffer;
    const littleEndian = exif.includes(Buffer.from("II*\0", "latin1"));
    expect(exif.includes(Buffer.from(littleEndian ? [0x25, 0x88] : [0x88, 0x25]))).toBe(true);

    const res = await upload(hash, input, "photo-1");
    expect(res.statusCode).toBe(201);
    const body = res.json();
    // Orientation 6 = turned a quarter: a 320 × 200 sensor image is 200 wide, 320 high upright.
    expect(body.photo).toMatchObject({ width: 200, height: 320 });
    expect(body.photo.url).toBe(`/api/photo/${hash}/photos/${body.photo.id}`);
    expect(body.photos).toHaveLength(1);

    const item = await itemRow(itemId);
    expect(item.version).toBe(before.version + 1);
    expect(item.photos).toEqual([`/api/inventory/photos/${body.photo.id}`]);

    // The sync feed carries the change.
    const feed = await pullAll(server, alice.auth, cursor);
    const change = feed.changes.find((c) => c.id === itemId);
    expect(change?.row?.photos).toEqual(item.photos);

    // Company members read the stored photo and its thumbnail.
    const full = await inject({ method: "GET", url: item.photos[0], headers: emp.auth });
    expect(full.statusCode).toBe(200);
    expect(full.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(full.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 200, height: 320 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(full.rawPayload.includes(Buffer.from("Exif"))).toBe(false);
    expect(full.rawPayload.includes(Buffer.from("PhoneMaker"))).toBe(false);

    const thumb = await inject({ method: "GET", url: `${item.photos[0]}?size=thumb`, headers: emp.auth });
    expect(thumb.statusCode).toBe(200);
    const tm = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(tm.width ?? 0, tm.height ?? 0)).toBeLessThanOrEqual(PHOTO_LIMITS.thumbLongSide);

    // ETag: a second fetch with it is 304.
    const again = await inject({
      method: "GET",
      url: item.photos[0],
      headers: { ...emp.auth, "if-none-match": String(full.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    // The link holder reads it too, and the view lists it.
    const byLink = await inject({ method: "GET", url: body.photo.thumbUrl });
    expect(byLink.statusCode).toBe(200);
    expect(byLink.headers["content-type"]).toBe("image/webp");
    expect((await inject({ method: "GET", url: `/api/photo/${hash}` })).json().photos).toEqual(body.photos);

    // Another company, no sign-in, or no company: not served.
    expect((await inject({ method: "GET", url: item.photos[0], headers: bob.auth })).statusCode).toBe(404);
    expect((await inject({ method: "GET", url: item.photos[0] })).statusCode).toBe(401);
    expect((await inject({ method: "GET", url: item.photos[0], headers: loner.auth })).statusCode).toBe(403);
    // Another item's link does not reach this item's photos.
    const otherHash = await linkFor(await newItem());
    const cross = await inject({ method: "GET", url: `/api/photo/${otherHash}/photos/${body.photo.id}` });
    expect(cross.statusCode).toBe(404);
  });

  it("scales a large photo down to 2048 px on its long side", async () => {
    const itemId = await newItem();
    const hash = await linkFor(itemId);
    const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#2266aa" } })
      .jpeg()
      .toBuffer();
    const res = await upload(hash, big);
    expect(res.statusCode).toBe(201);
    expect(res.json().photo).toMatchObject({ width: 2048, height: 1536 });
  });

  it("an Idempotency-Key replay answers the first result and adds nothing, even after the link lapsed", async () => {
    const itemId = await newItem();
    const hash = await linkFor(itemId);
    const jpeg = await phoneJpeg(100, 100, "#118833");
    const first = await upload(hash, jpeg, "replay-key");
    expect(first.statusCode).toBe(201);
    const version = (await itemRow(itemId)).version;

    const replay = await upload(hash, jpeg, "replay-key");
    expect(replay.statusCode).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json()).toEqual(first.json());
    expect((await itemRow(itemId)).photos).toHaveLength(1);
    expect((await itemRow(itemId)).version).toBe(version);

    // Two sends of one queued photo at the same time: still one photo.
    const jpeg2 = await phoneJpeg(120, 100, "#883311");
    const both = await Promise.all([upload(hash, jpeg2, "twice"), upload(hash, jpeg2, "twice")]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect((await itemRow(itemId)).photos).toHaveLength(2);

    const other = await upload(hash, await phoneJpeg(100, 100, "#000000"), "replay-key");
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/already used for a different request/);

    await server.database.db
      .update(inventoryPhotoLinks)
      .set({ revokedAt: new Date() })
      .where(eq(inventoryPhotoLinks.itemId, itemId));
    const late = await upload(hash, jpeg, "replay-key");
    expect(late.statusCode).toBe(200);
    expect((await upload(hash, jpeg, "new-key")).statusCode).toBe(409);
  });

  it("refuses what is not a usable photo, with a message that says why", async () => {
    const itemId = await newItem();
    const hash = await linkFor(itemId);
    // Noise, so most of the file is image data and the cut falls in it.
    const jpeg = await sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } })
      .jpeg()
      .toBuffer();
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>',
    );
    // 20,000 × 3,000 = 60 megapixels; compresses to almost nothing.
    const huge = await sharp({ create: { width: 20_000, height: 3000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const wide = await sharp({ create: { width: 17_000, height: 10, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const cases: [string, Buffer, number, RegExp][] = [
      ["text file", Buffer.from("name,price\nlamp,10\n"), 415, /not a photo we can read/],
      ["truncated JPEG", jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), 422, /damaged or incomplete/],
      ["JPEG cut in its header", jpeg.subarray(0, 120), 422, /damaged or incomplete/],
      ["SVG", svg, 415, /SVG drawings are not accepted/],
      ["huge dimensions", huge, 422, /too large to read \(20,000 × 3,000 pixels\)/],
      ["too wide", wide, 422, /too large to read/],
      ["empty", Buffer.alloc(0), 400, /empty/],
    ];
    for (const [what, data, status, message] of cases) {
      const res = await upload(hash, data);
      expect(res.statusCode, what).toBe(status);
      expect(res.json().message, what).toMatch(message);
    }
    expect(huge.length).toBeLessThan(PHOTO_LIMITS.maxUploadBytes);
    expect((await itemRow(itemId)).photos).toEqual([]);
  });

  it("limits the upload size, the form and the photos per item", async () => {
    const itemId = await newItem();
    const hash = await linkFor(itemId);
    const tooBig = await upload(hash, randomBytes(PHOTO_LIMITS.maxUploadBytes + 1024));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe("The photo is larger than 15 MB, the most accepted per photo");

    const jpeg = await phoneJpeg(64, 64);
    const noFile = multipart({ note: "hello" });
    const fieldRes = await inject({
      method: "POST",
      url: `/api/photo/${hash}`,
      headers: noFile.headers,
      payload: noFile.payload,
    });
    expect(fieldRes.statusCode).toBe(400);
    const empty = multipart({});
    const emptyRes = await inject({
      method: "POST",
      url: `/api/photo/${hash}`,
      headers: empty.headers,
      payload: empty.payload,
    });
    expect(emptyRes.statusCode).toBe(400);
    expect(emptyRes.json().message).toMatch(/"file" is required/);
    const json = await inject({ method: "POST", url: `/api/photo/${hash}`, payload: { file: "x" } });
    expect(json.statusCode).toBe(415);
    const badKey = await upload(hash, jpeg, "has space");
    expect(badKey.statusCode).toBe(400);

    // Fill the item to the limit (references as an import could have left them), then one more.
    const full = Array.from(
      { length: PHOTO_LIMITS.maxPhotosPerItem },
      (_, i) => `https://img.example/${i}.jpg`,
    );
    const version = (await itemRow(itemId)).version;
    const patch = await inject({
      method: "PATCH",
      url: `/api/inventory/items/${itemId}`,
      headers: emp.auth,
      payload: { version, photos: full },
    });
    expect(patch.statusCode).toBe(200);
    const over = await upload(hash, jpeg);
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toMatch(/already has 24 photos, the most allowed/);
    // Outside references are listed as they are.
    const view = (await inject({ method: "GET", url: `/api/photo/${hash}` })).json();
    expect(view.photos[0]).toEqual({
      ref: full[0],
      id: null,
      url: full[0],
      thumbUrl: full[0],
    });
  });

  it("a photo the seller removed from the item is no longer served through the link", async () => {
    const itemId = await newItem();
    const hash = await linkFor(itemId);
    const a = (await upload(hash, await phoneJpeg(80, 60, "#123456"), "a")).json().photo;
    const b = (await upload(hash, await phoneJpeg(80, 60, "#654321"), "b")).json().photo;
    const item = await itemRow(itemId);
    expect(item.photos.map(photoIdOf)).toEqual([a.id, b.id]);
    const res = await inject({
      method: "PATCH",
      url: `/api/inventory/items/${itemId}`,
      headers: emp.auth,
      payload: { version: item.version, photos: [item.photos[1]] },
    });
    expect(res.statusCode).toBe(200);
    expect((await inject({ method: "GET", url: a.url })).statusCode).toBe(404);
    expect((await inject({ method: "GET", url: b.url })).statusCode).toBe(200);
    // Members still reach it by id (it stays in the company's store).
    expect((await inject({ method: "GET", url: item.photos[0], headers: alice.auth })).statusCode).toBe(200);
    const rows = await server.database.db.select().from(inventoryItems).where(eq(inventoryItems.id, itemId));
    expect(rows[0]?.photos).toHaveLength(1);
  });
});
