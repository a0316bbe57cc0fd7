import { describe, expect, it } from "vitest";
import { parseBlogPath } from "./blog-paths";

const id = "0190d3a4-1234-7abc-8def-0123456789ab";

describe("parseBlogPath", () => {
  it("names the list, its page, the editor and a post", () => {
    expect(parseBlogPath("", {})).toEqual({ screen: "list", page: 1 });
    expect(parseBlogPath("", { page: "3" })).toEqual({ screen: "list", page: 3 });
    expect(parseBlogPath("", { page: "-2" })).toEqual({ screen: "list", page: 1 });
    expect(parseBlogPath("create", {})).toEqual({ screen: "create" });
    expect(parseBlogPath(id, {})).toEqual({ screen: "post", id });
    expect(parseBlogPath(`${id}/edit`, {})).toEqual({ screen: "edit", id });
  });

  it("sends anything else to the 404 page", () => {
    expect(parseBlogPath("not-an-id", {})).toBeNull();
    expect(parseBlogPath(`${id}/delete`, {})).toBeNull();
    expect(parseBlogPath("create/more", {})).toBeNull();
  });
});
