import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_LIMITS, photoRef } from "../../src/domain/inventory/photos";
import { loadConfig } from "../../src/server/config";
import { inventoryItems, inventoryPhotos, jobs } from "../../src/server/db/schema";
import {
  cleanupInventoryPhotos,
  PHOTO_FILE_LOCK_CLASS,
  type PhotoCleanupOptions,
} from "../../src/server/modules/inventory/photo-cleanup";
import {
  ensurePhotoCleanupScheduled,
  PHOTO_CLEANUP_JOB,
  photoCleanupHandler,
} from "../../src/server/modules/inventory/photo-cleanup-job";
import { createFileStore, type FileStore } from "../../src/server/storage";
import { multipart, waitFor } from "./file-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { itemBody, putItem, uuidv7 } from "./inventory-helpers";

/**
 * Photo retention (docs/warehouse.md "Photo retention and cleanup"): photos no live item or product
 * of the company references are deleted — row and both files, in the real disk store — after the
 * grace period, and only then.
 */

let server: TestServer;
let dataDir: string;
let store: FileStore;
let alice: TestUser; // company A
let bob: TestUser; // company B
const HOUR = 3600_000;
const GRACE = 24;

// Every test runs on its own stretch of the cleanup's clock, later than the one before.
let clock = Date.now();
function timeline() {
  const start = clock;
  clock += 10 * GRACE * HOUR;
  return (hours: number) => new Date(start + hours * HOUR);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "blocklot-photo-cleanup-"));
  // The job itself is not started here: each test runs the cleanup at the times it chooses.
  server = await startTestServer({ DATA_DIR: dataDir, JOBS_IN_PROCESS: "false" });
  store = createFileStore(server.config);
  alice = await createTestUser(server);
  bob = await createTestUser(server);
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const inject = (opts: InjectOptions) => server.app.inject(opts);
const db = () => server.database.db;
const run = (now: Date, opts: Partial<PhotoCleanupOptions> = {}, s: FileStore = store) =>
  cleanupInventoryPhotos(db(), s, { graceHours: GRACE, now, ...opts });

