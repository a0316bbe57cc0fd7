import { describe, expect, it } from "vitest";
import { folderFilter, parseFileManagerSearch } from "./file-manager-search";

const PROPERTY = "0192f0a4-1c2b-7d3e-8f40-123456789abc";

describe("parseFileManagerSearch", () => {
  it("keeps the search text, a folder, a kind and a page", () => {
    expect(
      parseFileManagerSearch({ q: "Main St", folder: `${PROPERTY}:2024`, kind: "photo", page: "3" }),
    ).toEqual({ q: "Main St", folder: `${PROPERTY}:2024`, kind: "photo", page: 3 });
    expect(parseFileManagerSearch({ folder: "none:2025" })).toEqual({ folder: "none:2025" });
    expect(parseFileManagerSearch({ preview: `photo:${PROPERTY}` })).toEqual({
      preview: `photo:${PROPERTY}`,
    });
  });

  it("drops what it does not understand instead of failing", () => {
    expect(
      parseFileManagerSearch({
        q: "  ",
        folder: "x:2024",
        kind: "secret",
        page: "-1",
        preview: "user:<script>",
        other: 1,
      }),
    ).toEqual({});
    expect(parseFileManagerSearch({ page: 1 })).toEqual({});
    expect(parseFileManagerSearch({ q: "a".repeat(300) }).q).toHaveLength(200);
    // A BBL typed in the search box reaches the URL as a number.
    expect(parseFileManagerSearch({ q: 1011190036 })).toEqual({ q: "1011190036" });
  });
});

describe("folderFilter", () => {
  it("names the property (or none) and the year", () => {
    expect(folderFilter(`${PROPERTY}:2024`)).toEqual({ propertyId: PROPERTY, year: 2024 });
    expect(folderFilter("none:2025")).toEqual({ propertyId: "none", year: 2025 });
    expect(folderFilter(undefined)).toBeNull();
  });
});
