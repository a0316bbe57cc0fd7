/**
 * Item photos on eBay's picture service (EPS), through the Media API's createImageFromFile
 * (docs/ebay.md "Photos"). eBay takes 50 uploads per 5 s per seller, so a publish of many items
 * with new photos would spend most of its time waiting for that limit: the eBay job sends the
 * photos of a connected, set-up seller's ready-to-list items ahead, while nothing else waits
 * (sendPhotosAhead), and a publish uses the stored pictures, uploading only what is missing or
 * about to expire (pictureUrls, the safety net). Both go through the seller's one media limiter.
 */
import { and, eq } from "drizzle-orm";
import type { Item } from "../../../domain/inventory/item";
import { photoIdOf } from "../../../domain/inventory/photos";
import { inventoryPhotos } from "../../db/schema";
import type { EbayClient } from "../../integrations/ebay/client";
import { EbayApiError, readableEbayError } from "../../integrations/ebay/errors";
import type { FileStore } from "../../storage";
import { itemToApi } from "../inventory/store";
import type { EbayDeps } from "./connection";
import { listingProblems } from "./mapping";
import type { MediaUpload } from "./media-limiter";
import { pool } from "./pool";
import {
  dropUnshownPhotos,
  type EbayPhotoRow,
  ebayPhotosOf,
  photoCandidates,
  savePhotoUpload,
} from "./store";

export interface PhotoDeps extends EbayDeps {
  store: FileStore;
}

/** A picture eBay keeps at least this long is used as it is; one expiring sooner is sent again. */
const FRESH_FOR_MS = 24 * 3600_000;

/** How often sending ahead looks whether a publish (or other listing work) is waiting. */
const YIELD_CHECK_MS = 250;

/** Items whose photos are sent ahead side by side (their uploads still queue in the limiter). */
const ITEMS_AT_ONCE = 6;

const CANDIDATE_PAGE = 100;

const usable = (row: EbayPhotoRow | undefined, now: number): row is EbayPhotoRow & { imageUrl: string } =>
  !!row?.imageUrl && (!row.expiresAt || row.expiresAt.getTime() > now + FRESH_FOR_MS);

/** eBay refused the photo itself (a 4xx other than 401 and 429, which the client handles): the same bytes will not pass. */
export const refusedByEbay = (err: unknown): err is EbayApiError =>
  err instanceof EbayApiError && err.status < 500 && err.status !== 429;

