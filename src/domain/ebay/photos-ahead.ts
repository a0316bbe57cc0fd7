/**
 * Which items' photos go to eBay ahead of a publish (docs/ebay.md "Photos"): items a seller
 * lists from (spec section 3: waiting to be described or described, active, or taken off eBay
 * and listable again), never sold, shipped, unavailable or already listed ones, whose pictures
 * eBay would keep for nothing. The server also asks that the item be ready to list (title,
 * description, price, quantity, category, photos), so quota goes to items a click can publish.
 */
import type { ItemStatus } from "../inventory/item";

export const PHOTOS_AHEAD_STATUSES = [
  "new",
  "pending",
  "active",
  "withdrawn_from_ebay",
  "deleted_from_ebay",
] as const satisfies readonly ItemStatus[];

/**
 * Where one of an item's photos stands with eBay (GET /api/ebay/photos): on eBay's picture
 * service, waiting to be sent, refused by eBay (`error` says why), expired there (a publish
 * sends it again), or an outside link eBay is given as it is.
 */
export const EBAY_PHOTO_STATES = ["on_ebay", "waiting", "refused", "expired", "link"] as const;
type EbayPhotoState = (typeof EBAY_PHOTO_STATES)[number];

export interface EbayItemPhotos {
  itemId: string;
  photos: { ref: string; state: EbayPhotoState; expiresAt: string | null; error: string | null }[];
}
