import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { TASK_TYPE } from "../../domain/kanban/synced-types";
import { newId, putRecord } from "../../sync/outbox";
import { queueTaskFile } from "./attachment-uploads";
import { type BlocklotDb, createDb } from "./db";
import { addPhoto, PHOTO_SYNC_MESSAGE, PHOTO_SYNC_TAG } from "./photo-upload-queue";
import { startPhotoUploadReplay } from "./sw-photo-replay";
import { SYNCED_TYPES } from "./synced-types";

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

describe("service worker: a kanban task's files after the outbox", () => {
  /** A task created on this device (its PUT still in the outbox) with a file queued for it. */
  async function taskMadeOffline(name: string) {
    const db = createDb(name);
    opened.push(db);
    await db.open();
    const taskId = newId();
    await putRecord({ db, types: SYNCED_TYPES }, TASK_TYPE.entity, newId(), taskId, {
      boardId: newId(),
      columnId: newId(),
      title: "Made offline",
      position: "a0",
    });
    const fileId = await queueTaskFile(db, taskId, {
      name: "quote.pdf",
      type: "application/pdf",
      size: 4,
      bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46]).buffer,
    });
    return { db, taskId, fileId };
  }

  /** A server that knows a task only once the outbox sent it; `log` is the order requests came in. */
  function server(db: BlocklotDb, taskId: string, outboxUp: { value: boolean }) {
    const log: string[] = [];
    let taskOnServer = false;
    const drainOutbox = async () => {
      log.push("outbox");
      if (!outboxUp.value) return; // e.g. backing off after a 503: the create stays queued
      taskOnServer = true;
      await db.outbox.where("[entity+id]").equals([TASK_TYPE.entity, taskId]).delete();
    };
    const fetch = (async (url: string) => {
      log.push(url);
      return taskOnServer
        ? new Response(JSON.stringify({ id: "att-1" }), { status: 201 })
        : new Response(JSON.stringify({ message: "Task not found" }), { status: 404 });
    }) as unknown as typeof globalThis.fetch;
    return { log, drainOutbox, fetch };
  }

  it("sends the outbox before the files, so the task exists when its file arrives", async () => {
    const { db, taskId, fileId } = await taskMadeOffline("sw-task-1");
    const srv = server(db, taskId, { value: true });
    const replay = startPhotoUploadReplay(
      { addEventListener: () => undefined, fetch: srv.fetch },
      { db, getToken: async () => "token", drainOutbox: srv.drainOutbox },
    );
    await replay.drain();
    const fileUrl = `/api/kanban/tasks/${taskId}/attachments`;
    expect(srv.log[0]).toBe("outbox");
    expect(srv.log.filter((l) => l === fileUrl)).toHaveLength(1);
    expect(await db.photoUploads.get(fileId)).toMatchObject({ state: "done", photoId: "att-1" });
  });

  it("keeps a file waiting (never refused) while its task's create is still in the outbox, and sends it after", async () => {
    const { db, taskId, fileId } = await taskMadeOffline("sw-task-2");
    const outboxUp = { value: false };
    const srv = server(db, taskId, outboxUp);
    const fake = fakeScope({ value: true });
    const scope = { ...fake.scope, fetch: srv.fetch };
    startPhotoUploadReplay(scope, { db, getToken: async () => "token", drainOutbox: srv.drainOutbox });
    await new Promise((r) => setTimeout(r, 50)); // the start-up drain: the task could not be sent
    const fileUrl = `/api/kanban/tasks/${taskId}/attachments`;
    expect(srv.log).not.toContain(fileUrl);
    expect(await db.photoUploads.get(fileId)).toMatchObject({ state: "waiting", error: null });
    // the Background Sync fails, so the browser fires it again later
    await expect(fake.fire("sync", { tag: PHOTO_SYNC_TAG })).rejects.toThrow(/wait for their record/);
    expect(srv.log).not.toContain(fileUrl);

    outboxUp.value = true;
    await fake.fire("sync", { tag: PHOTO_SYNC_TAG });
    expect(srv.log.filter((l) => l === fileUrl)).toHaveLength(1);
    expect(srv.log.lastIndexOf("outbox")).toBeLessThan(srv.log.indexOf(fileUrl));
    expect(await db.photoUploads.get(fileId)).toMatchObject({ state: "done", photoId: "att-1" });
  });
});
