import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { type BlocklotDb, createDb } from "./db";
import { addPhoto, PHOTO_SYNC_MESSAGE, PHOTO_SYNC_TAG } from "./photo-upload-queue";
import { startPhotoUploadReplay } from "./sw-photo-replay";

const opened: BlocklotDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

function fakeScope(online: { value: boolean }) {
  const listeners = new Map<string, ((e: Event) => void)[]>();
  const requests: { url: string; key: string | null; file: File | null }[] = [];
  return {
    requests,
    scope: {
      addEventListener(type: string, fn: (e: Event) => void) {
        listeners.set(type, [...(listeners.get(type) ?? []), fn]);
      },
      fetch: (async (url: string, init: RequestInit) => {
        if (!online.value) throw new TypeError("Failed to fetch");
        const form = init.body as FormData;
        requests.push({
          url,
          key: new Headers(init.headers).get("Idempotency-Key"),
          file: form.get("file") as File | null,
        });
        return new Response(JSON.stringify({ photo: { id: "srv-1" } }), { status: 201 });
      }) as unknown as typeof fetch,
    },
    /** Fires an event the way the browser would; resolves with what waitUntil was given. */
    fire(type: string, props: Record<string, unknown>) {
      let waited: Promise<unknown> = Promise.resolve();
      const e = Object.assign(new Event(type), props, {
        waitUntil: (p: Promise<unknown>) => {
          waited = p;
        },
      });
      for (const fn of listeners.get(type) ?? []) fn(e);
      return waited;
    },
  };
}

describe("service worker photo replay", () => {
  it("sends queued photos on the Background Sync tag, and fails the sync while offline so it is fired again", async () => {
    const db = createDb("sw-photo-1");
    opened.push(db);
    await db.open();
    const online = { value: false };
    const fake = fakeScope(online);
    const row = await addPhoto(
      db,
      "HASH",
      {
        blob: new Blob([new Uint8Array([1, 2])], { type: "image/webp" }),
        type: "image/webp",
        width: 1,
        height: 1,
      },
      "waiting",
    );
    startPhotoUploadReplay(fake.scope, { db });
    await expect(fake.fire("sync", { tag: PHOTO_SYNC_TAG })).rejects.toThrow(/no network/);
    expect((await db.photoUploads.get(row.id))?.state).toBe("waiting");

    online.value = true;
    await fake.fire("sync", { tag: "another-tag" });
    expect(fake.requests).toHaveLength(0);
    await fake.fire("sync", { tag: PHOTO_SYNC_TAG });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ url: "/api/photo/HASH", key: row.id });
    expect(fake.requests[0]?.file?.type).toBe("image/webp");
    expect(await db.photoUploads.get(row.id)).toMatchObject({ state: "done", photoId: "srv-1" });
  });

  it("drains on the page's message", async () => {
    const db = createDb("sw-photo-2");
    opened.push(db);
    await db.open();
    const fake = fakeScope({ value: true });
    startPhotoUploadReplay(fake.scope, { db });
    await new Promise((r) => setTimeout(r, 20)); // the start-up drain found nothing
    await addPhoto(
      db,
      "H2",
      {
        blob: new Blob([new Uint8Array([3])], { type: "image/jpeg" }),
        type: "image/jpeg",
        width: 1,
        height: 1,
      },
      "waiting",
    );
    await fake.fire("message", { data: { type: PHOTO_SYNC_MESSAGE } });
    expect(fake.requests.map((r) => r.url)).toEqual(["/api/photo/H2"]);
  });
});
