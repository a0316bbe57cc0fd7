/**
 * The page's drain of files picked offline (attachment-uploads.ts): the photo upload queue's
 * drain, limited to signed-in file uploads and sent with the app's HTTP client (bearer token, one
 * refresh on 401), then the held messages whose files are settled go to the outbox. Stopped
 * offline, it registers the queue's Background Sync tag so the service worker finishes the job
 * even with the page closed.
 */

import { NetworkError } from "../../sync/transport";
import { requestBackgroundSync } from "../../sync/triggers";
import { HttpError, request } from "../lib/http";
import { isFileUpload, releaseHeldMessages } from "./attachment-uploads";
import type { BlocklotDb } from "./db";
import { drainFilesAfterOutbox } from "./files-after-outbox";
import { formOf, PHOTO_SYNC_TAG, type PhotoSender } from "./photo-upload-queue";
import type { AppSyncEngine } from "./synced-types";

/** Sends one queued file with the page's session. */
const pageFileSender: PhotoSender = async (row) => {
  if (!row.upload) throw new Error("Not a file upload");
  try {
    const data = await request("POST", row.upload.url, {
      body: formOf(row),
      headers: { "Idempotency-Key": row.id },
      keepForbidden: true,
    });
    return { status: 201, data };
  } catch (e) {
    if (e instanceof HttpError && e.hasResponse)
      return { status: e.status, data: e.data ?? { message: e.message }, retryAfter: e.retryAfterHeader };
    throw new NetworkError(e instanceof Error ? e.message : String(e));
  }
};

let running: Promise<void> | null = null;

/** Uploads the waiting files, then queues and sends their settled messages (one run at a time). */
export function drainFileUploads(
  db: BlocklotDb,
  engine: AppSyncEngine,
  send = pageFileSender,
): Promise<void> {
  running ??= (async () => {
    try {
      // records made offline first (a kanban task must reach the server before its files)
      const result = await drainFilesAfterOutbox(db, {
        send,
        only: isFileUpload,
        drainOutbox: () => engine.drain(),
      });
      // files still waiting (no network, or their task not on the server yet): the SW tries again
      if (result.stopped === "offline" || result.held > 0) requestBackgroundSync(PHOTO_SYNC_TAG);
      if ((await releaseHeldMessages(db)) > 0) await engine.drain().catch(() => undefined);
    } finally {
      running = null;
    }
  })();
  return running;
}
