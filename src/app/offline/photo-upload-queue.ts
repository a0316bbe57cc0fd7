/**
 * The photo-link page's upload queue (docs/warehouse.md "Photos by link"), in Dexie's
 * `photoUploads` table so photos taken offline survive a closed tab. The page and the service
 * worker drain the same rows with the same logic:
 *
 * - `draft`: taken, being reviewed on the page (retake / delete); never sent.
 * - `waiting` → `sending` → `done`. Each photo's id is its Idempotency-Key, the same on every
 *   try, so a photo whose answer was lost is not added twice when it is sent again.
 * - Answers are read by the app's one answer rule (lib/server-answer.ts):
 * - No answer: back to `waiting`, the drain stops (the next `online`, page start, Background
 *   Sync or SW start tries again). Retry (IN_FLIGHT, 408/425/429/5xx): `waiting` until its delay.
 * - LINK_CLOSED (link expired, revoked, forged, item deleted): `failed` — and every photo of
 *   that link with it. Any other refusal (not an image, too large, 24 photos already): `failed`
 *   with the server's message.
 * - One drain at a time across tabs and the service worker (Web Lock "blocklot-photo-uploads");
 *   a `sending` row found by a drain holding the lock was left by a page that died: replayed.
 */

import { ERROR_CODES } from "../../domain/errors";
import { withExclusiveLock } from "../../sync/lock";
import { newId } from "../../sync/outbox";
import { NetworkError } from "../../sync/transport";
import { backoffDelay, nextStep, parseBody, QUEUE_BACKOFF } from "../lib/server-answer";
import type { BlocklotDb, PhotoUploadRecord } from "./db";

const PHOTO_UPLOAD_LOCK = "blocklot-photo-uploads";
/** Background Sync tag the page registers when a drain stops offline. */
export const PHOTO_SYNC_TAG = "blocklot-photo-uploads";
/** Message a page posts to the service worker to drain now. */
export const PHOTO_SYNC_MESSAGE = "SYNC_PHOTO_UPLOADS";

export interface UploadAnswer {
  status: number;
  data: unknown;
  /** The Retry-After header, when the answer had one. */
  retryAfter?: string | null;
}

/** Sends one photo; resolves with any HTTP answer, rejects with NetworkError when none came. */
export type PhotoSender = (
  row: PhotoUploadRecord,
  onProgress?: (fraction: number) => void,
) => Promise<UploadAnswer>;

export interface DrainOptions {
  send: PhotoSender;
  /** Only this link's photos (the page); all links when absent (the service worker). */
  hash?: string;
  /** Only the rows this accepts (the chat page drains only signed-in file uploads). */
  only?: (row: PhotoUploadRecord) => boolean;
  onProgress?: (id: string, fraction: number) => void;
  now?: () => number;
  lock?: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
}

export interface DrainResult {
  sent: number;
  failed: number;
  /** "offline": no answer; "backoff": a photo waits until `retryAt`. */
  stopped: "done" | "offline" | "backoff";
  retryAt?: number;
}

/** The wait after `attempts` failed tries: the queues' backoff (1 s doubling to 5 min, jittered). */
export const backoffMs = (attempts: number, random = Math.random()) =>
  backoffDelay(attempts, QUEUE_BACKOFF, random);

/** A photo kept on the phone, still to be reviewed (`draft`) or to be sent (`waiting`). */
export async function addPhoto(
  db: BlocklotDb,
  hash: string,
  photo: { blob: Blob; type: string; width: number; height: number },
  state: "draft" | "waiting" = "draft",
): Promise<PhotoUploadRecord> {
  const row: PhotoUploadRecord = {
    id: newId(),
    hash,
    bytes: await photo.blob.arrayBuffer(),
    type: photo.type,
    width: photo.width,
    height: photo.height,
    state,
    error: null,
    lastStatus: null,
    attempts: 0,
    notBefore: null,
    createdAt: new Date().toISOString(),
    photoId: null,
  };
  await db.photoUploads.add(row);
  return row;
}

