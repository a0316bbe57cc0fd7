import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { NetworkError } from "../../sync/transport";
import { type BlocklotDb, createDb, type PhotoUploadRecord } from "./db";
import {
  addPhoto,
  backoffMs,
  drainPhotoUploads,
  type PhotoSender,
  photosOfLink,
  pruneDone,
  removePhoto,
  replaceDraft,
  submitDrafts,
  type UploadAnswer,
} from "./photo-upload-queue";

const opened: BlocklotDb[] = [];
let n = 0;
async function freshDb() {
  const db = createDb(`photo-queue-${++n}`);
  opened.push(db);
  await db.open();
  return db;
}
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

const noLock = <T>(_name: string, fn: () => Promise<T>) => fn();
const shot = (byte: number) => ({
  blob: new Blob([new Uint8Array([byte, byte, byte])], { type: "image/webp" }),
  type: "image/webp",
  width: 3,
  height: 1,
});

/** A server double: answers from a script, records what it was sent. */
function scripted(answers: (UploadAnswer | "offline")[]) {
  const calls: { id: string; hash: string; bytes: number[] }[] = [];
  const send: PhotoSender = async (row, onProgress) => {
    calls.push({ id: row.id, hash: row.hash, bytes: [...new Uint8Array(row.bytes)] });
    onProgress?.(0.5);
    const next = answers.shift() ?? { status: 201, data: { photo: { id: `srv-${row.id}` } } };
    if (next === "offline") throw new NetworkError();
    return next;
  };
  return { send, calls };
}

const ok = (id: string): UploadAnswer => ({ status: 201, data: { photo: { id } } });

async function tick() {
  // createdAt is taken per photo; keep them in a known order.
  await new Promise((r) => setTimeout(r, 3));
}

