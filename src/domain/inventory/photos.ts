/**
 * Photos by link (issue 7, docs/warehouse.md "Photos by link"): the shapes and limits shared by
 * the API, the phone page (/take-inventory-photo/{hash}) and the desktop item photos panel.
 *
 * An item's `photos` holds references in order (the first is the main photo). A photo stored
 * by this server is referenced as `/api/inventory/photos/{photoId}` (`photoRef`); anything else
 * (an outside URL) is kept and shown as it is.
 */
import { ITEM_LIMITS } from "./item";

export const PHOTO_LIMITS = {
  /** Largest upload accepted (bytes), before re-encoding. */
  maxUploadBytes: 15 * 1024 * 1024,
  /** Photos an item may hold. */
  maxPhotosPerItem: ITEM_LIMITS.photosMax,
  /** Largest image decoded (width × height), checked from the header before decoding. */
  maxInputPixels: 50_000_000,
  /** Longest side accepted, in pixels. */
  maxInputSide: 16_384,
  /** Longest side of the stored photo (larger uploads are scaled down). */
  storedLongSide: 2048,
  /** Longest side of the thumbnail. */
  thumbLongSide: 400,
  /** How long a photo link stays valid. */
  linkTtlSeconds: 24 * 3600,
} as const;

export const PHOTO_REF_PREFIX = "/api/inventory/photos/";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The reference an item's `photos` holds for a photo stored here. */
export const photoRef = (photoId: string) => `${PHOTO_REF_PREFIX}${photoId}`;

/** The photo id of a reference made by `photoRef`, or null for anything else (an outside URL). */
export function photoIdOf(ref: string): string | null {
  if (!ref.startsWith(PHOTO_REF_PREFIX)) return null;
  const id = ref.slice(PHOTO_REF_PREFIX.length);
  return UUID.test(id) ? id.toLowerCase() : null;
}

/** POST /api/inventory/items/{id}/photo-link answer. */
export interface PhotoLink {
  /** The capability: put it in /take-inventory-photo/{hash}. */
  hash: string;
  /** The phone page's full address (what the QR code holds). */
  url: string;
  /** ISO time after which the link answers 409. */
  expiresAt: string;
}

/** A photo of the item as the phone page sees it (addresses under the capability). */
export interface LinkPhoto {
  /** What the item's `photos` holds. */
  ref: string;
  /** The stored photo's id (null for an outside URL). */
  id: string | null;
  url: string;
  thumbUrl: string;
}

/** GET /api/photo/{hash} answer. */
export interface PhotoLinkView {
  itemId: string;
  title: string;
  photos: LinkPhoto[];
  expiresAt: string;
  maxPhotos: number;
  maxUploadBytes: number;
}

/** POST /api/photo/{hash} answer (201 new, 200 a replay of the same Idempotency-Key). */
export interface PhotoUploadResult {
  photo: LinkPhoto & { width: number; height: number };
  photos: LinkPhoto[];
}
