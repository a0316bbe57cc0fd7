import { describe, expect, it } from "vitest";
import { GALLERY_PAGES, parseGalleryPath } from "./gallery-pages";

describe("parseGalleryPath", () => {
  it("reads the index from an empty splat, with or without a slash", () => {
    expect(parseGalleryPath("")).toBe("index");
    expect(parseGalleryPath("/")).toBe("index");
  });

  it("knows every page of the spec's list, nested ones too", () => {
    expect(GALLERY_PAGES.map((p) => p.path)).toEqual([
      "buttons",
      "charts",
      "colors",
      "data-display/detail-lists",
      "data-display/quick-stats",
      "data-display/tables",
      "forms",
      "inputs",
      "lists/grid-lists",
      "lists/grouped-lists",
      "modals",
      "typography",
    ]);
    for (const p of GALLERY_PAGES) expect(parseGalleryPath(p.path)).toBe(p.path);
    expect(parseGalleryPath("data-display/tables/")).toBe("data-display/tables");
  });

  it("gives null for anything else, so the 404 page shows", () => {
    expect(parseGalleryPath("data-display")).toBeNull();
    expect(parseGalleryPath("buttons/extra")).toBeNull();
    expect(parseGalleryPath("../admin")).toBeNull();
  });
});
