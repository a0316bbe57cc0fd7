/**
 * The service worker's side of the photo-link upload queue (upload-queue.ts): the same rows,
 * rules and keys as the page, sent with fetch. It drains on the Background Sync tag the page
 * registers when it goes offline (Chromium wakes the worker on reconnection, even with the
 * page closed), on the page's SYNC_PHOTO_UPLOADS message and when the worker starts (Safari
 * and Firefox, which have no Background Sync). No sign-in is involved for a link's photos: the
 * link's hash is the permission. Files picked offline in chat (attachment-uploads.ts) ride the
 * same queue signed in (the outbox replay's token), as do kanban task files, after the outbox
 * (files-after-outbox.ts: a task made offline reaches the server before its files); once settled,
 * held chat messages go to the outbox and the outbox replay is asked to drain.
 */
import { releaseHeldMessages } from "./attachment-uploads";
import { type BlocklotDb, getDb } from "./db";
import { drainFilesAfterOutbox, type FilesAfterOutboxResult } from "./files-after-outbox";
import { fetchSender, PHOTO_SYNC_MESSAGE, PHOTO_SYNC_TAG, pruneDone } from "./photo-upload-queue";

interface ExtendableEventLike extends Event {
  waitUntil(p: Promise<unknown>): void;
}

/** What the replay needs of the service worker's global scope (tests pass a fake). */
export interface PhotoReplayScope {
  addEventListener(type: "sync" | "message", fn: (e: Event) => void): void;
  fetch: typeof fetch;
}

export function startPhotoUploadReplay(
  scope: PhotoReplayScope,
  opts: {
    db?: BlocklotDb;
    /** The signed-in uploads' token (the outbox replay's). */
    getToken?: () => Promise<string | null>;
    /** Drains the outbox after held messages were queued in it. */
    drainOutbox?: () => Promise<unknown>;
  } = {},
): { drain(): Promise<FilesAfterOutboxResult> } {
  const db = opts.db ?? getDb();
  const send = fetchSender((...a) => scope.fetch(...a), "", opts.getToken);
  const drainOutbox = async () => opts.drainOutbox?.();
  const drain = async () => {
    // the outbox first: a file of a task made offline needs the task on the server (a 404 is final)
    const result = await drainFilesAfterOutbox(db, { send, drainOutbox });
    if ((await releaseHeldMessages(db)) > 0) await drainOutbox().catch(() => undefined);
    return result;
  };

  scope.addEventListener("sync", (event) => {
    const e = event as ExtendableEventLike & { tag?: string };
    if (e.tag !== PHOTO_SYNC_TAG) return;
    // Rejecting tells the browser the sync did not finish: it fires the tag again later.
    e.waitUntil(
      drain().then((r) => {
        if (r.stopped === "offline") throw new Error("Photo uploads stopped: no network");
        if (r.held > 0) throw new Error("Files wait for their record to reach the server");
      }),
    );
  });

  scope.addEventListener("message", (event) => {
    const e = event as ExtendableEventLike & { data?: { type?: unknown } | null };
    if (e.data?.type !== PHOTO_SYNC_MESSAGE) return;
    e.waitUntil(drain().catch(() => undefined));
  });

  void drain()
    .then(() => pruneDone(db))
    .catch(() => undefined);
  return { drain };
}