/** Replaces a draft with a new shot, in the same place of the order (retake). */
export async function replaceDraft(
  db: BlocklotDb,
  id: string,
  photo: { blob: Blob; type: string; width: number; height: number },
): Promise<void> {
  const bytes = await photo.blob.arrayBuffer();
  await db.photoUploads
    .where("id")
    .equals(id)
    .and((r) => r.state === "draft")
    .modify({ bytes, type: photo.type, width: photo.width, height: photo.height });
}

/** Sends the link's drafts: they become `waiting`, in the order they were taken. */
export async function submitDrafts(db: BlocklotDb, hash: string): Promise<number> {
  return db.photoUploads
    .where("[hash+createdAt]")
    .between([hash, ""], [hash, "\uffff"])
    .and((r) => r.state === "draft")
    .modify({ state: "waiting" });
}

/** Removes a photo that is not on its way (a draft, a failed one, or a done one from the list). */
export async function removePhoto(db: BlocklotDb, id: string): Promise<boolean> {
  const n = await db.photoUploads
    .where("id")
    .equals(id)
    .and((r) => r.state !== "sending" && r.state !== "waiting")
    .delete();
  return n > 0;
}

/** The link's photos on this phone, oldest first. */
export function photosOfLink(db: BlocklotDb, hash: string): Promise<PhotoUploadRecord[]> {
  return db.photoUploads.where("[hash+createdAt]").between([hash, ""], [hash, "\uffff"]).toArray();
}

/** Forgets uploaded photos older than `maxAgeMs` (their bytes are gone already). */
export async function pruneDone(db: BlocklotDb, maxAgeMs = 24 * 3600_000, now = Date.now()): Promise<number> {
  const before = new Date(now - maxAgeMs).toISOString();
  return db.photoUploads
    .where("state")
    .equals("done")
    .and((r) => r.createdAt < before)
    .delete();
}

/** Sends waiting photos one at a time, oldest first (see the file comment for the rules). */
export function drainPhotoUploads(db: BlocklotDb, opts: DrainOptions): Promise<DrainResult> {
  const now = opts.now ?? Date.now;
  const lock = opts.lock ?? withExclusiveLock;
  return lock(PHOTO_UPLOAD_LOCK, async () => {
    // Holding the lock, nobody else is sending: a `sending` row is a send whose page died.
    await db.photoUploads.where("state").equals("sending").modify({ state: "waiting" });
    const result: DrainResult = { sent: 0, failed: 0, stopped: "done" };
    const tried = new Set<string>();
    for (;;) {
      const waiting = (await db.photoUploads.where("state").equals("waiting").toArray())
        .filter(
          (r) =>
            (opts.hash === undefined || r.hash === opts.hash) &&
            (opts.only === undefined || opts.only(r)) &&
            !tried.has(r.id),
        )
        .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
      const due = waiting.filter((r) => !r.notBefore || r.notBefore <= now());
      const row = due[0];
      if (!row) {
        const later = waiting.map((r) => r.notBefore ?? 0).filter((t) => t > now());
        if (later.length) return { ...result, stopped: "backoff", retryAt: Math.min(...later) };
        return result;
      }
      tried.add(row.id);
      const attempts = row.attempts + 1;
      await db.photoUploads.update(row.id, { state: "sending", attempts });
      let answer: UploadAnswer;
      try {
        answer = await opts.send(row, (f) => opts.onProgress?.(row.id, f));
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        await db.photoUploads.update(row.id, { state: "waiting", lastStatus: 0, error: null });
        return { ...result, stopped: "offline" };
      }
      const step = nextStep(
        { status: answer.status, retryAfter: answer.retryAfter, body: answer.data },
        { attempts, backoff: QUEUE_BACKOFF },
      );
      const status = answer.status;
      if (step.kind === "done") {
        const data = answer.data as { id?: unknown; photo?: { id?: unknown } } | null;
        // a photo link answers the photo; a file upload the attachment itself
        const photoId = row.upload ? data?.id : data?.photo?.id;
        await db.photoUploads.update(row.id, {
          state: "done",
          lastStatus: status,
          error: null,
          notBefore: null,
          photoId: typeof photoId === "string" ? photoId : null,
          // Uploaded: the bytes are on the server now; keep the row for the list only.
          bytes: new ArrayBuffer(0),
        });
        result.sent++;
        continue;
      }
      if (step.kind === "retry" && step.delayMs !== null) {
        const notBefore = now() + step.delayMs;
        await db.photoUploads.update(row.id, { state: "waiting", lastStatus: status, notBefore });
        return { ...result, stopped: "backoff", retryAt: notBefore };
      }
      const error = step.message;
      if (step.kind === "rejected" && step.code === ERROR_CODES.LINK_CLOSED) {
        // The link no longer lets photos in: the link's other photos would be refused the same way.
        const n = await db.photoUploads
          .where("[hash+createdAt]")
          .between([row.hash, ""], [row.hash, "\uffff"])
          .and((r) => r.state === "waiting" || r.id === row.id)
          .modify({ state: "failed", lastStatus: status, error });
        result.failed += n;
        continue;
      }
      await db.photoUploads.update(row.id, { state: "failed", lastStatus: status, error });
      result.failed++;
    }
  });
}