export class PhotoMissing extends Error {
  constructor() {
    super("A photo of this item is missing; remove it or take it again");
    this.name = "PhotoMissing";
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(parts);
}

/**
 * Uploads one stored photo and records eBay's picture (URL, image id, expiry) or its refusal.
 * Throws what went wrong (a refusal as EbayApiError, after recording it).
 */
async function uploadPhoto(
  deps: PhotoDeps,
  client: EbayClient,
  upload: MediaUpload,
  companyId: string,
  itemId: string,
  photoId: string,
): Promise<string> {
  const [photo] = await deps.db
    .select({ key: inventoryPhotos.storageKey, type: inventoryPhotos.contentType })
    .from(inventoryPhotos)
    .where(and(eq(inventoryPhotos.id, photoId), eq(inventoryPhotos.companyId, companyId)));
  if (!photo) throw new PhotoMissing();
  const bytes = await readAll(await deps.store.get(photo.key));
  try {
    const answer = await upload(() => client.uploadImage(bytes, `${photoId}.jpg`, photo.type));
    if (!answer.imageUrl) throw new Error("eBay did not answer a picture URL");
    await savePhotoUpload(deps.db, {
      photoId,
      companyId,
      itemId,
      imageId: answer.imageId,
      imageUrl: answer.imageUrl,
      expiresAt: answer.expirationDate ? new Date(answer.expirationDate) : null,
    });
    return answer.imageUrl;
  } catch (err) {
    if (refusedByEbay(err))
      await savePhotoUpload(deps.db, {
        photoId,
        companyId,
        itemId,
        error: readableEbayError(err.errors, "eBay could not take a photo"),
      });
    throw err;
  }
}

/** What eBay has of these items' photos, by photo id (one query for a bulk call's 25 items). */
export async function storedPictures(deps: PhotoDeps, companyId: string, items: Item[]) {
  const ids = items.flatMap((item) => item.photos.map(photoIdOf).filter((id): id is string => !!id));
  return new Map((await ebayPhotosOf(deps.db, companyId, ids)).map((r) => [r.photoId, r]));
}

/**
 * The EPS URL of each of the item's photos, in the seller's order (the main photo first): the
 * picture sent ahead when eBay still keeps it (`known`, from storedPictures), else uploaded now
 * (never sent, refused before, expired or expiring within a day). An outside https URL is given
 * to eBay as it is.
 */
export async function pictureUrls(
  deps: PhotoDeps,
  client: EbayClient,
  upload: MediaUpload,
  companyId: string,
  item: Item,
  known: Map<string, EbayPhotoRow>,
): Promise<string[]> {
  const now = Date.now();
  return Promise.all(
    item.photos.map(async (ref) => {
      const photoId = photoIdOf(ref);
      if (!photoId) {
        if (/^https:\/\//i.test(ref)) return ref;
        throw new Error(`The photo ${ref} cannot be sent to eBay`);
      }
      const row = known.get(photoId);
      if (usable(row, now)) return row.imageUrl;
      return uploadPhoto(deps, client, upload, companyId, item.id, photoId);
    }),
  );
}

/**
 * Sends the photos of the company's ready-to-list items to eBay ahead of a publish (the items
 * of photoCandidates that pass listingProblems), and first drops the pictures of photos no item
 * shows any more. A photo eBay refuses is recorded (the item's photo state says why) and not
 * tried again ahead; a 429 the client could not wait out, a 5xx or a network failure is thrown,
 * so the job is retried with backoff. Stops early, answering false, when listing work arrives
 * (`listingWaiting`): a publish's own calls go first, and the job comes back here afterwards.
 */
export async function sendPhotosAhead(
  deps: PhotoDeps,
  client: EbayClient,
  upload: MediaUpload,
  companyId: string,
  listingWaiting: () => Promise<boolean>,
): Promise<boolean> {
  await dropUnshownPhotos(deps.db, companyId);
  let stopped = false;
  let checkedAt = 0;
  const yieldNow = async () => {
    if (!stopped && Date.now() - checkedAt >= YIELD_CHECK_MS) {
      checkedAt = Date.now();
      stopped = await listingWaiting();
    }
    return stopped;
  };
  let after: string | null = null;
  for (;;) {
    const rows = await photoCandidates(deps.db, companyId, after, CANDIDATE_PAGE);
    if (rows.length === 0) return true;
    after = (rows[rows.length - 1] as (typeof rows)[number]).id;
    const ready = rows.map(itemToApi).filter((item) => listingProblems(item).length === 0);
    await pool(ready, ITEMS_AT_ONCE, async (item) => {
      if (await yieldNow()) return;
      await sendItemPhotos(deps, client, upload, companyId, item);
    });
    if (stopped) return false;
  }
}

/** The item's stored photos eBay has never seen (no picture, no refusal), uploaded. */
async function sendItemPhotos(
  deps: PhotoDeps,
  client: EbayClient,
  upload: MediaUpload,
  companyId: string,
  item: Item,
) {
  const ids = [...new Set(item.photos.map(photoIdOf).filter((id): id is string => !!id))];
  const seen = new Set((await ebayPhotosOf(deps.db, companyId, ids)).map((r) => r.photoId));
  await Promise.all(
    ids
      .filter((id) => !seen.has(id))
      .map(async (photoId) => {
        try {
          await uploadPhoto(deps, client, upload, companyId, item.id, photoId);
        } catch (err) {
          // Recorded on the photo (refused) or nothing to send (gone): the publish says why.
          if (refusedByEbay(err) || err instanceof PhotoMissing) return;
          throw err;
        }
      }),
  );
}
