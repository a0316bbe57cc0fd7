import { describe, expect, it } from "vitest";
import { MAX_RETURN_PATH, safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it("keeps same-origin paths with their query and fragment", () => {
    expect(safeReturnPath("/invitation/abc_DEF-123")).toBe("/invitation/abc_DEF-123");
    expect(safeReturnPath("/dashboard/chat?x=1#top")).toBe("/dashboard/chat?x=1#top");
  });

  it("refuses other origins, schemes and anything that is not a path", () => {
    for (const bad of [
      "//evil.example/x",
      "https://evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "javascript:alert(1)",
      "invitation/abc",
      "",
      5,
      null,
      undefined,
      { path: "/x" },
    ]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });

  it("refuses a path too long for a mailed link", () => {
    expect(safeReturnPath(`/${"a".repeat(MAX_RETURN_PATH - 1)}`)).not.toBeNull();
    expect(safeReturnPath(`/${"a".repeat(MAX_RETURN_PATH)}`)).toBeNull();
  });
});