let n = 0;
/** A JPEG of its own colour (the store keeps identical bytes once, so photos differ unless meant to). */
function jpeg(seed = ++n) {
  const colour = `#${((seed * 2654435761) % 0xffffff).toString(16).padStart(6, "0")}`;
  return sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

async function newItem(user: TestUser) {
  const { id, res } = await putItem(server, user.auth, itemBody(`PC-${++n}`));
  expect(res.statusCode).toBe(201);
  return id;
}

/** Uploads through the item's photo link; answers the stored photo's id. */
async function addPhoto(user: TestUser, itemId: string, bytes?: Buffer) {
  const link = await inject({
    method: "POST",
    url: `/api/inventory/items/${itemId}/photo-link`,
    headers: user.auth,
    payload: {},
  });
  expect([200, 201]).toContain(link.statusCode);
  const body = multipart({}, { name: "p.jpg", data: bytes ?? (await jpeg()), type: "image/jpeg" });
  const res = await inject({
    method: "POST",
    url: `/api/photo/${link.json().hash}`,
    headers: body.headers,
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json().photo.id as string;
}

async function item(itemId: string) {
  const [row] = await db().select().from(inventoryItems).where(eq(inventoryItems.id, itemId));
  if (!row) throw new Error("no item");
  return row;
}

async function setPhotos(user: TestUser, itemId: string, photos: string[]) {
  const res = await inject({
    method: "PATCH",
    url: `/api/inventory/items/${itemId}`,
    headers: user.auth,
    payload: { version: (await item(itemId)).version, photos },
  });
  expect(res.statusCode).toBe(200);
}

async function deleteItem(user: TestUser, itemId: string) {
  const res = await inject({
    method: "DELETE",
    url: `/api/inventory/items/${itemId}?version=${(await item(itemId)).version}`,
    headers: user.auth,
  });
  expect(res.statusCode).toBe(204);
}

async function photoRow(id: string) {
  const [row] = await db().select().from(inventoryPhotos).where(eq(inventoryPhotos.id, id));
  return row ?? null;
}

/** The photo's row and both files as they are now. */
async function stored(id: string, keys?: { storageKey: string; thumbKey: string }) {
  const row = await photoRow(id);
  const k = keys ?? row;
  if (!k) throw new Error("no keys");
  return {
    row: !!row,
    image: await store.exists(k.storageKey),
    thumb: await store.exists(k.thumbKey),
  };
}

const ALL = { row: true, image: true, thumb: true };
const NONE = { row: false, image: false, thumb: false };

async function keysOf(id: string) {
  const row = await photoRow(id);
  if (!row) throw new Error("no photo");
  return { storageKey: row.storageKey, thumbKey: row.thumbKey };
}

const served = async (user: TestUser, id: string) =>
  (await inject({ method: "GET", url: photoRef(id), headers: user.auth })).statusCode;

/** A store that counts deletions per key (and can be told to fail some). */
function countingStore(failFor: Set<string> = new Set()) {
  const deletes = new Map<string, number>();
  const s: FileStore = {
    ...store,
    async delete(key) {
      deletes.set(key, (deletes.get(key) ?? 0) + 1);
      if (failFor.has(key)) throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
      // Slow enough that two runs overlap.
      await new Promise((r) => setTimeout(r, 5));
      return store.delete(key);
    },
  };
  return { store: s, deletes };
}

describe("inventory photo cleanup", () => {
  it("deletes a photo removed from its item (row and both files) after the grace period, not before", async () => {
    const at = timeline();
    const itemId = await newItem(alice);
    const gone = await addPhoto(alice, itemId);
    const kept = await addPhoto(alice, itemId);
    const keys = await keysOf(gone);
    await setPhotos(alice, itemId, [photoRef(kept)]);

    const first = await run(at(0));
    expect(first.marked).toBeGreaterThanOrEqual(1);
    expect((await photoRow(gone))?.unreferencedSince?.toISOString()).toBe(at(0).toISOString());
    expect(await stored(gone)).toEqual(ALL);

    await run(at(GRACE - 1));
    expect(await stored(gone)).toEqual(ALL);
    // Until then members still reach it.
    expect(await served(alice, gone)).toBe(200);

    const later = await run(at(GRACE + 0.01));
    expect(later.deleted).toBeGreaterThanOrEqual(1);
    expect(await stored(gone, keys)).toEqual(NONE);
    expect(await served(alice, gone)).toBe(404);
    // The photo the item still shows is untouched.
    expect(await stored(kept)).toEqual(ALL);
    expect(await served(alice, kept)).toBe(200);
    expect((await photoRow(kept))?.unreferencedSince).toBeNull();
  });

  it("deletes the photos of a deleted item after the grace period, not before", async () => {
    const at = timeline();
    const itemId = await newItem(alice);
    const a = await addPhoto(alice, itemId);
    const b = await addPhoto(alice, itemId);
    const keys = [await keysOf(a), await keysOf(b)] as const;
    await deleteItem(alice, itemId);

    await run(at(0));
    await run(at(GRACE - 0.5));
    expect(await stored(a)).toEqual(ALL);
    expect(await stored(b)).toEqual(ALL);

    await run(at(GRACE + 1));
    expect(await stored(a, keys[0])).toEqual(NONE);
    expect(await stored(b, keys[1])).toEqual(NONE);
    // The tombstone itself stays (the sync feed needs it), with its references.
    expect((await item(itemId)).photos).toEqual([photoRef(a), photoRef(b)]);
  });

  it("keeps a photo referenced again within the grace period (an offline device's queued edit)", async () => {
    const at = timeline();
    const itemId = await newItem(alice);
    const p = await addPhoto(alice, itemId);
    await setPhotos(alice, itemId, []);
    await run(at(0));
    expect((await photoRow(p))?.unreferencedSince).not.toBeNull();

    // Put back as the device wrote it (the id in capitals is the same photo).
    await setPhotos(alice, itemId, [photoRef(p.toUpperCase())]);
    const res = await run(at(GRACE + 1));
    expect(res.restored).toBeGreaterThanOrEqual(1);
    expect(await stored(p)).toEqual(ALL);
    expect((await photoRow(p))?.unreferencedSince).toBeNull();

    // Removed again: the grace period starts over from the run that sees it.
    await setPhotos(alice, itemId, []);
    await run(at(GRACE + 2));
    await run(at(2 * GRACE + 1));
    expect(await stored(p)).toEqual(ALL);
    await run(at(2 * GRACE + 3));
    expect(await photoRow(p)).toBeNull();
  });

  it("never deletes a photo a live item or product of the company references", async () => {
    const at = timeline();
    const onItem = await newItem(alice);
    const live = await addPhoto(alice, onItem);

    // Taken from a deleted item but shown by another live item of the company.
    const deleted = await newItem(alice);
    const moved = await addPhoto(alice, deleted);
    const other = await newItem(alice);
    await setPhotos(alice, other, [photoRef(moved)]);
    await deleteItem(alice, deleted);

    // Removed from its item but used as a product image.
    const forProduct = await newItem(alice);
    const productPhoto = await addPhoto(alice, forProduct);
    const productId = uuidv7();
    const product = await inject({
      method: "PUT",
      url: `/api/inventory/products/${productId}`,
      headers: alice.auth,
      payload: { title: "Lamp", description: "Brass", images: [photoRef(productPhoto)] },
    });
    expect(product.statusCode).toBe(201);
    await setPhotos(alice, forProduct, []);

    for (const h of [0, GRACE + 1, 3 * GRACE]) await run(at(h));
    for (const id of [live, moved, productPhoto]) {
      expect(await stored(id)).toEqual(ALL);
      expect((await photoRow(id))?.unreferencedSince).toBeNull();
    }

    // A deleted product no longer keeps it.
    const version = (
      await inject({ method: "GET", url: `/api/inventory/products/${productId}`, headers: alice.auth })
    ).json().version;
    const del = await inject({
      method: "DELETE",
      url: `/api/inventory/products/${productId}?version=${version}`,
      headers: alice.auth,
    });
    expect(del.statusCode).toBe(204);
    await run(at(4 * GRACE));
    await run(at(5 * GRACE + 1));
    expect(await photoRow(productPhoto)).toBeNull();
    expect(await stored(live)).toEqual(ALL);
  });

  it("works per company: another company's photos are untouched, and its references do not keep ours", async () => {
    const at = timeline();
    const bobItem = await newItem(bob);
    const bobPhoto = await addPhoto(bob, bobItem);
    const aliceItem = await newItem(alice);
    const alicePhoto = await addPhoto(alice, aliceItem);
    const keys = await keysOf(alicePhoto);
    // Company B's item names A's photo (B cannot see it: another company's photo is 404).
    await setPhotos(bob, bobItem, [photoRef(bobPhoto), photoRef(alicePhoto)]);
    expect(await served(bob, alicePhoto)).toBe(404);
    await setPhotos(alice, aliceItem, []);

    await run(at(0));
    await run(at(GRACE + 1));
    expect(await stored(alicePhoto, keys)).toEqual(NONE);
    expect(await stored(bobPhoto)).toEqual(ALL);
    expect(await served(bob, bobPhoto)).toBe(200);
  });

  it("a file already gone does not stop the job; a file that cannot be deleted keeps only its photo", async () => {
    const at = timeline();
    const itemId = await newItem(alice);
    const missing = await addPhoto(alice, itemId);
    const stuck = await addPhoto(alice, itemId);
    const fine = await addPhoto(alice, itemId);
    const [mk, sk, fk] = [await keysOf(missing), await keysOf(stuck), await keysOf(fine)];
    await setPhotos(alice, itemId, []);
    await store.delete(mk.storageKey);
    await store.delete(mk.thumbKey);

    await run(at(0));
    const { store: failing } = countingStore(new Set([sk.thumbKey]));
    const res = await run(at(GRACE + 1), {}, failing);
    expect(res.failed).toBe(1);
    expect(await stored(missing, mk)).toEqual(NONE);
    expect(await stored(fine, fk)).toEqual(NONE);
    // Kept (row and thumbnail) for the next run, which deletes it.
    expect((await stored(stuck, sk)).row).toBe(true);
    expect((await stored(stuck, sk)).thumb).toBe(true);
    const again = await run(at(GRACE + 2));
    expect(again.failed).toBe(0);
    expect(await stored(stuck, sk)).toEqual(NONE);
  });

  it("keeps the files another photo shares (the store keeps identical bytes once)", async () => {
    const at = timeline();
    const bytes = await jpeg();
    const first = await newItem(alice);
    const second = await newItem(bob);
    const a = await addPhoto(alice, first, bytes);
    const b = await addPhoto(bob, second, bytes);
    const keys = await keysOf(a);
    expect(await keysOf(b)).toEqual(keys);
    await setPhotos(alice, first, []);

    await run(at(0));
    const res = await run(at(GRACE + 1));
    expect(res.filesKept).toBeGreaterThanOrEqual(2);
    expect(await photoRow(a)).toBeNull();
    expect(await stored(b)).toEqual(ALL);
    expect(await served(bob, b)).toBe(200);

    // Once the last one goes, so do the files; the same bytes uploaded later are stored again.
    await setPhotos(bob, second, []);
    await run(at(GRACE + 2));
    await run(at(2 * GRACE + 3));
    expect(await stored(b, keys)).toEqual(NONE);
    const again = await addPhoto(alice, first, bytes);
    expect(await keysOf(again)).toEqual(keys);
    expect(await stored(again)).toEqual(ALL);
    expect(await served(alice, again)).toBe(200);
  });

  it("an upload of the same bytes while the cleanup deletes them keeps its files", async () => {
    const at = timeline();
    const bytes = await jpeg();
    const first = await newItem(alice);
    const old = await addPhoto(alice, first, bytes);
    await setPhotos(alice, first, []);
    await run(at(0));
    const second = await newItem(bob);

    // The cleanup stops right before deleting the files (holding their keys' locks)…
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let entered = () => {};
    const inDelete = new Promise<void>((r) => {
      entered = r;
    });
    const slow: FileStore = {
      ...store,
      async delete(key) {
        entered();
        await gate;
        return store.delete(key);
      },
    };
    const sweeping = run(at(GRACE + 1), {}, slow);
    await inDelete;
    // …while the same bytes are uploaded for another item: stored (already there), then the row.
    // (On PGlite, one connection, the upload's queries wait for the cleanup's transaction.)
    const uploading = addPhoto(bob, second, bytes);
    if (server.database.kind === "postgres") {
      // The upload waits for the keys' locks before writing its row.
      await waitFor(
        async () => {
          const r = await db().execute(
            sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and classid = ${sql.raw(String(PHOTO_FILE_LOCK_CLASS))}`,
          );
          return Number((r.rows[0] as { n: number }).n) > 0 ? true : undefined;
        },
        5000,
        "the upload to wait for the file lock",
      );
    }
    release();
    const res = await sweeping;
    expect(res.deleted).toBeGreaterThanOrEqual(1);
    const fresh = await uploading;
    expect(await photoRow(old)).toBeNull();
    expect(await stored(fresh)).toEqual(ALL);
    expect(await served(bob, fresh)).toBe(200);
  });

  it("two runs at once delete each photo once", async () => {
    const at = timeline();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const itemId = await newItem(i % 2 ? bob : alice);
      ids.push(await addPhoto(i % 2 ? bob : alice, itemId));
      ids.push(await addPhoto(i % 2 ? bob : alice, itemId));
      await deleteItem(i % 2 ? bob : alice, itemId);
    }
    const keys = await Promise.all(ids.map(keysOf));
    await run(at(0));

    const counting = countingStore();
    const [x, y] = await Promise.all([
      run(at(GRACE + 1), { batchSize: 2 }, counting.store),
      run(at(GRACE + 1), { batchSize: 2 }, counting.store),
    ]);
    expect(x.failed + y.failed).toBe(0);
    const left = await db().select().from(inventoryPhotos).where(inArray(inventoryPhotos.id, ids));
    expect(left).toEqual([]);
    for (const k of keys) {
      expect(counting.deletes.get(k.storageKey)).toBe(1);
      expect(counting.deletes.get(k.thumbKey)).toBe(1);
      expect(await store.exists(k.storageKey)).toBe(false);
    }
    // Every key deleted at most once, whatever else was due.
    expect([...counting.deletes.values()].every((c) => c === 1)).toBe(true);
  });

  it("an upload refused by the item's limit leaves no files behind", async () => {
    const itemId = await newItem(alice);
    const full = Array.from(
      { length: PHOTO_LIMITS.maxPhotosPerItem },
      (_, i) => `https://img.example/${i}.jpg`,
    );
    await setPhotos(alice, itemId, full);
    const link = await inject({
      method: "POST",
      url: `/api/inventory/items/${itemId}/photo-link`,
      headers: alice.auth,
      payload: {},
    });
    const before = await db().select({ id: inventoryPhotos.id }).from(inventoryPhotos);
    const body = multipart({}, { name: "p.jpg", data: await jpeg(), type: "image/jpeg" });
    const res = await inject({
      method: "POST",
      url: `/api/photo/${link.json().hash}`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(await db().select({ id: inventoryPhotos.id }).from(inventoryPhotos)).toHaveLength(before.length);
    const { readdir } = await import("node:fs/promises");
    const files = async (dir: string): Promise<string[]> => {
      const out: string[] = [];
      for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
        if (e.name === ".tmp") continue;
        if (e.isDirectory()) out.push(...(await files(join(dir, e.name))));
        else out.push(e.name);
      }
      return out;
    };
    const all = await db().select().from(inventoryPhotos);
    const known = new Set(all.flatMap((p) => [p.storageKey, p.thumbKey].map((k) => k.slice(7))));
    expect((await files(join(dataDir, "files"))).filter((f) => !known.has(f))).toEqual([]);
  });
});

describe("photo cleanup job", () => {
  it("queues one run per slot and the run queues the next", async () => {
    const now = new Date("2030-01-01T10:20:00Z");
    await db().delete(jobs).where(eq(jobs.kind, PHOTO_CLEANUP_JOB));
    expect(await ensurePhotoCleanupScheduled(db(), 60, now)).not.toBeNull();
    expect(await ensurePhotoCleanupScheduled(db(), 60, now)).toBeNull();
    const queued = await db().select().from(jobs).where(eq(jobs.kind, PHOTO_CLEANUP_JOB));
    expect(queued.map((j) => j.runAt.toISOString())).toEqual(["2030-01-01T11:00:00.000Z"]);

    const log = { info: () => {}, warn: () => {}, error: () => {} };
    await photoCleanupHandler(server.app.ctx, store, log)();
    const after = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, PHOTO_CLEANUP_JOB), eq(jobs.status, "queued")));
    expect(after.length).toBe(2);
  });
});

describe("photo cleanup settings", () => {
  const env = { DATA_DIR: dataDirForConfig(), JWT_SECRET: "x".repeat(32) };
  it("defaults to a 24 hour grace period, run every 60 minutes", () => {
    const c = loadConfig(env);
    expect(c.inventoryPhotoGraceHours).toBe(24);
    expect(c.inventoryPhotoCleanupEveryMinutes).toBe(60);
    const set = loadConfig({
      ...env,
      INVENTORY_PHOTO_GRACE_HOURS: "72",
      INVENTORY_PHOTO_CLEANUP_EVERY_MINUTES: "15",
    });
    expect(set.inventoryPhotoGraceHours).toBe(72);
    expect(set.inventoryPhotoCleanupEveryMinutes).toBe(15);
  });
  it("refuses a grace period or interval that is not a whole number of at least 1", () => {
    expect(() => loadConfig({ ...env, INVENTORY_PHOTO_GRACE_HOURS: "0" })).toThrow(
      /INVENTORY_PHOTO_GRACE_HOURS must be at least 1/,
    );
    expect(() => loadConfig({ ...env, INVENTORY_PHOTO_GRACE_HOURS: "1.5" })).toThrow(
      /INVENTORY_PHOTO_GRACE_HOURS must be a whole number/,
    );
    expect(() => loadConfig({ ...env, INVENTORY_PHOTO_CLEANUP_EVERY_MINUTES: "0" })).toThrow(
      /INVENTORY_PHOTO_CLEANUP_EVERY_MINUTES must be at least 1/,
    );
  });
});

function dataDirForConfig() {
  return join(tmpdir(), "blocklot-photo-cleanup-config");
}
