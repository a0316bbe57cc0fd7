import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** The pages of the component gallery under /components/ (spec section 2), in the index's order. */
export const GALLERY_PAGES = [
  { path: "buttons", title: msg`Buttons` },
  { path: "charts", title: msg`Charts` },
  { path: "colors", title: msg`Colors` },
  { path: "data-display/detail-lists", title: msg`Detail lists` },
  { path: "data-display/quick-stats", title: msg`Quick stats` },
  { path: "data-display/tables", title: msg`Tables` },
  { path: "forms", title: msg`Forms` },
  { path: "inputs", title: msg`Inputs` },
  { path: "lists/grid-lists", title: msg`Grid lists` },
  { path: "lists/grouped-lists", title: msg`Grouped lists` },
  { path: "modals", title: msg`Modals` },
  { path: "typography", title: msg`Typography` },
] as const satisfies readonly { path: string; title: MessageDescriptor }[];

export type GalleryPath = (typeof GALLERY_PAGES)[number]["path"];

/** "" (or "/") is the index; a known page's path names it; anything else is null (the 404 page). */
export function parseGalleryPath(splat: string): GalleryPath | "index" | null {
  const path = splat.replace(/^\/+|\/+$/g, "");
  if (path === "") return "index";
  return GALLERY_PAGES.find((p) => p.path === path)?.path ?? null;
}