describe("photo upload queue", () => {
  it("drafts stay on the phone until submitted; then they go in the order taken, each with its own key", async () => {
    const db = await freshDb();
    const a = await addPhoto(db, "h1", shot(1));
    await tick();
    const b = await addPhoto(db, "h1", shot(2));
    await tick();
    await replaceDraft(db, a.id, shot(9)); // retake keeps the place
    const server = scripted([ok("p-a"), ok("p-b")]);
    expect(await drainPhotoUploads(db, { send: server.send, lock: noLock })).toEqual({
      sent: 0,
      failed: 0,
      stopped: "done",
    });
    expect(await submitDrafts(db, "h1")).toBe(2);
    const progress: [string, number][] = [];
    const r = await drainPhotoUploads(db, {
      send: server.send,
      lock: noLock,
      onProgress: (id, f) => progress.push([id, f]),
    });
    expect(r).toMatchObject({ sent: 2, stopped: "done" });
    expect(server.calls.map((c) => c.id)).toEqual([a.id, b.id]);
    expect(server.calls[0]?.bytes).toEqual([9, 9, 9]);
    expect(progress).toEqual([
      [a.id, 0.5],
      [b.id, 0.5],
    ]);
    const rows = await photosOfLink(db, "h1");
    expect(rows.map((x) => [x.state, x.photoId, x.bytes.byteLength])).toEqual([
      ["done", "p-a", 0],
      ["done", "p-b", 0],
    ]);
  });

  it("without an answer the photo waits and is sent again later with the same key", async () => {
    const db = await freshDb();
    const a = await addPhoto(db, "h1", shot(1), "waiting");
    const server = scripted(["offline", ok("p-a")]);
    expect(await drainPhotoUploads(db, { send: server.send, lock: noLock })).toMatchObject({
      stopped: "offline",
    });
    expect((await db.photoUploads.get(a.id))?.state).toBe("waiting");
    expect((await db.photoUploads.get(a.id))?.bytes.byteLength).toBe(3);
    expect(await drainPhotoUploads(db, { send: server.send, lock: noLock })).toMatchObject({ sent: 1 });
    expect(server.calls.map((c) => c.id)).toEqual([a.id, a.id]);
    expect((await db.photoUploads.get(a.id))?.attempts).toBe(2);
  });

  it("a send its page did not finish (left 'sending') is replayed", async () => {
    const db = await freshDb();
    const a = await addPhoto(db, "h1", shot(1), "waiting");
    await db.photoUploads.update(a.id, { state: "sending" });
    const server = scripted([ok("p-a")]);
    expect(await drainPhotoUploads(db, { send: server.send, lock: noLock })).toMatchObject({ sent: 1 });
    expect(server.calls.map((c) => c.id)).toEqual([a.id]);
  });

  it("LINK_CLOSED (link expired, revoked, forged) fails every waiting photo of that link only", async () => {
    const db = await freshDb();
    await addPhoto(db, "h1", shot(1), "waiting");
    await tick();
    await addPhoto(db, "h1", shot(2), "waiting");
    await tick();
    const draft = await addPhoto(db, "h1", shot(3));
    await tick();
    const other = await addPhoto(db, "h2", shot(4), "waiting");
    const message = "This photo link expired on 2026-01-01 10:00 UTC.";
    const server = scripted([{ status: 409, data: { message, code: "LINK_CLOSED" } }, ok("p-other")]);
    const r = await drainPhotoUploads(db, { send: server.send, lock: noLock });
    expect(r).toMatchObject({ sent: 1, failed: 2, stopped: "done" });
    expect(server.calls.map((c) => c.hash)).toEqual(["h1", "h2"]);
    const h1 = await photosOfLink(db, "h1");
    expect(h1.map((x) => [x.state, x.error])).toEqual([
      ["failed", message],
      ["failed", message],
      ["draft", null],
    ]);
    expect((await db.photoUploads.get(other.id))?.state).toBe("done");
    expect((await db.photoUploads.get(draft.id))?.state).toBe("draft");
  });

  it("a 409 IN_FLIGHT (the same key still being stored) waits per Retry-After and fails nothing", async () => {
    const db = await freshDb();
    const a = await addPhoto(db, "h1", shot(1), "waiting");
    const server = scripted([
      { status: 409, retryAfter: "2", data: { message: "still being processed", code: "IN_FLIGHT" } },
    ]);
    const r = await drainPhotoUploads(db, { send: server.send, lock: noLock, now: () => 10_000 });
    expect(r).toMatchObject({ sent: 0, failed: 0, stopped: "backoff", retryAt: 12_000 });
    expect(await db.photoUploads.get(a.id)).toMatchObject({ state: "waiting", notBefore: 12_000 });
  });

  it("a refused photo keeps the server's reason and the next one still goes", async () => {
    const db = await freshDb();
    const a = await addPhoto(db, "h1", shot(1), "waiting");
    await tick();
    const b = await addPhoto(db, "h1", shot(2), "waiting");
    const server = scripted([{ status: 422, data: { message: "This photo is damaged" } }, ok("p-b")]);
    expect(await drainPhotoUploads(db, { send: server.send, lock: noLock })).toMatchObject({
      sent: 1,
      failed: 1,
    });
    expect(await db.photoUploads.get(a.id)).toMatchObject({
      state: "failed",
      error: "This photo is damaged",
    });
    expect((await db.photoUploads.get(b.id))?.state).toBe("done");
    // A failed photo can be removed; a waiting one cannot (it is on its way).
    expect(await removePhoto(db, a.id)).toBe(true);
    const c = await addPhoto(db, "h1", shot(3), "waiting");
    expect(await removePhoto(db, c.id)).toBe(false);
  });

  it("a 5xx or 429 backs off: the drain stops and says when to try again", async () => {
    const db = await freshDb();
    const a = await addPhoto(db, "h1", shot(1), "waiting");
    const now = 1_000_000;
    const server = scripted([{ status: 503, data: undefined }]);
    const r = await drainPhotoUploads(db, { send: server.send, lock: noLock, now: () => now });
    expect(r.stopped).toBe("backoff");
    expect(r.retryAt).toBeGreaterThanOrEqual(now + 750);
    expect(r.retryAt).toBeLessThanOrEqual(now + 1250);
    // Not due yet: nothing is sent, the time is given again.
    const again = await drainPhotoUploads(db, { send: server.send, lock: noLock, now: () => now + 100 });
    expect(again).toMatchObject({ sent: 0, stopped: "backoff", retryAt: r.retryAt });
    expect(server.calls).toHaveLength(1);
    const later = await drainPhotoUploads(db, { send: server.send, lock: noLock, now: () => now + 5000 });
    expect(later).toMatchObject({ sent: 1 });
    expect((await db.photoUploads.get(a.id))?.state).toBe("done");
  });

  it("the page drains only its link; the service worker drains all", async () => {
    const db = await freshDb();
    await addPhoto(db, "h1", shot(1), "waiting");
    await addPhoto(db, "h2", shot(2), "waiting");
    const server = scripted([]);
    await drainPhotoUploads(db, { send: server.send, lock: noLock, hash: "h2" });
    expect(server.calls.map((c) => c.hash)).toEqual(["h2"]);
    await drainPhotoUploads(db, { send: server.send, lock: noLock });
    expect(server.calls.map((c) => c.hash)).toEqual(["h2", "h1"]);
  });

  it("prunes uploaded photos after a day; backoff doubles up to five minutes", async () => {
    const db = await freshDb();
    const a = await addPhoto(db, "h1", shot(1), "waiting");
    await db.photoUploads.update(a.id, { state: "done", createdAt: "2020-01-01T00:00:00.000Z" });
    await addPhoto(db, "h1", shot(2), "waiting");
    expect(await pruneDone(db)).toBe(1);
    expect((await db.photoUploads.toArray()).map((r: PhotoUploadRecord) => r.state)).toEqual(["waiting"]);
    expect(backoffMs(1, 0.5)).toBe(1000);
    expect(backoffMs(3, 0.5)).toBe(4000);
    expect(backoffMs(30, 0.5)).toBe(300_000);
    expect(backoffMs(1, 0)).toBe(750);
  });
});
