/** The photo-link API (docs/warehouse.md "Photos by link") as the pages call it. */
import type { PhotoLink, PhotoLinkView } from "../../../../domain/inventory/photos";
import { http } from "../../../lib/http";

const itemPath = (itemId: string) => `/api/inventory/items/${encodeURIComponent(itemId)}/photo-link`;

export const photoLinkApi = {
  /** The item's current link (reused while it has an hour left), or a new one. Signed in. */
  create: (itemId: string) => http.post<PhotoLink>(itemPath(itemId), {}, { keepForbidden: true }),
  /** A new link even if one is current: the old one is turned off first. Signed in. */
  async renew(itemId: string) {
    await http.delete(itemPath(itemId), { keepForbidden: true });
    return http.post<PhotoLink>(itemPath(itemId), {}, { keepForbidden: true });
  },
  /** Turns off every link of the item. Signed in. */
  revoke: (itemId: string) => http.delete(itemPath(itemId), { keepForbidden: true }),
  /** The item's title and photos, for the holder of the hash (no sign-in). 409 when the link is closed. */
  view: (hash: string, signal?: AbortSignal) =>
    http.get<PhotoLinkView>(`/api/photo/${encodeURIComponent(hash)}`, { anonymous: true, signal }),
  /** A stored photo (or its thumbnail) of the signed-in user's company, as a Blob. */
  photo: (photoId: string, size: "thumb" | "full", signal?: AbortSignal) =>
    http.get<Blob>(`/api/inventory/photos/${encodeURIComponent(photoId)}`, {
      query: { size },
      responseType: "blob",
      headers: { Accept: "image/webp,image/*" },
      signal,
      keepForbidden: true,
    }),
};