const extension = (type: string) => (type === "image/webp" ? "webp" : type === "image/png" ? "png" : "jpg");

const photoUrl = (baseUrl: string, hash: string) => `${baseUrl}/api/photo/${encodeURIComponent(hash)}`;

export function formOf(row: PhotoUploadRecord): FormData {
  const form = new FormData();
  const name = row.upload?.fileName ?? `photo-${row.id}.${extension(row.type)}`;
  form.append("file", new Blob([row.bytes], { type: row.type }), name);
  return form;
}

async function readAnswer(res: Response): Promise<UploadAnswer> {
  const text = await res.text().catch(() => "");
  return { status: res.status, data: parseBody(text), retryAfter: res.headers?.get?.("retry-after") ?? null };
}

/**
 * Sends with fetch (the service worker; no upload progress there). A signed-in file upload
 * (`row.upload`) goes with the bearer token from `getToken`; without one it waits like offline.
 */
export function fetchSender(
  doFetch: typeof fetch,
  baseUrl = "",
  getToken?: () => Promise<string | null>,
): PhotoSender {
  return async (row) => {
    let res: Response;
    try {
      const token = row.upload ? await getToken?.() : null;
      if (row.upload && !token) throw new NetworkError("No access token for the upload");
      res = await doFetch(row.upload ? `${baseUrl}${row.upload.url}` : photoUrl(baseUrl, row.hash), {
        method: "POST",
        headers: {
          Accept: "application/json",
          "Idempotency-Key": row.id,
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: formOf(row),
        credentials: "omit",
      });
    } catch (e) {
      if (e instanceof NetworkError) throw e;
      throw new NetworkError(e instanceof Error ? e.message : String(e));
    }
    // a stale token is not the file's fault: it waits for a page to hand over a fresh one
    if (row.upload && res.status === 401) throw new NetworkError("Upload not signed in");
    return readAnswer(res);
  };
}

/** Sends with XMLHttpRequest, which reports upload progress (the page). */
export function xhrSender(baseUrl = "", timeoutMs = 120_000): PhotoSender {
  return (row, onProgress) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open("POST", photoUrl(baseUrl, row.hash));
      xhr.setRequestHeader("Accept", "application/json");
      xhr.setRequestHeader("Idempotency-Key", row.id);
      xhr.timeout = timeoutMs;
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
      };
      xhr.onload = () =>
        resolve({
          status: xhr.status,
          data: parseBody(xhr.responseText),
          retryAfter: xhr.getResponseHeader("retry-after"),
        });
      const noAnswer = () => reject(new NetworkError());
      xhr.onerror = noAnswer;
      xhr.ontimeout = noAnswer;
      xhr.onabort = noAnswer;
      xhr.send(formOf(row));
    });
}
